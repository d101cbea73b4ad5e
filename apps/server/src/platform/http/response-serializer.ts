import type { Envelope } from '@keel/contract/envelope';
import { envelopeSchema } from '@keel/contract/envelope';
import { z } from 'zod';
import { envelopeBytes, okPrefixOf } from './envelope';

/**
 * What every console API call answers, written from its endpoint's output schema (architecture §4): the route
 * declares the envelope's JSON Schema as its response (`schema.response.default`, any HTTP status: errors too,
 * whose `data` is null), and its serializer writes `data` through a projection compiled from the output schema —
 * a copy of the declared fields only, at any depth — then the engine's `JSON.stringify`: a field the schema does
 * not name is never sent, in production too (outside it, `outputMismatch` refuses such an answer first). The
 * schema is zod's (`io: 'output'`), reduced to what decides the bytes; where it says more than a projection copies
 * faithfully (a union of objects), the endpoint falls back to `JSON.stringify` of the zod-parsed data.
 *
 * Decision: a projection and `JSON.stringify`, not fast-json-stringify. Compiled for `schema.response`, it cost the
 * authenticated call 8–28 µs of CPU more than before (13–54 %, bench/README.md "Output written from the
 * contract"): on Node 20 it escapes strings in a JavaScript loop and joins many small strings; the projection adds
 * about what copying the fields costs.
 */

type JsonSchema = Record<string, unknown>;
type Stringify = (data: unknown) => string;
type Project = (value: unknown) => unknown;

const same: Project = (value) => value;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The copy of a value keeping only what a reduced schema declares (`reduce`); references resolve lazily. */
function projectorOf(schema: JsonSchema, root: JsonSchema, made = new Map<string, Project>()): Project {
  const ref = schema.$ref;
  if (typeof ref === 'string') {
    const known = made.get(ref);
    if (known) return known;
    let resolved: Project | undefined;
    const lazy: Project = (value) => {
      resolved ??= projectorOf(resolveRef(root, ref), root, made);
      return resolved(value);
    };
    made.set(ref, lazy);
    return lazy;
  }
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  const rest = isObject(schema.additionalProperties) ? projectorOf(schema.additionalProperties, root, made) : undefined;
  if (properties || rest) {
    const fields = Object.entries(properties ?? {}).map(([k, s]) => [k, projectorOf(s, root, made)] as const);
    const declared = new Set(fields.map(([k]) => k));
    return (value) => {
      if (!isObject(value)) return value;
      const out: Record<string, unknown> = {};
      for (const [key, project] of fields) {
        const v = value[key];
        if (v !== undefined) out[key] = project(v);
      }
      if (rest) for (const key of Object.keys(value)) if (!declared.has(key)) out[key] = rest(value[key]);
      return out;
    };
  }
  if (isObject(schema.items)) {
    const item = projectorOf(schema.items, root, made);
    // A list of primitives has nothing to keep out: as it is, not copied.
    if (item === same) return same;
    return (value) => (Array.isArray(value) ? value.map(item) : value);
  }
  // A primitive, or a schema that declares nothing to keep out (any): as it is.
  return same;
}

function resolveRef(root: JsonSchema, ref: string): JsonSchema {
  const [, place, name] = /^#\/(definitions|\$defs)\/(.+)$/.exec(ref) ?? [];
  const target =
    place && name ? (root[place] as Record<string, JsonSchema> | undefined)?.[name] : ref === '#' ? root : undefined;
  if (!target) throw new Error(`The output schema's reference ${ref} names nothing`);
  return target;
}

export interface ResponseSerializer {
  /** The route's response schema: the envelope, `data` the output schema or null. */
  schema: JsonSchema;
  /** The bytes of an envelope (what `serve` and the error handler send on the route). */
  serialize: (envelope: Envelope<unknown>) => Buffer | string;
  /** Why `data` is written as `JSON.stringify` of the zod-parsed output, when it is; else undefined. */
  fallback?: string;
}

/** Thrown where an output schema says something a projection cannot copy as JSON.stringify would write it. */
class Unfaithful extends Error {}

/** Keywords that only validate: they never change the bytes (valid data passes them). */
const VALIDATION_ONLY = new Set([
  '$schema',
  '$comment',
  'title',
  'description',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'contentEncoding',
  'contentMediaType',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'propertyNames',
]);
const PRIMITIVES = new Set(['string', 'number', 'integer', 'boolean', 'null']);

const primitiveTypeOf = (value: unknown): string => {
  if (value === null) return 'null';
  const type = typeof value;
  if (type === 'string' || type === 'number' || type === 'boolean') return type;
  throw new Unfaithful(`a literal of type ${type}`);
};

const isPrimitiveOnly = (s: JsonSchema): boolean =>
  Object.keys(s).every((k) => k === 'type' || k === 'nullable') &&
  [s.type].flat().every((t) => PRIMITIVES.has(t as string));

/**
 * One type, or several primitive ones (kept as they are), `integer` within `number`; `null` as `nullable` unless
 * it is the only type.
 */
function typeKeywords(types: ReadonlySet<string>): JsonSchema {
  const set = new Set(types);
  if (set.has('integer') && set.has('number')) set.delete('integer');
  const nullable = set.has('null') && set.size > 1;
  if (nullable) set.delete('null');
  const list = [...set];
  if (list.length > 1 && !list.every((t) => PRIMITIVES.has(t))) throw new Unfaithful(`a union of ${list.join(', ')}`);
  return { type: list.length === 1 ? list[0] : list, ...(nullable ? { nullable: true } : {}) };
}

