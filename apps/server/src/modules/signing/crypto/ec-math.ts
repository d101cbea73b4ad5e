import { createECDH, createHash, randomBytes } from 'node:crypto';

/**
 * Signing a digest with an elliptic-curve key where Node has no call for it: ECDSA over a digest the caller already
 * has (Node's `sign` always hashes), and SM2 (GM/T 0003) with the GM/T 0009 default user id — Node signs SM2 with an
 * empty id, which `openssl pkeyutl -verify -digest sm3` (distid 1234567812345678) rejects. The scalar multiplication
 * k·G is OpenSSL's (an ECDH key whose private key is k; its public key is k·G), the rest is modular arithmetic on
 * BigInt, so a signature costs one native point multiplication.
 */

export type CurveName = 'P-256' | 'P-384' | 'P-521' | 'SM2';

interface Curve {
  ecdh: string;
  n: bigint;
  bytes: number;
}

const CURVES: Record<CurveName, Curve> = {
  'P-256': {
    ecdh: 'prime256v1',
    n: 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n,
    bytes: 32,
  },
  'P-384': {
    ecdh: 'secp384r1',
    n: 0xffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf581a0db248b0a77aecec196accc52973n,
    bytes: 48,
  },
  'P-521': {
    ecdh: 'secp521r1',
    n: 0x01fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffa51868783bf2f966b7fcc0148f709a5d03bb5c9b8899c47aebb6fb71e91386409n,
    bytes: 66,
  },
  SM2: {
    ecdh: 'SM2',
    n: 0xfffffffeffffffffffffffffffffffff7203df6b21c6052b53bbf40939d54123n,
    bytes: 32,
  },
};

/** SM2's curve parameters a, b and the base point, as they enter the user hash Z (GM/T 0003.2 §5.5). */
const SM2_PARAMS = Buffer.from(
  'FFFFFFFEFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF00000000FFFFFFFFFFFFFFFC' +
    '28E9FA9E9D9F5E344D5A9E4BCF6509A7F39789F515AB8F92DDBCBD414D940E93' +
    '32C4AE2C1F1981195F9904466A39C9948FE30BBFF2660BE1715A4589334C74C7' +
    'BC3736A2F4F6779C59BDCEE36B692153D0A9877CC62A474002DF32E52139F0A0',
  'hex',
);

/** The GM/T 0009 default signer id. */
export const SM2_DEFAULT_ID = Buffer.from('1234567812345678');

const toBig = (b: Uint8Array) => (b.length === 0 ? 0n : BigInt(`0x${Buffer.from(b).toString('hex')}`));
const toBytes = (v: bigint, len: number) => Buffer.from(v.toString(16).padStart(len * 2, '0'), 'hex');
const mod = (a: bigint, n: bigint) => ((a % n) + n) % n;

function inverse(a: bigint, n: bigint): bigint {
  let [r0, r1] = [mod(a, n), n];
  let [s0, s1] = [1n, 0n];
  while (r1 !== 0n) {
    const q = r0 / r1;
    [r0, r1] = [r1, r0 - q * r1];
    [s0, s1] = [s1, s0 - q * s1];
  }
  return mod(s0, n);
}

/** One ECDH object per curve, reused: setting its private key to k computes k·G. */
const multipliers = new Map<string, ReturnType<typeof createECDH>>();

/** A random k in [1, n-1] and the x coordinate of k·G. */
function nonce(curve: Curve): { k: bigint; x1: bigint } {
  let ecdh = multipliers.get(curve.ecdh);
  if (!ecdh) {
    ecdh = createECDH(curve.ecdh);
    multipliers.set(curve.ecdh, ecdh);
  }
  for (;;) {
    const k = toBig(randomBytes(curve.bytes + 8)) % curve.n;
    if (k === 0n) continue;
    ecdh.setPrivateKey(toBytes(k, curve.bytes));
    const point = ecdh.getPublicKey();
    return { k, x1: toBig(point.subarray(1, 1 + curve.bytes)) };
  }
}

