import { z } from 'zod';
import { id } from './envelope';

/**
 * The kinds of object an input id can name. An input field declared with `ref(kind)` names an object
 * of that kind, which belongs to one property: the guard suite tries each such field with another property's
 * object and expects "not found" with nothing changed.
 */
export const REF_KINDS = [
  'property',
  'org',
  'user',
  'permissionSet',
  'space',
  'spaceGroup',
  'spaceApply',
  'title',
  'userSet',
  'customer',
  'news',
  'orgRequest',
  'device',
  'deviceModel',
  'devicePlatform',
  'deviceType',
  'file',
  'commonFile',
  'apply',
  'flowStep',
  'firmware',
  'firmwareDelta',
  'firmwareTask',
  'firmwareTaskRule',
  'signCert',
  'signModule',
  'certSignRel',
  'permCollection',
  'permCollectionGroup',
  'signAuth',
  'ukey',
  'signRecord',
  'signToken',
  'fwTempFile',
  'fwTempTask',
  'command',
  'app',
  'appVersion',
  'appFile',
  'appPush',
  'appTask',
  'appSubTask',
  'appGroup',
  'appCategory',
  'securityFunc',
  'funcResponse',
  'privilegedUser',
  'userAuth',
  'grantPool',
  'whiteListEntry',
  'deviceAuth',
  'routedCommand',
  'soft',
  'softVersion',
  'softTrialUser',
] as const;
export type RefKind = (typeof REF_KINDS)[number];

/** Where the kind of each `ref` schema is kept (zod metadata; the schema itself is a plain `id()`). */
export const refRegistry = z.registry<{ ref: RefKind }>();

/** An id naming an object of `kind`: `id()` with the kind attached. */
export const ref = (kind: RefKind) => id().register(refRegistry, { ref: kind });

/** The kind of a field's schema, looking through optional, nullable, default, pipes and arrays. */
export function refKindOf(schema: z.ZodType): { kind: RefKind; list: boolean } | undefined {
  let s: z.ZodType = schema;
  let list = false;
  for (let i = 0; i < 10; i++) {
    const kind = refRegistry.get(s)?.ref;
    if (kind) return { kind, list };
    const def = (s as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
    const inner = (def.innerType ?? def.in ?? def.element) as z.ZodType | undefined;
    if (!inner) return undefined;
    if (def.type === 'array') list = true;
    s = inner;
  }
  return undefined;
}

/** The fields of an object input that name objects, with their kinds. */
export function refsOf(input: z.ZodType): Array<{ field: string; kind: RefKind; list: boolean }> {
  const shape = (input as unknown as { shape?: Record<string, z.ZodType> }).shape;
  if (!shape) return [];
  return Object.entries(shape).flatMap(([field, schema]) => {
    const found = refKindOf(schema);
    return found ? [{ field, ...found }] : [];
  });
}

/** An optional id of `kind` arriving as a query string, where an empty text means "none". */
export const optionalRef = (kind: RefKind) =>
  z
    .string()
    .trim()
    .max(64)
    .register(refRegistry, { ref: kind })
    .optional()
    .transform((v) => v || undefined);
