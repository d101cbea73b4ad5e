/**
 * A decoder of `.xz` files (LZMA2 filter only, the one `xz` and `dpkg-deb` use), enough to read the small
 * `control.tar.xz` member every `.deb` built by Debian's `dpkg-deb` carries since dpkg 1.19 (Node's zlib has no xz).
 * Follows the xz file format 1.1.0 and the LZMA specification (lzma-specification.txt of the LZMA SDK). The block
 * checks are not verified: the caller knows the whole file's SHA-256. Decoding stops, with an error, past `maxOut`
 * bytes.
 */

export class XzError extends Error {}

const fail = (why: string): never => {
  throw new XzError(`xz: ${why}`);
};

class RangeDecoder {
  private range = 0xffffffff;
  private code = 0;
  constructor(
    private readonly buf: Uint8Array,
    public pos: number,
  ) {
    if (buf[pos] !== 0) fail('bad range coder start');
    for (let i = 1; i < 5; i++) this.code = ((this.code << 8) | this.byte(pos + i)) >>> 0;
    this.pos = pos + 5;
  }
  private byte(at: number): number {
    const b = this.buf[at];
    return b === undefined ? fail('truncated') : b;
  }
  private normalize(): void {
    if (this.range < 0x1000000) {
      this.range = (this.range << 8) >>> 0;
      this.code = ((this.code << 8) | this.byte(this.pos++)) >>> 0;
    }
  }
  bit(probs: Uint16Array, i: number): number {
    const p = probs[i] as number;
    const bound = (this.range >>> 11) * p;
    let bit: number;
    if (this.code < bound) {
      this.range = bound;
      probs[i] = p + ((2048 - p) >>> 5);
      bit = 0;
    } else {
      this.range = (this.range - bound) >>> 0;
      this.code = (this.code - bound) >>> 0;
      probs[i] = p - (p >>> 5);
      bit = 1;
    }
    this.normalize();
    return bit;
  }
  direct(count: number): number {
    let result = 0;
    for (let i = 0; i < count; i++) {
      this.range >>>= 1;
      let bit = 0;
      if (this.code >= this.range) {
        this.code = (this.code - this.range) >>> 0;
        bit = 1;
      }
      result = ((result << 1) | bit) >>> 0;
      this.normalize();
    }
    return result;
  }
  tree(probs: Uint16Array, base: number, bits: number): number {
    let m = 1;
    for (let i = 0; i < bits; i++) m = (m << 1) + this.bit(probs, base + m);
    return m - (1 << bits);
  }
  reverseTree(probs: Uint16Array, base: number, bits: number): number {
    let m = 1;
    let symbol = 0;
    for (let i = 0; i < bits; i++) {
      const bit = this.bit(probs, base + m);
      m = (m << 1) + bit;
      symbol |= bit << i;
    }
    return symbol;
  }
}

const PROB_INIT = 1024;

class LenDecoder {
  readonly choice = new Uint16Array(2);
  readonly low = new Uint16Array(16 << 3);
  readonly mid = new Uint16Array(16 << 3);
  readonly high = new Uint16Array(256);
  reset(): void {
    for (const a of [this.choice, this.low, this.mid, this.high]) a.fill(PROB_INIT);
  }
  decode(rc: RangeDecoder, posState: number): number {
    if (rc.bit(this.choice, 0) === 0) return rc.tree(this.low, posState << 3, 3);
    if (rc.bit(this.choice, 1) === 0) return 8 + rc.tree(this.mid, posState << 3, 3);
    return 16 + rc.tree(this.high, 0, 8);
  }
}

/** The LZMA decoder's state across LZMA2 chunks: probabilities, state, last distances, properties. */
class Lzma {
  lc = 0;
  lp = 0;
  pb = 0;
  literal = new Uint16Array(0x300);
  readonly isMatch = new Uint16Array(12 << 4);
  readonly isRep = new Uint16Array(12);
  readonly isRepG0 = new Uint16Array(12);
  readonly isRepG1 = new Uint16Array(12);
  readonly isRepG2 = new Uint16Array(12);
  readonly isRep0Long = new Uint16Array(12 << 4);
  readonly posSlot = new Uint16Array(4 << 6);
  readonly posDecoders = new Uint16Array(115);
  readonly align = new Uint16Array(16);
  readonly len = new LenDecoder();
  readonly repLen = new LenDecoder();
  state = 0;
  reps = [0, 0, 0, 0];

