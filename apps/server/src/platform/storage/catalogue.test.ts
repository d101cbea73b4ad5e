import { Readable } from 'node:stream';
import { expect, it } from 'vitest';
import { bytesOf, sha256Of } from '../../test/blob-store-suite';
import { describeEachDb } from '../../test/harness';

describeEachDb('blob catalogue', (env) => {
  const catalogue = () => env().app.keel.blobs;
  const HOUR = 3_600_000;

  it('records a blob with its owners, dedupes content and counts references', async () => {
    const chunks = bytesOf(50_000, 101);
    const a = await catalogue().keep(Readable.from(chunks), { owner: 'test:a', maxSize: 100_000 });
    const b = await catalogue().keep(Readable.from(chunks), { owner: 'test:b', maxSize: 100_000 });
    expect(a).toEqual({ sha256: sha256Of(chunks), size: 50_000 });
    expect(b).toEqual(a);
    expect(await catalogue().info(a.sha256)).toEqual({ size: 50_000, refs: 2 });
    // The same owner again is one reference.
    await catalogue().keep(Readable.from(chunks), { owner: 'test:a', maxSize: 100_000 });
    expect(await catalogue().info(a.sha256)).toEqual({ size: 50_000, refs: 2 });
  });

  it('removes a blob only once it has no owner and the grace period has passed', async () => {
    const chunks = bytesOf(10_000, 102);
    const { sha256 } = await catalogue().keep(Readable.from(chunks), { owner: 'test:c', maxSize: 100_000 });
    expect(await catalogue().addRef(sha256, 'test:d')).toBe(true);
    await catalogue().dropRef(sha256, 'test:c');
    expect(await catalogue().collect(0)).toBe(0);
    await catalogue().dropRef(sha256, 'test:d');
    expect(await catalogue().info(sha256)).toEqual({ size: 10_000, refs: 0 });
    expect(await catalogue().collect(HOUR)).toBe(0);
    env().advance(HOUR + 1);
    expect(await catalogue().collect(HOUR)).toBeGreaterThanOrEqual(1);
    expect(await catalogue().info(sha256)).toBeNull();
    expect(await catalogue().store.stat(sha256)).toBeNull();
    expect(await catalogue().addRef(sha256, 'test:e')).toBe(false);
  });

  it('a reference added back in the grace period keeps the blob', async () => {
    const { sha256 } = await catalogue().keep(Readable.from(bytesOf(1000, 103)), { owner: 'test:f', maxSize: 1000 });
    await catalogue().dropRef(sha256, 'test:f');
    expect(await catalogue().addRef(sha256, 'test:g')).toBe(true);
    env().advance(2 * HOUR);
    await catalogue().collect(HOUR);
    expect(await catalogue().info(sha256)).toEqual({ size: 1000, refs: 1 });
    expect(await catalogue().store.stat(sha256)).toEqual({ size: 1000 });
  });

  it('concurrent writes of the same content keep one blob with every owner', async () => {
    const chunks = bytesOf(120_000, 104);
    const infos = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        catalogue().keep(Readable.from(chunks), { owner: `test:h${i}`, maxSize: 200_000 }),
      ),
    );
    expect(new Set(infos.map((i) => i.sha256)).size).toBe(1);
    expect(await catalogue().info(sha256Of(chunks))).toEqual({ size: 120_000, refs: 10 });
  });

  it('a write racing the collector always ends with a row whose bytes are stored', async () => {
    for (let round = 0; round < 5; round++) {
      const chunks = bytesOf(20_000, 200 + round);
      const { sha256 } = await catalogue().keep(Readable.from(chunks), { owner: 'test:r', maxSize: 100_000 });
      await catalogue().dropRef(sha256, 'test:r');
      env().advance(2 * HOUR);
      await Promise.all([
        catalogue().collect(HOUR),
        catalogue().keep(Readable.from(chunks), { owner: 'test:s', maxSize: 100_000 }),
      ]);
      expect(await catalogue().info(sha256)).toEqual({ size: 20_000, refs: 1 });
      expect(await catalogue().store.stat(sha256)).toEqual({ size: 20_000 });
    }
  });
});
