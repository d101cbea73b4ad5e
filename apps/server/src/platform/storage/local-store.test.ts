import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { blobStoreSuite, bytesOf } from '../../test/blob-store-suite';
import { BlobDigestMismatchError, BlobSizeMismatchError, BlobTooLargeError } from './blob-store';
import { openLocalStore } from './local-store';

const root = mkdtempSync(join(tmpdir(), 'keel-blobs-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => relative(root, join(e.parentPath, e.name)))
    .sort();

blobStoreSuite('local disk', () => ({
  open: () => openLocalStore(root),
  visible: async () => walk(join(root, 'objects')),
  temporary: async () => walk(join(root, 'tmp')),
}));

describe('local disk: large blobs', () => {
  it('flushes a large blob to the disk while writing it, and stores it whole', async () => {
    const store = await openLocalStore(root);
    const probe = await open(join(root, 'probe'), 'w');
    const prototype = Object.getPrototypeOf(probe) as { datasync(): Promise<void> };
    await probe.close();
    rmSync(join(root, 'probe'));
    const datasync = vi.spyOn(prototype, 'datasync');
    try {
      // 130 MiB: two background flushes (every 64 MiB), then the final fsync.
      const mib = Buffer.alloc(1024 * 1024, 7);
      const expected = createHash('sha256');
      for (let i = 0; i < 130; i++) expected.update(mib);
      const info = await store.put(
        Readable.from(
          (function* () {
            for (let i = 0; i < 130; i++) yield mib;
          })(),
        ),
        { maxSize: 200 * 1024 * 1024 },
      );
      expect(info).toEqual({ sha256: expected.digest('hex'), size: 130 * 1024 * 1024 });
      expect(datasync).toHaveBeenCalledTimes(2);
      await store.remove(info.sha256);
    } finally {
      datasync.mockRestore();
    }
  });
});

describe('local disk: stageFile (a finished upload taken in without a copy)', () => {
  const bytes = Buffer.concat(bytesOf(3 * 1024 * 1024 + 5, 9));
  const digest = createHash('sha256').update(bytes).digest('hex');
  const source = join(root, 'uploaded');
  const objectOf = (sha: string) => join(root, 'objects', sha.slice(0, 2), sha);

  it('links the file into the store, hashes it, and publishes it under its digest', async () => {
    const store = await openLocalStore(root);
    writeFileSync(source, bytes);
    const staged = await store.stageFile?.(source, { maxSize: bytes.length, expectedSize: bytes.length });
    expect(staged && { sha256: staged.sha256, size: staged.size }).toEqual({ sha256: digest, size: bytes.length });
    await staged?.publish();
    expect(statSync(objectOf(digest)).ino).toBe(statSync(source).ino);
    expect(readFileSync(objectOf(digest)).equals(bytes)).toBe(true);
    // The upload's own name can go; the blob keeps the bytes.
    rmSync(source);
    expect(readFileSync(objectOf(digest)).equals(bytes)).toBe(true);
    await store.remove(digest);
  });

  it('refuses a file that is too large or not what was announced, keeping nothing', async () => {
    const store = await openLocalStore(root);
    writeFileSync(source, bytes);
    await expect(store.stageFile?.(source, { maxSize: bytes.length - 1 })).rejects.toBeInstanceOf(BlobTooLargeError);
    await expect(
      store.stageFile?.(source, { maxSize: bytes.length, expectedSha256: '0'.repeat(64) }),
    ).rejects.toBeInstanceOf(BlobDigestMismatchError);
    await expect(
      store.stageFile?.(source, { maxSize: bytes.length, expectedSize: bytes.length + 1 }),
    ).rejects.toBeInstanceOf(BlobSizeMismatchError);
    expect(walk(join(root, 'tmp'))).toEqual([]);
    expect(readFileSync(source).equals(bytes)).toBe(true);
    rmSync(source);
  });

  // /dev/shm is a memory file system, another one than the temporary directory's on the machines here.
  const otherDisk = existsSync('/dev/shm') && statSync('/dev/shm').dev !== statSync(root).dev;
  it.skipIf(!otherDisk)('copies a file from another file system, where no link can be made', async () => {
    const store = await openLocalStore(root);
    const elsewhere = join(mkdtempSync('/dev/shm/keel-upload-'), 'uploaded');
    try {
      writeFileSync(elsewhere, bytes);
      const staged = await store.stageFile?.(elsewhere, { maxSize: bytes.length });
      await staged?.publish();
      expect(staged?.sha256).toBe(digest);
      expect(statSync(objectOf(digest)).ino).not.toBe(statSync(elsewhere).ino);
      expect(readFileSync(objectOf(digest)).equals(bytes)).toBe(true);
      await store.remove(digest);
    } finally {
      rmSync(dirname(elsewhere), { recursive: true, force: true });
    }
  });
});
