import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign } from 'node:crypto';
import type { Services } from '../../platform/services';
import type { Tenant } from '../../platform/tenancy/tenant';
import { openSealed, sealKey } from './keystore';
import * as repo from './service-key-repo';

/**
 * Service keys (README "Service keys"): keys the signing service holds for signatures a property makes on its own,
 * that no person requests and no certificate names — today the firmware manifest every package carries
 * (`firmwareManifest`). One Ed25519 key per property and purpose, made on first use, its private key sealed like
 * every other (keystore.ts) and opened for one signature only; the public key and its id are what devices verify
 * with. A key kept elsewhere before (the firmware module's per-property key) is adopted: sealed here, same key.
 */

export const SERVICE_KEY_PURPOSES = ['firmwareManifest'] as const;
export type ServiceKeyPurpose = (typeof SERVICE_KEY_PURPOSES)[number];

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
  const privateKey = old ? createPrivateKey(old) : generateKeyPairSync('ed25519').privateKey;
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error(`a ${purpose} key must be Ed25519`);
  const publicPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  const pkcs8 = privateKey.export({ type: 'pkcs8', format: 'der' });
  try {
    await repo.insertServiceKey(
      s.db,
      t,
      {
        purpose,
        keyId: keyIdOf(publicPem),
        algorithm: 'ed25519',
        publicPem,
        sealedKey: sealKey(s, pkcs8, label(t, purpose)),
        origin: old ? 'adopted' : 'made',
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
