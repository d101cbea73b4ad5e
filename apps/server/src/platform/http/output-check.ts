import { isDeepStrictEqual } from 'node:util';
import type { z } from 'zod';

/**
 * Whether a handler's answer is exactly what its endpoint's output schema declares: valid, with no
 * field the schema leaves out (zod objects strip unknown keys, so the parsed value is compared with the answer
 * as JSON carries it). Answers undefined when it is, else the first path that differs and how.
 */
export function outputMismatch(schema: z.ZodType, data: unknown): string | undefined {
  const json: unknown = data === undefined ? null : JSON.parse(JSON.stringify(data));
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return `${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'invalid'}`;
  }
  if (isDeepStrictEqual(parsed.data ?? null, json)) return undefined;
  return firstDifference(parsed.data ?? null, json, '') ?? '(root): differs';
}

/**
 * Whether the envelope a route's serializer wrote (`response-serializer.ts`) carries the same `data` as
 * `JSON.stringify` of the answer (key order aside): the check, outside production, that what was compiled from the
 * output schema leaves out or changes nothing it declares. Answers undefined when it does, else the first path
 * that differs.
 */
export function serializedMismatch(written: Buffer | string, data: unknown): string | undefined {
  const sent = (JSON.parse(String(written)) as { data?: unknown }).data;
  const json: unknown = data === undefined ? null : JSON.parse(JSON.stringify(data));
  if (isDeepStrictEqual(sent, json)) return undefined;
  return firstDifference(json, sent, '') ?? '(root): differs';
}

/** The first path where the declared value and the answered one differ (an undeclared field, mostly). */
function firstDifference(declared: unknown, answered: unknown, path: string): string | undefined {
  if (isDeepStrictEqual(declared, answered)) return undefined;
  const at = path || '(root)';
  if (Array.isArray(declared) && Array.isArray(answered)) {
    if (declared.length !== answered.length) return `${at}: length differs`;
    for (let i = 0; i < declared.length; i++) {
      const d = firstDifference(declared[i], answered[i], `${path}${path ? '.' : ''}${i}`);
      if (d) return d;
    }
    return undefined;
  }
  if (isObject(declared) && isObject(answered)) {
    for (const key of Object.keys(answered)) {
      if (!(key in declared)) return `${path}${path ? '.' : ''}${key}: not declared in the output schema`;
    }
    for (const key of Object.keys(declared)) {
      const d = firstDifference(declared[key], answered[key], `${path}${path ? '.' : ''}${key}`);
      if (d) return d;
    }
    return undefined;
  }
  return `${at}: differs from the declared value`;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
