import { createHash } from 'node:crypto';
import type { Services } from '../../platform/services';

/**
 * SHA-1 and MD5 of stored blobs, which hawkBit DDI artifacts carry besides SHA-256 (SWUpdate checks sha1). The file
 * module keeps only SHA-256, so a blob is streamed once per instance and its digests kept in memory (bounded).
 */

const MAX_ENTRIES = 2000;
export interface LegacyDigests {
  sha1: string;
  md5: string;
}
const caches = new WeakMap<Services, Map<string, Promise<LegacyDigests>>>();

export function legacyDigests(s: Services, sha256: string): Promise<LegacyDigests> {
  let cache = caches.get(s);
  if (!cache) {
    cache = new Map();
    caches.set(s, cache);
  }
  const known = cache.get(sha256);
  if (known) return known;
  const computing = compute(s, sha256);
  if (cache.size >= MAX_ENTRIES) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  cache.set(sha256, computing);
  const c = cache;
  computing.catch(() => c.delete(sha256));
  return computing;
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
