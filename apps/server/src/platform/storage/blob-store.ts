import type { Readable } from 'node:stream';

/** A stored blob: named by the SHA-256 (hex) of its bytes. */
export interface BlobInfo {
  sha256: string;
  size: number;
}

/** An inclusive byte range, as HTTP `Range` names it. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StageOptions {
  /** The most bytes accepted: the write is aborted (BlobTooLargeError) as soon as the stream passes it. */
  maxSize: number;
  /** When given, a blob whose SHA-256 differs is refused (BlobDigestMismatchError) and nothing is kept. */
  expectedSha256?: string;
  /** When given, a blob of another size is refused (BlobSizeMismatchError). */
  expectedSize?: number;
}

/**
 * Bytes written and hashed but not yet visible under their name. `publish` makes them visible atomically (a reader
 * sees all of them or nothing); `discard` drops them. Exactly one of the two is called.
 */
export interface StagedBlob extends BlobInfo {
  publish(): Promise<void>;
  discard(): Promise<void>;
}

/**
 * Content-addressed storage of bytes (architecture §7): the local disk under DATA_DIR or an S3-compatible bucket. Names
 * are only ever SHA-256 hex digests the store computed itself; nothing a client sends becomes a path or a key.
 */
export interface BlobStore {
  readonly kind: 'local' | 's3';
  /**
   * Streams `source` into a temporary place, hashing as it goes and aborting beyond `maxSize`; nothing is visible
   * until `publish`. A write killed half-way leaves only a temporary file, which the next start removes.
   */
  stage(source: Readable | AsyncIterable<Uint8Array>, options: StageOptions): Promise<StagedBlob>;
  /**
   * Optional (the local store): stages a finished file of the store's own disk, a tus upload's bytes, without
   * writing them again: the file is hard-linked into the temporary place, fsynced, and hashed by reading it. Where
   * no link can be made (another file system) its bytes are staged as `stage` does. The file must not change
   * afterwards: the blob shares its bytes.
   */
  stageFile?(path: string, options: StageOptions): Promise<StagedBlob>;
  /** `stage` then `publish`: the blob is visible when this resolves. Storing bytes already there keeps one copy. */
  put(source: Readable | AsyncIterable<Uint8Array>, options: StageOptions): Promise<BlobInfo>;
  /** The blob's size, or null when there is none (or `sha256` is not a digest). */
  stat(sha256: string): Promise<{ size: number } | null>;
  /** The blob's bytes (or the inclusive `range` of them), or null when there is none. */
  read(sha256: string, range?: ByteRange): Promise<Readable | null>;
  /** Removes the blob; nothing when there is none. */
  remove(sha256: string): Promise<void>;
  /** Releases connections (S3); the local store has nothing to close. */
  close(): Promise<void>;
}

const SHA256_HEX = /^[0-9a-f]{64}$/;

/** Whether `value` is a SHA-256 hex digest (lower case), the only thing a store turns into a path or key. */
export const isSha256 = (value: string): boolean => SHA256_HEX.test(value);

/** The stream passed `maxSize`: the write was aborted and nothing kept. */
export class BlobTooLargeError extends Error {
  constructor(readonly maxSize: number) {
    super(`blob larger than ${maxSize} bytes`);
    this.name = 'BlobTooLargeError';
  }
}

/** The bytes did not hash to the digest the writer announced. */
export class BlobDigestMismatchError extends Error {
  constructor(
    readonly expected: string,
    readonly actual: string,
  ) {
    super(`blob digest ${actual} is not the expected ${expected}`);
    this.name = 'BlobDigestMismatchError';
  }
}

/** The stream ended at another size than announced. */
export class BlobSizeMismatchError extends Error {
  constructor(
    readonly expected: number,
    readonly actual: number,
  ) {
    super(`blob of ${actual} bytes, expected ${expected}`);
    this.name = 'BlobSizeMismatchError';
  }
}
