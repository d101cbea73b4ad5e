import type { Endpoint } from '@keel/contract/endpoint';
import fc from 'fast-check';
import { z } from 'zod';
import { nulTextPath } from '../../platform/http/nul-text';

/** The JSON Schema subset zod 4 emits for the contract's inputs (the walker refuses anything else). */
interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  default?: unknown;
}

const KNOWN = new Set([
  '$schema',
  'type',
  'properties',
  'required',
  'items',
  'minItems',
  'maxItems',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'pattern',
  'enum',
  'const',
  'anyOf',
  'default',
  'additionalProperties',
  'format',
  'description',
]);

export const jsonSchemaOf = (schema: z.ZodType): Schema =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'throw' }) as Schema;

/** Text meant to break things: control and bidi characters, lone surrogates, SQL, templates, paths. */
export const hostileText = fc.constantFrom(
  '\u0000',
  'a\u0000b',
  '\u202eevil',
  '\u200b\u200d\ufeff',
  '\ud800',
  '\udfff\ud800',
  '𝕏𝕐ℤ🙂‍↔️',
  'Ω≈ç√∫˜µ≤≥÷',
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '%',
  '_',
  '\\',
  '../../etc/passwd',
  '$'.concat('{7*7}{{7*7}}'),
  '<script>alert(1)</script>',
  'root-',
  'null',
  'undefined',
  'NaN',
  '1e309',
  '-1',
  ' ',
  '',
);

export const hugeText = fc.constantFrom('x'.repeat(70_000), '中'.repeat(20_000), '9'.repeat(5_000));
export const hugeNumber = fc.constantFrom(1e308, -1e308, 2 ** 53 + 1, -(2 ** 53) - 1, 1e21, 0.5, -0, -1);

/** Values of any JSON type, for wrong-type mutations. */
const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
  hostileText,
  hugeNumber,
);

/**
 * A value the schema accepts as far as JSON Schema tells: patterns (phones, e-mails, ciphers) are, refinements and
 * the output side of pipes (a flag is 0 or 1, a page number at least 1) are not.
 */
export function valueFor(schema: Schema): fc.Arbitrary<unknown> {
  for (const key of Object.keys(schema)) if (!KNOWN.has(key)) throw new Error(`guard: unsupported schema key ${key}`);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map(valueFor));
  switch (schema.type) {
    case 'object': {
      const props = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of Object.entries(props)) record[k] = valueFor(v);
      return fc.record(record, { requiredKeys: Object.keys(props).filter((k) => required.has(k)) });
    }
    case 'array':
      return fc.array(valueFor(schema.items ?? {}), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 5, 5),
      });
    case 'string': {
      if (schema.pattern) {
        // Texts of the pattern within its length bounds (a cipher of 16 to 2048 characters, an e-mail up to 100).
        const min = schema.minLength ?? 0;
        const max = schema.maxLength ?? Number.POSITIVE_INFINITY;
        return fc
          .stringMatching(new RegExp(schema.pattern), { size: min > 8 ? 'medium' : 'small' })
          .filter((v) => v.length >= min && v.length <= max);
      }
      const minLength = schema.minLength ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 20, 20));
      return fc.oneof(fc.string({ minLength, maxLength }), hostileText);
    }
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000 });
    case 'number': {
      // Small whole numbers often: flags, page numbers and sizes narrow the number in a pipe JSON Schema omits.
      const min = schema.minimum ?? -1000;
      const max = schema.maximum ?? 1000;
      return fc.oneof(
        fc.integer({ min: Math.max(Math.ceil(min), -1), max: Math.min(Math.floor(max), 20) }),
        fc.double({ min, max, noNaN: true }),
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case undefined:
      return anyJson;
    default:
      throw new Error(`guard: unsupported schema type ${schema.type}`);
  }
}

const nested = (depth: number, leaf: unknown): unknown => {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
};

/**
 * A request body as JSON text: a value of the schema, mutated (a field of the wrong type, missing or extra
 * fields, huge strings and numbers, deep nesting, `__proto__` and `constructor` keys, hostile text), or not.
 */