/** DER `SEQUENCE { INTEGER r, INTEGER s }`. */
export function derSignature(r: bigint, s: bigint): Buffer {
  const int = (v: bigint) => {
    const hex = v.toString(16);
    let b = Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
    if ((b[0] as number) >= 0x80) b = Buffer.concat([Buffer.from([0]), b]);
    return Buffer.concat([Buffer.from([0x02]), derLength(b.length), b]);
  };
  const body = Buffer.concat([int(r), int(s)]);
  return Buffer.concat([Buffer.from([0x30]), derLength(body.length), body]);
}

function derLength(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes = Buffer.from(n.toString(16).padStart(n > 0xff ? 4 : 2, '0'), 'hex');
  return Buffer.concat([Buffer.from([0x80 | bytes.length]), bytes]);
}

/** `r || s` (PKCS#11's ECDSA output) as DER. */
export function rawToDer(raw: Uint8Array): Buffer {
  const half = raw.length / 2;
  return derSignature(toBig(raw.subarray(0, half)), toBig(raw.subarray(half)));
}

/** A DER `SEQUENCE { INTEGER r, INTEGER s }` as `r || s`, each of `bytes` bytes (JWS's form). */
export function derToRaw(der: Uint8Array, bytes: number): Buffer {
  const buf = Buffer.from(der);
  // The sequence's length takes one byte, or 0x81 and one more (a signature is never longer than 255 bytes).
  let at = buf[1] === 0x81 ? 3 : 2;
  const int = () => {
    if (buf[at] !== 0x02) throw new Error('not a DER signature');
    const len = buf[at + 1] as number;
    const value = buf.subarray(at + 2, at + 2 + len);
    at += 2 + len;
    return toBytes(toBig(value), bytes);
  };
  const r = int();
  return Buffer.concat([r, int()]);
}

/** ECDSA over a digest (FIPS 186-4: the leftmost bits of the digest, as many as the order has). */
export function ecdsaSignDigest(curveName: Exclude<CurveName, 'SM2'>, d: Uint8Array, digest: Uint8Array): Buffer {
  const curve = CURVES[curveName];
  const bits = curve.n.toString(2).length;
  let e = toBig(digest);
  const extra = digest.length * 8 - bits;
  if (extra > 0) e >>= BigInt(extra);
  const key = toBig(d);
  for (;;) {
    const { k, x1 } = nonce(curve);
    const r = x1 % curve.n;
    if (r === 0n) continue;
    const s = mod(inverse(k, curve.n) * (e + r * key), curve.n);
    if (s === 0n) continue;
    return derSignature(r, s);
  }
}

/** Z = SM3(ENTL ‖ ID ‖ a ‖ b ‖ xG ‖ yG ‖ xA ‖ yA) for a public point `04 ‖ x ‖ y`. */
export function sm2UserHash(publicPoint: Uint8Array, id: Uint8Array = SM2_DEFAULT_ID): Buffer {
  const entl = Buffer.alloc(2);
  entl.writeUInt16BE(id.length * 8);
  return createHash('sm3').update(entl).update(id).update(SM2_PARAMS).update(publicPoint.subarray(1)).digest();
}

/** SM2 signature of e = SM3(Z ‖ M), given e (GM/T 0003.2 §6.1). */
export function sm2SignDigest(d: Uint8Array, e: Uint8Array): Buffer {
  const curve = CURVES.SM2;
  const key = toBig(d);
  const inv = inverse(1n + key, curve.n);
  const ev = toBig(e);
  for (;;) {
    const { k, x1 } = nonce(curve);
    const r = mod(ev + x1, curve.n);
    if (r === 0n || r + k === curve.n) continue;
    const s = mod(inv * (k - r * key), curve.n);
    if (s === 0n) continue;
    return derSignature(r, s);
  }
}