  setProps(props: number): void {
    if (props >= 9 * 5 * 5) fail('bad LZMA properties');
    this.lc = props % 9;
    this.lp = Math.floor(props / 9) % 5;
    this.pb = Math.floor(props / 45);
    if (this.lc + this.lp > 4) fail('bad LZMA properties');
    this.literal = new Uint16Array(0x300 << (this.lc + this.lp));
  }

  reset(): void {
    for (const a of [
      this.literal,
      this.isMatch,
      this.isRep,
      this.isRepG0,
      this.isRepG1,
      this.isRepG2,
      this.isRep0Long,
      this.posSlot,
      this.posDecoders,
      this.align,
    ])
      a.fill(PROB_INIT);
    this.len.reset();
    this.repLen.reset();
    this.state = 0;
    this.reps = [0, 0, 0, 0];
  }

  private distance(rc: RangeDecoder, len: number): number {
    const lenState = Math.min(len, 3);
    const slot = rc.tree(this.posSlot, lenState << 6, 6);
    if (slot < 4) return slot;
    const direct = (slot >>> 1) - 1;
    let dist = ((2 | (slot & 1)) << direct) >>> 0;
    if (slot < 14) return dist + rc.reverseTree(this.posDecoders, dist - slot, direct);
    dist = (dist + ((rc.direct(direct - 4) << 4) >>> 0)) >>> 0;
    return (dist + rc.reverseTree(this.align, 0, 4)) >>> 0;
  }

  /** Decodes until `out` holds `end` bytes (an LZMA2 chunk's unpacked size). */
  decode(rc: RangeDecoder, out: Uint8Array, start: number, end: number, dictStart: number): void {
    let pos = start;
    const pbMask = (1 << this.pb) - 1;
    const lpMask = (1 << this.lp) - 1;
    const reps = this.reps;
    const byteAt = (dist: number) => {
      const at = pos - dist - 1;
      return at < dictStart ? fail('distance past the dictionary') : (out[at] as number);
    };
    while (pos < end) {
      const posState = pos & pbMask;
      const state = this.state;
      if (rc.bit(this.isMatch, (state << 4) + posState) === 0) {
        const prev = pos > dictStart ? (out[pos - 1] as number) : 0;
        const base = 0x300 * (((pos & lpMask) << this.lc) + (prev >>> (8 - this.lc)));
        let symbol = 1;
        if (state >= 7) {
          let match = byteAt(reps[0] as number);
          do {
            const matchBit = (match >>> 7) & 1;
            match <<= 1;
            const bit = rc.bit(this.literal, base + ((1 + matchBit) << 8) + symbol);
            symbol = (symbol << 1) | bit;
            if (matchBit !== bit) break;
          } while (symbol < 0x100);
        }
        while (symbol < 0x100) symbol = (symbol << 1) | rc.bit(this.literal, base + symbol);
        out[pos++] = symbol - 0x100;
        this.state = state < 4 ? 0 : state < 10 ? state - 3 : state - 6;
        continue;
      }
      let len: number;
      if (rc.bit(this.isRep, state) === 0) {
        reps[3] = reps[2] as number;
        reps[2] = reps[1] as number;
        reps[1] = reps[0] as number;
        len = this.len.decode(rc, posState);
        this.state = state < 7 ? 7 : 10;
        reps[0] = this.distance(rc, len);
        if (reps[0] === 0xffffffff) fail('end marker inside LZMA2');
      } else {
        if (rc.bit(this.isRepG0, state) === 0) {
          if (rc.bit(this.isRep0Long, (state << 4) + posState) === 0) {
            this.state = state < 7 ? 9 : 11;
            out[pos] = byteAt(reps[0] as number);
            pos++;
            continue;
          }
        } else {
          let dist: number;
          if (rc.bit(this.isRepG1, state) === 0) dist = reps[1] as number;
          else {
            if (rc.bit(this.isRepG2, state) === 0) dist = reps[2] as number;
            else {
              dist = reps[3] as number;
              reps[3] = reps[2] as number;
            }
            reps[2] = reps[1] as number;
          }
          reps[1] = reps[0] as number;
          reps[0] = dist;
        }
        len = this.repLen.decode(rc, posState);
        this.state = state < 7 ? 8 : 11;
      }
      let n = len + 2;
      const dist = reps[0] as number;
      if (pos - dist - 1 < dictStart) fail('distance past the dictionary');
      if (pos + n > end) fail('match past the chunk');
      while (n-- > 0) {
        out[pos] = out[pos - dist - 1] as number;
        pos++;
      }
    }
  }
}

