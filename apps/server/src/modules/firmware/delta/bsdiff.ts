import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readSync, unlinkSync, writeSync } from 'node:fs';
import { bunzip2Range, bzip2Range, FileInput, FileOutput } from './bzip2';
import { suffixSort } from './suffix-sort';

/**
 * bsdiff 4 (Colin Percival's BSDIFF40 format, what Debian's `bspatch` applies), written for bounded memory: the new
 * file is diffed in windows of `window` bytes, each against the part of the old file around it (`margin` bytes
 * either side), and the diff and extra bytes go to temporary files, each then compressed as one bzip2 stream.
 * Memory: about 9 × (window + 2 × margin) bytes (the suffix array and its scratch over the old part, the two
 * parts), whatever the images' sizes. An image smaller than the window is one window: plain bsdiff.
 *
 * Patch: "BSDIFF40", then three 8-byte sign-magnitude little-endian numbers (compressed control length,
 * compressed diff length, new size), then the three bzip2 streams. Each control entry is (x, y, z): add x bytes
 * of diff to x bytes of old, copy y bytes of extra, move the old position by z.
 */

export interface DiffOptions {
  /** Bytes of the new file diffed at once. */
  window?: number;
  /** Bytes of the old file before and after a window's position that it is diffed against. */
  margin?: number;
  /** Called with the share of the new file done (0–1). */
  onProgress?: (done: number) => void;
}

export const DEFAULT_WINDOW = 16 * 1024 * 1024;
export const DEFAULT_MARGIN = 4 * 1024 * 1024;

function matchLen(a: Uint8Array, ai: number, b: Uint8Array, bi: number): number {
  const n = Math.min(a.length - ai, b.length - bi);
  let i = 0;
  while (i < n && a[ai + i] === b[bi + i]) i++;
  return i;
}

/** Compares old[oi…] with neu[ni…] over the shorter of the two: negative when old sorts first. */
function compare(old: Uint8Array, oi: number, neu: Uint8Array, ni: number): number {
  const n = Math.min(old.length - oi, neu.length - ni);
  for (let i = 0; i < n; i++) {
    const d = (old[oi + i] as number) - (neu[ni + i] as number);
    if (d !== 0) return d;
  }
  return 0;
}

/** The longest match of neu[ni…] among the old suffixes: its length, and its position in `found.pos`. */
function search(I: Int32Array, old: Uint8Array, neu: Uint8Array, ni: number, found: { pos: number }): number {
  let st = 0;
  let en = old.length;
  while (en - st >= 2) {
    const x = st + ((en - st) >> 1);
    if (compare(old, I[x] as number, neu, ni) < 0) st = x;
    else en = x;
  }
  const a = matchLen(old, I[st] as number, neu, ni);
  const b = matchLen(old, I[en] as number, neu, ni);
  if (a > b) {
    found.pos = I[st] as number;
    return a;
  }
  found.pos = I[en] as number;
  return b;
}

/** One control entry of a window: x diff bytes against old from `oldFrom` (window-relative), then y extra bytes. */
interface Entry {
  x: number;
  y: number;
  oldFrom: number;
}

/**
 * bsdiff's scan over one window: entries (with their old positions), their diff bytes to `diff`, their extra
 * bytes to `extra`.
 */
function diffWindow(old: Uint8Array, neu: Uint8Array, diff: FileOutput, extra: FileOutput, emit: (e: Entry) => void) {
  const I = suffixSort(old);
  const oldSize = old.length;
  const newSize = neu.length;
  const found = { pos: 0 };
  let scan = 0;
  let len = 0;
  let pos = 0;
  let lastScan = 0;
  let lastPos = 0;
  let lastOffset = 0;
  while (scan < newSize) {
    let oldScore = 0;
    scan += len;
    let scsc = scan;
    for (; scan < newSize; scan++) {
      len = search(I, old, neu, scan, found);
      pos = found.pos;
      for (; scsc < scan + len; scsc++)
        if (scsc + lastOffset < oldSize && old[scsc + lastOffset] === neu[scsc]) oldScore++;
      if ((len === oldScore && len !== 0) || len > oldScore + 8) break;
      if (scan + lastOffset < oldSize && old[scan + lastOffset] === neu[scan]) oldScore--;
    }
    if (len !== oldScore || scan === newSize) {
      let s = 0;
      let sf = 0;
      let lenf = 0;
      for (let i = 0; lastScan + i < scan && lastPos + i < oldSize; ) {
        if (old[lastPos + i] === neu[lastScan + i]) s++;
        i++;
        if (s * 2 - i > sf * 2 - lenf) {
          sf = s;
          lenf = i;
        }
      }
      let lenb = 0;
      if (scan < newSize) {
        s = 0;
        let sb = 0;
        for (let i = 1; scan >= lastScan + i && pos >= i; i++) {
          if (old[pos - i] === neu[scan - i]) s++;
          if (s * 2 - i > sb * 2 - lenb) {
            sb = s;
            lenb = i;
          }
        }
      }
      if (lastScan + lenf > scan - lenb) {
        const overlap = lastScan + lenf - (scan - lenb);
        s = 0;
        let ss = 0;
        let lens = 0;
        for (let i = 0; i < overlap; i++) {
          if (neu[lastScan + lenf - overlap + i] === old[lastPos + lenf - overlap + i]) s++;
          if (neu[scan - lenb + i] === old[pos - lenb + i]) s--;
          if (s > ss) {
            ss = s;
            lens = i + 1;
          }
        }
        lenf += lens - overlap;
        lenb -= lens;
      }
      for (let i = 0; i < lenf; i++)
        diff.writeByte(((neu[lastScan + i] as number) - (old[lastPos + i] as number)) & 0xff);
      const y = scan - lenb - (lastScan + lenf);
      if (y > 0) extra.write(neu, lastScan + lenf, y);
      emit({ x: lenf, y, oldFrom: lastPos });
      lastScan = scan - lenb;
      lastPos = pos - lenb;
      lastOffset = pos - scan;
    }
  }
}

