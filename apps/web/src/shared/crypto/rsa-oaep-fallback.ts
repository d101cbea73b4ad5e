import { sha256 } from './sha256';

const HASH_LEN = 32;

/** Reads one DER TLV at `offset`: tag, content start and content length. */
function readTlv(der: Uint8Array, offset: number): { tag: number; start: number; length: number } {
  const tag = der[offset];
  let length = der[offset + 1];
  let start = offset + 2;
  if (length & 0x80) {
    const bytes = length & 0x7f;
    length = 0;
    for (let i = 0; i < bytes; i++) length = length * 256 + der[start + i];
    start += bytes;
  }
  return { tag, start, length };
}

function bytesToBigInt(bytes: Uint8Array): bigint {
  let n = 0n;
  for (const b of bytes) n = (n << 8n) | BigInt(b);
  return n;
}

function bigIntToBytes(n: bigint, length: number): Uint8Array {
  const out = new Uint8Array(length);
  for (let i = length - 1; i >= 0; i--) {
    out[i] = Number(n & 0xffn);
    n >>= 8n;
  }
  return out;
}

/** The modulus and exponent of an SPKI (SubjectPublicKeyInfo) DER RSA key. */
export function parseSpki(der: Uint8Array): { n: bigint; e: bigint; size: number } {
  const spki = readTlv(der, 0); // SEQUENCE
  const algorithm = readTlv(der, spki.start); // SEQUENCE (rsaEncryption, NULL)
  const bitString = readTlv(der, algorithm.start + algorithm.length); // BIT STRING
  if (bitString.tag !== 0x03) throw new Error('Not an SPKI RSA key');
  const rsaKey = readTlv(der, bitString.start + 1); // skip unused-bits byte; SEQUENCE
  const modulus = readTlv(der, rsaKey.start);
  const exponent = readTlv(der, modulus.start + modulus.length);
  let modBytes = der.subarray(modulus.start, modulus.start + modulus.length);
  while (modBytes[0] === 0) modBytes = modBytes.subarray(1);
  return {
    n: bytesToBigInt(modBytes),
    e: bytesToBigInt(der.subarray(exponent.start, exponent.start + exponent.length)),
    size: modBytes.length,
  };
}

function modPow(base: bigint, exp: bigint, mod: bigint): bigint {
  let result = 1n;
  let b = base % mod;
  let e = exp;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % mod;
    b = (b * b) % mod;
    e >>= 1n;
  }
  return result;
}

function mgf1(seed: Uint8Array, length: number): Uint8Array {
  const out = new Uint8Array(length);
  const block = new Uint8Array(seed.length + 4);
  block.set(seed);
  for (let counter = 0, pos = 0; pos < length; counter++, pos += HASH_LEN) {
    new DataView(block.buffer).setUint32(seed.length, counter);
    const digest = sha256(block);
    out.set(digest.subarray(0, Math.min(HASH_LEN, length - pos)), pos);
  }
  return out;
}

/** RSAES-OAEP-ENCRYPT (RFC 8017 §7.1.1) with SHA-256 and MGF1-SHA-256, empty label. */
export function rsaOaepEncrypt(
  spkiDer: Uint8Array,
  message: Uint8Array,
  random: (n: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n)),
): Uint8Array {
  const { n, e, size: k } = parseSpki(spkiDer);
  if (message.length > k - 2 * HASH_LEN - 2) throw new Error('Message too long');
  const lHash = sha256(new Uint8Array(0));
  const db = new Uint8Array(k - HASH_LEN - 1);
  db.set(lHash);
  db[db.length - message.length - 1] = 0x01;
  db.set(message, db.length - message.length);
  const seed = random(HASH_LEN);
  const dbMask = mgf1(seed, db.length);
  for (let i = 0; i < db.length; i++) db[i] ^= dbMask[i];
  const seedMask = mgf1(db, HASH_LEN);
  const maskedSeed = seed.map((b, i) => b ^ seedMask[i]);
  const em = new Uint8Array(k);
  em.set(maskedSeed, 1);
  em.set(db, 1 + HASH_LEN);
  return bigIntToBytes(modPow(bytesToBigInt(em), e, n), k);
}
