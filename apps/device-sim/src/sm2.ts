import { createHash } from 'node:crypto';

/**
 * SM2 signature verification (GB/T 32918.2-2016 §7, the curve of GB/T 32918.5), written here because Node's
 * `crypto.verify` treats an SM2 key as an ordinary EC key (ECDSA over the SM2 curve, without the user hash Z), so it
 * cannot check a real SM2 signature. SM3 is OpenSSL's (`createHash('sm3')`). Verification only, on public data: plain
 * BigInt arithmetic in Jacobian coordinates; no secret is handled, so nothing here needs to run in constant time.
 */

const P = 0xfffffffeffffffffffffffffffffffffffffffff00000000ffffffffffffffffn;
const A = P - 3n;
const B = 0x28e9fa9e9d9f5e344d5a9e4bcf6509a7f39789f515ab8f92ddbcbd414d940e93n;
export const SM2_N = 0xfffffffeffffffffffffffffffffffff7203df6b21c6052b53bbf40939d54123n;
const GX = 0x32c4ae2c1f1981195f9904466a39c9948fe30bbff2660be1715a4589334c74c7n;
const GY = 0xbc3736a2f4f6779c59bdcee36b692153d0a9877cc62a474002df32e52139f0a0n;

/** The GM/T 0009 default signer id, which Keel signs with. */
export const SM2_DEFAULT_ID = Buffer.from('1234567812345678');

const mod = (a: bigint, m: bigint = P) => {
  const r = a % m;
  return r < 0n ? r + m : r;
};

function inverse(a: bigint, m: bigint): bigint {
  let [r0, r1] = [mod(a, m), m];
  let [s0, s1] = [1n, 0n];
  while (r1 !== 0n) {
    const q = r0 / r1;
    [r0, r1] = [r1, r0 - q * r1];
    [s0, s1] = [s1, s0 - q * s1];
  }
  return mod(s0, m);
}

const toBig = (b: Uint8Array) => (b.length === 0 ? 0n : BigInt(`0x${Buffer.from(b).toString('hex')}`));
const bytes32 = (v: bigint) => Buffer.from(v.toString(16).padStart(64, '0'), 'hex');

/** A point in Jacobian coordinates (X/Z², Y/Z³); Z = 0 is the point at infinity. */
type Jacobian = readonly [bigint, bigint, bigint];
const INFINITY: Jacobian = [1n, 1n, 0n];

function double([x, y, z]: Jacobian): Jacobian {
  if (z === 0n || y === 0n) return INFINITY;
  // a = -3: M = 3(X - Z²)(X + Z²).
  const zz = mod(z * z);
  const m = mod(3n * (x - zz) * (x + zz));
  const yy = mod(y * y);
  const s = mod(4n * x * yy);
  const x3 = mod(m * m - 2n * s);
  const y3 = mod(m * (s - x3) - 8n * yy * yy);
  return [x3, y3, mod(2n * y * z)];
}

function add(p: Jacobian, q: Jacobian): Jacobian {
  if (p[2] === 0n) return q;
  if (q[2] === 0n) return p;
  const [x1, y1, z1] = p;
  const [x2, y2, z2] = q;
  const z1z1 = mod(z1 * z1);
  const z2z2 = mod(z2 * z2);
  const u1 = mod(x1 * z2z2);
  const u2 = mod(x2 * z1z1);
  const s1 = mod(y1 * z2 * z2z2);
  const s2 = mod(y2 * z1 * z1z1);
  if (u1 === u2) return s1 === s2 ? double(p) : INFINITY;
  const h = mod(u2 - u1);
  const r = mod(s2 - s1);
  const hh = mod(h * h);
  const hhh = mod(h * hh);
  const v = mod(u1 * hh);
  const x3 = mod(r * r - hhh - 2n * v);
  const y3 = mod(r * (v - x3) - s1 * hhh);
  return [x3, y3, mod(z1 * z2 * h)];
}

/** u·G + v·Q (Shamir's trick: one pass over the bits of both scalars), in affine x, or null at infinity. */
function twoScalars(u: bigint, v: bigint, q: Jacobian): bigint | null {
  const g: Jacobian = [GX, GY, 1n];
  const gq = add(g, q);
  let acc = INFINITY;
  const bits = Math.max(u.toString(2).length, v.toString(2).length);
  for (let i = bits - 1; i >= 0; i -= 1) {
    acc = double(acc);
    const bu = (u >> BigInt(i)) & 1n;
    const bv = (v >> BigInt(i)) & 1n;
    if (bu && bv) acc = add(acc, gq);
    else if (bu) acc = add(acc, g);
    else if (bv) acc = add(acc, q);
  }
  if (acc[2] === 0n) return null;
  const zi = inverse(acc[2], P);
  return mod(acc[0] * zi * zi);
}

/** Whether `04 ‖ x ‖ y` is a point of the SM2 curve. */
export function onCurve(point: Uint8Array): boolean {
  if (point.length !== 65 || point[0] !== 4) return false;
  const x = toBig(point.subarray(1, 33));
  const y = toBig(point.subarray(33));
  if (x >= P || y >= P) return false;
  return mod(y * y) === mod(x * x * x + A * x + B);
}

/** Z = SM3(ENTL ‖ ID ‖ a ‖ b ‖ xG ‖ yG ‖ xA ‖ yA) for the public point `04 ‖ x ‖ y` (GB/T 32918.2 §5.5). */
export function userHash(publicPoint: Uint8Array, id: Uint8Array = SM2_DEFAULT_ID): Buffer {
  const entl = Buffer.alloc(2);
  entl.writeUInt16BE(id.length * 8);
  return createHash('sm3')
    .update(entl)
    .update(id)
    .update(Buffer.concat([bytes32(A), bytes32(B), bytes32(GX), bytes32(GY)]))
    .update(publicPoint.subarray(1))
    .digest();
}

/**
 * Verifies an SM2 signature `r ‖ s` (64 bytes) of `message` by the public point `04 ‖ x ‖ y`, with the signer id
 * (GB/T 32918.2 §7.1): e = SM3(Z ‖ M), t = r + s, (x1, y1) = s·G + t·P, valid when (e + x1) mod n = r.
 */
export function sm2Verify(
  publicPoint: Uint8Array,
  message: Uint8Array,
  signature: Uint8Array,
  id: Uint8Array = SM2_DEFAULT_ID,
): boolean {
  if (signature.length !== 64 || !onCurve(publicPoint)) return false;
  const r = toBig(signature.subarray(0, 32));
  const s = toBig(signature.subarray(32));
  if (r < 1n || r >= SM2_N || s < 1n || s >= SM2_N) return false;
  const e = toBig(createHash('sm3').update(userHash(publicPoint, id)).update(message).digest());
  const t = mod(r + s, SM2_N);
  if (t === 0n) return false;
  const q: Jacobian = [toBig(publicPoint.subarray(1, 33)), toBig(publicPoint.subarray(33)), 1n];
  const x1 = twoScalars(s, t, q);
  return x1 !== null && mod(e + x1, SM2_N) === r;
}
