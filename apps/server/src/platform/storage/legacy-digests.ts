import type { Db } from '../db/connect';

/**
 * The SHA-1 and MD5 kept with a blob's metadata (`blobs.sha1`, `blobs.md5`), for clients that check those besides
 * SHA-256 (modules/device-action/digests.ts computes them once per blob and keeps them here).
 */
export interface LegacyDigests {
  sha1: string;
  md5: string;
}

/** The blob's kept digests, or null when the blob is unknown or they were never written. */
export async function keptLegacyDigests(db: Db, sha256: string): Promise<LegacyDigests | null> {
  const row = await db.selectFrom('blobs').select(['sha1', 'md5']).where('sha256', '=', sha256).executeTakeFirst();
  return row?.sha1 && row.md5 ? { sha1: row.sha1, md5: row.md5 } : null;
}

/** Keeps the blob's digests with its metadata (nothing happens for an unknown blob). */
export async function keepLegacyDigests(db: Db, sha256: string, digests: LegacyDigests): Promise<void> {
  await db.updateTable('blobs').set(digests).where('sha256', '=', sha256).execute();
}
