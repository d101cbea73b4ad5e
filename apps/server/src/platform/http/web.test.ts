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
    const config = { ...loadConfig({ WEB_DIST: dist }), database: { kind: 'sqlite' as const, file: ':memory:' } };
    app = await buildApp(config, { logger: false });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers the root and every console path with index.html, revalidated', async () => {
    for (const url of ['/', '/home', '/en', '/en/Account/PropertyPage', '/no/such/page']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
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
});
