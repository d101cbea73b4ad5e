import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign } from 'node:crypto';
import type { Services } from '../../platform/services';
import type { Tenant } from '../../platform/tenancy/tenant';
import { signedJar } from './crypto/apk';
import { generatePkcs8, softwareKey } from './crypto/keys';
import { pemBlocks, selfSignedCertificate, toPem } from './crypto/x509';
import { openSealed, sealKey } from './keystore';
import * as repo from './service-key-repo';

/**
 * Service keys (README "Service keys"): keys the signing service holds for signatures a property makes on its own,
 * that no person requests and no certificate names — today the firmware manifest every package carries
 * (`firmwareManifest`). One Ed25519 key per property and purpose, made on first use, its private key sealed like
 * every other (keystore.ts) and opened for one signature only; the public key and its id are what devices verify
 * with. A key kept elsewhere before (the firmware module's per-property key) is adopted: sealed here, same key.
 */

export const SERVICE_KEY_PURPOSES = ['firmwareManifest', 'appStoreIndex'] as const;
export type ServiceKeyPurpose = (typeof SERVICE_KEY_PURPOSES)[number];

/**
 * What each purpose's key is: Ed25519 for raw signatures (`signAsService`); RSA-2048 with a self-signed certificate
 * for JAR signatures (`signJarAsService`: the app store's F-Droid index, which Android verifies as a JAR).
 */
const KEY_KINDS: Record<ServiceKeyPurpose, 'ed25519' | 'rsa-2048'> = {
  firmwareManifest: 'ed25519',
  appStoreIndex: 'rsa-2048',
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
  const privateKey =
    kind === 'rsa-2048'
      ? createPrivateKey({ key: generatePkcs8({ keyType: 'RSA', bits: 2048 }), format: 'der', type: 'pkcs8' })
      : old
        ? createPrivateKey(old)
        : generateKeyPairSync('ed25519').privateKey;
  if (kind === 'ed25519' && privateKey.asymmetricKeyType !== 'ed25519')
    throw new Error(`a ${purpose} key must be Ed25519`);
  const publicPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  const pkcs8 = privateKey.export({ type: 'pkcs8', format: 'der' });
  try {
    // A JAR names its signer by a certificate: self-signed, for the property, valid 30 years (F-Droid repositories
    // are identified by their certificate's fingerprint, which must not change).
    const certificatePem =
      kind === 'rsa-2048'
        ? toPem(
            await selfSignedCertificate(
              softwareKey(pkcs8),
              'SHA256WITHRSA',
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