/** Writes `v` as bsdiff's 8-byte sign-magnitude little-endian number at `buf[at]`. */
export function offOut(v: number, buf: Buffer, at: number): void {
  let y = Math.abs(v);
  for (let i = 0; i < 8; i++) {
    buf[at + i] = y % 256;
    y = Math.floor(y / 256);
  }
  if (v < 0) buf[at + 7] = (buf[at + 7] as number) | 0x80;
}

export function offIn(buf: Uint8Array, at: number): number {
  let y = (buf[at + 7] as number) & 0x7f;
  for (let i = 6; i >= 0; i--) y = y * 256 + (buf[at + i] as number);
  return (buf[at + 7] as number) & 0x80 ? -y : y;
}

function readAt(fd: number, start: number, length: number): Uint8Array {
  const buf = new Uint8Array(length);
  let off = 0;
  while (off < length) {
    const n = readSync(fd, buf, off, length - off, start + off);
    if (n === 0) throw new Error('short read');
    off += n;
  }
  return buf;
}

/** Writes the bsdiff 4 patch turning file `oldPath` into `newPath` to `patchPath`; answers its size. */
export function diffFiles(oldPath: string, newPath: string, patchPath: string, options: DiffOptions = {}): number {
  const window = options.window ?? DEFAULT_WINDOW;
  const margin = options.margin ?? DEFAULT_MARGIN;
  const temp = [`${patchPath}.ctrl`, `${patchPath}.diff`, `${patchPath}.extra`] as const;
  const oldFd = openSync(oldPath, 'r');
  const newFd = openSync(newPath, 'r');
  const fds = temp.map((p) => openSync(p, 'w+'));
  const [ctrlFd, diffFd, extraFd] = fds as [number, number, number];
  try {
    const oldSize = fstatSync(oldFd).size;
    const newSize = fstatSync(newFd).size;
    const ctrl = new FileOutput(ctrlFd);
    const diff = new FileOutput(diffFd);
    const extra = new FileOutput(extraFd);
    const entry = Buffer.alloc(24);
    // Entries are written one behind: an entry's z needs where the next one reads the old file from.
    let pending: { x: number; y: number; oldFrom: number } | null = null;
    const put = (next: { x: number; y: number; oldFrom: number } | null) => {
      if (pending) {
        offOut(pending.x, entry, 0);
        offOut(pending.y, entry, 8);
        offOut(next ? next.oldFrom - (pending.oldFrom + pending.x) : 0, entry, 16);
        ctrl.write(entry, 0, 24);
      }
      pending = next;
    };
    for (let start = 0; start < newSize || (start === 0 && newSize === 0); start += window) {
      const end = Math.min(newSize, start + window);
      const oldStart = Math.max(0, Math.min(start, oldSize) - margin);
      const oldEnd = Math.min(oldSize, end + margin);
      const old = readAt(oldFd, oldStart, oldEnd - oldStart);
      const neu = readAt(newFd, start, end - start);
      diffWindow(old, neu, diff, extra, (e) => put({ x: e.x, y: e.y, oldFrom: e.oldFrom + oldStart }));
      options.onProgress?.(newSize === 0 ? 1 : end / newSize);
      if (newSize === 0) break;
    }
    put(null);
    ctrl.flush();
    diff.flush();
    extra.flush();
    const out = openSync(patchPath, 'w');
    try {
      const header = Buffer.alloc(32);
      writeSync(out, header, 0, 32, null);
      const ctrlLen = bzip2Range(ctrlFd, 0, ctrl.written, out);
      const diffLen = bzip2Range(diffFd, 0, diff.written, out);
      const extraLen = bzip2Range(extraFd, 0, extra.written, out);
      header.write('BSDIFF40', 0, 'latin1');
      offOut(ctrlLen, header, 8);
      offOut(diffLen, header, 16);
      offOut(newSize, header, 24);
      writeSync(out, header, 0, 32, 0);
      return 32 + ctrlLen + diffLen + extraLen;
    } finally {
      closeSync(out);
    }
  } finally {
    for (const fd of [oldFd, newFd, ...fds]) closeSync(fd);
    for (const p of temp) unlinkSync(p);
  }
}

