import type { z } from 'zod';

export interface StringLimits {
  min?: number;
  max?: number;
}

/** What zod 4 exposes on a string schema. */
interface Lengths {
  minLength?: number | null;
  maxLength?: number | null;
}

/** Unwraps optional, default, nullable and pipe wrappers down to the string schema inside. */
function inner(schema: z.ZodType): z.ZodType {
  let current: z.ZodType = schema;
  for (let i = 0; i < 10; i++) {
    const def = (current as unknown as { def: { innerType?: z.ZodType; in?: z.ZodType } }).def;
    const next = def.innerType ?? def.in;
    if (!next) return current;
    current = next;
  }
  return current;
}

/**
 * The length limits a zod string schema declares (`.min()`, `.max()`), read from the contract so a form's
 * `maxLength` and rules cannot drift from what the server accepts.
 */
export function stringLimits(schema: z.ZodType): StringLimits {
  const { minLength, maxLength } = inner(schema) as unknown as Lengths;
  return { min: minLength ?? undefined, max: maxLength ?? undefined };
}

/** The `.max()` of a string field of an object schema (throws if the contract declares none: a form needs one). */
export function maxLengthOf<S extends z.ZodObject>(schema: S, field: keyof S['shape'] & string): number {
  const max = stringLimits(schema.shape[field] as z.ZodType).max;
  if (max === undefined) throw new Error(`${field} has no max length in the contract`);
  return max;
}
