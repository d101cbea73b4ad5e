import { verify, X509Certificate } from 'node:crypto';
import { sm2Verify } from './sm2';

/**
 * Offline verification of Keel's function authorisations as a device does it (apps/server/src/modules/security-chain/
 * README.md "The proof a device checks"), with its own code and the certificates it fetched once: a compact JWS whose
 * header is `{alg: ES256 | SM2SM3, typ: "keel-func+jws", kid}` and whose payload names the property, device, function
 * and user, its window (seconds) and its nonce (`jti`). ES256 is checked by Node (ECDSA P-256, `r ‖ s`), SM2SM3 by
 * sm2.ts (GB/T 32918 with the default id). Refused: a token that does not parse, a key the device does not hold, a bad
 * signature, another issuer, property, device or function, one not yet valid or expired, and a nonce already seen.
 */

export const TOKEN_TYPE = 'keel-func+jws';
export const TOKEN_ISSUER = 'keel';

/** What the device fetched (`…/keelSecurity/certificate`): each certificate with its algorithm and key id. */
export interface SecurityCertificates {
  algorithm: string;
  certificates: readonly { alg: string; kid: string; pem: string }[];
}

export interface FuncTokenClaims {
  iss: string;
  pno: string;
  sid: string;
  dev: string;
  fid: string;
  fn: string;
  sub: string;
  iat: number;
  nbf: number;
  exp: number;
  jti: string;
}

/** Why a device refuses a token. */
export type TokenRefusal =
  | 'malformed'
  | 'unknownKey'
  | 'badSignature'
  | 'wrongIssuer'
  | 'wrongProperty'
  | 'wrongDevice'
  | 'wrongFunction'
  | 'notYetValid'
  | 'expired'
  | 'replayed';

/** What the device expects of a token: its own property and id, the function it is about to run, and the time. */
export interface TokenExpectation {
  property: string;
  deviceId: string;
  /** The function's code (the token's `fn`) and, when known, its id (`fid`). */
  funcCode: string;
  funcId?: string;
  /** Epoch ms. */
  now: number;
}

/** A public key of a certificate, ready to verify with. */
type Verifier = (input: Buffer, signature: Buffer) => boolean;

function verifierOf(alg: string, pem: string): Verifier | null {
  const key = new X509Certificate(pem).publicKey;
  if (alg === 'ES256') {
    return (input, signature) =>
      signature.length === 64 && verify('sha256', input, { key, dsaEncoding: 'ieee-p1363' }, signature);
  }
  if (alg === 'SM2SM3') {
    // The SubjectPublicKeyInfo ends with the uncompressed point 04 ‖ x ‖ y.
    const spki = key.export({ format: 'der', type: 'spki' });
    const point = spki.subarray(spki.length - 65);
    return (input, signature) => sm2Verify(point, input, signature);
  }
  return null;
}

/** Nonces the device has accepted, kept until their token expires (a replay within its window is refused). */
export class SeenNonces {
  private readonly until = new Map<string, number>();
  constructor(private readonly max = 10_000) {}
  has(jti: string, now: number): boolean {
    const exp = this.until.get(jti);
    return exp !== undefined && exp > now;
  }
  add(jti: string, expiresAt: number, now: number): void {
    if (this.until.size >= this.max) {
      for (const [k, v] of this.until) if (v <= now) this.until.delete(k);
      // Still full of live nonces: the oldest go first.
      for (const k of this.until.keys()) {
        if (this.until.size < this.max) break;
        this.until.delete(k);
      }
    }
    this.until.set(jti, expiresAt);
  }
}

const decode = (part: string): unknown => {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
};

const isClaims = (v: unknown): v is FuncTokenClaims => {
  if (!v || typeof v !== 'object') return false;
  const c = v as Record<string, unknown>;
  return (
    ['iss', 'pno', 'sid', 'dev', 'fid', 'fn', 'sub', 'jti'].every((k) => typeof c[k] === 'string') &&
    ['iat', 'nbf', 'exp'].every((k) => Number.isInteger(c[k]))
  );
};

/** Verifies tokens with the certificates a device holds; keeps the nonces it accepted. */
export class FuncTokenVerifier {
  private readonly keys = new Map<string, Verifier>();
  constructor(
    certificates: SecurityCertificates,
    private readonly seen: SeenNonces = new SeenNonces(),
  ) {
    for (const c of certificates.certificates) {
      const v = verifierOf(c.alg, c.pem);
      if (v) this.keys.set(`${c.alg}\u0000${c.kid}`, v);
    }
  }

  /** The token's claims when it holds for the expectation (its nonce is then remembered), else why not. */
  verify(
    token: string,
    expect: TokenExpectation,
  ): { ok: true; claims: FuncTokenClaims } | { ok: false; reason: TokenRefusal } {
    const parts = token.split('.');
    if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]+$/.test(p))) return { ok: false, reason: 'malformed' };
    const [h, p, sig] = parts as [string, string, string];
    const header = decode(h) as { alg?: unknown; typ?: unknown; kid?: unknown } | null;
    const claims = decode(p);
    if (!header || header.typ !== TOKEN_TYPE || typeof header.alg !== 'string' || typeof header.kid !== 'string')
      return { ok: false, reason: 'malformed' };
    if (!isClaims(claims)) return { ok: false, reason: 'malformed' };
    const key = this.keys.get(`${header.alg}\u0000${header.kid}`);
    if (!key) return { ok: false, reason: 'unknownKey' };
    if (!key(Buffer.from(`${h}.${p}`), Buffer.from(sig, 'base64url'))) return { ok: false, reason: 'badSignature' };
    if (claims.iss !== TOKEN_ISSUER) return { ok: false, reason: 'wrongIssuer' };
    if (claims.pno !== expect.property) return { ok: false, reason: 'wrongProperty' };
    if (claims.dev !== expect.deviceId) return { ok: false, reason: 'wrongDevice' };
    if (claims.fn !== expect.funcCode || (expect.funcId !== undefined && claims.fid !== expect.funcId))
      return { ok: false, reason: 'wrongFunction' };
    if (expect.now < claims.nbf * 1000) return { ok: false, reason: 'notYetValid' };
    if (expect.now >= claims.exp * 1000) return { ok: false, reason: 'expired' };
    if (this.seen.has(claims.jti, expect.now)) return { ok: false, reason: 'replayed' };
    this.seen.add(claims.jti, claims.exp * 1000, expect.now);
    return { ok: true, claims };
  }
}
