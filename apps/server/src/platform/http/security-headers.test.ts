import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_SECURITY_HEADERS, computeSecurityHeaders, securityHeadersServer } from './security-headers';

const documentOptions = { crossOriginEmbedderPolicy: false } as const;

/** The answer's header lines as sent (name lower-cased, in order, duplicates kept). */
function rawHead(port: number, path: string, method = 'GET'): Promise<{ status: number; lines: [string, string][] }> {
  return new Promise((resolve, reject) => {
    const req = get({ host: '127.0.0.1', port, path, method }, (res) => {
      const lines: [string, string][] = [];
      for (let i = 0; i < res.rawHeaders.length; i += 2) {
        lines.push([(res.rawHeaders[i] as string).toLowerCase(), res.rawHeaders[i + 1] as string]);
      }
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, lines }));
    });
    req.on('error', reject);
  });
}

const valuesOf = (lines: [string, string][], name: string) => lines.filter(([n]) => n === name).map(([, v]) => v);

describe('security headers written by the HTTP server', () => {
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    app = Fastify({ serverFactory: securityHeadersServer(documentOptions) });
    app.get('/api/plain', async () => ({ ok: true }));
    app.get('/api/own', async (_request, reply) => reply.header('cache-control', 'private, no-cache').send({ ok: 1 }));
    app.get('/api/raw', (_request, reply) => {
      reply.raw.setHeader('X-Content-Type-Options', 'nosniff');
      reply.raw.writeHead(200, { 'Cache-Control': 'max-age=5', 'Content-Type': 'text/plain' });
      reply.raw.end('raw');
    });
    app.get('/t1/controller/v1/dev-1', async () => ({ config: {} }));
    app.get('/page', async (_request, reply) => reply.type('text/html').send('<p>page</p>'));
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app.close();
  });

  it('gives JSON answers (API, device API, 404s) the API set, each header once', async () => {
    for (const path of ['/api/plain', '/t1/controller/v1/dev-1', '/api/missing']) {
      const { lines } = await rawHead(port, path);
      for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) {
        expect(valuesOf(lines, name), `${path} ${name}`).toEqual([value]);
      }
      expect(valuesOf(lines, 'x-frame-options'), path).toEqual([]);
      expect(valuesOf(lines, 'content-type').length, path).toBe(1);
    }
  });

  it("gives pages helmet's set", async () => {
    const { lines } = await rawHead(port, '/page');
    for (const [name, value] of Object.entries(computeSecurityHeaders(documentOptions))) {
      expect(valuesOf(lines, name), name).toEqual([value]);
    }
  });

  it("lets a route's own header win, whatever the case of its name and however it was set", async () => {
    const own = await rawHead(port, '/api/own');
    expect(valuesOf(own.lines, 'cache-control')).toEqual(['private, no-cache']);
    expect(valuesOf(own.lines, 'content-security-policy')).toEqual([API_SECURITY_HEADERS['content-security-policy']]);
    const raw = await rawHead(port, '/api/raw');
    expect(raw.status).toBe(200);
    expect(valuesOf(raw.lines, 'cache-control')).toEqual(['max-age=5']);
    expect(valuesOf(raw.lines, 'x-content-type-options')).toEqual(['nosniff']);
    expect(valuesOf(raw.lines, 'referrer-policy')).toEqual(['no-referrer']);
  });

  it('sets them on HEAD answers too', async () => {
    const { lines } = await rawHead(port, '/api/plain', 'HEAD');
    expect(valuesOf(lines, 'strict-transport-security')).toEqual([API_SECURITY_HEADERS['strict-transport-security']]);
  });
});
