import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';

/**
 * bspatch in memory, for the simulator's deltas: applies a bsdiff 4 patch (Colin Percival's BSDIFF40 format, what
 * Keel's delta generator writes — apps/server/src/modules/firmware/delta/bsdiff.ts — and Debian's `bspatch`
 * applies) to the image a simulated device runs. Patch: "BSDIFF40", three 8-byte sign-magnitude little-endian
 * numbers (compressed control length, compressed diff length, new size), then three bzip2 streams (control, diff,
 * extra). Each control entry (x, y, z): add x diff bytes to x old bytes, copy y extra bytes, move the old position
 * by z. The bzip2 decoder is compressjs (pure JavaScript), as the server's.
 */

const require = createRequire(import.meta.url);
const { Bzip2 } = require('compressjs') as { Bzip2: { decompressFile(input: Uint8Array): Uint8Array } };

/** The largest image the simulator rebuilds (it holds the result in memory). */
export const MAX_IMAGE_BYTES = 256 * 1024 * 1024;

export class CorruptDeltaError extends Error {}

/** bsdiff's 8-byte sign-magnitude little-endian number at `at`. */
function offIn(buf: Uint8Array, at: number): number {
  let y = (buf[at + 7] as number) & 0x7f;
  for (let i = 6; i >= 0; i--) y = y * 256 + (buf[at + i] as number);
  return (buf[at + 7] as number) & 0x80 ? -y : y;
}

function bunzip2(bytes: Uint8Array, what: string): Uint8Array {
  try {
    return Bzip2.decompressFile(bytes);
  } catch (e) {
    throw new CorruptDeltaError(`${what}: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** The new image: `old` patched by `patch`. Throws CorruptDeltaError on a malformed patch. */
export function bspatch(old: Uint8Array, patch: Uint8Array): Uint8Array {
  if (patch.length < 32) throw new CorruptDeltaError('short header');
  if (Buffer.from(patch.subarray(0, 8)).toString('latin1') !== 'BSDIFF40') throw new CorruptDeltaError('magic');
  const ctrlLen = offIn(patch, 8);
  const diffLen = offIn(patch, 16);
  const newSize = offIn(patch, 24);
  if (ctrlLen < 0 || diffLen < 0 || newSize < 0 || 32 + ctrlLen + diffLen > patch.length)
    throw new CorruptDeltaError('lengths');
  if (newSize > MAX_IMAGE_BYTES) throw new CorruptDeltaError('too large');
  const ctrl = bunzip2(patch.subarray(32, 32 + ctrlLen), 'control');
  const diff = bunzip2(patch.subarray(32 + ctrlLen, 32 + ctrlLen + diffLen), 'diff');
  const extra = bunzip2(patch.subarray(32 + ctrlLen + diffLen), 'extra');
  const out = new Uint8Array(newSize);
  let newPos = 0;
  let oldPos = 0;
  let c = 0;
  let d = 0;
  let e = 0;
  while (newPos < newSize) {
    if (c + 24 > ctrl.length) throw new CorruptDeltaError('control');
    const x = offIn(ctrl, c);
    const y = offIn(ctrl, c + 8);
    const z = offIn(ctrl, c + 16);
    c += 24;
    if (x < 0 || y < 0 || newPos + x + y > newSize) throw new CorruptDeltaError('control entry');
    if (d + x > diff.length) throw new CorruptDeltaError('diff');
    for (let i = 0; i < x; i++) {
      const o = oldPos + i;
      // Old bytes outside the old image count as 0, as in bspatch.
      const base = o >= 0 && o < old.length ? (old[o] as number) : 0;
      out[newPos + i] = ((diff[d + i] as number) + base) & 0xff;
    }
    d += x;
    newPos += x;
    oldPos += x;
    if (e + y > extra.length) throw new CorruptDeltaError('extra');
    out.set(extra.subarray(e, e + y), newPos);
    e += y;
    newPos += y;
    oldPos += z;
  }
  return out;
}

export type DeltaResult = { ok: true; image: Uint8Array } | { ok: false; reason: string };

/** Applies a delta and checks the result against the target the deployment states (size, SHA-256). */
export function applyDelta(
  source: Uint8Array,
  patch: Uint8Array,
  target: { size: number; sha256: string },
): DeltaResult {
  let image: Uint8Array;
  try {
    image = bspatch(source, patch);
  } catch (e) {
    if (e instanceof CorruptDeltaError) return { ok: false, reason: `delta: corrupt (${e.message})` };
    throw e;
  }
  if (image.length !== target.size) return { ok: false, reason: 'delta: target size' };
  if (createHash('sha256').update(image).digest('hex') !== target.sha256)
    return { ok: false, reason: 'delta: target sha256' };
  return { ok: true, image };
}
