import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bytesOf } from '../../test/blob-store-suite';
import { killed, startChild, stopAll } from '../../test/child-process';
import { createSchema, dropSchema, schemaLock } from '../../test/harness';
import { tusClient } from '../../test/tus-client';
import { openLocalStore } from './local-store';

const files = (dir: string): string[] => {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name));
  } catch {
    return [];
  }
};

// Each case starts tsx processes (seconds each on a busy 2-core machine).
describe('a process killed with SIGKILL mid-write', { timeout: 120_000 }, () => {
  const dirs: string[] = [];
  const fresh = () => {
    const dir = mkdtempSync(join(tmpdir(), 'keel-kill-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    // A failed case may leave its child running.
    stopAll();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('leaves no visible blob, and the next start drops the partial file', async () => {
    const root = fresh();
    const writer = startChild('blob-writer-child.ts', [root]);
    expect(await writer.next()).toBe('writing');
    // Mid-write: a partial temporary file, nothing under a name.
    const partial = files(join(root, 'tmp'));
    expect(partial).toHaveLength(1);
    expect(statSync(partial[0] as string).size).toBeGreaterThan(0);
    await killed(writer.proc);
    expect(files(join(root, 'objects'))).toEqual([]);
    const store = await openLocalStore(root);
    expect(files(join(root, 'tmp'))).toEqual([]);
    expect(files(join(root, 'objects'))).toEqual([]);
    await store.close();
  });

  const databases: Array<'sqlite' | 'postgres'> = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
  for (const kind of databases) {
    it(`a server killed mid-upload restarts with nothing partial visible and the upload resumes [${kind}]`, async () => {
      const dataDir = fresh();
      const env: Record<string, string> = { DATA_DIR: dataDir };
      let schema = '';
      // The server child migrates at each start: the schema lock is held shared for the test (see `schemaLock`).
      let release = async () => {};
      if (kind === 'postgres') {
        release = await schemaLock('shared');
        schema = await createSchema();
        env.DATABASE_URL = `${process.env.TEST_DATABASE_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
      }
      try {
        const bytes = Buffer.concat(bytesOf(6 * 1024 * 1024, 51));
        const sha = createHash('sha256').update(bytes).digest('hex');
        let server = startChild('upload-server-child.ts', [], env);
        let info = JSON.parse(await server.next()) as { port: number; token: string };
        let tus = tusClient(`http://127.0.0.1:${info.port}`, info.token);
        const created = await tus.create(bytes.length, { filename: 'firmware.bin', sha256: sha });
        expect(created.status).toBe(201);
        const location = created.headers.get('location') as string;
        expect((await tus.patch(location, 0, bytes.subarray(0, 2 * 1024 * 1024))).status).toBe(204);
        // A second PATCH is under way (its connection open, more bytes announced) when the server dies.
        const inFlight = tus.interruptedPatch(
          location,
          2 * 1024 * 1024,
          bytes.subarray(2 * 1024 * 1024, 3 * 1024 * 1024),
          4 * 1024 * 1024,
        );
        await killed(server.proc);
        await inFlight;
        expect(files(join(dataDir, 'blobs', 'objects'))).toEqual([]);

        server = startChild('upload-server-child.ts', [], env);
        info = JSON.parse(await server.next()) as { port: number; token: string };
        tus = tusClient(`http://127.0.0.1:${info.port}`, info.token);
        expect(files(join(dataDir, 'blobs', 'tmp'))).toEqual([]);
        const head = await tus.head(location);
        expect(head.status).toBe(200);
        const offset = Number(head.headers.get('upload-offset'));
        expect(offset).toBeGreaterThanOrEqual(2 * 1024 * 1024);
        expect(offset).toBeLessThanOrEqual(3 * 1024 * 1024);
        expect((await tus.patch(location, offset, bytes.subarray(offset))).status).toBe(204);
        expect(JSON.parse(await server.next())).toEqual({ done: location.split('/').pop(), sha256: sha });
        expect(files(join(dataDir, 'blobs', 'objects')).map((f) => f.split('/').pop())).toEqual([sha]);
        await killed(server.proc);
      } finally {
        await release();
        if (schema) await dropSchema(schema);
      }
    });
  }
});
