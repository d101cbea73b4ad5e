import { api } from '../api/client';
import { base64ToBytes, bytesToBase64, toUrlSafe } from './base64';

let publicKey: Promise<string> | null = null;

/** The server's RSA public key (SPKI, base64), fetched once per page. */
function serverPublicKey(): Promise<string> {
  publicKey ??= api('a/getPublicKey', {})
    .then((d) => d.publicKey)
    .catch((error) => {
      publicKey = null;
      throw error;
    });
  return publicKey;
}

/**
 * Encrypts with RSA-OAEP SHA-256: WebCrypto when available, the pure TypeScript fallback otherwise (plain-HTTP
 * origins other than localhost have no `crypto.subtle`). The fallback loads on demand: it stays out of the sign-in
 * page's chunks.
 */
export async function encryptWithKey(spkiBase64: string, plain: string): Promise<string> {
  const der = base64ToBytes(spkiBase64);
  const message = new TextEncoder().encode(plain);
  let cipher: Uint8Array;
  if (globalThis.crypto?.subtle) {
    const key = await crypto.subtle.importKey('spki', der, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
    cipher = new Uint8Array(await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, message));
  } else {
    const { rsaOaepEncrypt } = await import('./rsa-oaep-fallback');
    cipher = rsaOaepEncrypt(der, message);
  }
  return toUrlSafe(bytesToBase64(cipher));
}

/** A password as the sign-in calls expect it (SPEC §7 last bullet). */
export async function encryptPassword(plain: string): Promise<string> {
  return encryptWithKey(await serverPublicKey(), plain);
}
