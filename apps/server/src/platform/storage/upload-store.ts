import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import type { Config } from '../config';
import { parseS3Url } from './s3-url';

/** Where a tus upload's bytes wait until they are complete, and how a public upload id maps to its name there. */
export interface UploadStaging {
  datastore: FileStore | S3Store;
  /** The datastore's name of an upload (`<prefix>uploads/<id>` in a bucket, `<id>` on disk). */
  storeId(id: string): string;
  /** The public id of a datastore name (the last segment). */
  publicId(storeId: string): string;
  /** The bytes of an upload (complete or not). */
  read(storeId: string): Promise<Readable>;
  /** The upload's file, when the bytes wait on the local disk (`BlobStore.stageFile` takes it without a copy). */
  path?(storeId: string): string;
}

/**
 * The tus datastore matching the BlobStore: `@tus/file-store` under `DATA_DIR/uploads`, or `@tus/s3-store` in the
 * `STORAGE_URL` bucket under `<prefix>uploads/`. Unfinished uploads expire after `expiresAfterMs`.
 */
export function openUploadStaging(
  config: Pick<Config, 'dataDir' | 'storageUrl'>,
  expiresAfterMs: number,
): UploadStaging {
  if (!config.storageUrl) {
    const directory = join(config.dataDir, 'uploads');
    const datastore = new FileStore({
      directory,
      expirationPeriodInMilliseconds: expiresAfterMs,
    });
    return {
      datastore,
      storeId: (id) => id,
      publicId: (storeId) => storeId,
      read: async (storeId) => datastore.read(storeId),
      path: (storeId) => join(directory, storeId),
    };
  }
  const location = parseS3Url(config.storageUrl);
  const prefix = `${location.prefix}uploads/`;
  const datastore = new S3Store({
    partSize: 8 * 1024 * 1024,
    useTags: false,
    expirationPeriodInMilliseconds: expiresAfterMs,
    s3ClientConfig: {
      bucket: location.bucket,
      region: location.region,
      forcePathStyle: location.forcePathStyle,
      ...(location.endpoint ? { endpoint: location.endpoint } : {}),
      ...(location.credentials ? { credentials: location.credentials } : {}),
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    },
  });
  return {
    datastore,
    storeId: (id) => `${prefix}${id}`,
    publicId: (storeId) => storeId.slice(storeId.lastIndexOf('/') + 1),
    read: (storeId) => datastore.read(storeId),
  };
}
