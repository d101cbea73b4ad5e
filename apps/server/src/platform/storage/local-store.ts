import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { type FileHandle, link, mkdir, open, rename, rm, stat, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type BlobInfo, type BlobStore, type ByteRange, isSha256, type StagedBlob } from './blob-store';
import { FileBody } from './file-body';
import { checkExpected, Meter } from './meter';

const WRITE_BUFFER = 1024 * 1024;

/**
 * Blobs on the local disk (the default, under DATA_DIR): `objects/<first two hex digits>/<sha256>`, written first
 * to `tmp/<random>` and renamed into place after an fsync, so a reader sees a whole blob or none. `tmp/` is emptied
 * when the store opens: whatever a killed write left there is dropped.
 */
export async function openLocalStore(root: string): Promise<BlobStore> {
  const objects = join(root, 'objects');
  const tmp = join(root, 'tmp');
  await rm(tmp, { recursive: true, force: true });
  await mkdir(tmp, { recursive: true, mode: 0o700 });
  await mkdir(objects, { recursive: true, mode: 0o700 });

  const pathOf = (sha256: string) => join(objects, sha256.slice(0, 2), sha256);

  const store: BlobStore = {
    kind: 'local',

    async stage(source, options) {
      const temp = join(tmp, randomUUID());
      const handle = await open(temp, 'wx', 0o600);
      const meter = new Meter(options.maxSize);
      try {
        await pipeline(source instanceof Readable ? source : Readable.from(source), meter, syncedWriter(handle));
      } catch (error) {
        await handle.close().catch(() => {});
        await rm(temp, { force: true });
        throw error;
      }
      await handle.close();
      const info = meter.result();
      try {
        checkExpected(info, options);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      return staged(info.sha256, info.size, temp);
    },

    async stageFile(path, options) {
      const temp = join(tmp, randomUUID());
      try {
        await link(path, temp);
      } catch (error) {
        if (!CANNOT_LINK.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
        return store.stage(createReadStream(path), options);
      }
      try {
        const info = await hashAndSync(temp, options.maxSize);
        checkExpected(info, options);
        return staged(info.sha256, info.size, temp);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },

    async put(source, options) {
      const blob = await store.stage(source, options);
      await blob.publish();
      return { sha256: blob.sha256, size: blob.size };
    },

    async stat(sha256) {
      if (!isSha256(sha256)) return null;
      try {
        const s = await stat(pathOf(sha256));
        return s.isFile() ? { size: s.size } : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async read(sha256, range?: ByteRange) {
      if (!isSha256(sha256)) return null;
      // Opened before the stream is made, so that a missing blob is a null, not a stream that fails later.
      let handle: FileHandle;
      try {
        handle = await open(pathOf(sha256), 'r');
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      try {
        return new FileBody(handle, range?.start ?? 0, range ? range.end + 1 : (await handle.stat()).size);
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    async remove(sha256) {
      if (!isSha256(sha256)) return;
      await unlink(pathOf(sha256)).catch((error) => {
        if (!isMissing(error)) throw error;
      });
    },

    async close() {},
  };

  function staged(sha256: string, size: number, temp: string): StagedBlob {
    return {
      sha256,
      size,
      async publish() {
        const target = pathOf(sha256);
        await mkdir(dirname(target), { recursive: true, mode: 0o700 });
        // Same name, same bytes: a blob already there is kept and the new copy dropped.
        if (await store.stat(sha256)) {
          await rm(temp, { force: true });
          return;
        }
        await rename(temp, target);
        await syncDirectory(dirname(target));
      },
      async discard() {
        await rm(temp, { force: true });
      },
    };
  }

  return store;
}

/** Bytes written between two flushes to the disk in the background (see `syncedWriter`). */
const FLUSH_EVERY = 64 * 1024 * 1024;

/**
 * Writes to an open file (kept open) and fsyncs it before the stream finishes. Every `FLUSH_EVERY` bytes it starts a
 * `datasync` without waiting for it (the writes go on), so that the final fsync finds little left to write: on
 * 1 GiB it took 20–25 ms instead of 320–450, and the upload ran about a tenth faster (bench/README "Storage").
 */
function syncedWriter(handle: FileHandle): Writable {
  let unflushed = 0;
  let flushed: Promise<void> = Promise.resolve();
  let flushError: unknown;
  return new Writable({
    highWaterMark: WRITE_BUFFER,
    writev(chunks, done) {
      const buffers = chunks.map((c) => c.chunk as Buffer);
      const total = buffers.reduce((sum, b) => sum + b.length, 0);
      handle.writev(buffers).then(({ bytesWritten }) => {
        if (bytesWritten !== total) return done(new Error(`short write: ${bytesWritten} of ${total} bytes`));
        unflushed += total;
        if (unflushed >= FLUSH_EVERY) {
          unflushed = 0;
          flushed = flushed
            .then(() => handle.datasync())
            .catch((error: unknown) => {
              flushError ??= error;
            });
        }
        done();
      }, done);
    },
    final(done) {
      flushed
        .then(() => {
          if (flushError) throw flushError;
          return handle.sync();
        })
        .then(() => done(), done);
    },
  });
}

/** Why a hard link cannot be made where a copy can: another file system, or one without links. */
const CANNOT_LINK = new Set(['EXDEV', 'EPERM', 'EMLINK', 'ENOTSUP', 'EOPNOTSUPP']);

/**
 * The SHA-256 and size of a file (BlobTooLargeError past `maxSize`), read through the same `Meter` as a written
 * blob; the file is fsynced first (its bytes do not change, so the order does not matter).
 */
async function hashAndSync(path: string, maxSize: number): Promise<BlobInfo> {
  const handle = await open(path, 'r');
  let body: FileBody;
  try {
    await handle.sync();
    body = new FileBody(handle, 0, (await handle.stat()).size);
  } catch (error) {
    await handle.close();
    throw error;
  }
  const meter = new Meter(maxSize);
  // The file body closes the handle when it ends or fails.
  await pipeline(body, meter, async (hashed: AsyncIterable<Buffer>) => {
    for await (const _ of hashed);
  });
  return meter.result();
}

/** Makes a rename durable: the directory entry reaches the disk. */
async function syncDirectory(path: string): Promise<void> {
  const dir = await open(path, 'r');
  try {
    await dir.sync();
  } finally {
    await dir.close();
  }
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';
