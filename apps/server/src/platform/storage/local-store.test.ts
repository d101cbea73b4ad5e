import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { blobStoreSuite } from '../../test/blob-store-suite';
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
