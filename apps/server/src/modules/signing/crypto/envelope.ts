import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Envelope encryption of private keys at rest (README "Keys at rest"): each key is sealed with its own random data
 * key (AES-256-GCM), and the data key with the master key (AES-256-GCM). The master key comes from
 * `SIGNING_MASTER_KEY` or `DATA_DIR/signing-master.key` (master-key.ts); its id (the first 8 bytes of its SHA-256,
 * hex) is stored beside each sealed key, so a wrong master key is named rather than producing garbage.
 */

export interface MasterKey {
  id: string;
  key: Buffer;
}

export const masterKeyOf = (key: Buffer): MasterKey => ({
  id: createHash('sha256').update(key).digest('hex').slice(0, 16),
  key,
});

interface Sealed {
  v: 1;
  kid: string;
  /** The data key, sealed with the master key: iv ‖ tag ‖ ciphertext, base64. */
  dek: string;
  /** The private key, sealed with the data key: iv ‖ tag ‖ ciphertext, base64. */
  data: string;
}

function gcmSeal(key: Buffer, plain: Buffer, aad: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(aad));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

function gcmOpen(key: Buffer, sealed: string, aad: string): Buffer {
  const raw = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12)).setAAD(Buffer.from(aad));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
}

/** Seals a secret (a PKCS#8 key, a token PIN) bound to `label` (e.g. the certificate id): text for a column. */
export function seal(master: MasterKey, plain: Buffer, label: string): string {
  const dek = randomBytes(32);
  try {
    const sealed: Sealed = {
      v: 1,
      kid: master.id,
      dek: gcmSeal(master.key, dek, `dek:${label}`),
      data: gcmSeal(dek, plain, `data:${label}`),
    };
    return JSON.stringify(sealed);
  } finally {
    dek.fill(0);
  }
}

export class SealError extends Error {}

/** Opens what `seal` made with the same master key and label. */
export function open(master: MasterKey, text: string, label: string): Buffer {
  let sealed: Sealed;
  try {
    sealed = JSON.parse(text) as Sealed;
  } catch {
    throw new SealError('sealed key unreadable');
  }
  if (sealed.kid !== master.id) throw new SealError(`sealed with another master key (${sealed.kid})`);
  try {
    const dek = gcmOpen(master.key, sealed.dek, `dek:${label}`);
    try {
      return gcmOpen(dek, sealed.data, `data:${label}`);
    } finally {
      dek.fill(0);
    }
  } catch {
    throw new SealError('sealed key does not open (tampered, or a different label)');
  }
}
