import type { Services } from '../../../platform/services';
import { type DebControl, DebError, readDebControl } from './deb';

/**
 * The control files of the `.deb` installers, read from the blob store once and kept in memory by the installer's
 * SHA-256 (the bytes cannot change under it): a restarted instance reads each again on first use, a few KiB of each.
 * A `.deb` that cannot be read is remembered too (null, with the reason logged once): the repository leaves it out.
 */

const MAX_KEPT = 50_000;
/** The bytes of a `.deb`'s head read at once. */
const HEAD_BYTES = 64 * 1024;
const kept = new Map<string, DebControl | null>();
const reading = new Map<string, Promise<DebControl | null>>();

function keep(sha256: string, control: DebControl | null): DebControl | null {
  if (kept.size >= MAX_KEPT) {
    const oldest = kept.keys().next();
    if (!oldest.done) kept.delete(oldest.value);
  }
  kept.set(sha256, control);
  reading.delete(sha256);
  return control;
}

async function readRange(s: Services, sha256: string, start: number, end: number): Promise<Buffer> {
  const stream = await s.blobs.store.read(sha256, { start, end });
  if (!stream) throw new Error('the blob is gone');
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** The `.deb`'s control file, or null when it cannot be read (not a `.deb`, an unsupported compression, gone). */
export async function debControl(s: Services, deb: { sha256: string; size: number }): Promise<DebControl | null> {
  const known = kept.get(deb.sha256);
  if (known !== undefined) return known;
  let pending = reading.get(deb.sha256);
  if (!pending) {
    // The control member comes right after `debian-binary`: one read of the head serves it in all but huge ones.
    let head: Promise<Buffer> | undefined;
    const ranged = (start: number, end: number) => {
      if (end < HEAD_BYTES) {
        head ??= readRange(s, deb.sha256, 0, Math.min(deb.size, HEAD_BYTES) - 1);
        return head.then((b) => b.subarray(start, end + 1));
      }
      return readRange(s, deb.sha256, start, end);
    };
    pending = readDebControl(deb.size, ranged).then(
      (control) => keep(deb.sha256, control),
      (err: unknown) => {
        reading.delete(deb.sha256);
        s.log.warn({ err, sha256: deb.sha256 }, 'apt: a .deb installer cannot be read; the repository leaves it out');
        // A broken .deb stays broken; a blob the store could not read may be read next time.
        return err instanceof DebError ? keep(deb.sha256, null) : null;
      },
    );
    reading.set(deb.sha256, pending);
  }
  return pending;
}
