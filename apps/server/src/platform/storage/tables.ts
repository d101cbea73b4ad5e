/** The tables platform/storage owns: only its files query them (architecture §6, tools/ownership.ts). */
export interface StorageTables {
  blobs: BlobsTable;
  blob_refs: BlobRefsTable;
  uploads: UploadsTable;
}

/** One stored content (platform/storage): the bytes are in the BlobStore under `sha256`. */
export interface BlobsTable {
  sha256: string;
  size: number;
  created_at: number;
  /** When the last reference was dropped; null while any is held. */
  orphaned_at: number | null;
  /** SHA-1 and MD5 (hawkBit DDI artifacts), null until first needed (migration 0028). */
  sha1: string | null;
  md5: string | null;
}

/** Who keeps a blob: an owner string (`file:<fid>`, `upload:<id>`, …). */
export interface BlobRefsTable {
  sha256: string;
  owner: string;
  created_at: number;
}

/** A resumable (tus) upload in flight. */
export interface UploadsTable {
  id: string;
  /** The upload mount it was started through (its path). */
  mount: string;
  uid: string;
  size: number;
  /** JSON: what the mount's `onCreate` answered. */
  context: string;
  created_at: number;
  expires_at: number;
}
