import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { parseS3Url, redactS3Url } from './s3-url';

describe('STORAGE_URL', () => {
  it('reads an S3-compatible server: host, bucket, prefix, credentials, plain HTTP, path-style', () => {
    expect(parseS3Url('s3://AK%2F1:se%40cret@minio.local:9000/keel/files/prod?region=cn-east-1&tls=false')).toEqual({
      endpoint: 'http://minio.local:9000',
      bucket: 'keel',
      prefix: 'files/prod/',
      region: 'cn-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AK/1', secretAccessKey: 'se@cret' },
    });
    expect(parseS3Url('s3://k:s@s3.example.com/b').endpoint).toBe('https://s3.example.com');
    expect(parseS3Url('s3://k:s@s3.example.com/b?forcePathStyle=false').forcePathStyle).toBe(false);
  });

  it('reads the bucket-as-host forms: AWS itself, or an explicit endpoint', () => {
    expect(parseS3Url('s3://my-bucket')).toEqual({
      endpoint: undefined,
      bucket: 'my-bucket',
      prefix: '',
      region: 'us-east-1',
      forcePathStyle: false,
      credentials: undefined,
    });
    expect(parseS3Url('s3://my-bucket?endpoint=http://127.0.0.1:9000&forcePathStyle=true')).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'my-bucket',
      forcePathStyle: true,
    });
  });

  it('refuses what it cannot use, naming the variable', () => {
    for (const bad of ['http://x/b', 'not a url', 's3://k@host/b', 's3://b?endpoint=ftp://x', 's3://h/b?tls=maybe']) {
      expect(() => parseS3Url(bad), bad).toThrow(/^STORAGE_URL: /);
    }
    expect(() => loadConfig({ STORAGE_URL: 'http://x/b' })).toThrow(/STORAGE_URL: must start with s3:\/\//);
    expect(loadConfig({ STORAGE_URL: 's3://bucket' }).storageUrl).toBe('s3://bucket');
  });

  it('hides the secret in logs', () => {
    expect(redactS3Url('s3://key:secret@host/b')).toBe('s3://key:***@host/b');
    expect(redactS3Url('s3://bucket')).toBe('s3://bucket');
  });
});
