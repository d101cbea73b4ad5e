import type { AddressInfo } from 'node:net';
import { ddiControllerBase, ddiError } from '@keel/contract/device-api/ddi';
import { beforeAll, describe, expect, it } from 'vitest';
import { type DeviceFixture, deviceFixture, freshDeviceId } from '../../test/device-fixture';
import { describeEachDb } from '../../test/harness';
import { POLLS_PER_INTERVAL } from './ddi-service';
import { runtimeOf, SIGHTING_RESOLUTION_MS } from './runtime';

/** hawkBit DDI as a device speaks it: path parameters, Authorization schemes, HTTP statuses, hawkBit JSON. */
describeEachDb('device API (hawkBit DDI)', (env) => {
  let fx: DeviceFixture;
  const db = () => env().app.keel.db.withoutPlugins();
  const url = (pno: string, id: string, tail = '') => `/${pno}/controller/v1/${id}${tail}`;
  const poll = (pno: string, id: string, authorization?: string) =>
    env().app.inject({ method: 'GET', url: url(pno, id), headers: authorization ? { authorization } : {} });
  const put = (
    pno: string,
    id: string,
    authorization: string,
    payload: unknown,
    type: string | null = 'application/json',
  ) =>
    env().app.inject({
      method: 'PUT',
      url: url(pno, id, '/configData'),
      headers: { authorization, ...(type === null ? {} : { 'content-type': type }) },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  const register = async (who = fx.owner) => {
    const deviceId = freshDeviceId('ddi');
    const res = await fx.call('di/registerDevice', { deviceId }, who);
    expect(res.status, res.msg).toBe(0);
    return { deviceId, auth: `TargetToken ${res.data.credential}` };
  };
  const auditCount = async () =>
    Number(
      (
        await db()
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    fx = await deviceFixture(env);
  });

  it('answers a poll with the polling interval and asks for the attributes until they are reported', async () => {
    const { deviceId, auth } = await register();
    const res = await poll(fx.demo, deviceId, auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json();
    expect(ddiControllerBase.strict().safeParse(body).success).toBe(true);
    expect(body).toEqual({
      config: { polling: { sleep: '00:05:00' } },
      _links: { configData: { href: `http://localhost:80/${fx.demo}/controller/v1/${deviceId}/configData` } },
    });

    const audits = await auditCount();
    const stored = await put(fx.demo, deviceId, auth, {
      id: '',
      time: '20260101T000000',
      mode: 'replace',
      status: { result: { finished: 'success' }, execution: 'closed', details: [''] },
      data: { hwRevision: 'rev2', swVersion: '2.4.1', app_version: '7.0', board: 'imx8' },
    });
    expect(stored.statusCode).toBe(200);
    expect(stored.body).toBe('');
    expect(await auditCount()).toBe(audits + 1);
    expect((await poll(fx.demo, deviceId, auth)).json()).toEqual({ config: { polling: { sleep: '00:05:00' } } });

    const info = (await fx.call('di/getAnyDeviceInfo', { deviceId }, fx.owner)).data;
    expect(info).toMatchObject({
      attributes: { hwRevision: 'rev2', swVersion: '2.4.1', app_version: '7.0', board: 'imx8' },
      firmwareVersion: '2.4.1',
      appVersion: '7.0',
      attributesTime: env().now(),
    });
    // The same report again changes nothing and writes nothing.
    expect((await put(fx.demo, deviceId, auth, { data: { board: 'imx8' } })).statusCode).toBe(200);
    expect(await auditCount()).toBe(audits + 1);
    // merge (the default) adds and overwrites, remove deletes the keys named.
    await put(fx.demo, deviceId, auth, { data: { swVersion: '2.5.0', serial: 'S1' } });
    await put(fx.demo, deviceId, auth, { mode: 'remove', data: { hwRevision: '' } });
    const after = (await fx.call('di/getAnyDeviceInfo', { deviceId }, fx.owner)).data;
    expect(after.attributes).toEqual({ swVersion: '2.5.0', app_version: '7.0', board: 'imx8', serial: 'S1' });
    expect(after.firmwareVersion).toBe('2.5.0');
  });

  it('tells devices the polling interval the server is set to', async () => {
    const { deviceId, auth } = await register();
    const config = env().app.keel.config;
    const saved = config.devicePollSeconds;
    config.devicePollSeconds = 3723;
    try {
      expect((await poll(fx.demo, deviceId, auth)).json().config.polling.sleep).toBe('01:02:03');
    } finally {
      config.devicePollSeconds = saved;
    }
  });

  it("gives a credential nothing on another device's URL, in another tenant, or without a scheme", async () => {
    const a = await register();
    const b = await register();
    const theirs = await register(fx.operator);
    const refused = async (res: Awaited<ReturnType<typeof poll>>) => {
      expect(res.statusCode).toBe(401);
      expect(ddiError.strict().safeParse(res.json()).success).toBe(true);
      expect(JSON.stringify(res.json())).not.toMatch(/status|attributes|msg/);
    };
    await refused(await poll(fx.demo, b.deviceId, a.auth));
    await refused(await poll(fx.partner, theirs.deviceId, a.auth));
    await refused(await poll(fx.partner, a.deviceId, a.auth));
    await refused(await poll(fx.demo, a.deviceId));
    await refused(await poll(fx.demo, a.deviceId, a.auth.replace('TargetToken', 'Bearer')));
    await refused(await poll(fx.demo, a.deviceId, 'TargetToken '));
    await refused(await poll(fx.demo, a.deviceId, `${a.auth}x`));
    expect((await put(fx.demo, b.deviceId, a.auth, { data: { x: '1' } })).statusCode).toBe(401);
    const untouched = await fx.call('di/getAnyDeviceInfo', { deviceId: b.deviceId }, fx.owner);
    expect(untouched.data.attributes).toEqual({});
    expect((await poll(fx.demo, 'bad id!', a.auth)).statusCode).toBe(404);
  });

  it('refuses invalid configData with 400', async () => {
    const { deviceId, auth } = await register();
    expect((await put(fx.demo, deviceId, auth, '{not json')).statusCode).toBe(400);
    expect((await put(fx.demo, deviceId, auth, { data: { n: 1 } })).statusCode).toBe(400);
    expect((await put(fx.demo, deviceId, auth, { mode: 'append', data: {} })).statusCode).toBe(400);
    const many = Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`k${i}`, 'v']));
    expect((await put(fx.demo, deviceId, auth, { data: many })).statusCode).toBe(400);
    // A body without a content type (some devices send none) is read all the same.
    expect((await put(fx.demo, deviceId, auth, { data: { ok: '1' } }, null)).statusCode).toBe(200);
  });

  it('answers 429 with Retry-After to a device polling faster than allowed', async () => {
    const { deviceId, auth } = await register();
    for (let i = 0; i < POLLS_PER_INTERVAL; i += 1) expect((await poll(fx.demo, deviceId, auth)).statusCode).toBe(200);
    const limited = await poll(fx.demo, deviceId, auth);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().errorCode).toBe('keel.ddi.tooManyRequests');
    // Another device is not held back by it.
    const other = await register();
    expect((await poll(fx.demo, other.deviceId, other.auth)).statusCode).toBe(200);
    env().advance(5 * 60_000 + 1);
    expect((await poll(fx.demo, deviceId, auth)).statusCode).toBe(200);
  });

  it('lets a device enrolled with the enrolment key report while pending; a credential of its own replaces the key', async () => {
    const { key } = (await fx.call('di/resetEnrolmentKey', {}, fx.owner)).data;
    const deviceId = freshDeviceId('gw');
    const gateway = `GatewayToken ${key}`;
    const first = await poll(fx.demo, deviceId, gateway);
    expect(first.json()._links.configData.href).toContain(`/controller/v1/${deviceId}/configData`);
    expect((await put(fx.demo, deviceId, gateway, { data: { serial: 'GW-1' } })).statusCode).toBe(200);
    const info = (await fx.call('di/getAnyDeviceInfo', { deviceId }, fx.owner)).data;
    expect(info).toMatchObject({ admission: 'pending', attributes: { serial: 'GW-1' } });
    const issued = await fx.call('di/resetDeviceCredential', { deviceId }, fx.owner);
    expect((await poll(fx.demo, deviceId, gateway)).statusCode).toBe(401);
    expect((await poll(fx.demo, deviceId, `TargetToken ${issued.data.credential}`)).statusCode).toBe(200);
    // A console-registered device never answers to the key, and an id taken elsewhere enrols nothing.
    const registered = await register();
    expect((await poll(fx.demo, registered.deviceId, gateway)).statusCode).toBe(401);
    const theirs = await register(fx.operator);
    expect((await poll(fx.demo, theirs.deviceId, gateway)).statusCode).toBe(401);
    await fx.call('di/disableEnrolmentKey', {}, fx.owner);
  });

  it('writes nothing on a poll but the sighting, batched', async () => {
    const { deviceId, auth } = await register();
    await runtimeOf(env().app.keel).flush();
    const audits = await auditCount();
    for (let i = 0; i < 5; i += 1) await poll(fx.demo, deviceId, auth);
    expect(await auditCount()).toBe(audits);
    const row = () =>
      db().selectFrom('device_presence').select(['last_seen_at']).where('device_id', '=', deviceId).execute();
    expect((await row())[0]?.last_seen_at).toBeUndefined();
    await runtimeOf(env().app.keel).flush();
    expect((await row())[0]?.last_seen_at).toBe(env().now());
  });

  it('writes a device’s sightings at most once per SIGHTING_RESOLUTION_MS', async () => {
    const { deviceId, auth } = await register();
    const rt = runtimeOf(env().app.keel);
    const lastSeen = async () =>
      (
        await db()
          .selectFrom('device_presence')
          .select('last_seen_at')
          .where('device_id', '=', deviceId)
          .executeTakeFirst()
      )?.last_seen_at;
    expect((await poll(fx.demo, deviceId, auth)).statusCode).toBe(200);
    await rt.flush();
    const first = env().now();
    expect(await lastSeen()).toBe(first);
    env().advance(SIGHTING_RESOLUTION_MS - 1_000);
    expect((await poll(fx.demo, deviceId, auth)).statusCode).toBe(200);
    await rt.flush();
    expect(await lastSeen()).toBe(first);
    env().advance(1_000);
    expect((await poll(fx.demo, deviceId, auth)).statusCode).toBe(200);
    await rt.flush();
    expect(await lastSeen()).toBe(env().now());
  });

  describe('over a real connection', () => {
    let base: string;
    beforeAll(async () => {
      await env().app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(env().app.server.address() as AddressInfo).port}`;
    });

    it('takes a chunked configData body and answers with the API security headers', async () => {
      const { deviceId, auth } = await register();
      const res = await fetch(`${base}${url(fx.demo, deviceId)}`, { headers: { authorization: auth } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(((await res.json()) as { config: { polling: { sleep: string } } }).config.polling.sleep).toBe('00:05:00');
      const encoder = new TextEncoder();
      const chunks = ['{"mode":"merge",', '"data":{"swVersion":', '"9.9.9"}}'];
      const body = new ReadableStream({
        start(controller) {
          for (const c of chunks) controller.enqueue(encoder.encode(c));
          controller.close();
        },
      });
      const stored = await fetch(`${base}${url(fx.demo, deviceId, '/configData')}`, {
        method: 'PUT',
        headers: { authorization: auth, 'content-type': 'application/json' },
        body,
        duplex: 'half',
      } as RequestInit);
      expect(stored.status).toBe(200);
      const info = await fx.call('di/getAnyDeviceInfo', { deviceId }, fx.owner);
      expect(info.data.firmwareVersion).toBe('9.9.9');
    });
  });
});
