import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobDigestMismatchError, type BlobStore, BlobTooLargeError, isSha256 } from '../platform/storage/blob-store';

/** What a driver test gives the suite: how to open its store (again) and list what it holds. */
export interface DriverUnderTest {
  open(): Promise<BlobStore>;
  /** Every name the driver's storage holds outside its temporary area (paths or keys, relative). */
  visible(): Promise<string[]>;
  /** Every name in the temporary area. */
  temporary(): Promise<string[]>;
}

/** Deterministic bytes: `size` of them, in `chunk`-sized pieces, from a seed. */
export function bytesOf(size: number, seed = 1, chunk = 64 * 1024): Buffer[] {
  const out: Buffer[] = [];
  let x = seed >>> 0 || 1;
  for (let done = 0; done < size; done += chunk) {
    const piece = Buffer.alloc(Math.min(chunk, size - done));
    for (let i = 0; i < piece.length; i++) {
      x = (x * 1103515245 + 12345) >>> 0;
      piece[i] = x >>> 24;
    }
    out.push(piece);
  }
  return out;
}

export const sha256Of = (chunks: Buffer[]) => {
  const h = createHash('sha256');
  for (const c of chunks) h.update(c);
  return h.digest('hex');
};

export async function readAll(stream: Readable | null): Promise<Buffer> {
  if (!stream) throw new Error('no stream');
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** A source that keeps producing `chunk`-sized pieces up to `limit` bytes, counting what was taken. */
export function endless(limit: number, chunk = 64 * 1024) {
  const state = { pulled: 0 };
  const piece = Buffer.alloc(chunk, 7);
  const stream = new Readable({
    read() {
      if (state.pulled >= limit) {
        this.push(null);
        return;
      }
      state.pulled += chunk;
      this.push(piece);
    },
  });
  return { stream, state };
}

/** The behaviour every BlobStore driver must have (run against local disk and against s3rver). */
export function blobStoreSuite(name: string, driver: () => DriverUnderTest, options: { retry?: number } = {}): void {
  describe(`BlobStore driver: ${name}`, options, () => {
    let store: BlobStore;
    beforeAll(async () => {
      store = await driver().open();
    });
    afterAll(async () => {
      await store.close();
    });

    it('stores bytes under their SHA-256 and reads them back', async () => {
      const chunks = bytesOf(300_000, 11);
      const info = await store.put(Readable.from(chunks), { maxSize: 1_000_000 });
      expect(info).toEqual({ sha256: sha256Of(chunks), size: 300_000 });
      expect(await store.stat(info.sha256)).toEqual({ size: 300_000 });
      expect((await readAll(await store.read(info.sha256))).equals(Buffer.concat(chunks))).toBe(true);
    });

    it('stores an empty blob', async () => {
      const info = await store.put(Readable.from([]), { maxSize: 10 });
      expect(info.sha256).toBe(createHash('sha256').digest('hex'));
      expect((await readAll(await store.read(info.sha256))).length).toBe(0);
    });

    it('streams a blob larger than one S3 part (multipart) and hashes it right', async () => {
      const chunks = bytesOf(17 * 1024 * 1024 + 5, 12);
      const info = await store.put(Readable.from(chunks), { maxSize: 64 * 1024 * 1024 });
      expect(info.sha256).toBe(sha256Of(chunks));
      expect(
        createHash('sha256')
          .update(await readAll(await store.read(info.sha256)))
          .digest('hex'),
      ).toBe(info.sha256);
    });

    it('reads inclusive byte ranges', async () => {
      const bytes = Buffer.concat(bytesOf(10_000, 13));
      const { sha256 } = await store.put(Readable.from([bytes]), { maxSize: 10_000 });
      for (const [start, end] of [
        [0, 0],
        [0, 9_999],
        [1234, 5678],
        [9_999, 9_999],
      ] as const) {
        const got = await readAll(await store.read(sha256, { start, end }));
        expect(got.equals(bytes.subarray(start, end + 1))).toBe(true);
      }
    });

    it('aborts a write that passes maxSize while it streams, and keeps nothing', async () => {
      const before = await driver().visible();
      const { stream, state } = endless(200 * 1024 * 1024);
      await expect(store.put(stream, { maxSize: 1024 * 1024 })).rejects.toBeInstanceOf(BlobTooLargeError);
      // Stopped reading soon after the limit, not at the end of the 200 MB source.
      expect(state.pulled).toBeLessThan(4 * 1024 * 1024);
      expect(await driver().visible()).toEqual(before);
      expect(await driver().temporary()).toEqual([]);
    });

    it('accepts exactly maxSize bytes', async () => {
      const info = await store.put(Readable.from(bytesOf(4096, 14)), { maxSize: 4096 });
      expect(info.size).toBe(4096);
    });

    it('refuses bytes that do not hash to the announced digest, and keeps nothing', async () => {
      const before = await driver().visible();
      const chunks = bytesOf(5000, 15);
      await expect(
        store.put(Readable.from(chunks), { maxSize: 10_000, expectedSha256: 'a'.repeat(64) }),
      ).rejects.toBeInstanceOf(BlobDigestMismatchError);
      expect(await driver().visible()).toEqual(before);
      expect(await driver().temporary()).toEqual([]);
      const ok = await store.put(Readable.from(chunks), { maxSize: 10_000, expectedSha256: sha256Of(chunks) });
      expect(ok.sha256).toBe(sha256Of(chunks));
    });

    it('keeps one copy of content written concurrently', async () => {
      const chunks = bytesOf(200_000, 16);
      const before = (await driver().visible()).length;
      const infos = await Promise.all(
        Array.from({ length: 8 }, () => store.put(Readable.from(chunks), { maxSize: 1_000_000 })),
      );
      expect(new Set(infos.map((i) => i.sha256))).toEqual(new Set([sha256Of(chunks)]));
      const after = await driver().visible();
      expect(after.length).toBe(before + 1);
      expect(after.filter((n) => n.endsWith(sha256Of(chunks)))).toHaveLength(1);
      expect(await driver().temporary()).toEqual([]);
    });

    it('shows a staged blob only once published, and nothing once discarded', async () => {
      const a = await store.stage(Readable.from(bytesOf(1000, 17)), { maxSize: 1000 });
      expect(await store.stat(a.sha256)).toBeNull();
      await a.publish();
      expect(await store.stat(a.sha256)).toEqual({ size: 1000 });
      const b = await store.stage(Readable.from(bytesOf(1000, 18)), { maxSize: 1000 });
      await b.discard();
      expect(await store.stat(b.sha256)).toBeNull();
      expect(await driver().temporary()).toEqual([]);
    });

    it('answers null for missing or malformed names and never turns them into paths', async () => {
      for (const name of ['0'.repeat(64), '../../etc/passwd', `${'A'.repeat(64)}`, '', 'a'.repeat(65)]) {
        expect(await store.stat(name)).toBeNull();
        expect(await store.read(name)).toBeNull();
        await store.remove(name);
      }
      expect(isSha256('A'.repeat(64))).toBe(false);
    });

    it('removes a blob', async () => {
      const { sha256 } = await store.put(Readable.from(bytesOf(100, 19)), { maxSize: 100 });
      await store.remove(sha256);
      expect(await store.stat(sha256)).toBeNull();
      await store.remove(sha256);
    });

    it('drops what an unfinished write left when it opens again', async () => {
      const staged = await store.stage(Readable.from(bytesOf(1000, 20)), { maxSize: 1000 });
      expect((await driver().temporary()).length).toBe(1);
      const again = await driver().open();
      expect(await driver().temporary()).toEqual([]);
      expect(await again.stat(staged.sha256)).toBeNull();
      await again.close();
    });
  });
}