export function bodyOf(schema: Schema): fc.Arbitrary<string> {
  const props = Object.keys(schema.properties ?? {});
  const field = props.length > 0 ? fc.constantFrom(...props) : fc.constant('x');
  const base = valueFor(schema).map((v) => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {}));
  const set = (value: fc.Arbitrary<unknown>) =>
    fc.tuple(base, field, value).map(([b, k, v]) => JSON.stringify({ ...b, [k]: v }));
  return fc.oneof(
    base.map((b) => JSON.stringify(b)),
    set(anyJson),
    set(hostileText),
    set(hugeText),
    set(hugeNumber),
    set(fc.integer({ min: 1, max: 31 }).map((d) => nested(d, 'x'))),
    fc.tuple(base, field).map(([b, k]) => {
      const { [k]: _dropped, ...rest } = b;
      return JSON.stringify(rest);
    }),
    fc.tuple(base, fc.string(), anyJson).map(([b, k, v]) => JSON.stringify({ ...b, [k]: v })),
    // `__proto__` as an own key, as JSON.parse makes it, and inside a field.
    base.map((b) => `{"__proto__":{"isOperator":1,"pno":"x"},${JSON.stringify(b).slice(1)}`.replace(',}', '}')),
    fc.tuple(base, field).map(([b, k]) => JSON.stringify({ ...b, [k]: JSON.parse('{"__proto__":{"x":1}}') })),
    fc.tuple(base, field).map(([b, k]) => JSON.stringify({ ...b, constructor: { prototype: { [k]: 1 } } })),
    anyJson.map((v) => JSON.stringify(v)),
  );
}

/** A query string from a value of the schema, mutated the same way where a query can carry it. */
export function queryOf(schema: Schema): fc.Arbitrary<string> {
  const props = Object.keys(schema.properties ?? {});
  const field = props.length > 0 ? fc.constantFrom(...props) : fc.constant('x');
  const base = valueFor(schema).map((v) => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {}));
  const text = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
  const encode = (pairs: Array<[string, unknown]>) =>
    pairs.map(([k, v]) => `${percent(k)}=${percent(text(v))}`).join('&');
  const set = (value: fc.Arbitrary<unknown>) =>
    fc.tuple(base, field, value).map(([b, k, v]) => encode(Object.entries({ ...b, [k]: v })));
  return fc.oneof(
    base.map((b) => encode(Object.entries(b))),
    set(anyJson),
    set(hostileText),
    set(hugeText.map((t) => t.slice(0, 3000))),
    set(hugeNumber),
    fc.tuple(base, field).map(([b, k]) => `${encode(Object.entries(b))}&${encodeURIComponent(k)}=a&${k}=b`),
    fc.tuple(base, field).map(([b, k]) => `${encode(Object.entries(b))}&${k}[a]=1&__proto__[x]=1&constructor=1`),
    // Bytes that are not UTF-8, and a bare percent sign.
    fc.tuple(base, field).map(([b, k]) => `${encode(Object.entries(b))}&${percent(k)}=%ff%fe%00&x=%`),
    fc.tuple(base, fc.string(), anyJson).map(([b, k, v]) => encode([...Object.entries(b), [k, v]])),
  );
}

/** Percent-encodes the UTF-8 bytes of a text (a lone surrogate as U+FFFD, as any client's encoder sends it). */
const percent = (text: string): string =>
  Array.from(Buffer.from(text, 'utf8'), (b) =>
    /[A-Za-z0-9_.~-]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).padStart(2, '0')}`,
  ).join('');

/**
 * A valid input of the endpoint (as its own schema judges it) with `fixed` fields set: of generated values, the one
 * with the fewest other fields (then the shortest), so that no other field answers first. Undefined when none is
 * valid.
 */
export function validInputWith(
  def: Endpoint,
  fixed: Record<string, unknown>,
  options: { seed?: number; numRuns?: number; omit?: readonly string[] } = {},
): Record<string, unknown> | undefined {
  const samples = fc.sample(valueFor(jsonSchemaOf(def.input)), {
    seed: options.seed ?? 7,
    numRuns: options.numRuns ?? 300,
  }) as Array<Record<string, unknown>>;
  const candidates = samples
    .map((s) => {
      const input: Record<string, unknown> = { ...s, ...fixed };
      for (const k of options.omit ?? []) delete input[k];
      return input;
    })
    // Valid as the server takes it: the schema's, and no text holding U+0000, which the mount refuses (nul-text.ts).
    .filter((input) => {
      const parsed = def.input.safeParse(input);
      return parsed.success && nulTextPath(parsed.data) === undefined;
    });
  const size = (input: Record<string, unknown>) => [Object.keys(input).length, JSON.stringify(input).length];
  return candidates.sort((a, b) => {
    const [ka, la] = size(a);
    const [kb, lb] = size(b);
    return ka - kb || la - lb;
  })[0];
}

/** An input as a client sends it: a query string (GET) or a JSON body. */
export const payloadOf = (def: Endpoint, input: Record<string, unknown>): string =>
  def.method === 'GET'
    ? new URLSearchParams(Object.entries(input).map(([k, v]) => [k, String(v)] as [string, string])).toString()
    : JSON.stringify(input);
