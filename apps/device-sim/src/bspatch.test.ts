/// <reference path="../../server/src/modules/firmware/delta/compressjs.d.ts" />
// (the server's delta code, which the test imports, is typed by its declaration of compressjs)
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { diffFiles } from '@keel/server/modules/firmware/delta/bsdiff';
import { menderArtifact } from '@keel/server/test/firmware-artifacts';
import { realTools, recordRealToolRun } from '@keel/server/test/real-tools';
import { afterAll, describe, expect, it } from 'vitest';
import { applyDelta, bspatch } from './bspatch';
import { ImageStore, sha256Of } from './images';
import { menderArtifactRefusal } from './mender-artifact';

/** A deterministic image: pseudo-random bytes with repeated runs (so that a delta has something to match). */
function image(seed: number, size: number): Buffer {
  const out = Buffer.alloc(size);
  let x = seed;
  for (let i = 0; i < size; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    out[i] = i % 1024 < 700 ? (i * 7) & 0xff : x & 0xff;
  }
  return out;
}

const dir = mkdtempSync(join(tmpdir(), 'keel-sim-delta-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A delta from `old` to `neu` made by the server's delta code (modules/firmware/delta/bsdiff.ts). */
function serverDelta(old: Buffer, neu: Buffer): Buffer {
  writeFileSync(join(dir, 'old'), old);
  writeFileSync(join(dir, 'new'), neu);
  diffFiles(join(dir, 'old'), join(dir, 'new'), join(dir, 'patch'));
  return readFileSync(join(dir, 'patch'));
}

describe('device simulator: deltas', () => {
  const old = image(1, 200_000);
  const neu = Buffer.concat([image(1, 120_000), Buffer.from('version 2 changes here'), image(2, 90_000)]);
  const patch = serverDelta(old, neu);
  const target = { size: neu.length, sha256: sha256Of(neu) };

  it("applies a delta made by the server's delta code, and checks the target", () => {
    expect(patch.length).toBeLessThan(neu.length);
    expect(Buffer.from(bspatch(old, patch)).equals(neu)).toBe(true);
    const applied = applyDelta(old, patch, target);
    expect(applied.ok && Buffer.from(applied.image).equals(neu)).toBe(true);
    // An empty source and an empty target work too.
    expect(Buffer.from(bspatch(new Uint8Array(0), serverDelta(Buffer.alloc(0), neu))).equals(neu)).toBe(true);
    expect(bspatch(old, serverDelta(old, Buffer.alloc(0))).length).toBe(0);
  });

  it('rejects a tampered delta, a wrong source and a wrong target', () => {
    for (const at of [0, 20, 40, Math.floor(patch.length / 2), patch.length - 3]) {
      const bad = Buffer.from(patch);
      bad[at] = (bad[at] as number) ^ 0x55;
      const r = applyDelta(old, bad, target);
      expect(r.ok, `byte ${at}`).toBe(false);
      if (!r.ok) expect(r.reason).toMatch(/^delta: (corrupt|target)/);
    }
    expect(applyDelta(old, patch.subarray(0, patch.length >> 1), target)).toMatchObject({ ok: false });
    expect(applyDelta(image(9, 200_000), patch, target)).toEqual({ ok: false, reason: 'delta: target sha256' });
    expect(applyDelta(old, patch, { ...target, size: target.size + 1 })).toEqual({
      ok: false,
      reason: 'delta: target size',
    });
  });

  it('keeps images shared by SHA-256 within its budget; a dropped image is no source', () => {
    const store = new ImageStore(250_000, old);
    expect(store.current('a')).toBe(old);
    store.installed('a', neu);
    store.installed('b', neu);
    expect(store.size).toBe(neu.length);
    expect(store.current('b')).toBe(neu);
    const other = image(3, 100_000);
    store.installed('c', other);
    // Over the budget: the least recently used image (neu) is dropped; its devices have no source now.
    expect(store.size).toBe(other.length);
    expect(store.current('a')).toBeNull();
    expect(store.current('c')).toBe(other);
    // A device that installed nothing runs the base image.
    expect(store.current('d')).toBe(old);
  });

  it("checks a .mender artifact against its own manifest's SHA-256s", () => {
    if (!realTools('mender-artifact')) return;
    recordRealToolRun('device simulator: checks a .mender artifact', ['mender-artifact']);
    const artifact = menderArtifact(Buffer.from('payload '.repeat(1000)), 'release-9.0.0');
    expect(menderArtifactRefusal(artifact)).toBeNull();
    expect(menderArtifactRefusal(Buffer.from('not a tar at all'))).toMatch(/^refused/);
    // A changed byte in every member: each is caught.
    const names = ['version', 'header.tar.gz', 'data/0000.tar.gz'];
    for (const name of names) {
      const bad = Buffer.from(artifact);
      const at = bad.indexOf(Buffer.from(`${name}\0`));
      expect(at).toBeGreaterThanOrEqual(0);
      bad[at + 512 + 20] = (bad[at + 512 + 20] as number) ^ 0xff;
      expect(menderArtifactRefusal(bad), name).toMatch(/^refused/);
    }
  });
});