/** The public point `04 ‖ x ‖ y` of a private scalar on a curve. */
export function publicPointOf(curveName: CurveName, d: Uint8Array): Buffer {
  const curve = CURVES[curveName];
  const ecdh = createECDH(curve.ecdh);
  ecdh.setPrivateKey(toBytes(toBig(d), curve.bytes));
  return ecdh.getPublicKey();
}

/** A fresh private scalar on the curve. */
export function newScalar(curveName: CurveName): Buffer {
  const curve = CURVES[curveName];
  const ecdh = createECDH(curve.ecdh);
  ecdh.generateKeys();
  return toBytes(toBig(ecdh.getPrivateKey()), curve.bytes);
}

export const curveBytes = (c: CurveName) => CURVES[c].bytes;

/** SM2's field prime; its `a` is p − 3. */
const SM2_P = 0xfffffffeffffffffffffffffffffffffffffffff00000000ffffffffffffffffn;

type Jacobian = [bigint, bigint, bigint];

/** 2·Q in Jacobian coordinates on SM2 (a = −3). */
function sm2Double([x, y, z]: Jacobian): Jacobian {
  const p = SM2_P;
  if (y === 0n || z === 0n) return [1n, 1n, 0n];
  const yy = (y * y) % p;
  const zz = (z * z) % p;
  const s = (4n * x * yy) % p;
  const m = mod(3n * (x - zz) * (x + zz), p);
  const x3 = mod(m * m - 2n * s, p);
  return [x3, mod(m * (s - x3) - 8n * yy * yy, p), (2n * y * z) % p];
}

/** Q + (x2, y2) (affine) in Jacobian coordinates on SM2. */
function sm2AddAffine(q: Jacobian, x2: bigint, y2: bigint): Jacobian {
  const p = SM2_P;
  const [x1, y1, z1] = q;
  if (z1 === 0n) return [x2, y2, 1n];
  const z1z1 = (z1 * z1) % p;
  const h = mod(x2 * z1z1 - x1, p);
  const r = mod(y2 * z1 * z1z1 - y1, p);
  if (h === 0n) return r === 0n ? sm2Double(q) : [1n, 1n, 0n];
  const hh = (h * h) % p;
  const hhh = (h * hh) % p;
  const v = (x1 * hh) % p;
  const x3 = mod(r * r - hhh - 2n * v, p);
  return [x3, mod(r * (v - x3) - y1 * hhh, p), (z1 * h) % p];
}

/**
 * Checks an SM2 signature `r || s` (64 bytes) of e = SM3(Z ‖ M) against a public point `04 ‖ x ‖ y` (GM/T 0003.2
 * §7.1): s·G (OpenSSL's) + t·P (here, t = r + s) must have x with (e + x) mod n = r.
 */
export function sm2VerifyDigest(publicPoint: Uint8Array, e: Uint8Array, signature: Uint8Array): boolean {
  const { n, bytes } = CURVES.SM2;
  if (signature.length !== 2 * bytes || publicPoint.length !== 1 + 2 * bytes || publicPoint[0] !== 4) return false;
  const r = toBig(signature.subarray(0, bytes));
  const s = toBig(signature.subarray(bytes));
  if (r < 1n || r >= n || s < 1n || s >= n) return false;
  const t = (r + s) % n;
  if (t === 0n) return false;
  const px = toBig(publicPoint.subarray(1, 1 + bytes));
  const py = toBig(publicPoint.subarray(1 + bytes));
  let q: Jacobian = [1n, 1n, 0n];
  for (let i = t.toString(2).length - 1; i >= 0; i--) {
    q = sm2Double(q);
    if ((t >> BigInt(i)) & 1n) q = sm2AddAffine(q, px, py);
  }
  const sg = publicPointOf('SM2', toBytes(s, bytes));
  q = sm2AddAffine(q, toBig(sg.subarray(1, 1 + bytes)), toBig(sg.subarray(1 + bytes)));
  if (q[2] === 0n) return false;
  const zInv = inverse(q[2], SM2_P);
  const x1 = (q[0] * zInv * zInv) % SM2_P;
  return (toBig(e) + x1) % n === r;
}