export class CorruptPatchError extends Error {}

/**
 * Applies a bsdiff 4 patch to `oldPath` (as `bspatch` does), streaming: answers the result's size and SHA-256, and
 * writes it to `outPath` when one is given. Throws CorruptPatchError on a malformed patch.
 */
export function patchFile(oldPath: string, patchPath: string, outPath?: string): { size: number; sha256: string } {
  const patchFd = openSync(patchPath, 'r');
  const oldFd = openSync(oldPath, 'r');
  const temp = [`${patchPath}.ctrl.out`, `${patchPath}.diff.out`, `${patchPath}.extra.out`] as const;
  const opened: number[] = [];
  try {
    const patchSize = fstatSync(patchFd).size;
    const oldSize = fstatSync(oldFd).size;
    if (patchSize < 32) throw new CorruptPatchError('short header');
    const header = readAt(patchFd, 0, 32);
    if (Buffer.from(header.subarray(0, 8)).toString('latin1') !== 'BSDIFF40') throw new CorruptPatchError('magic');
    const ctrlLen = offIn(header, 8);
    const diffLen = offIn(header, 16);
    const newSize = offIn(header, 24);
    if (ctrlLen < 0 || diffLen < 0 || newSize < 0 || 32 + ctrlLen + diffLen > patchSize)
      throw new CorruptPatchError('lengths');
    try {
      bunzip2Range(patchFd, 32, 32 + ctrlLen, temp[0]);
      bunzip2Range(patchFd, 32 + ctrlLen, 32 + ctrlLen + diffLen, temp[1]);
      bunzip2Range(patchFd, 32 + ctrlLen + diffLen, patchSize, temp[2]);
    } catch (error) {
      throw new CorruptPatchError(error instanceof Error ? error.message : String(error));
    }
    const [ctrlFd, diffFd, extraFd] = temp.map((p) => {
      const fd = openSync(p, 'r');
      opened.push(fd);
      return fd;
    }) as [number, number, number];
    const ctrl = new FileInput(ctrlFd, 0, fstatSync(ctrlFd).size);
    const diff = new FileInput(diffFd, 0, fstatSync(diffFd).size);
    const extra = new FileInput(extraFd, 0, fstatSync(extraFd).size);
    const outFd = outPath ? openSync(outPath, 'w') : null;
    if (outFd !== null) opened.push(outFd);
    const out = outFd === null ? null : new FileOutput(outFd);
    const hash = createHash('sha256');
    const CH = 64 * 1024;
    const a = new Uint8Array(CH);
    const b = new Uint8Array(CH);
    const entry = new Uint8Array(24);
    let newPos = 0;
    let oldPos = 0;
    const emit = (bytes: Uint8Array) => {
      hash.update(bytes);
      out?.write(bytes, 0, bytes.length);
    };
    while (newPos < newSize) {
      if (ctrl.read(entry, 0, 24) !== 24) throw new CorruptPatchError('control');
      const x = offIn(entry, 0);
      const y = offIn(entry, 8);
      const z = offIn(entry, 16);
      if (x < 0 || y < 0 || newPos + x + y > newSize) throw new CorruptPatchError('control entry');
      for (let done = 0; done < x; ) {
        const n = Math.min(CH, x - done);
        if (diff.read(a, 0, n) !== n) throw new CorruptPatchError('diff');
        b.fill(0, 0, n);
        // Old bytes outside the old file count as 0, as in bspatch.
        const from = oldPos + done;
        const lo = Math.max(0, -from);
        const hi = Math.min(n, oldSize - from);
        if (hi > lo) {
          const got = readAt(oldFd, from + lo, hi - lo);
          b.set(got, lo);
        }
        for (let i = 0; i < n; i++) a[i] = ((a[i] as number) + (b[i] as number)) & 0xff;
        emit(a.subarray(0, n));
        done += n;
      }
      newPos += x;
      oldPos += x;
      for (let done = 0; done < y; ) {
        const n = Math.min(CH, y - done);
        if (extra.read(a, 0, n) !== n) throw new CorruptPatchError('extra');
        emit(a.subarray(0, n));
        done += n;
      }
      newPos += y;
      oldPos += z;
    }
    out?.flush();
    return { size: newSize, sha256: hash.digest('hex') };
  } finally {
    for (const fd of [patchFd, oldFd, ...opened]) closeSync(fd);
    for (const p of temp) {
      try {
        unlinkSync(p);
      } catch {}
    }
  }
}
