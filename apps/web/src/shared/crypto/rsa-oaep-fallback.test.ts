import { constants, createHash, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64, toUrlSafe } from './base64';
import { rsaOaepEncrypt } from './rsa-oaep-fallback';
import { sha256 } from './sha256';

const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const spki = new Uint8Array(publicKey.export({ type: 'spki', format: 'der' }));

function decrypt(cipher: Uint8Array): string {
  return privateDecrypt(
    { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(cipher),
  ).toString('utf8');
}

describe('pure TypeScript RSA-OAEP fallback', () => {
  it('hashes like node:crypto', () => {
    for (const input of ['', 'abc', 'x'.repeat(55), 'y'.repeat(56), 'z'.repeat(64), '密码'.repeat(100)]) {
      const bytes = new TextEncoder().encode(input);
      expect(Buffer.from(sha256(bytes)).toString('hex')).toBe(createHash('sha256').update(bytes).digest('hex'));
    }
  });

  it('produces ciphertext node:crypto decrypts', () => {
    for (const password of ['Demo1234', 'pässwörd-长密码-123', 'a']) {
      const cipher = rsaOaepEncrypt(spki, new TextEncoder().encode(password));
      expect(cipher.length).toBe(256);
      expect(decrypt(cipher)).toBe(password);
    }
  });

  it('is randomised and survives the URL-safe base64 round trip', () => {
    const a = toUrlSafe(bytesToBase64(rsaOaepEncrypt(spki, new TextEncoder().encode('Demo1234'))));
    const b = toUrlSafe(bytesToBase64(rsaOaepEncrypt(spki, new TextEncoder().encode('Demo1234'))));
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decrypt(base64ToBytes(a.padEnd(Math.ceil(a.length / 4) * 4, '=')))).toBe('Demo1234');
  });

  it('refuses messages longer than the key allows', () => {
    expect(() => rsaOaepEncrypt(spki, new Uint8Array(191))).toThrow(/too long/);
  });
});
