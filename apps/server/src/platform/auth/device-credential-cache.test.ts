import { beforeAll, expect, it } from 'vitest';
import { seedDemo } from '../../seed/demo';
import { describeEachDb } from '../../test/harness';
import { createLocalBus } from '../realtime/bus';
import { createDeviceCredentials, deviceCacheExpiry, deviceCacheTtlMs } from './device-credential-cache';

/**
 * Two instances (two caches over one database, one event bus between them, as Redis would carry it): a credential
 * one of them revokes stops working on the other at its very next use, though the other had it cached.
 */
describeEachDb('device credential cache', (env) => {
  let pno: string;
  beforeAll(async () => {
    await seedDemo(env().app.keel);
    pno = (await env().app.keel.db.selectFrom('properties').select('pno').orderBy('pno').executeTakeFirstOrThrow()).pno;
  });

  /** Disables a credential in the database alone, as a revocation whose event never arrived would leave it. */
  const disableBehindTheCaches = (deviceId: string) =>
    env()
      .app.keel.db.withoutPlugins()
      .updateTable('device_credentials')
      .set({ disabled: 1 })
      .where('device_id', '=', deviceId)
      .execute();

  it('answers from memory, and forgets a revoked credential on every instance', async () => {
    const db = env().app.keel.db;
    const bus = createLocalBus();
    const a = createDeviceCredentials(db, bus, 60_000);
    const b = createDeviceCredentials(db, bus, 60_000);
    const token = await a.issue(db, { deviceId: 'cache-1', pno, name: 'Cached' }, env().now());
    expect((await b.resolve(token))?.deviceId).toBe('cache-1');

    // Changed behind the caches' back: b still answers from memory.
    await disableBehindTheCaches('cache-1');
    expect((await b.resolve(token))?.deviceId).toBe('cache-1');

    // Revoked through a: b forgets it at once.
    await a.setDisabled(pno, 'cache-1', true);
    expect(await b.resolve(token)).toBeNull();
    await a.setDisabled(pno, 'cache-1', false);
    expect((await b.resolve(token))?.property.pno).toBe(pno);

    const renewed = await a.issue(db, { deviceId: 'cache-1', pno, name: 'Cached' }, env().now());
    await a.forget(['cache-1']);
    expect(await b.resolve(token)).toBeNull();
    expect((await b.resolve(renewed))?.deviceId).toBe('cache-1');
    await a.remove(db, pno, ['cache-1']);
    await a.forget(['cache-1']);
    expect(await b.resolve(renewed)).toBeNull();
    expect(await b.resolve(undefined)).toBeNull();
    expect(await b.resolve('x'.repeat(201))).toBeNull();
  });

  it('reads a credential again once its time is up, a missed revocation included', async () => {
    const db = env().app.keel.db;
    const quick = createDeviceCredentials(db, createLocalBus(), 1);
    const token = await quick.issue(db, { deviceId: 'cache-2', pno, name: 'Quick' }, env().now());
    expect((await quick.resolve(token))?.deviceId).toBe('cache-2');
    await disableBehindTheCaches('cache-2');
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await quick.resolve(token)).toBeNull();
  });

  it('trusts an entry for three polling intervals, at least 5 minutes, each a random half to all of it', () => {
    expect(deviceCacheTtlMs(300)).toBe(15 * 60_000);
    expect(deviceCacheTtlMs(10)).toBe(5 * 60_000);
    for (let i = 0; i < 100; i += 1) {
      const until = deviceCacheExpiry(1_000, 600);
      expect(until).toBeGreaterThanOrEqual(1_300);
      expect(until).toBeLessThanOrEqual(1_600);
    }
  });
});
