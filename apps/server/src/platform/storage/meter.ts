import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import {
  BlobDigestMismatchError,
  type BlobInfo,
  BlobSizeMismatchError,
  BlobTooLargeError,
  type StageOptions,
} from './blob-store';

/**
 * A pass-through that hashes (SHA-256) and counts the bytes flowing through it and fails the pipeline with
 * BlobTooLargeError on the first chunk that takes the total past `maxSize`, before that chunk goes on.
 */
export class Meter extends Transform {
  private readonly hash = createHash('sha256');
  private bytes = 0;

  constructor(private readonly maxSize: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxSize) {
      done(new BlobTooLargeError(this.maxSize));
      return;
    }
    this.hash.update(chunk);
    done(null, chunk);
  }

  /** The digest and size, once the stream has ended. */
  result(): BlobInfo {
    return { sha256: this.hash.digest('hex'), size: this.bytes };
  }
}

/** Throws when the written blob is not what the writer announced. */
export function checkExpected(info: BlobInfo, options: StageOptions): void {
  if (options.expectedSize !== undefined && info.size !== options.expectedSize) {
    throw new BlobSizeMismatchError(options.expectedSize, info.size);
  }
  if (options.expectedSha256 !== undefined && info.sha256 !== options.expectedSha256.toLowerCase()) {
    throw new BlobDigestMismatchError(options.expectedSha256, info.sha256);
  }
}
