import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

/**
 * Is a file already compressed? Shannon entropy (bits per byte) of up to 32 samples of 64 KiB spread over it.
 * Compressed or encrypted data sits near 8; executables, file systems and raw images well below. Above
 * COMPRESSED_BITS a byte-wise delta finds nothing to share.
 */
export const COMPRESSED_BITS = 7.5;
const SAMPLE = 64 * 1024;
const SAMPLES = 32;

export function sampledEntropy(path: string): number {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    if (size === 0) return 0;
    const counts = new Float64Array(256);
    const buf = Buffer.allocUnsafe(SAMPLE);
    let total = 0;
    const n = Math.min(SAMPLES, Math.ceil(size / SAMPLE));
    for (let i = 0; i < n; i++) {
      const at = n === 1 ? 0 : Math.floor(((size - Math.min(SAMPLE, size)) * i) / (n - 1));
      const got = readSync(fd, buf, 0, Math.min(SAMPLE, size - at), at);
      for (let j = 0; j < got; j++) counts[buf[j] as number] += 1;
      total += got;
    }
    let bits = 0;
    for (const c of counts) if (c > 0) bits -= (c / total) * Math.log2(c / total);
    return bits;
  } finally {
    closeSync(fd);
  }
}
