import type { z } from 'zod';

export type Method = 'GET' | 'POST';

/**
 * Who may call an endpoint (architecture §4–5).
 * - public: anyone;
 * - user: a signed-in user, personal scope;
 * - property: a signed-in member of the property named by the `pno` header; `permission` (a catalogue id, or a
 *   list of ids of which any one suffices) is required unless omitted, and `business` must be enabled for the
 *   property; with `orPlatform`, an operator calling without `pno` is let through with no property (back-office
 *   variants of the same call); `scope` names the input fields whose organisation units or spaces must lie inside
 *   the caller's scope; with `credential: 'accessToken'` the member calls with a personal access token
 *   (`Authorization: Bearer …`, which names the property) instead of a session, checked the same way;
 * - platform: a platform operator; `permission` (a catalogue id of `scope: 'platform'`, a back-office page) is
 *   required unless omitted. Operators hold every platform node (there are no operator roles yet), so today the
 *   id names what the call serves; the check is real and refuses anyone else;
 * - device: a device calling with its own credential (header `device-token`, stored hashed), not a person; the
 *   handler gets the device and its property.
 * Declared permission ids are checked against the catalogue when the server mounts the endpoints.
 */
export type Access<F extends string = string> =
  | { kind: 'public' }
  | { kind: 'user' }
  | {
      kind: 'property';
      permission?: string | readonly string[];
      business?: string;
      /** A platform operator may also call without `pno`; the handler then works across properties. */
      orPlatform?: boolean;
      /** Input fields whose objects must lie where the caller may use the permission (see `ScopeDeclaration`). */
      scope?: ScopeDeclaration<F>;
      /** The member's credential, when not a session: a personal access token, which names the property. */
      credential?: 'accessToken';
    }
  | { kind: 'platform'; permission?: string }
  | { kind: 'device' };

/**
 * The parts of a property an administrator's assignment can be limited to: organisation subtrees
 * (`ps/assignMgeOrg`) and spaces (`ps/assignMgeSpace`). Each is also the `ref` kind of the ids that name them.
 */
export const SCOPE_KINDS = ['org', 'space'] as const;
export type ScopeKind = (typeof SCOPE_KINDS)[number];

/**
 * An input field naming objects of a scope kind (one id or a list of them): its name, or, with `absent: 'root'`,
 * a field whose absence means the property's root (an invitation without a unit lands on the root), which only
 * a caller holding the permission in the whole property may name.
 */
export type ScopeField<F extends string = string> = F | { field: F; absent: 'root' };

/**
 * Where a `property` call works, checked centrally before the handler runs (apps/server/src/platform/http/scope.ts):
 * each declared field's objects must be the property's ("not found" otherwise, naming the field) and lie inside
 * the caller's scope for the endpoint's permission (with a list of permissions, the scopes of all of them
 * joined), else "not allowed". The owner and administrators whose assignment is not limited reach the whole
 * property; an operator calling an `orPlatform` endpoint without `pno` is not checked (the handler names the
 * property). A field left out is not checked unless it is declared `absent: 'root'`.
 */
export type ScopeDeclaration<F extends string = string> = { readonly [K in ScopeKind]?: ScopeField<F> };

/** The field name of a scope field. */
export const scopeFieldName = (f: ScopeField): string => (typeof f === 'string' ? f : f.field);

export interface Endpoint<P extends string = string, I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  method: Method;
  /** Under /api, exactly as spec/endpoints.tsv. */
  path: P;
  /** Query (GET) or JSON body (POST). */
  input: I;
  /** The `data` of a successful envelope. */
  output: O;
  access: Access;
  /** One line for the OpenAPI document. */
  summary: string;
  /** More for the OpenAPI document than the summary's line (Markdown): e.g. how a client outside the console calls it. */
  description?: string;
  /** True for paths the spec does not show and we added (architecture §4). */
  ours?: boolean;
  /** Whether the call changes state (written to the audit log). Defaults to POST. */
  mutates: boolean;
  /** Names the call's rate-limit bucket, if it has one. */
  rateLimit?: 'signIn' | 'sendCode' | 'lookup';
  /**
   * The call carries a file: a `multipart/form-data` body with one part `file` of at most `maxBytes`, the input
   * fields in the query string. The server owns the body's stream and hands the handler the file part; a handler
   * may also accept the call as JSON without a file (`f/uploadFile` naming a stored one).
   */
  upload?: { maxBytes: number };
}

/** The names of an input's fields (what a scope declaration may name). */
type InputField<I extends z.ZodType> = Extract<keyof z.input<I>, string>;

export function defineEndpoint<const P extends string, I extends z.ZodType, O extends z.ZodType>(
  def: Omit<Endpoint<P, I, O>, 'mutates' | 'access'> & { mutates?: boolean; access: Access<InputField<I>> },
): Endpoint<P, I, O> {
  return { ...def, mutates: def.mutates ?? def.method === 'POST' };
}

/** Builds a keyed group from declarations so that each key is its path. */
export function group<const E extends readonly Endpoint[]>(...defs: E): { [K in E[number] as K['path']]: K } {
  return Object.fromEntries(defs.map((d) => [d.path, d])) as never;
}

export type InputOf<E extends Endpoint> = z.input<E['input']>;
export type ParsedInputOf<E extends Endpoint> = z.output<E['input']>;
export type OutputOf<E extends Endpoint> = z.output<E['output']>;
