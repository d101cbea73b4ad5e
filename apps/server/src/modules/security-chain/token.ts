import { SECURITY_ALGORITHMS, type SecurityAlgorithm } from '@keel/contract/endpoints/security-settings';
import { z } from 'zod';
import type { Services } from '../../platform/services';
import type { Tenant } from '../../platform/tenancy/tenant';
import { securityCertificate, signSecurityToken, verifySecurityToken } from '../signing/reads';

/**
 * The short-lived authorisation a device checks (README "The proof a device checks"): a compact JWS (RFC 7515) whose
 * header is `{alg, typ: "keel-func+jws", kid}` and whose payload names the property, space, device, function and user,
 * its window (seconds) and its nonce (`jti`); signed `r || s` by the signing service's key for the algorithm.
 */

export const TOKEN_TYPE = 'keel-func+jws';
export const TOKEN_ISSUER = 'keel';

export const tokenHeader = z.object({
  alg: z.enum(SECURITY_ALGORITHMS),
  typ: z.literal(TOKEN_TYPE),
  kid: z.string(),
});
export type TokenHeader = z.output<typeof tokenHeader>;

const seconds = z.number().int().min(0);

export const tokenClaims = z.object({
  iss: z.literal(TOKEN_ISSUER),
  pno: z.string(),
  sid: z.string(),
  dev: z.string(),
  fid: z.string(),
  fn: z.string(),
  sub: z.string(),
  iat: seconds,
  nbf: seconds,
  exp: seconds,
  jti: z.string().min(1),
});
export type TokenClaims = z.output<typeof tokenClaims>;

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Signs the claims with the property's key for `alg`: the compact JWS. */
export async function signFuncToken(
  s: Services,
  t: Tenant,
  alg: SecurityAlgorithm,
  claims: Omit<TokenClaims, 'iss'>,
): Promise<string> {
  const kid = await securityKeyId(s, t, alg);
  const input = `${b64({ alg, typ: TOKEN_TYPE, kid } satisfies TokenHeader)}.${b64({ iss: TOKEN_ISSUER, ...claims })}`;
  const { signature } = await signSecurityToken(s, t, alg, Buffer.from(input));
  return `${input}.${signature.toString('base64url')}`;
}

/** Per server: the key id of each property's algorithm (the signing service's key never changes once made). */
const keyIds = new WeakMap<Services, Map<string, string>>();

async function securityKeyId(s: Services, t: Tenant, alg: SecurityAlgorithm): Promise<string> {
  let known = keyIds.get(s);
  if (!known) {
    known = new Map();
    keyIds.set(s, known);
  }
  const key = `${t.pno}\u0000${alg}`;
  let kid = known.get(key);
  if (kid === undefined) {
    kid = (await securityCertificate(s, t, alg)).keyId;
    known.set(key, kid);
  }
  return kid;
}

export interface ParsedToken {
  header: TokenHeader;
  claims: TokenClaims;
  /** `header.payload`, the bytes the signature signs. */
  signingInput: string;
  signature: Buffer;
}

/** The parts of a compact JWS of ours, or null for anything else (no signature is checked here). */
export function parseFuncToken(token: string): ParsedToken | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [h, p, sig] = parts as [string, string, string];
  const json = (part: string): unknown => {
    try {
      return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    } catch {
      return null;
    }
  };
  const header = tokenHeader.safeParse(json(h));
  const claims = tokenClaims.safeParse(json(p));
  if (!header.success || !claims.success || !/^[A-Za-z0-9_-]+$/.test(sig)) return null;
  return {
    header: header.data,
    claims: claims.data,
    signingInput: `${h}.${p}`,
    signature: Buffer.from(sig, 'base64url'),
  };
}

/** Why a token is refused before any decision: the device API's `reason`. */
export type TokenFault = 'badToken' | 'wrongProperty' | 'wrongDevice' | 'notYetValid' | 'expired';

/**
 * Checks a token as a device would, for the property `t` and the device `deviceId` at `now` (epoch ms): its form, its
 * signature by the property's key for its `alg` and `kid`, the property, the device and the window (`nbf <= now <
 * exp`). Answers the parsed token or the fault.
 */
export async function verifyFuncToken(
  s: Services,
  t: Tenant,
  token: string,
  deviceId: string,
  now: number,
): Promise<{ ok: true; token: ParsedToken } | { ok: false; fault: TokenFault }> {
  const parsed = parseFuncToken(token);
  if (!parsed) return { ok: false, fault: 'badToken' };
  const { header, claims } = parsed;
  if (claims.pno !== t.pno) return { ok: false, fault: 'wrongProperty' };
  if (header.kid !== (await securityKeyId(s, t, header.alg))) return { ok: false, fault: 'badToken' };
  const valid = await verifySecurityToken(s, t, header.alg, Buffer.from(parsed.signingInput), parsed.signature);
  if (!valid) return { ok: false, fault: 'badToken' };
  if (claims.dev !== deviceId) return { ok: false, fault: 'wrongDevice' };
  if (now < claims.nbf * 1000) return { ok: false, fault: 'notYetValid' };
  if (now >= claims.exp * 1000) return { ok: false, fault: 'expired' };
  return { ok: true, token: parsed };
}
