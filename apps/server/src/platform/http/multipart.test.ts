import { PassThrough, type Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { FastifyReply } from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { MultipartBody } from './multipart';

const B = 'kb';
const head = (name = 'a.bin') =>
  `--${B}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
const whole = (content: string | Buffer) =>
  Buffer.concat([Buffer.from(head()), Buffer.from(content), Buffer.from(`\r\n--${B}--\r\n`)]);

function bodyOf(length: number) {
  const payload = new PassThrough();
  const body = new MultipartBody(payload, {
    'content-type': `multipart/form-data; boundary=${B}`,
    'content-length': String(length),
  });
  return { payload, body };
}

const reply = () => {
  const headers: Record<string, string> = {};
  return { headers, reply: { header: (k: string, v: string) => (headers[k] = v) } as unknown as FastifyReply };
};
const keyOf = (error: unknown) => (error instanceof AppError ? error.key : String(error));
const read = (stream: Readable) =>
  buffer(stream).then(
    (b) => b.toString(),
    (e: unknown) => Promise.reject(e),
  );

describe('a multipart body owned by its request', () => {
  it('hands on the file part, ended only once the whole body has parsed', async () => {
    const bytes = whole('hello world');
    const { payload, body } = bodyOf(bytes.length);
    body.limit(1024);
    payload.write(bytes.subarray(0, bytes.length - 4));
    const file = await body.file();
    expect(file.filename).toBe('a.bin');
    let ended = false;
    const text = read(file.stream).then((t) => {
      ended = true;
      return t;
    });
    await new Promise((r) => setImmediate(r));
    expect(ended).toBe(false);
    payload.end(bytes.subarray(bytes.length - 4));
    expect(await text).toBe('hello world');
    expect(body.failure).toBeUndefined();
  });

  it('fails the file of a body cut short, a later part cut short included', async () => {
    for (const bytes of [Buffer.from(`${head()}12345`), Buffer.from(`${head()}12345\r\n${head('b.bin')}678`)]) {
      const { payload, body } = bodyOf(bytes.length);
      payload.end(bytes);
      const file = await body.file();
      await expect(read(file.stream).catch(keyOf)).resolves.toBe('malformedUpload');
      expect(body.failure?.key).toBe('malformedUpload');
    }
  });

  it('refuses a file part over the limit with 413, never a truncated file', async () => {
    const bytes = whole(Buffer.alloc(5000, 1));
    const { payload, body } = bodyOf(bytes.length);
    body.limit(4096);
    payload.end(bytes);
    const file = await body.file();
    await expect(read(file.stream).catch(keyOf)).resolves.toBe('tooLarge');
    expect(body.failure?.http.status).toBe(413);
  });

  it('answers a body without a file part, and one without a usable boundary', async () => {
    const fields = Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhi\r\n--${B}--\r\n`);
    const { payload, body } = bodyOf(fields.length);
    payload.end(fields);
    await expect(body.file().catch(keyOf)).resolves.toBe('invalidInput');
    const noBoundary = new MultipartBody(new PassThrough(), { 'content-type': 'multipart/form-data' });
    await expect(noBoundary.file().catch(keyOf)).resolves.toBe('malformedUpload');
  });

  it('fails the reader when the client goes away, before and during the file part', async () => {
    const early = bodyOf(10_000);
    const waiting = early.body.file().catch(keyOf);
    early.payload.write('--kb\r\n');
    early.payload.destroy(new Error('aborted'));
    await expect(waiting).resolves.toBe('malformedUpload');

    const late = bodyOf(10_000);
    late.payload.write(Buffer.concat([Buffer.from(head()), Buffer.alloc(100, 2)]));
    const file = await late.body.file();
    const reading = read(file.stream).catch(keyOf);
    late.payload.destroy(new Error('aborted'));
    await expect(reading).resolves.toBe('malformedUpload');
    await expect(late.body.file().catch(String)).resolves.toContain('taken once');
  });

  it('settles a body its handler never read: drained, or the connection closed past a megabyte', async () => {
    const small = bodyOf(20);
    const r1 = reply();
    small.body.settle(r1.reply);
    small.payload.end('--kb\r\nshort body..');
    await new Promise((r) => small.payload.once('end', r));
    expect(r1.headers.connection).toBeUndefined();

    const large = bodyOf(50 * 1024 * 1024);
    const r2 = reply();
    large.body.settle(r2.reply);
    expect(r2.headers.connection).toBe('close');
  });

  it('settles a body whose file was cut short after the handler answered, without an unhandled error', async () => {
    const bytes = Buffer.from(`${head()}12345`);
    const { payload, body } = bodyOf(bytes.length + 100);
    payload.write(bytes);
    await body.file();
    body.settle(reply().reply);
    payload.end();
    await new Promise((r) => setImmediate(r));
    expect(body.failure).toBeUndefined();
  });
});
