import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto';
import type { SignatureAlgorithm } from '@keel/contract/constants';
import type { Services } from '../../platform/services';
import type { Tenant } from '../../platform/tenancy/tenant';
import { signedJar } from './crypto/apk';
import { derToRaw, sm2SignDigest, sm2UserHash, sm2VerifyDigest } from './crypto/ec-math';
import { ecPointOf, ecPrivateScalar, generatePkcs8, sm2Digest, softwareKey } from './crypto/keys';
import { pemBlocks, readCertificate, selfSignedCertificate, toPem } from './crypto/x509';
import { openSealed, sealKey } from './keystore';
import * as repo from './service-key-repo';

/**
 * Service keys (README "Service keys"): keys the signing service holds for signatures a property makes on its own,
 * that no person requests — the firmware manifest every package carries (`firmwareManifest`), the app store's index
 * (`appStoreIndex`) and the security chain's short-lived authorisations (`securityEs256`, `securitySm2`). One key per
 * property and purpose, made on first use, its private key sealed like
 * every other (keystore.ts) and opened for one signature only; the public key and its id are what devices verify
 * with. A key kept elsewhere before (the firmware module's per-property key) is adopted: sealed here, same key.
 */

export const SERVICE_KEY_PURPOSES = ['firmwareManifest', 'appStoreIndex', 'securityEs256', 'securitySm2'] as const;
export type ServiceKeyPurpose = (typeof SERVICE_KEY_PURPOSES)[number];

/**
 * What each purpose's key is: Ed25519 for raw signatures (`signAsService`); RSA-2048 with a self-signed certificate
 * for JAR signatures (`signJarAsService`: the app store's F-Droid index, which Android verifies as a JAR); P-256 and
 * SM2, each with a self-signed certificate, for `r || s` signatures (`signRawAsService`: the security chain's JWS).
 */
const KEY_KINDS: Record<ServiceKeyPurpose, 'ed25519' | 'rsa-2048' | 'p256' | 'sm2'> = {
  firmwareManifest: 'ed25519',
  appStoreIndex: 'rsa-2048',
  securityEs256: 'p256',
  securitySm2: 'sm2',
};

/** How the certificate of a kind that has one is signed (by its own key). */
const CERTIFICATE_ALGORITHMS: Partial<Record<(typeof KEY_KINDS)[ServiceKeyPurpose], SignatureAlgorithm>> = {
  'rsa-2048': 'SHA256WITHRSA',
  p256: 'SHA256WITHECDSA',
  sm2: 'SM3WITHSM2',
};

export interface ServicePublicKey {
  /** SPKI PEM. */
  publicKey: string;
  /** The first 16 hex digits of the SHA-256 of the SPKI DER. */
  keyId: string;
  algorithm: 'ed25519';
}

/** A key that existed before the signing service held it: its PKCS#8 PEM (read once, to be sealed here). */
export type LegacyKey = () => Promise<string | null>;

const keyIdOf = (publicPem: string) =>
  createHash('sha256')
    .update(createPublicKey(publicPem).export({ type: 'spki', format: 'der' }))
    .digest('hex')
    .slice(0, 16);

const label = (t: Tenant, purpose: string) => `service:${t.pno}:${purpose}`;

async function keyRow(s: Services, t: Tenant, purpose: ServiceKeyPurpose, legacy?: LegacyKey) {
  const found = await repo.findServiceKey(s.db, t, purpose);
  if (found) return found;
  const old = legacy ? await legacy() : null;
  const kind = KEY_KINDS[purpose];
  const fresh = (spec: Parameters<typeof generatePkcs8>[0]) =>
    createPrivateKey({ key: generatePkcs8(spec), format: 'der', type: 'pkcs8' });
  const privateKey =
    kind === 'rsa-2048'
      ? fresh({ keyType: 'RSA', bits: 2048 })
      : kind === 'p256'
        ? fresh({ keyType: 'EC', curve: 'P-256' })
        : kind === 'sm2'
          ? fresh({ keyType: 'SM2' })
          : old
            ? createPrivateKey(old)
            : generateKeyPairSync('ed25519').privateKey;
  if (kind === 'ed25519' && privateKey.asymmetricKeyType !== 'ed25519')
    throw new Error(`a ${purpose} key must be Ed25519`);
  const publicPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  const pkcs8 = privateKey.export({ type: 'pkcs8', format: 'der' });
  try {
    // A JAR names its signer by a certificate, and devices verify the security chain's authorisations with one:
    // self-signed, for the property, valid 30 years (F-Droid repositories are identified by their certificate's
    // fingerprint, and devices hold theirs, which must not change).
    const certificateAlgorithm = CERTIFICATE_ALGORITHMS[kind];
    const certificatePem =
      certificateAlgorithm !== undefined
        ? toPem(
            await selfSignedCertificate(
              softwareKey(pkcs8),
              certificateAlgorithm,
              { CN: `Keel ${purpose} ${t.pno}`, O: 'Keel' },
              new Date(s.now() - 86_400_000),
              new Date(s.now() + 30 * 365 * 86_400_000),
            ),
            'CERTIFICATE',
          )
        : '';
    await repo.insertServiceKey(
      s.db,
      t,
      {
        purpose,
        keyId: keyIdOf(publicPem),
        algorithm: kind,
        publicPem,
        sealedKey: sealKey(s, pkcs8, label(t, purpose)),
        origin: old ? 'adopted' : 'made',
        certificatePem,
      },
      s.now(),
    );
  } finally {
    pkcs8.fill(0);
  }
  const row = (await repo.findServiceKey(s.db, t, purpose)) as repo.ServiceKeyRow;
  s.log.info({ pno: t.pno, purpose, keyId: row.key_id, origin: row.origin }, 'signing: service key ready');
  return row;
}

