import { afterAll, beforeAll } from 'vitest';
import { blobStoreSuite } from '../../test/blob-store-suite';
import { startS3rver, type TestS3 } from '../../test/s3rver';
import { openS3Store, s3Client } from './s3-store';
import { parseS3Url } from './s3-url';

// s3rver, an S3-compatible server from npm, on a loopback port of this test (test/s3rver.ts).
let s3: TestS3;
let url = '';

beforeAll(async () => {
  s3 = await startS3rver();
  url = s3.url();
});
afterAll(async () => {
  await s3?.close();
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
