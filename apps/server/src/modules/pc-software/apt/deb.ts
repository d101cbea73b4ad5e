import { gunzipSync } from 'node:zlib';
import { xzDecompress } from './xz';

/**
 * Reads a `.deb`'s control file (deb(5)): an `ar` archive whose second member is `control.tar` — uncompressed,
 * `.gz` or `.xz` (what `dpkg-deb` makes by default) — holding `./control`. Zstandard (`control.tar.zst`, Ubuntu's
 * default since 21.10) needs Node 22's zlib: such a `.deb` is refused with the reason. Only the archive's head is
 * needed: the caller reads ranges of the blob through `readRange`.
 */

export class DebError extends Error {}

const AR_MAGIC = '!<arch>\n';
const AR_HEADER = 60;
/** The most a control member may take (dpkg-deb's own are a few KiB). */
const MAX_CONTROL_MEMBER = 4 << 20;

export interface DebControl {
  /** The control paragraph as written, without trailing blank lines, lines ending with `\n`. */
  paragraph: string;
  /** Field names (as written) to their values (continuation lines joined with `\n`). */
  fields: Map<string, string>;
}

type ReadRange = (start: number, end: number) => Promise<Buffer>;

/** Reads the control file of a `.deb` of `size` bytes. */
export async function readDebControl(size: number, readRange: ReadRange): Promise<DebControl> {
  if (size < AR_MAGIC.length + 2 * AR_HEADER) throw new DebError('not a .deb: too small');
  let pos = AR_MAGIC.length;
  const head = await readRange(0, Math.min(size, pos + AR_HEADER) - 1);
  if (head.subarray(0, pos).toString('latin1') !== AR_MAGIC) throw new DebError('not a .deb: no ar archive');
  // Members: `debian-binary`, then `control.tar[.gz|.xz|.zst]` (dpkg may put `_`-prefixed members before it).
  for (let i = 0; i < 8 && pos + AR_HEADER <= size; i++) {
    const header = await readRange(pos, pos + AR_HEADER - 1);
    const name = header.subarray(0, 16).toString('latin1').trim().replace(/\/$/, '');
    const memberSize = Number.parseInt(header.subarray(48, 58).toString('latin1').trim(), 10);
    if (!Number.isSafeInteger(memberSize) || memberSize < 0 || pos + AR_HEADER + memberSize > size)
      throw new DebError('not a .deb: bad ar member');
    const start = pos + AR_HEADER;
    if (name.startsWith('control.tar')) {
      if (memberSize > MAX_CONTROL_MEMBER) throw new DebError('control member too large');
      const member = await readRange(start, start + memberSize - 1);
      return controlFromTar(untar(decompress(name, member)));
    }
    pos = start + memberSize + (memberSize % 2);
  }
  throw new DebError('not a .deb: no control member');
}

function decompress(name: string, member: Buffer): Buffer {
  try {
    if (name === 'control.tar') return member;
    if (name === 'control.tar.gz') return gunzipSync(member, { maxOutputLength: 16 << 20 });
    if (name === 'control.tar.xz') return xzDecompress(member);
  } catch (error) {
    throw new DebError(`${name}: ${(error as Error).message}`);
  }
  throw new DebError(`${name} is not supported (control.tar, .gz or .xz)`);
}

/** The `control` file of a control tarball (ustar or GNU, names `./control` or `control`). */
function untar(tar: Buffer): Buffer {
  let pos = 0;
  while (pos + 512 <= tar.length) {
    const header = tar.subarray(pos, pos + 512);
    if (header.every((b) => b === 0)) break;
    const name = header.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
    const size = Number.parseInt(header.subarray(124, 136).toString('latin1').replace(/\0.*$/s, '').trim() || '0', 8);
    const type = String.fromCharCode(header[156] as number);
    if (!Number.isSafeInteger(size) || size < 0) throw new DebError('bad control tarball');
    const body = pos + 512;
    if ((type === '0' || type === '\0') && (name === './control' || name === 'control'))
      return tar.subarray(body, body + size);
    pos = body + Math.ceil(size / 512) * 512;
  }
  throw new DebError('no control file in control.tar');
}

function controlFromTar(bytes: Buffer): DebControl {
  const text = bytes.toString('utf8').replace(/\r\n/g, '\n');
  const paragraph = `${text.split(/\n\s*\n/)[0]?.trimEnd() ?? ''}\n`;
  const fields = new Map<string, string>();
  let current: string | undefined;
  for (const line of paragraph.split('\n')) {
    if (line === '') continue;
    if (/^[ \t]/.test(line)) {
      if (current === undefined) throw new DebError('bad control file');
      fields.set(current, `${fields.get(current)}\n${line}`);
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) throw new DebError('bad control file');
    current = line.slice(0, colon);
    fields.set(current, line.slice(colon + 1).trim());
  }
  for (const required of ['Package', 'Version', 'Architecture'])
    if (!fields.get(required)) throw new DebError(`control file without ${required}`);
  return { paragraph, fields };
}
