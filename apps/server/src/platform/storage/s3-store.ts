import { randomUUID } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { S3 } from '@aws-sdk/client-s3';
import { type BlobStore, type ByteRange, isSha256, type StagedBlob } from './blob-store';
import { checkExpected, Meter } from './meter';
import type { S3Location } from './s3-url';

/** Bytes sent per part of a multipart upload (S3's minimum is 5 MiB); one part is held in memory at a time. */
const PART_SIZE = 8 * 1024 * 1024;

/** A client as Keel uses one: checksums only where S3 requires them (what S3-compatible servers understand). */
export function s3Client(location: S3Location): S3 {
  return new S3({
    region: location.region,
    forcePathStyle: location.forcePathStyle,
    ...(location.endpoint ? { endpoint: location.endpoint } : {}),
    ...(location.credentials ? { credentials: location.credentials } : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * Blobs in an S3-compatible bucket: `<prefix>blobs/<first two hex digits>/<sha256>`. A write streams to
 * `<prefix>tmp/<random>` (one part in memory at a time) while it is hashed, then is copied to its name inside the
 * bucket; an object appears whole or not at all. `tmp/` is emptied when the store opens.
 */
export async function openS3Store(location: S3Location): Promise<BlobStore> {
  const client = s3Client(location);
  const Bucket = location.bucket;
  const keyOf = (sha256: string) => `${location.prefix}blobs/${sha256.slice(0, 2)}/${sha256}`;
  const tmpPrefix = `${location.prefix}tmp/`;

  try {
    await client.headBucket({ Bucket });
  } catch (error) {
    client.destroy();
    throw new Error(`STORAGE_URL: bucket ${Bucket} cannot be reached (${(error as Error).name})`);
  }
  await removeTemporaries(client, Bucket, tmpPrefix);

  const removeKey = (Key: string) => client.deleteObject({ Bucket, Key }).then(() => undefined);

  const store: BlobStore = {
    kind: 's3',

    async stage(source, options) {
      const Key = `${tmpPrefix}${randomUUID()}`;
      const meter = new Meter(options.maxSize);
      let uploadId: string | undefined;
      try {
        await pipeline(source instanceof Readable ? source : Readable.from(source), meter, async (metered) => {
          const parts: { ETag?: string; PartNumber: number }[] = [];
          for await (const part of partsOf(metered as AsyncIterable<Buffer>)) {
            if (part.last && parts.length === 0) {
              await client.putObject({ Bucket, Key, Body: part.bytes, ContentLength: part.bytes.length });
              return;
            }
            uploadId ??= (await client.createMultipartUpload({ Bucket, Key })).UploadId;
            const PartNumber = parts.length + 1;
            const sent = await client.uploadPart({
              Bucket,
              Key,
              UploadId: uploadId,
              PartNumber,
              Body: part.bytes,
              ContentLength: part.bytes.length,
            });
            parts.push({ ETag: sent.ETag, PartNumber });
          }
          await client.completeMultipartUpload({ Bucket, Key, UploadId: uploadId, MultipartUpload: { Parts: parts } });
        });
      } catch (error) {
        if (uploadId) await client.abortMultipartUpload({ Bucket, Key, UploadId: uploadId }).catch(() => {});
        await removeKey(Key).catch(() => {});
        throw error;
      }
      const info = meter.result();
      try {
        checkExpected(info, options);
      } catch (error) {
        await removeKey(Key).catch(() => {});
        throw error;
      }
      return staged(info.sha256, info.size, Key);
    },

    async put(source, options) {
      const blob = await store.stage(source, options);
      await blob.publish();
      return { sha256: blob.sha256, size: blob.size };
    },

    async stat(sha256) {
      if (!isSha256(sha256)) return null;
      try {
        const head = await client.headObject({ Bucket, Key: keyOf(sha256) });
        return { size: Number(head.ContentLength ?? 0) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async read(sha256, range?: ByteRange) {
      if (!isSha256(sha256)) return null;
      try {
        const object = await client.getObject({
          Bucket,
          Key: keyOf(sha256),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        });
        const body = object.Body as Readable;
        if (!range) return body;
        // Some S3-compatible servers answer more than asked (s3rver reads `bytes=0-0` as the whole object).
        const wanted = range.end - range.start + 1;
        return Number(object.ContentLength) === wanted ? body : take(body, wanted);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async remove(sha256) {
      if (!isSha256(sha256)) return;
      await removeKey(keyOf(sha256));
    },

    async close() {
      client.destroy();
    },
  };

  function staged(sha256: string, size: number, tempKey: string): StagedBlob {
    return {
      sha256,
      size,
      async publish() {
        // Same name, same bytes: an object already there is kept and the new copy dropped.
        if (!(await store.stat(sha256))) {
          await client.copyObject({ Bucket, Key: keyOf(sha256), CopySource: `${Bucket}/${encodeKey(tempKey)}` });
        }
        await removeKey(tempKey);
      },
      async discard() {
        await removeKey(tempKey);
      },
    };
  }

  return store;
}

/** The first `count` bytes of `source`, which is closed after them. */
function take(source: Readable, count: number): Readable {
  let left = count;
  const out = new PassThrough();
  source.on('data', (chunk: Buffer) => {
    if (left <= 0) return;
    const piece = chunk.length > left ? chunk.subarray(0, left) : chunk;
    left -= piece.length;
    if (!out.write(piece)) source.pause();
    if (left === 0) {
      out.end();
      source.destroy();
    }
  });
  out.on('drain', () => source.resume());
  source.on('end', () => out.end());
  source.on('error', (error) => out.destroy(error));
  out.on('close', () => source.destroy());
  return out;
}

/** Cuts a byte stream into PART_SIZE parts; the final (possibly shorter or empty) one is marked `last`. */
async function* partsOf(stream: AsyncIterable<Buffer>): AsyncGenerator<{ bytes: Buffer; last: boolean }> {
  let pending: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    pending.push(chunk);
    length += chunk.length;
    while (length > PART_SIZE) {
      const all = Buffer.concat(pending, length);
      yield { bytes: all.subarray(0, PART_SIZE), last: false };
      pending = [all.subarray(PART_SIZE)];
      length -= PART_SIZE;
    }
  }
  yield { bytes: Buffer.concat(pending, length), last: true };
}

/** Drops what killed writes left: temporary objects and unfinished multipart uploads under `tmp/`. */
async function removeTemporaries(client: S3, Bucket: string, Prefix: string): Promise<void> {
  let ContinuationToken: string | undefined;
  do {
    const page = await client.listObjectsV2({ Bucket, Prefix, ContinuationToken });
    for (const object of page.Contents ?? []) {
      if (object.Key) await client.deleteObject({ Bucket, Key: object.Key });
    }
    ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (ContinuationToken);
  try {
    const uploads = await client.listMultipartUploads({ Bucket, Prefix });
    for (const upload of uploads.Uploads ?? []) {
      await client.abortMultipartUpload({ Bucket, Key: upload.Key, UploadId: upload.UploadId }).catch(() => {});
    }
  } catch {
    // Not every S3-compatible server lists multipart uploads (s3rver does not); a bucket lifecycle rule covers it.
  }
}

/** A key in `CopySource` is URL-encoded, its slashes kept. */
const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');

const isMissing = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
};
