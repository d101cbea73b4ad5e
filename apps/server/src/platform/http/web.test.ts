import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../config';

describe('serving the built console', () => {
  const dist = mkdtempSync(join(tmpdir(), 'keel-dist-'));
  let app: FastifyInstance;

  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Keel</title>');
    writeFileSync(join(dist, 'assets', 'entry-abc123.js'), 'console.log(1)');
    const config = {
      ...loadConfig({ WEB_DIST: dist, DATA_DIR: join(dist, 'data') }),
      database: { kind: 'sqlite' as const, file: ':memory:' },
    };
    app = await buildApp(config, { logger: false });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers the root and every console path with index.html, revalidated', async () => {
    const pages = ['/', '/home', '/en', '/en/Account/PropertyPage', '/Account/TitlePage?page=2'];
    // A route with a parameter: the public download page of a piece of PC software.
    for (const url of [...pages, '/download/k3v9q2m8x1c7b5n4', '/en/download/k3v9q2m8x1c7b5n4']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>Keel</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers a path that is no console route with 404, still serving the console (its 404 page)', async () => {
    for (const url of ['/no/such/page', '/en/no/such/page', '/SecurityChain/NoSuchPage', '/english', '/download']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('<title>Keel</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('caches hashed assets for a year and keeps /api answers JSON', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/entry-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject({ method: 'GET', url: '/assets/gone-123.js' })).statusCode).toBe(404);
    const api = await app.inject({ method: 'GET', url: '/api/nothing/here' });
    expect(api.statusCode).toBe(404);
    expect(api.json().status).toBe(100110050404);
  });

  it('sets the document security headers on pages and the lean API set on JSON answers (over real HTTP)', async () => {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const page = await fetch(`${base}/en/home`);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    for (const path of ['/healthz', '/api/nothing/here']) {
      const res = await fetch(`${base}${path}`);
      expect(res.headers.get('content-security-policy'), path).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('cache-control'), path).toBe('no-store');
      expect(res.headers.get('x-frame-options'), path).toBeNull();
    }
    const docs = await fetch(`${base}/api/docs/static/index.html`);
    expect(docs.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('keeps idle keep-alive connections 72 s and bounds a request to 10 minutes (Fastify leaves a factory server alone)', () => {
    expect(app.server.keepAliveTimeout).toBe(72_000);
    expect(app.server.requestTimeout).toBe(600_000);
    expect(app.server.headersTimeout).toBeLessThanOrEqual(60_000);
  });
});
