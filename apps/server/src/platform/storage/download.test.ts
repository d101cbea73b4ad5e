import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesOf } from '../../test/blob-store-suite';
import { AppError } from '../http/errors';
import type { BlobStore } from './blob-store';
import { sendBlob } from './download';
import { openLocalStore } from './local-store';

describe('sendBlob: streaming downloads with Range, ETag and Content-Disposition', () => {
  const root = mkdtempSync(join(tmpdir(), 'keel-download-'));
  const bytes = Buffer.concat(bytesOf(100_000, 31));
  let store: BlobStore;
  let app: FastifyInstance;
  let sha = '';

  beforeAll(async () => {
    store = await openLocalStore(root);
    sha = (await store.put(Readable.from([bytes]), { maxSize: bytes.length })).sha256;
    app = Fastify();
    app.setErrorHandler((error: Error, _request, reply) =>
      reply.code(error instanceof AppError && error.key === 'notFound' ? 404 : 500).send({ error: error.message }),
    );
    app.get<{ Params: { sha: string }; Querystring: { name?: string } }>('/f/:sha', (request, reply) =>
      sendBlob(store, request, reply, {
        sha256: request.params.sha,
        size: bytes.length,
        name: request.query.name ?? '固件 v1.bin',
      }),
    );
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  const get = (headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET', path = `/f/${sha}`) =>
    app.inject({ method, url: path, headers });

  it('sends the whole file with its length, ETag and a safe attachment name', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(res.headers['content-length']).toBe('100000');
    expect(res.headers.etag).toBe(`"${sha}"`);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="__ v1.bin"; filename*=UTF-8''%E5%9B%BA%E4%BB%B6%20v1.bin`,
    );
  });

  it('answers 304 to a matching If-None-Match (strong, weak, in a list, or *)', async () => {
    for (const tag of [`"${sha}"`, `W/"${sha}"`, `"other", "${sha}"`, '*']) {
      const res = await get({ 'if-none-match': tag });
      expect(res.statusCode, tag).toBe(304);
      expect(res.rawPayload.length).toBe(0);
      expect(res.headers.etag).toBe(`"${sha}"`);
    }
    expect((await get({ 'if-none-match': '"other"' })).statusCode).toBe(200);
  });

  it('answers one byte range with 206 and Content-Range', async () => {
    const cases: Array<[string, number, number]> = [
      ['bytes=0-0', 0, 0],
      ['bytes=0-99', 0, 99],
      ['bytes=99990-', 99_990, 99_999],
      ['bytes=-10', 99_990, 99_999],
      ['bytes=50000-999999', 50_000, 99_999],
      ['bytes=-200000', 0, 99_999],
    ];
    for (const [range, start, end] of cases) {
      const res = await get({ range });
      expect(res.statusCode, range).toBe(206);
      expect(res.headers['content-range'], range).toBe(`bytes ${start}-${end}/100000`);
      expect(res.headers['content-length'], range).toBe(String(end - start + 1));
      expect(res.rawPayload.equals(bytes.subarray(start, end + 1)), range).toBe(true);
    }
  });

  it('answers 416 with the size for a range past the end', async () => {
    for (const range of ['bytes=100000-', 'bytes=200000-300000', 'bytes=-0']) {
      const res = await get({ range });
      expect(res.statusCode, range).toBe(416);
      expect(res.headers['content-range'], range).toBe('bytes */100000');
    }
  });

  it('sends the whole file for ranges it does not serve (several, reversed, other units, stale If-Range)', async () => {
    const cases: Record<string, string>[] = [
      { range: 'bytes=0-1,5-6' },
      { range: 'bytes=10-5' },
      { range: 'items=0-1' },
      { range: 'bytes=abc' },
      { range: 'bytes=0-9', 'if-range': '"stale"' },
    ];
    for (const headers of cases) {
      const res = await get(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
      expect(res.rawPayload.length).toBe(100_000);
    }
    expect((await get({ range: 'bytes=0-9', 'if-range': `"${sha}"` })).statusCode).toBe(206);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await get({}, 'HEAD');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe('100000');
    expect(res.rawPayload.length).toBe(0);
    const ranged = await get({ range: 'bytes=0-9' }, 'HEAD');
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-length']).toBe('10');
  });

  it('answers not found when the store has no such blob', async () => {
    expect((await get({}, 'GET', `/f/${'0'.repeat(64)}`)).statusCode).toBe(404);
  });
});