/**
 * The schema a projection is compiled from: zod's, with what decides which fields are kept and nothing else.
 * Dropped: validation keywords, `required` (a missing field is left out, as JSON.stringify does), `default` (never
 * written for a missing field), `const`/`enum` (the type is kept), `additionalProperties: false` (undeclared fields
 * are dropped without it). Unions of primitives become a type list, and `X | null` becomes `nullable`: no `anyOf`
 * is left, whose branch would have to be chosen by validating the value. Anything else (a union of objects, an
 * intersection, a tuple…) is Unfaithful.
 */
function reduce(schema: unknown): JsonSchema {
  if (schema === true) return {};
  if (typeof schema !== 'object' || schema === null) throw new Unfaithful(`the schema ${JSON.stringify(schema)}`);
  const s = schema as JsonSchema;
  const out: JsonSchema = {};
  let types: Set<string> | undefined = s.type === undefined ? undefined : new Set([s.type].flat() as string[]);
  if (s.enum !== undefined || s.const !== undefined) {
    const values = (s.enum as unknown[] | undefined) ?? [s.const];
    types ??= new Set(values.map(primitiveTypeOf));
  }
  if (s.nullable === true) types?.add('null');
  for (const [key, value] of Object.entries(s)) {
    if (VALIDATION_ONLY.has(key)) continue;
    switch (key) {
      case 'type':
      case 'nullable':
      case 'enum':
      case 'const':
      case 'default':
      case 'required':
      case 'anyOf':
      case 'oneOf':
        break;
      case 'properties':
        out.properties = Object.fromEntries(Object.entries(value as JsonSchema).map(([k, v]) => [k, reduce(v)]));
        break;
      case 'definitions':
      case '$defs':
        out[key] = Object.fromEntries(Object.entries(value as JsonSchema).map(([k, v]) => [k, reduce(v)]));
        break;
      case 'items':
        if (Array.isArray(value)) throw new Unfaithful('a tuple');
        out.items = reduce(value);
        break;
      case 'additionalProperties':
        if (value !== false) out.additionalProperties = reduce(value);
        break;
      case '$ref':
        if (typeof value !== 'string' || !value.startsWith('#')) throw new Unfaithful(`the reference ${value}`);
        out.$ref = value;
        break;
      default:
        throw new Unfaithful(`the keyword ${key}`);
    }
  }
  const union = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (!union) return types ? { ...out, ...typeKeywords(types) } : out;
  if (Object.keys(out).length > 0 || types) throw new Unfaithful('a union with sibling keywords');
  const branches = union.map(reduce);
  const isNull = (b: JsonSchema) => b.type === 'null' && Object.keys(b).length === 1;
  const others = branches.filter((b) => !isNull(b));
  const nullable = others.length < branches.length;
  if (others.every(isPrimitiveOnly)) {
    const all = new Set(others.flatMap((b) => [b.type, b.nullable ? 'null' : []].flat() as string[]));
    return typeKeywords(nullable || all.size === 0 ? all.add('null') : all);
  }
  if (others.length === 1 && others[0]) {
    if (!nullable || Object.keys(others[0]).length === 0) return others[0];
    if (others[0].type === undefined && others[0].$ref === undefined)
      throw new Unfaithful('a nullable schema of no type');
    return { ...others[0], nullable: true };
  }
  throw new Unfaithful(`a union of ${others.length} schemas that are not all primitive`);
}

const jsonSchemaOf = (schema: z.ZodType): JsonSchema =>
  z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' }) as JsonSchema;

/** How `data` is written: projected and stringified, or the fallback and why. */
function dataStringify(output: z.ZodType): { stringify: Stringify; fallback?: string } {
  try {
    const reduced = reduce(jsonSchemaOf(output));
    const project = projectorOf(reduced, reduced);
    return { stringify: (data) => JSON.stringify(project(data)) ?? 'null' };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      fallback: reason,
      stringify: (data) => {
        const parsed = output.safeParse(JSON.parse(JSON.stringify(data)));
        if (!parsed.success)
          throw new Error(`An answer outside its output schema (${parsed.error.issues[0]?.message})`);
        return JSON.stringify(parsed.data ?? null);
      },
    };
  }
}

const cache = new WeakMap<z.ZodType, ResponseSerializer>();

/**
 * The serializer of an endpoint's answers, compiled once per output schema (the contract's schemas are shared by
 * every app the process builds). The answer `{ status: 0 }` with the catalogue's message is written as bytes
 * after a fixed prefix (`envelopeBytes`); any other envelope as text.
 */
export function responseSerializerOf(output: z.ZodType): ResponseSerializer {
  const known = cache.get(output);
  if (known) return known;
  const { stringify, fallback } = dataStringify(output);
  const writeData = (data: unknown) => (data === null || data === undefined ? 'null' : stringify(data));
  const serializer: ResponseSerializer = {
    schema: jsonSchemaOf(envelopeSchema(output)),
    fallback,
    serialize: (envelope) => {
      const prefix = envelope.status === 0 ? okPrefixOf(envelope.msg) : undefined;
      if (prefix) return envelopeBytes(prefix, writeData(envelope.data));
      const status = JSON.stringify(envelope.status ?? null);
      return `{"status":${status},"msg":${JSON.stringify(envelope.msg ?? '')},"data":${writeData(envelope.data)}}`;
    },
  };
  cache.set(output, serializer);
  return serializer;
}