/** The property's public key for `purpose` (made, or adopted from `legacy`, on first use). */
export async function servicePublicKey(
  s: Services,
  t: Tenant,
  purpose: ServiceKeyPurpose,
  legacy?: LegacyKey,
): Promise<ServicePublicKey> {
  const row = await keyRow(s, t, purpose, legacy);
  return { publicKey: row.public_pem, keyId: row.key_id, algorithm: 'ed25519' };
}

/** Signs `payload` with the property's key for `purpose`: the Ed25519 signature (base64) and the key's id. */
export async function signAsService(
  s: Services,
  t: Tenant,
  purpose: ServiceKeyPurpose,
  payload: Buffer,
  legacy?: LegacyKey,
): Promise<{ signature: string; keyId: string }> {
  const row = await keyRow(s, t, purpose, legacy);
  const pkcs8 = openSealed(s, row.sealed_key, label(t, purpose));
  let signature: Buffer;
  try {
    signature = sign(null, payload, createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' }));
  } finally {
    pkcs8.fill(0);
  }
  s.log.info(
    {
      pno: t.pno,
      purpose,
      keyId: row.key_id,
      algorithm: 'ed25519',
      artifact: createHash('sha256').update(payload).digest('hex'),
    },
    'signing: signed',
  );
  return { signature: signature.toString('base64'), keyId: row.key_id };
}

/** The property's certificate for a JAR-signing purpose (made on first use): its DER and SHA-256 fingerprint. */
export async function serviceCertificate(
  s: Services,
  t: Tenant,
  purpose: ServiceKeyPurpose,
): Promise<{ der: Buffer; sha256: string }> {
  const row = await keyRow(s, t, purpose);
  const block = pemBlocks(row.certificate_pem)[0];
  if (!block) throw new Error(`the ${purpose} key has no certificate`);
  return { der: block.der, sha256: createHash('sha256').update(block.der).digest('hex') };
}

/** The property's certificate for a purpose that has one (made on first use): PEM, SHA-256 fingerprint, validity. */
export async function serviceCertificatePem(s: Services, t: Tenant, purpose: ServiceKeyPurpose) {
  const row = await keyRow(s, t, purpose);
  const block = pemBlocks(row.certificate_pem)[0];
  if (!block) throw new Error(`the ${purpose} key has no certificate`);
  const facts = readCertificate(block.der);
  return {
    pem: row.certificate_pem,
    keyId: row.key_id,
    fingerprint: facts.fingerprint,
    notBefore: facts.notBefore,
    notAfter: facts.notAfter,
    subject: facts.subject,
  };
}

/** A P-256 or SM2 service key made ready to sign `r || s` (`signRawAsService`). */
interface RawSigner {
  keyId: string;
  sign(payload: Buffer): Buffer | Promise<Buffer>;
}

/**
 * The r || s signers, per server, property and purpose. These keys sign the security chain's short-lived
 * authorisations, hundreds a second, and opening the sealed key and importing it cost more than the signature
 * (about 70 µs against 25 µs for P-256), so each is opened once per process and kept: the P-256 key as a Node
 * KeyObject (its bytes in OpenSSL's memory), the SM2 scalar in its signer. A service key never changes once made
 * (rows are only inserted, the first one made wins; token.ts keeps the key ids on the same ground), so a kept signer
 * stays the property's key.
 */
const rawSigners = new WeakMap<Services, Map<string, RawSigner>>();

async function rawSigner(s: Services, t: Tenant, purpose: ServiceKeyPurpose, kind: 'p256' | 'sm2'): Promise<RawSigner> {
  let signers = rawSigners.get(s);
  if (!signers) {
    signers = new Map();
    rawSigners.set(s, signers);
  }
  const known = signers.get(label(t, purpose));
  if (known) return known;
  const row = await keyRow(s, t, purpose);
  const pkcs8 = openSealed(s, row.sealed_key, label(t, purpose));
  // The key is rebuilt from its scalar and the public point (a JWK for P-256; SM2 signs with ec-math): reading the
  // PKCS#8 through OpenSSL's decoders would cost ten times the signature.
  const d = ecPrivateScalar(pkcs8);
  const spki = (pemBlocks(row.public_pem)[0] as { der: Buffer }).der;
  // An uncompressed point of a 256-bit curve ends the SubjectPublicKeyInfo.
  const point = spki.subarray(spki.length - 65);
  let signer: RawSigner;
  try {
    if (kind === 'p256') {
      const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64url');
      const key = createPrivateKey({
        key: { kty: 'EC', crv: 'P-256', d: b64(d), x: b64(point.subarray(1, 33)), y: b64(point.subarray(33)) },
        format: 'jwk',
      });
      signer = { keyId: row.key_id, sign: (payload) => sign('sha256', payload, { key, dsaEncoding: 'ieee-p1363' }) };
    } else {
      const scalar = Buffer.from(d);
      // Z (GB/T 32918, the default distinguishing ID) depends on the public key alone.
      const z = sm2UserHash(point);
      signer = {
        keyId: row.key_id,
        sign: async (payload) => derToRaw(sm2SignDigest(scalar, await sm2Digest(spki, [payload], z)), 32),
      };
    }
  } finally {
    pkcs8.fill(0);
    d.fill(0);
  }
  signers.set(label(t, purpose), signer);
  return signer;
}

/**
 * Signs `payload` with the property's P-256 or SM2 key for `purpose`: the signature `r || s` (64 bytes) and the key's
 * id. P-256: ECDSA with SHA-256 (JWS ES256). SM2: with SM3 over Z ‖ M, Z with the default distinguishing ID
 * `1234567812345678` (GB/T 32918).
 */
export async function signRawAsService(
  s: Services,
  t: Tenant,
  purpose: ServiceKeyPurpose,
  payload: Buffer,
): Promise<{ signature: Buffer; keyId: string }> {
  const kind = KEY_KINDS[purpose];
  if (kind !== 'p256' && kind !== 'sm2') throw new Error(`the ${purpose} key does not make r || s signatures`);
  const signer = await rawSigner(s, t, purpose, kind);
  const signature = await signer.sign(payload);
  s.log.info(
    {
      pno: t.pno,
      purpose,
      keyId: signer.keyId,
      algorithm: CERTIFICATE_ALGORITHMS[kind],
      artifact: createHash('sha256').update(payload).digest('hex'),
    },
    'signing: signed',
  );
  return { signature, keyId: signer.keyId };
}

/** Whether `signature` (`r || s`) is the property's `purpose` key's signature of `payload` (as `signRawAsService`). */
export async function verifyRawAsService(
  s: Services,
  t: Tenant,
  purpose: ServiceKeyPurpose,
  payload: Buffer,
  signature: Buffer,
): Promise<boolean> {
  const kind = KEY_KINDS[purpose];
  const row = await keyRow(s, t, purpose);
  if (kind === 'p256') {
    if (signature.length !== 64) return false;
    return verify('sha256', payload, { key: row.public_pem, dsaEncoding: 'ieee-p1363' }, signature);
  }
  if (kind !== 'sm2') throw new Error(`the ${purpose} key does not make r || s signatures`);
  const spki = createPublicKey(row.public_pem).export({ type: 'spki', format: 'der' });
  return sm2VerifyDigest(ecPointOf(spki), await sm2Digest(spki, [payload]), signature);
}

/**
 * A JAR of `entries` signed with the property's key for `purpose` (JAR signing, v1: MANIFEST.MF, the signature file
 * and its PKCS#7 signature, SHA-256 with RSA), as Android's JarFile and F-Droid clients verify it.
 */
export async function signJarAsService(
  s: Services,
  t: Tenant,
  purpose: ServiceKeyPurpose,
  entries: readonly { name: string; data: Buffer }[],
): Promise<Buffer> {
  if (KEY_KINDS[purpose] !== 'rsa-2048') throw new Error(`the ${purpose} key does not sign JARs`);
  const certificate = await serviceCertificate(s, t, purpose);
  const row = await keyRow(s, t, purpose);
  const pkcs8 = openSealed(s, row.sealed_key, label(t, purpose));
  try {
    const jar = await signedJar(softwareKey(pkcs8), 'SHA256WITHRSA', certificate.der, entries);
    s.log.info(
      {
        pno: t.pno,
        purpose,
        keyId: row.key_id,
        algorithm: 'SHA256WITHRSA',
        artifact: createHash('sha256').update(jar).digest('hex'),
      },
      'signing: signed',
    );
    return jar;
  } finally {
    pkcs8.fill(0);
  }
}
