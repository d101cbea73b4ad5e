import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppError } from '../../platform/http/errors';
import type { Services } from '../../platform/services';
import type { Tenant } from '../../platform/tenancy/tenant';
import { type MasterKey, masterKeyOf, open, seal } from './crypto/envelope';
import { KeyError, type SigningKey, softwareKey } from './crypto/keys';
import { tokenKey } from './crypto/pkcs11';
import * as repo from './repo';

/**
 * The one place that opens keys (README "Keys at rest"): the master key (SIGNING_MASTER_KEY, or
 * DATA_DIR/signing-master.key made on first start and named in the log — never its bytes), sealing and opening
 * private keys and token PINs, and the signing key of a certificate (its sealed software key, or its token).
 */

const masters = new WeakMap<Services, MasterKey>();
export const MASTER_KEY_FILE = 'signing-master.key';

export function masterKey(s: Services): MasterKey {
  let master = masters.get(s);
  if (master) return master;
  if (s.config.signingMasterKey) {
    master = masterKeyOf(s.config.signingMasterKey);
  } else {
    const file = join(s.config.dataDir, MASTER_KEY_FILE);
    if (existsSync(file)) {
      master = masterKeyOf(Buffer.from(readFileSync(file, 'utf8').trim(), 'hex'));
    } else {
      mkdirSync(s.config.dataDir, { recursive: true });
      writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
      master = masterKeyOf(Buffer.from(readFileSync(file, 'utf8').trim(), 'hex'));
      s.log.warn(
        { file, keyId: master.id },
        'signing: generated the master key that seals private keys; back it up, or set SIGNING_MASTER_KEY',
      );
    }
  }
  masters.set(s, master);
  return master;
}

export const sealKey = (s: Services, plain: Buffer, label: string) => seal(masterKey(s), plain, label);
export const openSealed = (s: Services, text: string, label: string) => open(masterKey(s), text, label);

/** The signing key of a certificate, or why it cannot sign. */
export async function keyOfCert(s: Services, t: Tenant, cert: repo.CertRow): Promise<SigningKey> {
  const cannot = (reason: string) => new AppError('certCannotSign', { cert: cert.name, reason });
  if (cert.state !== 'active' || !cert.cert_der) throw cannot('CSR');
  if (cert.key_source === 'soft' && cert.sealed_key) {
    const pkcs8 = openSealed(s, cert.sealed_key, `cert:${cert.cert_id}`);
    try {
      return softwareKey(pkcs8);
    } finally {
      pkcs8.fill(0);
    }
  }
  if (cert.key_source === 'ukey' && cert.ukey_id && cert.token_key_id) {
    const ukey = await repo.findUkey(s.db, t, cert.ukey_id);
    if (!ukey) throw cannot('USB key');
    try {
      const pin = openSealed(s, ukey.sealed_pin, `ukey:${ukey.ukey_id}`).toString('utf8');
      return tokenKey(
        { modulePath: ukey.module_path, serial: ukey.serial, pin },
        cert.token_key_id,
        Buffer.from(cert.spki, 'base64'),
      );
    } catch (error) {
      if (error instanceof KeyError) throw new AppError('ukeyUnavailable', { reason: error.message });
      throw error;
    }
  }
  throw cannot('no private key');
}
