import * as openpgp from 'openpgp';
import type { Services } from '../../platform/services';
import type { Tenant } from '../../platform/tenancy/tenant';
import { openSealed, sealKey } from './keystore';
import * as repo from './service-key-repo';

/**
 * OpenPGP service keys (README "Service keys"): the key a property's APT repository is signed with (purpose
 * `aptRepository`), made with OpenPGP.js on first use — Ed25519 (EdDSA) primary key, the kind `gpgv` and `sqv`
 * verify — and kept in `signing_service_keys` like the other service keys: `public_pem` holds the armored public
 * key, `key_id` its fingerprint, `sealed_key` the armored private key sealed by the keystore (label
 * `service:<pno>:aptRepository`), opened for one signing only.
 */

const PURPOSE = 'aptRepository';
const label = (t: Tenant) => `service:${t.pno}:${PURPOSE}`;

async function keyRow(s: Services, t: Tenant) {
  const found = await repo.findServiceKey(s.db, t, PURPOSE);
  if (found) return found;
  const { privateKey, publicKey } = await openpgp.generateKey({
    type: 'ecc',
    curve: 'curve25519Legacy',
    userIDs: [{ name: `Keel APT repository ${t.pno}` }],
    format: 'armored',
  });
  const fingerprint = (await openpgp.readKey({ armoredKey: publicKey })).getFingerprint().toUpperCase();
  const plain = Buffer.from(privateKey, 'utf8');
  try {
    await repo.insertServiceKey(
      s.db,
      t,
      {
        purpose: PURPOSE,
        keyId: fingerprint,
        algorithm: 'openpgp-ed25519',
        publicPem: publicKey,
        sealedKey: sealKey(s, plain, label(t)),
        origin: 'made',
      },
      s.now(),
    );
  } finally {
    plain.fill(0);
  }
  // Two instances racing: the first insert wins, and both sign with its key.
  const row = (await repo.findServiceKey(s.db, t, PURPOSE)) as repo.ServiceKeyRow;
  s.log.info({ pno: t.pno, purpose: PURPOSE, keyId: row.key_id }, 'signing: service key ready');
  return row;
}

/** The property's APT repository key (made on first use): armored public key and fingerprint (upper-case hex). */
export async function aptPublicKey(s: Services, t: Tenant): Promise<{ armored: string; fingerprint: string }> {
  const row = await keyRow(s, t);
  return { armored: row.public_pem, fingerprint: row.key_id };
}

/**
 * Signs a repository's `Release` file with the property's key: `InRelease` (the cleartext-signed file) and
 * `Release.gpg` (a detached armored signature of its bytes).
 */
export async function signAptRelease(
  s: Services,
  t: Tenant,
  release: string,
): Promise<{ inRelease: string; releaseGpg: string; fingerprint: string }> {
  const row = await keyRow(s, t);
  const armored = openSealed(s, row.sealed_key, label(t));
  let signingKeys: openpgp.PrivateKey;
  try {
    signingKeys = await openpgp.readPrivateKey({ armoredKey: armored.toString('utf8') });
  } finally {
    armored.fill(0);
  }
  const inRelease = await openpgp.sign({
    message: await openpgp.createCleartextMessage({ text: release }),
    signingKeys,
  });
  const releaseGpg = await openpgp.sign({
    message: await openpgp.createMessage({ binary: Buffer.from(release, 'utf8') }),
    signingKeys,
    detached: true,
  });
  s.log.info({ pno: t.pno, purpose: PURPOSE, keyId: row.key_id }, 'signing: signed');
  return { inRelease, releaseGpg, fingerprint: row.key_id };
}
