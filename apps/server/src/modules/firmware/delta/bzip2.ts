import { closeSync, openSync, readSync, writeSync } from 'node:fs';
import compressjs, { type ByteInput, type ByteOutput } from 'compressjs';

/**
 * bzip2 over files with bounded memory, for the bsdiff 4 patches (BSDIFF40 blocks are bzip2 streams). The coder is
 * compressjs (pure JavaScript, no native build); these adapters feed it from and to files through 64 KiB buffers,
 * so memory stays at one bzip2 block (900 kB) and the buffers whatever the file's size. Runs in the delta worker
 * thread, never on the server's event loop.
 */

const CHUNK = 64 * 1024;

/** Reads bytes `[start, end)` of an open file. */
export class FileInput implements ByteInput {
  private readonly buf = Buffer.allocUnsafe(CHUNK);
  private len = 0;
  private at = 0;
  private pos: number;
  private done = false;
  constructor(
    private readonly fd: number,
    start: number,
    private readonly end: number,
  ) {
    this.pos = start;
    this.size = end - start;
  }
  size: number;
  private fill(): boolean {
    if (this.pos >= this.end) return false;
    this.len = readSync(this.fd, this.buf, 0, Math.min(CHUNK, this.end - this.pos), this.pos);
    this.pos += this.len;
    this.at = 0;
    return this.len > 0;
  }
  readByte(): number {
    if (this.at >= this.len && !this.fill()) {
      this.done = true;
      return -1;
    }
    return this.buf[this.at++] as number;
  }
  read(out: Uint8Array, offset: number, length: number): number {
    let n = 0;
    while (n < length) {
      if (this.at >= this.len && !this.fill()) {
        this.done = true;
        break;
      }
      const take = Math.min(length - n, this.len - this.at);
      out.set(this.buf.subarray(this.at, this.at + take), offset + n);
      this.at += take;
      n += take;
    }
    return n;
  }
  eof(): boolean {
    return this.done || (this.at >= this.len && this.pos >= this.end);
  }
}

/** Appends bytes to an open file; `flush()` writes what is buffered. Counts what it wrote. */
export class FileOutput implements ByteOutput {
  private readonly buf = Buffer.allocUnsafe(CHUNK);
  private at = 0;
  written = 0;
  constructor(private readonly fd: number) {}
  writeByte(byte: number): void {
    if (this.at === CHUNK) this.flush();
    this.buf[this.at++] = byte;
  }
  write(data: Uint8Array, offset: number, length: number): number {
    for (let i = 0; i < length; ) {
      if (this.at === CHUNK) this.flush();
      const take = Math.min(length - i, CHUNK - this.at);
      this.buf.set(data.subarray(offset + i, offset + i + take), this.at);
      this.at += take;
      i += take;
    }
    return length;
  }
  flush(): void {
    let off = 0;
    while (off < this.at) off += writeSync(this.fd, this.buf, off, this.at - off);
    this.written += this.at;
    this.at = 0;
  }
}

/** Compresses bytes `[start, end)` of `inFd` into one bzip2 stream appended to `outFd`; answers its length. */
export function bzip2Range(inFd: number, start: number, end: number, outFd: number): number {
  const out = new FileOutput(outFd);
  compressjs.Bzip2.compressFile(new FileInput(inFd, start, end), out, 9);
  out.flush();
  return out.written;
}

/** Decompresses the bzip2 stream in bytes `[start, end)` of `inFd` into the file `outPath`; answers its length. */
export function bunzip2Range(inFd: number, start: number, end: number, outPath: string): number {
  const fd = openSync(outPath, 'w');
  try {
    const out = new FileOutput(fd);
    compressjs.Bzip2.decompressFile(new FileInput(inFd, start, end), out);
    out.flush();
    return out.written;
  } finally {
    closeSync(fd);
  }
}
