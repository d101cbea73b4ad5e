import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll } from 'vitest';
import { blobStoreSuite } from '../../test/blob-store-suite';
import { openS3Store, s3Client } from './s3-store';
import { parseS3Url } from './s3-url';

// s3rver, an S3-compatible server from npm, on a loopback port of this test; it stores objects in a temp folder.
const directory = mkdtempSync(join(tmpdir(), 'keel-s3rver-'));
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory,
  configureBuckets: [{ name: 'keel', configs: [] }],
});
let url = '';

beforeAll(async () => {
  const address = (await server.run()) as AddressInfo;
  url = `s3://S3RVER:S3RVER@127.0.0.1:${address.port}/keel/prefix?tls=false`;
});
afterAll(async () => {
  await server.close();
  rmSync(directory, { recursive: true, force: true });
});

async function keys(prefix: string): Promise<string[]> {
  const location = parseS3Url(url);
  const client = s3Client(location);
  const found: string[] = [];
  let ContinuationToken: string | undefined;
  do {
    const page = await client.listObjectsV2({
      Bucket: 'keel',
      Prefix: `${location.prefix}${prefix}`,
      ContinuationToken,
    });
    for (const o of page.Contents ?? []) if (o.Key) found.push(o.Key);
    ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (ContinuationToken);
  client.destroy();
  return found.sort();
}

// s3rver (a test double, file-backed) sometimes answers InternalError to concurrent writes of one key on a loaded
// machine, which S3 itself does not: its cases get two more tries. The disk driver's suite has none.
blobStoreSuite(
  'S3 (s3rver)',
  () => ({
    open: () => openS3Store(parseS3Url(url)),
    visible: () => keys('blobs/'),
    temporary: () => keys('tmp/'),
  }),
  { retry: 2 },
);