/** Reads a multibyte integer (xz's 7 bits a byte, least significant first). */
function varint(buf: Uint8Array, at: { pos: number }): number {
  let value = 0;
  for (let i = 0; i < 9; i++) {
    const b = buf[at.pos++];
    if (b === undefined) return fail('truncated');
    value += (b & 0x7f) * 2 ** (7 * i);
    if ((b & 0x80) === 0) return value;
  }
  return fail('bad integer');
}

const CHECK_SIZES: Record<number, number> = { 0: 0, 1: 4, 4: 8, 10: 32 };

/** The bytes of an `.xz` file (every block of its first stream), at most `maxOut` of them. */
export function xzDecompress(input: Uint8Array, maxOut = 16 << 20): Buffer {
  const magic = [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00];
  if (input.length < 24 || magic.some((b, i) => input[i] !== b)) fail('not an xz file');
  const checkSize = CHECK_SIZES[(input[7] as number) & 0x0f];
  if (checkSize === undefined) fail('unknown check');
  let out = new Uint8Array(Math.min(maxOut, Math.max(64 << 10, input.length * 8)));
  let outLen = 0;
  const grow = (need: number) => {
    if (need > maxOut) fail('output too large');
    if (need <= out.length) return;
    const next = new Uint8Array(Math.min(maxOut, Math.max(need, out.length * 2)));
    next.set(out.subarray(0, outLen));
    out = next;
  };
  let pos = 12;
  for (;;) {
    const sizeByte = input[pos];
    if (sizeByte === undefined) fail('truncated');
    if (sizeByte === 0) break; // the index: no more blocks
    const headerEnd = pos + ((sizeByte as number) + 1) * 4;
    const flags = input[pos + 1] as number;
    const at = { pos: pos + 2 };
    if (flags & 0x40) varint(input, at);
    if (flags & 0x80) varint(input, at);
    const filters = (flags & 0x03) + 1;
    for (let f = 0; f < filters; f++) {
      const id = varint(input, at);
      const propsSize = varint(input, at);
      if (id !== 0x21 || f !== filters - 1) fail(`filter ${id} is not supported`);
      at.pos += propsSize;
    }
    pos = headerEnd;
    const lzma = new Lzma();
    let dictStart = outLen;
    let haveProps = false;
    // LZMA2 chunks.
    for (;;) {
      const control = input[pos++];
      if (control === undefined) fail('truncated');
      if (control === 0x00) break;
      if (control === 0x01 || control === 0x02) {
        const size = (((input[pos] as number) << 8) | (input[pos + 1] as number)) + 1;
        pos += 2;
        if (control === 0x01) dictStart = outLen;
        if (pos + size > input.length) fail('truncated');
        grow(outLen + size);
        out.set(input.subarray(pos, pos + size), outLen);
        outLen += size;
        pos += size;
        continue;
      }
      if (control < 0x80) fail('bad LZMA2 chunk');
      const unpacked = ((control & 0x1f) << 16) + (((input[pos] as number) << 8) | (input[pos + 1] as number)) + 1;
      const packed = (((input[pos + 2] as number) << 8) | (input[pos + 3] as number)) + 1;
      pos += 4;
      const reset = (control >>> 5) & 0x03;
      if (reset === 3) dictStart = outLen;
      if (reset >= 2) {
        lzma.setProps(input[pos++] as number);
        haveProps = true;
      } else if (!haveProps) fail('LZMA2 chunk without properties');
      if (reset >= 1) lzma.reset();
      grow(outLen + unpacked);
      const rc = new RangeDecoder(input, pos);
      lzma.decode(rc, out, outLen, outLen + unpacked, dictStart);
      outLen += unpacked;
      pos += packed;
    }
    // Block padding to four bytes, then the check.
    while (pos % 4 !== 0) pos++;
    pos += checkSize as number;
  }
  return Buffer.from(out.buffer, out.byteOffset, outLen);
}
