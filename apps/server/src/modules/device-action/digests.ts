import { createHash } from 'node:crypto';
import type { Services } from '../../platform/services';
import { keepLegacyDigests, keptLegacyDigests, type LegacyDigests } from '../../platform/storage/legacy-digests';

/**
 * SHA-1 and MD5 of stored blobs, which hawkBit DDI artifacts carry besides SHA-256 (SWUpdate checks sha1). The file
 * module keys content by SHA-256 only, so the first deployment that needs a blob's other digests streams it once and
 * keeps them with the blob's metadata (`blobs.sha1`, `blobs.md5`, migration 0028): a restart or another instance
 * reads them back. Recent answers are also kept in memory (bounded), so a deployment asks the database once per blob.
 */

const MAX_ENTRIES = 2000;

export type { LegacyDigests };

const caches = new WeakMap<Services, Map<string, Promise<LegacyDigests>>>();

export function legacyDigests(s: Services, sha256: string): Promise<LegacyDigests> {
  let cache = caches.get(s);
  if (!cache) {
    cache = new Map();
    caches.set(s, cache);
  }
  const known = cache.get(sha256);
  if (known) return known;
  const computing = stored(s, sha256);
  if (cache.size >= MAX_ENTRIES) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  cache.set(sha256, computing);
  const c = cache;
  computing.catch(() => c.delete(sha256));
  return computing;
}

/** From the blob's metadata, else computed from its bytes and written there. */
async function stored(s: Services, sha256: string): Promise<LegacyDigests> {
  const kept = await keptLegacyDigests(s.db, sha256);
  if (kept) return kept;
  const digests = await compute(s, sha256);
  await keepLegacyDigests(s.db, sha256, digests);
  return digests;
}

async function compute(s: Services, sha256: string): Promise<LegacyDigests> {
  const body = await s.blobs.store.read(sha256);
  if (!body) throw new Error(`blob ${sha256} is missing`);
  const sha1 = createHash('sha1');
  const md5 = createHash('md5');
  for await (const chunk of body) {
    sha1.update(chunk as Buffer);
    md5.update(chunk as Buffer);
  }
  return { sha1: sha1.digest('hex'), md5: md5.digest('hex') };
}
