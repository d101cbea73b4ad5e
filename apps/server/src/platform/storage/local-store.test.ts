import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll } from 'vitest';
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
