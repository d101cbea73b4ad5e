/** Where and how the S3 driver connects, read from `STORAGE_URL`. */
export interface S3Location {
  /** `http(s)://host:port` of an S3-compatible server; undefined for AWS itself (the region's endpoint). */
  endpoint?: string;
  bucket: string;
  /** Key prefix inside the bucket (empty or ending in `/`). */
  prefix: string;
  region: string;
  forcePathStyle: boolean;
  /** From the URL's user info; undefined leaves them to the AWS SDK's default chain (AWS_ACCESS_KEY_ID, …). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

const TRUE = new Set(['1', 'true', 'yes']);
const FALSE = new Set(['0', 'false', 'no']);

function flag(params: URLSearchParams, name: string, fallback: boolean): boolean {
  const value = params.get(name);
  if (value === null) return fallback;
  if (TRUE.has(value.toLowerCase())) return true;
  if (FALSE.has(value.toLowerCase())) return false;
  throw new Error(`STORAGE_URL: ${name} must be true or false`);
}

/**
 * Reads `STORAGE_URL`. Two forms:
 * - `s3://KEY:SECRET@host:port/bucket/prefix?region=…&tls=false&forcePathStyle=true`: an S3-compatible server
 *   (MinIO, Ceph, s3rver, …); https unless `tls=false`, path-style addressing unless `forcePathStyle=false`;
 * - `s3://bucket/prefix?region=…` or `s3://KEY:SECRET@bucket?endpoint=https://host:port`: the host is the bucket,
 *   on AWS (or at `endpoint`), virtual-hosted addressing unless `forcePathStyle=true`.
 * Key and secret are percent-encoded; without them the AWS SDK's default credential chain applies.
 */
export function parseS3Url(value: string): S3Location {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error('STORAGE_URL: not a URL');
  }
  if (url.protocol !== 's3:') throw new Error('STORAGE_URL: must start with s3://');
  const params = url.searchParams;
  const segments = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const bucketIsHost = params.has('endpoint') || segments.length === 0;
  const bucket = bucketIsHost ? url.hostname : (segments.shift() as string);
  if (!bucket) throw new Error('STORAGE_URL: names no bucket');
  let endpoint: string | undefined;
  if (bucketIsHost) {
    const given = params.get('endpoint');
    if (given !== null && !/^https?:\/\/[^/]+\/?$/.test(given)) {
      throw new Error('STORAGE_URL: endpoint must be http(s)://host[:port]');
    }
    endpoint = given?.replace(/\/$/, '') ?? undefined;
  } else {
    const tls = flag(params, 'tls', true);
    endpoint = `${tls ? 'https' : 'http'}://${url.host}`;
  }
  const credentials =
    url.username || url.password
      ? { accessKeyId: decodeURIComponent(url.username), secretAccessKey: decodeURIComponent(url.password) }
      : undefined;
  if (credentials && (!credentials.accessKeyId || !credentials.secretAccessKey)) {
    throw new Error('STORAGE_URL: give both key and secret, or neither');
  }
  return {
    endpoint,
    bucket,
    prefix: segments.length > 0 ? `${segments.join('/')}/` : '',
    region: params.get('region') ?? 'us-east-1',
    forcePathStyle: flag(params, 'forcePathStyle', !bucketIsHost),
    credentials,
  };
}

/** The URL without its secret, for logs and errors. */
export function redactS3Url(value: string): string {
  return value.replace(/^(s3:\/\/[^:@/]*):[^@/]*@/, '$1:***@');
}
