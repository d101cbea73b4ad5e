import type { z } from 'zod';

export type Method = 'GET' | 'POST';

/**
 * Who may call an endpoint (DESIGN §4–5).
 * - public: anyone;
 * - user: a signed-in user, personal scope;
 * - property: a signed-in member of the property named by the `pno` header; `permission` (a catalogue id, or a
 *   list of ids of which any one suffices) is required unless omitted, and `business` must be enabled for the property; with `orPlatform`, an operator
 *   calling without `pno` is let through with no property (back-office variants of the same call);
 * - platform: a platform operator; `permission` (a catalogue id of `scope: 'platform'`, a back-office page) is
 *   required unless omitted. Operators hold every platform node (there are no operator roles yet), so today the
 *   id names what the call serves; the check is real and refuses anyone else;
 * - device: a device calling with its own credential (header `device-token`, stored hashed), not a person; the
 *   handler gets the device and its property.
 * Declared permission ids are checked against the catalogue when the server mounts the endpoints.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'user' }
  | {
      kind: 'property';
      permission?: string | readonly string[];
      business?: string;
      /** A platform operator may also call without `pno`; the handler then works across properties. */
      orPlatform?: boolean;
    }
  | { kind: 'platform'; permission?: string }
  | { kind: 'device' };

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
  /** True for paths the spec does not show and we added (DESIGN §4). */
  ours?: boolean;
  /** Whether the call changes state (written to the audit log). Defaults to POST. */
  mutates: boolean;
  /** Names the call's rate-limit bucket, if it has one. */
  rateLimit?: 'signIn' | 'sendCode' | 'lookup';
}

export function defineEndpoint<const P extends string, I extends z.ZodType, O extends z.ZodType>(
  def: Omit<Endpoint<P, I, O>, 'mutates'> & { mutates?: boolean },
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
