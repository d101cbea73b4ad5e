import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/**
 * s3rver, an S3-compatible server from npm, on a loopback port of a test, storing objects in a temp folder, with
 * the two multipart calls it lacks and `@tus/s3-store` needs to resume and cancel an upload: ListParts
 * (`GET …?uploadId=`) and AbortMultipartUpload (`DELETE …?uploadId=`). They answer from s3rver's own record of an
 * upload (`<bucket>/…uploads/<uploadId>/<partNumber>` with `.md5` beside each part), as S3 documents them.
 */
export interface TestS3 {
  /** A `STORAGE_URL` for the bucket `keel` under `prefix`. */
  url(prefix?: string): string;
  close(): Promise<void>;
}

interface Ctx {
  method: string;
  path: string;
  query: Record<string, string | undefined>;
  status: number;
  body: unknown;
}

type Store = { getResourcePath(bucket: string, key: string | undefined, resource: string): string };

export async function startS3rver(): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'keel-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: 'keel', configs: [] }],
  });
  const store = (server as unknown as { store: Store }).store;
  const multipartShim = async (ctx: Ctx, next: () => Promise<void>) => {
    const { uploadId, partNumber } = ctx.query;
    if (!uploadId || partNumber !== undefined || (ctx.method !== 'GET' && ctx.method !== 'DELETE')) return next();
    const bucket = ctx.path.split('/')[1] ?? '';
    const dir = join(store.getResourcePath(bucket, undefined, 'uploads'), uploadId);
    if (!/^[0-9a-f]+$/.test(uploadId) || !existsSync(dir)) {
      ctx.status = 404;
      ctx.body = { Error: { Code: 'NoSuchUpload', Message: 'The specified upload does not exist.' } };
      return;
    }
    if (ctx.method === 'DELETE') {
      rmSync(dir, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    const parts = readdirSync(dir)
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .sort((a, b) => a - b)
      .map((n) => {
        const path = join(dir, String(n));
        const stat = statSync(path);
        return {
          PartNumber: n,
          LastModified: stat.mtime.toISOString(),
          ETag: `"${readFileSync(`${path}.md5`, 'utf8').trim()}"`,
          Size: stat.size,
        };
      });
    ctx.status = 200;
    ctx.body = {
      ListPartsResult: {
        Bucket: bucket,
        Key: readFileSync(join(dir, 'key'), 'utf8'),
        UploadId: uploadId,
        PartNumberMarker: 0,
        MaxParts: 10_000,
        IsTruncated: false,
        ...(parts.length > 0 ? { Part: parts } : {}),
      },
    };
  };
  // s3rver writes an object's files in place: two writes of one key at once (a PUT or copy racing another) can
  // answer InternalError, which S3 itself never does. Writes of one key take turns here, as S3 makes them appear.
  const writing = new Map<string, Promise<void>>();
  const oneWriterPerKey = async (ctx: Ctx, next: () => Promise<void>) => {
    if (ctx.method === 'GET' || ctx.method === 'HEAD') return next();
    const before = writing.get(ctx.path) ?? Promise.resolve();
    const mine = before.then(next, next);
    const settled = mine.then(
      () => undefined,
      () => undefined,
    );
    writing.set(ctx.path, settled);
    try {
      await mine;
    } finally {
      if (writing.get(ctx.path) === settled) writing.delete(ctx.path);
    }
  };
  // After s3rver's logger and XML encoder (which turns a plain-object body into XML), before its router.
  (server as unknown as { middleware: unknown[] }).middleware.splice(2, 0, oneWriterPerKey, multipartShim);
  const address = (await server.run()) as AddressInfo;
  return {
    url: (prefix = 'prefix') => `s3://S3RVER:S3RVER@127.0.0.1:${address.port}/keel/${prefix}?tls=false`,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
