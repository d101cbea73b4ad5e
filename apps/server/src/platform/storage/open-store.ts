import { join } from 'node:path';
import type { Config } from '../config';
import type { BlobStore } from './blob-store';
import { openLocalStore } from './local-store';
import { openS3Store } from './s3-store';
import { parseS3Url } from './s3-url';

/** Where blobs live on the local disk: `DATA_DIR/blobs`. */
export const localBlobRoot = (config: Pick<Config, 'dataDir'>) => join(config.dataDir, 'blobs');

/** The configured store: S3 when `STORAGE_URL` is set, else the local disk under DATA_DIR. */
export function openBlobStore(config: Pick<Config, 'dataDir' | 'storageUrl'>): Promise<BlobStore> {
  return config.storageUrl ? openS3Store(parseS3Url(config.storageUrl)) : openLocalStore(localBlobRoot(config));
}
