import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generatePkcs8, type SigningKey, softwareKey } from '@keel/server/modules/signing/crypto/keys';
import { selfSignedCertificate, toPem } from '@keel/server/modules/signing/crypto/x509';
import { realTools, recordRealToolRun } from '@keel/server/test/real-tools';
import { beforeAll, describe, expect, it } from 'vitest';
import { type FuncTokenClaims, FuncTokenVerifier, type SecurityCertificates, TOKEN_TYPE } from './func-token';
import { sm2Verify } from './sm2';

/**
 * The simulator's offline verifier (func-token.ts, sm2.ts) on tokens signed as Keel signs them: ES256 and SM2SM3
 * tokens that hold, and tampered, expired, early, misdirected and replayed ones that a device must refuse.
 */

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

/** DER `SEQUENCE { INTEGER r, INTEGER s }` as `r ‖ s` of 32 bytes each. */
function rawOf(der: Buffer): Buffer {
  const out: Buffer[] = [];
  let i = der[1] === 0x81 ? 3 : 2;
  for (let k = 0; k < 2; k += 1) {
    const len = der[i + 1] as number;
    let v = der.subarray(i + 2, i + 2 + len);
    while (v.length > 32) v = v.subarray(1);
    out.push(Buffer.concat([Buffer.alloc(32 - v.length), v]));
    i += 2 + len;
  }
  return Buffer.concat(out);
}

interface Signer {
  alg: 'ES256' | 'SM2SM3';
  kid: string;
  key: SigningKey;
  pem: string;
}

async function signer(alg: Signer['alg']): Promise<Signer> {
  const key = softwareKey(generatePkcs8(alg === 'ES256' ? { keyType: 'EC', curve: 'P-256' } : { keyType: 'SM2' }));
  const certAlg = alg === 'ES256' ? 'SHA256WITHECDSA' : 'SM3WITHSM2';
  const now = Date.now();
  const der = await selfSignedCertificate(
    key,
    certAlg,
    { CN: `sim test ${alg}` },
    new Date(now - 3600_000),
    new Date(now + 86400_000),
  );
  return { alg, kid: `kid-${alg}`, key, pem: toPem(der, 'CERTIFICATE') };
}

async function sign(s: Signer, claims: FuncTokenClaims, header: Record<string, unknown> = {}): Promise<string> {
  const input = `${b64({ alg: s.alg, typ: TOKEN_TYPE, kid: s.kid, ...header })}.${b64(claims)}`;
  const der = await s.key.signStream(s.alg === 'ES256' ? 'SHA256WITHECDSA' : 'SM3WITHSM2', [Buffer.from(input)]);
  return `${input}.${rawOf(der).toString('base64url')}`;
}

const NOW = Date.UTC(2026, 10, 29, 12, 0, 0);
const claimsAt = (over: Partial<FuncTokenClaims> = {}): FuncTokenClaims => ({
  iss: 'keel',
  pno: 'P1',
  sid: 'S1',
  dev: 'dev-1',
  fid: 'F1',
  fn: 'debug.adb',
  sub: 'U1',
  iat: NOW / 1000 - 10,
  nbf: NOW / 1000 - 10,
  exp: NOW / 1000 + 290,
  jti: `n-${Math.random().toString(36).slice(2)}`,
  ...over,
});
const expect1 = { property: 'P1', deviceId: 'dev-1', funcCode: 'debug.adb', funcId: 'F1', now: NOW };

