import { constants, createPrivateKey, createPublicKey, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import type { Db } from '../db/connect';
import { serverSecret } from './server-keys-repo';

export interface PasswordKey {
  /** SPKI DER, base64 — what `a/getPublicKey` hands out. */
  publicKey: string;
  /** Decrypts a URL-safe base64 RSA-OAEP(SHA-256) ciphertext; null when it is not one. */
  decrypt(cipher: string): string | null;
}

const KEY_NAME = 'password-rsa';

/** The server's password key, created once and kept in the database so that every instance shares it. */
export async function loadPasswordKey(db: Db, now: number): Promise<PasswordKey> {
  const pem = await serverSecret(
    db,
    KEY_NAME,
    () =>
      generateKeyPairSync('rsa', { modulusLength: 2048 })
        .privateKey.export({ type: 'pkcs8', format: 'pem' })
        .toString(),
    now,
  );
  const key = createPrivateKey(pem);
  const publicKey = createPublicKey(key).export({ type: 'spki', format: 'der' }).toString('base64');
  return {
    publicKey,
    decrypt(cipher) {
      try {
        const plain = privateDecrypt(
          { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
          Buffer.from(cipher, 'base64url'),
        );
        return plain.toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
