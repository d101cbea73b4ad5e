import { createHash, createPrivateKey, generateKeyPairSync, sign } from 'node:crypto';
import type { ManifestBody, SignedManifest } from '@keel/contract/endpoints/firmware';
import type { Services } from '../../platform/services';
import type { Tenant } from '../../platform/tenancy/tenant';
import * as repo from './repo';

/**
 * Package manifests (issue 10): what a device checks before installing — the version, the hardware it fits, the
 * size and SHA-256, the property — signed with the property's Ed25519 key. `signManifest` is the one place that
 * signs, so that it can later route through the signing service (its own issue) without touching its callers.
 * Until then the key is made on first use and kept in `fw_keys` (the private key in PKCS#8 PEM, readable by the
 * server only, never answered by any call).
 */

/** The property's manifest key, made on first use (two instances racing: the first insert wins). */
export async function manifestKey(s: Services, tenant: Tenant) {
  const found = await repo.findKeys(s.db, tenant);
  if (found) return found;
  const pair = generateKeyPairSync('ed25519');
  const publicPem = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const der = pair.publicKey.export({ type: 'spki', format: 'der' });
  await repo.insertKeys(
    s.db,
    tenant,
    {
      manifestPublic: publicPem,
      manifestPrivate: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      manifestKeyId: createHash('sha256').update(der).digest('hex').slice(0, 16),
    },
    s.now(),
  );
  return (await repo.findKeys(s.db, tenant)) as repo.KeysRow;
}

/** Signs a manifest body for the property: its exact JSON text, the signature (base64) and the key id. */
export async function signManifest(s: Services, tenant: Tenant, body: ManifestBody): Promise<SignedManifest> {
  const key = await manifestKey(s, tenant);
  const manifest = JSON.stringify(body);
  const signature = sign(null, Buffer.from(manifest), createPrivateKey(key.manifest_private)).toString('base64');
  return { manifest, signature, keyId: key.manifest_key_id };
}
