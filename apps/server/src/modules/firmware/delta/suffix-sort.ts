/**
 * Suffix sorting for bsdiff: Larsson and Sadakane's qsufsort, as in Colin Percival's bsdiff 4. `I` answers the
 * suffixes of `old` (with the empty one) in order; `V` is scratch. Both hold `old.length + 1` entries, so a window
 * of n bytes takes 8 (n + 1) bytes here. The second recursion of `split` is a loop, so the stack stays shallow.
 */
export function suffixSort(old: Uint8Array): Int32Array {
  const n = old.length;
  const I = new Int32Array(n + 1);
  const V = new Int32Array(n + 1);
  const buckets = new Int32Array(256);
  for (let i = 0; i < n; i++) buckets[old[i] as number]++;
  for (let i = 1; i < 256; i++) buckets[i] += buckets[i - 1] as number;
  for (let i = 255; i > 0; i--) buckets[i] = buckets[i - 1] as number;
  buckets[0] = 0;
  for (let i = 0; i < n; i++) I[++buckets[old[i] as number]] = i;
  I[0] = n;
  for (let i = 0; i < n; i++) V[i] = buckets[old[i] as number] as number;
  V[n] = 0;
  for (let i = 1; i < 256; i++) if (buckets[i] === (buckets[i - 1] as number) + 1) I[buckets[i] as number] = -1;
  I[0] = -1;
  for (let h = 1; I[0] !== -(n + 1); h += h) {
    let len = 0;
    let i = 0;
    while (i < n + 1) {
      const v = I[i] as number;
      if (v < 0) {
        len -= v;
        i -= v;
      } else {
        if (len) I[i - len] = -len;
        len = (V[v] as number) + 1 - i;
        split(I, V, i, len, h);
        i += len;
        len = 0;
      }
    }
    if (len) I[i - len] = -len;
  }
  for (let i = 0; i < n + 1; i++) I[V[i] as number] = i;
  return I;
}

function split(I: Int32Array, V: Int32Array, start0: number, len0: number, h: number): void {
  let start = start0;
  let len = len0;
  for (;;) {
    if (len < 16) {
      for (let k = start; k < start + len; ) {
        let j = 1;
        let x = V[(I[k] as number) + h] as number;
        for (let i = 1; k + i < start + len; i++) {
          const y = V[(I[k + i] as number) + h] as number;
          if (y < x) {
            x = y;
            j = 0;
          }
          if (y === x) {
            const t = I[k + j] as number;
            I[k + j] = I[k + i] as number;
            I[k + i] = t;
            j++;
          }
        }
        for (let i = 0; i < j; i++) V[I[k + i] as number] = k + j - 1;
        if (j === 1) I[k] = -1;
        k += j;
      }
      return;
    }
    const x = V[(I[start + (len >> 1)] as number) + h] as number;
    let jj = 0;
    let kk = 0;
    for (let i = start; i < start + len; i++) {
      const y = V[(I[i] as number) + h] as number;
      if (y < x) jj++;
      if (y === x) kk++;
    }
    jj += start;
    kk += jj;
    let i = start;
    let j = 0;
    let k = 0;
    while (i < jj) {
      const y = V[(I[i] as number) + h] as number;
      if (y < x) i++;
      else if (y === x) {
        const t = I[i] as number;
        I[i] = I[jj + j] as number;
        I[jj + j] = t;
        j++;
      } else {
        const t = I[i] as number;
        I[i] = I[kk + k] as number;
        I[kk + k] = t;
        k++;
      }
    }
    while (jj + j < kk) {
      if (V[(I[jj + j] as number) + h] === x) j++;
      else {
        const t = I[jj + j] as number;
        I[jj + j] = I[kk + k] as number;
        I[kk + k] = t;
        k++;
      }
    }
    if (jj > start) split(I, V, start, jj - start, h);
    for (let m = 0; m < kk - jj; m++) V[I[jj + m] as number] = kk - 1;
    if (jj === kk - 1) I[jj] = -1;
    if (start + len > kk) {
      const next = kk;
      len = start + len - kk;
      start = next;
    } else return;
  }
}
