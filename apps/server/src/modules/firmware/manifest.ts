import type { ManifestBody, SignedManifest } from '@keel/contract/endpoints/firmware';
import type { Services } from '../../platform/services';
import type { Tenant } from '../../platform/tenancy/tenant';
import { signing } from '../signing/service';
import * as repo from './repo';

/**
 * Package manifests: what a device checks before installing — the version, the hardware it fits, the
 * size and SHA-256, the property — signed through the signing service (`signing.signAsService`, purpose
 * `firmwareManifest`: the property's Ed25519 service key, sealed there; modules/signing "Service keys"). The
 * firmware module holds no manifest key: a property's key made here before (`fw_keys.manifest_private`, migration
 * 0021) is handed to the signing service on first use (the same key, so every existing manifest still verifies)
 * and then emptied here.
 */

/** The property's `fw_keys` row (its vendor verification keys), made on first use. */
export async function keysRow(s: Services, tenant: Tenant): Promise<repo.KeysRow> {
  const found = await repo.findKeys(s.db, tenant);
  if (found) return found;
  await repo.insertKeys(s.db, tenant, s.now());
  return (await repo.findKeys(s.db, tenant)) as repo.KeysRow;
}

/** The manifest key this module kept before the signing service held it (PKCS#8 PEM), if it still has it. */
const legacyKey = (s: Services, tenant: Tenant) => async () =>
  (await repo.findKeys(s.db, tenant))?.manifest_private || null;

/** Empties the old private key once the signing service holds that same key. */
async function retireLegacyKey(s: Services, tenant: Tenant, keyId: string) {
  const row = await repo.findKeys(s.db, tenant);
  if (row?.manifest_private && row.manifest_key_id === keyId) await repo.clearLegacyManifestKey(s.db, tenant);
}

/** The public key (PEM) devices verify the property's manifests with, and its id. */
export async function manifestPublicKey(s: Services, tenant: Tenant) {
  const key = await signing.servicePublicKey(s, tenant, 'firmwareManifest', legacyKey(s, tenant));
  await retireLegacyKey(s, tenant, key.keyId);
  return { publicKey: key.publicKey, keyId: key.keyId };
}

/** Signs a manifest body for the property: its exact JSON text, the signature (base64) and the key id. */
export async function signManifest(s: Services, tenant: Tenant, body: ManifestBody): Promise<SignedManifest> {
  const manifest = JSON.stringify(body);
  const signed = await signing.signAsService(
    s,
    tenant,
    'firmwareManifest',
    Buffer.from(manifest),
    legacyKey(s, tenant),
  );
  await retireLegacyKey(s, tenant, signed.keyId);
  return { manifest, signature: signed.signature, keyId: signed.keyId };
}
