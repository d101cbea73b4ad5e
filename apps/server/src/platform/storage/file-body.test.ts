import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bytesOf } from '../../test/blob-store-suite';
import { FileBody } from './file-body';

/** A stored file as the local store reads it: sent to a response by `sendTo`, or read as a stream. */
describe('FileBody', () => {
  const root = mkdtempSync(join(tmpdir(), 'keel-file-body-'));
  const path = join(root, 'blob');
  // Five and a half of sendTo's 512 KiB reads: every buffer is reused, and the last read is short.
  const bytes = Buffer.concat(bytesOf(5.5 * 512 * 1024 + 7, 17));
  let server: Server;
  let base = '';
  /** What the next request's body did: resolved by the handler once sendTo has settled and the body has closed. */
  let settled: Promise<{ error?: unknown; closed: boolean; ended: boolean }> = Promise.resolve({
    closed: false,
    ended: false,
  });

  const serve = (start: number, stop: number) => {
    server.removeAllListeners('request');
    server.on('request', (_request, response) => {
      settled = (async () => {
        const body = new FileBody(await open(path, 'r'), start, stop);
        const closed = new Promise<boolean>((resolve) => body.once('close', () => resolve(true)));
        response.writeHead(200, { 'content-length': String(stop - start) });
        const error = await body.sendTo(response).then(
          () => undefined,
          (e: unknown) => {
            response.destroy();
            return e;
          },
        );
        return { error, closed: await closed, ended: response.writableEnded };
      })();
    });
  };
  /** The whole answer's body, or what had arrived when the connection was cut, and whether it was cut. */
  const fetchBody = () =>
    new Promise<{ body: Buffer; cut: boolean }>((resolve, reject) => {
      get(base, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (d: Buffer) => parts.push(d));
        res.on('end', () => resolve({ body: Buffer.concat(parts), cut: false }));
        res.on('error', () => resolve({ body: Buffer.concat(parts), cut: true }));
      }).on('error', reject);
    });

  beforeAll(async () => {
    server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterEach(() => writeFileSync(path, bytes));
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(root, { recursive: true, force: true });
  });

  it('sends the whole file through reused buffers, then closes its handle', async () => {
    writeFileSync(path, bytes);
    serve(0, bytes.length);
    const { body, cut } = await fetchBody();
    expect(cut).toBe(false);
    expect(body.equals(bytes)).toBe(true);
    expect(await settled).toEqual({ error: undefined, closed: true, ended: true });
  });

  it('sends a range that starts and ends inside its reads', async () => {
    writeFileSync(path, bytes);
    const start = 512 * 1024 - 3;
    const stop = 3 * 512 * 1024 + 11;
    serve(start, stop);
    const { body } = await fetchBody();
    expect(body.equals(bytes.subarray(start, stop))).toBe(true);
  });

  it('fails and cuts the connection when the file ends before its length', async () => {
    writeFileSync(path, bytes);
    truncateSync(path, 2 * 512 * 1024 + 100);
    serve(0, bytes.length);
    const { body, cut } = await fetchBody();
    expect(cut).toBe(true);
    expect(body.length).toBeLessThan(bytes.length);
    const { error, closed, ended } = await settled;
    expect(String(error)).toMatch(/ended \d+ bytes early/);
    expect([closed, ended]).toEqual([true, false]);
  });

  it('stops reading and closes its handle when the client goes away', async () => {
    // Larger than what the loopback's socket buffers hold, so that the server is still sending when the client goes.
    writeFileSync(path, Buffer.alloc(64 * 1024 * 1024, 1));
    serve(0, 64 * 1024 * 1024);
    await new Promise<void>((resolve) => {
      const request = get(base, (res) => {
        res.once('data', () => {
          res.pause();
          request.destroy();
        });
      });
      request.on('error', () => undefined);
      request.on('close', resolve);
    });
    expect(await settled).toEqual({ error: undefined, closed: true, ended: false });
  });

  it('reads as a plain stream, range included, and fails on a short file', async () => {
    writeFileSync(path, bytes);
    const read = async (start: number, stop: number) => {
      const parts: Buffer[] = [];
      for await (const part of new FileBody(await open(path, 'r'), start, stop)) parts.push(part as Buffer);
      return Buffer.concat(parts);
    };
    expect((await read(0, bytes.length)).equals(bytes)).toBe(true);
    expect((await read(100, 2_000_100)).equals(bytes.subarray(100, 2_000_100))).toBe(true);
    truncateSync(path, 1000);
    await expect(read(0, bytes.length)).rejects.toThrow(/ended \d+ bytes early/);
  });
});