describe('device simulator: offline token verification', () => {
  let es: Signer;
  let sm: Signer;
  let certificates: SecurityCertificates;
  beforeAll(async () => {
    [es, sm] = await Promise.all([signer('ES256'), signer('SM2SM3')]);
    certificates = {
      algorithm: 'ES256',
      certificates: [es, sm].map((s) => ({ alg: s.alg, kid: s.kid, pem: s.pem })),
    };
  });

  for (const alg of ['ES256', 'SM2SM3'] as const) {
    it(`accepts a valid ${alg} token once, and refuses its replay`, async () => {
      const v = new FuncTokenVerifier(certificates);
      const token = await sign(alg === 'ES256' ? es : sm, claimsAt());
      const first = v.verify(token, expect1);
      expect(first.ok).toBe(true);
      expect(v.verify(token, expect1)).toEqual({ ok: false, reason: 'replayed' });
    });

    it(`refuses a tampered ${alg} token: payload, signature, header`, async () => {
      const s = alg === 'ES256' ? es : sm;
      const v = new FuncTokenVerifier(certificates);
      const token = await sign(s, claimsAt());
      const [h, p, sig] = token.split('.') as [string, string, string];
      // Another device put into the payload, the signature kept.
      const forged = `${h}.${b64({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), dev: 'dev-1', sub: 'U2' })}.${sig}`;
      expect(v.verify(forged, expect1)).toEqual({ ok: false, reason: 'badSignature' });
      // One bit of the signature flipped.
      const bytes = Buffer.from(sig, 'base64url');
      bytes[10] = (bytes[10] as number) ^ 1;
      expect(v.verify(`${h}.${p}.${bytes.toString('base64url')}`, expect1)).toEqual({
        ok: false,
        reason: 'badSignature',
      });
      // Signed by the other key while naming this one.
      const other = alg === 'ES256' ? sm : es;
      const swapped = await sign({ ...other, alg: other.alg }, claimsAt(), { alg, kid: s.kid });
      expect(v.verify(swapped, expect1)).toEqual({ ok: false, reason: 'badSignature' });
      // A key the device does not hold; not a token at all.
      expect(v.verify(await sign({ ...s, kid: 'unknown' }, claimsAt()), expect1)).toEqual({
        ok: false,
        reason: 'unknownKey',
      });
      expect(v.verify('not.a-token', expect1)).toEqual({ ok: false, reason: 'malformed' });
      expect(v.verify(`${h}.${p}`, expect1)).toEqual({ ok: false, reason: 'malformed' });
      // The untouched token still holds.
      expect(v.verify(token, expect1).ok).toBe(true);
    });

    it(`refuses an ${alg} token outside its window or for someone else`, async () => {
      const s = alg === 'ES256' ? es : sm;
      const v = new FuncTokenVerifier(certificates);
      const cases: [Partial<FuncTokenClaims>, string][] = [
        [{ exp: NOW / 1000 }, 'expired'],
        [{ nbf: NOW / 1000 + 1 }, 'notYetValid'],
        [{ dev: 'dev-2' }, 'wrongDevice'],
        [{ fn: 'factory.mode' }, 'wrongFunction'],
        [{ fid: 'F2' }, 'wrongFunction'],
        [{ pno: 'P2' }, 'wrongProperty'],
        [{ iss: 'someone' }, 'wrongIssuer'],
      ];
      for (const [over, reason] of cases) {
        expect(v.verify(await sign(s, claimsAt(over)), expect1), reason).toEqual({ ok: false, reason });
      }
      // A refused token's nonce is not spent: the same nonce in a valid token still holds.
      const jti = 'shared-nonce';
      expect(v.verify(await sign(s, claimsAt({ jti, exp: NOW / 1000 })), expect1).ok).toBe(false);
      expect(v.verify(await sign(s, claimsAt({ jti })), expect1).ok).toBe(true);
    });
  }

  it('verifies an SM2 signature openssl made with the default id, and refuses one over other bytes', () => {
    const tools = ['openssl'];
    if (!realTools(...tools)) return;
    recordRealToolRun('device simulator: SM2 verification of an openssl signature', tools);
    const dir = mkdtempSync(join(tmpdir(), 'sim-sm2-'));
    try {
      const run = (...args: string[]) => execFileSync('openssl', args, { stdio: ['ignore', 'pipe', 'pipe'] });
      run('genpkey', '-algorithm', 'SM2', '-out', join(dir, 'k.pem'));
      run('pkey', '-in', join(dir, 'k.pem'), '-pubout', '-outform', 'DER', '-out', join(dir, 'p.der'));
      writeFileSync(join(dir, 'm'), 'keel routed command');
      run(
        ...['pkeyutl', '-sign', '-inkey', join(dir, 'k.pem'), '-rawin', '-in', join(dir, 'm')],
        ...['-digest', 'sm3', '-pkeyopt', 'distid:1234567812345678', '-out', join(dir, 's.der')],
      );
      const spki = readFileSync(join(dir, 'p.der'));
      const point = spki.subarray(spki.length - 65);
      const signature = rawOf(readFileSync(join(dir, 's.der')));
      expect(sm2Verify(point, Buffer.from('keel routed command'), signature)).toBe(true);
      expect(sm2Verify(point, Buffer.from('keel routed commanD'), signature)).toBe(false);
      // Another signer id gives another Z: the signature does not hold for it.
      expect(sm2Verify(point, Buffer.from('keel routed command'), signature, Buffer.from('other'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
