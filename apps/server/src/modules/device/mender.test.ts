import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { menderError } from '@keel/contract/device-api/mender';
import { Status } from '@keel/contract/status';
import { beforeAll, describe, expect, it } from 'vitest';
import { type DeviceFixture, deviceFixture, freshDeviceId } from '../../test/device-fixture';
import { describeEachDb } from '../../test/harness';
import { POLLS_PER_INTERVAL } from './ddi-service';
import { identityOf } from './mender-service';

/** A device's key pair, as mender-client makes one (RSA; the tests use 2048 bits to stay quick). */
interface DeviceKey {
  privateKey: KeyObject;
  pem: string;
}
const newKey = (type: 'rsa' | 'ed25519' = 'rsa'): DeviceKey => {
  const { privateKey, publicKey } =
    type === 'rsa' ? generateKeyPairSync('rsa', { modulusLength: 2048 }) : generateKeyPairSync('ed25519');
  return { privateKey, pem: publicKey.export({ type: 'spki', format: 'pem' }).toString() };
};
const signed = (key: DeviceKey, body: string) =>
  sign(key.privateKey.asymmetricKeyType === 'rsa' ? 'sha256' : null, Buffer.from(body), key.privateKey).toString(
    'base64',
  );

/** Mender's device API as mender-client speaks it: signed auth requests, a JWT, inventory, the update check. */
describeEachDb('device API (Mender)', (env) => {
  let fx: DeviceFixture;
  let enrolmentKey: string;
  let rsa: DeviceKey;
  const db = () => env().app.keel.db.withoutPlugins();

  const authBody = (idData: Record<string, string>, key: DeviceKey, tenantToken?: string) =>
    JSON.stringify({
      id_data: JSON.stringify(idData),
      pubkey: key.pem,
      ...(tenantToken !== undefined ? { tenant_token: tenantToken } : {}),
    });
  const auth = (body: string, signature: string, authorization?: string) =>
    env().app.inject({
      method: 'POST',
      url: '/api/devices/v1/authentication/auth_requests',
      headers: {
        'content-type': 'application/json',
        'x-men-signature': signature,
        ...(authorization ? { authorization } : {}),
      },
      payload: body,
    });
  /** Authenticates a device: its identity, its key, the tenant token in the body. */
  const authAs = (idData: Record<string, string>, key = rsa, token = enrolmentKey) => {
    const body = authBody(idData, key, token);
    return auth(body, signed(key, body));
  };
  const inventory = (method: 'PUT' | 'PATCH', jwt: string, payload: unknown) =>
    env().app.inject({
      method,
      url: '/api/devices/v1/inventory/device/attributes',
      headers: { authorization: `Bearer ${jwt}`, 'content-type': 'application/json' },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  const next = (jwt: string) =>
    env().app.inject({
      method: 'GET',
      url: '/api/devices/v1/deployments/device/deployments/next?device_type=qemu&artifact_name=r1',
      headers: { authorization: `Bearer ${jwt}` },
    });
  const info = async (deviceId: string) => (await fx.call('di/getAnyDeviceInfo', { deviceId }, fx.owner)).data;
  const auditRows = (deviceId: string) =>
    db().selectFrom('audit_log').select('endpoint').where('target', '=', deviceId).orderBy('at').execute();
  /** A device enrolled with the enrolment key and accepted; answers its id and token. */
  const accepted = async (key = rsa) => {
    const deviceId = freshDeviceId('men');
    expect((await authAs({ serial: deviceId }, key)).statusCode).toBe(401);
    expect((await fx.call('di/admitDevice', { deviceIdList: [deviceId], accept: 1 }, fx.owner)).status).toBe(0);
    const res = await authAs({ serial: deviceId }, key);
    expect(res.statusCode).toBe(200);
    return { deviceId, jwt: res.body };
  };

  beforeAll(async () => {
    fx = await deviceFixture(env);
    enrolmentKey = (await fx.call('di/resetEnrolmentKey', {}, fx.owner)).data.key;
    rsa = newKey();
  });

  it('enrols an unknown device pending, answers 401 until it is accepted, then the token every time', async () => {
    const deviceId = freshDeviceId('men');
    const pending = await authAs({ mac: deviceId });
    expect(pending.statusCode).toBe(401);
    expect(menderError.strict().safeParse(pending.json()).success).toBe(true);
    expect(pending.json().error).toMatch(/pending/);
    expect(await info(deviceId)).toMatchObject({ admission: 'pending', enrolment: 'gateway', osType: 'linux' });
    // Asking again changes nothing (same device, one enrolment).
    expect((await authAs({ mac: deviceId })).statusCode).toBe(401);
    expect(await auditRows(deviceId)).toEqual([{ endpoint: 'mender/enrol' }]);

    expect((await fx.call('di/admitDevice', { deviceIdList: [deviceId], accept: 1 }, fx.owner)).status).toBe(0);
    const ok = await authAs({ mac: deviceId });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^application\/jwt/);
    const [header, payload] = ok.body.split('.');
    expect(JSON.parse(Buffer.from(header ?? '', 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(JSON.parse(Buffer.from(payload ?? '', 'base64url').toString())).toMatchObject({
      sub: deviceId,
      'mender.tenant': fx.demo,
      'mender.device': true,
    });
    const again = await authAs({ mac: deviceId });
    expect(again.statusCode).toBe(200);
    expect(again.body).not.toBe(ok.body);
    expect((await next(again.body)).statusCode).toBe(204);
    expect((await next(ok.body)).statusCode).toBe(204);
    const stored = await db()
      .selectFrom('mender_identities')
      .select(['device_id', 'pno', 'pubkey'])
      .where('device_id', '=', deviceId)
      .execute();
    expect(stored).toEqual([{ device_id: deviceId, pno: fx.demo, pubkey: rsa.pem }]);
  });

  it('maps an identity without a serial or MAC to a stable id, and takes the tenant token as a Bearer header', async () => {
    const idData = { cpu: `c-${process.pid}-${Date.now()}`, board: 'rpi4' };
    const identity = identityOf(JSON.stringify(idData));
    expect(identity?.deviceId).toMatch(/^mender-[0-9a-f]{24}$/);
    // Keys in another order are the same identity.
    expect(identityOf(JSON.stringify({ board: 'rpi4', cpu: idData.cpu }))?.deviceId).toBe(identity?.deviceId);
    const body = authBody(idData, rsa);
    const res = await auth(body, signed(rsa, body), `Bearer ${enrolmentKey}`);
    expect(res.statusCode).toBe(401);
    expect(await info(identity?.deviceId ?? '')).toMatchObject({ admission: 'pending' });
  });

  it('refuses a bad signature, another key for a known identity, and an unknown tenant token', async () => {
    const deviceId = freshDeviceId('men');
    const body = authBody({ serial: deviceId }, rsa, enrolmentKey);
    const forged = await auth(body, signed(newKey(), body));
    expect(forged.statusCode).toBe(401);
    expect(forged.json().error).toMatch(/Signature/);
    // The signature covers the exact bytes: the same JSON spaced differently fails.
    expect((await auth(body.replace('{', '{ '), signed(rsa, body))).statusCode).toBe(401);
    expect((await auth(body, '')).statusCode).toBe(401);
    expect((await authAs({ serial: deviceId }, rsa, 'not-a-key')).statusCode).toBe(401);
    expect((await info(deviceId)) ?? null).toBeNull();

    // Enrolled with one key: another key for the same identity gets nothing until an administrator accepts it.
    const { jwt, deviceId: known } = await accepted();
    const other = newKey('ed25519');
    const refused = await authAs({ serial: known }, other);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toMatch(/new key/);
    expect((await next(jwt)).statusCode).toBe(204);
    // Ed25519 keys work for a new device.
    expect((await authAs({ serial: freshDeviceId('ed') }, other)).statusCode).toBe(401);

    expect((await auth('{not json', 'x')).statusCode).toBe(400);
    const noIdentity = JSON.stringify({ id_data: '[1]', pubkey: rsa.pem, tenant_token: enrolmentKey });
    expect((await auth(noIdentity, signed(rsa, noIdentity))).statusCode).toBe(400);
  });

  it('keeps a new key waiting until an administrator accepts it (the old tokens stop) or rejects it', async () => {
    const { jwt, deviceId } = await accepted();
    const before = (await info(deviceId)).menderKey;
    expect(before).toMatchObject({ fingerprint: expect.stringMatching(/^SHA256:[A-Za-z0-9+/]{43}$/), pending: null });
    // Nothing waits: settling answers a clear refusal.
    const none = await fx.call('di/admitDeviceKey', { deviceId, accept: 1 }, fx.owner);
    expect(none.status).toBe(Status.conflict);

    // A factory reset: the device comes back with a new key. It waits; the enrolled key still works.
    const fresh = newKey();
    expect((await authAs({ serial: deviceId }, fresh)).statusCode).toBe(401);
    expect((await authAs({ serial: deviceId }, fresh)).statusCode).toBe(401);
    const waiting = (await info(deviceId)).menderKey;
    expect(waiting?.fingerprint).toBe(before?.fingerprint);
    expect(waiting?.pending?.fingerprint).toMatch(/^SHA256:/);
    expect(waiting?.pending?.fingerprint).not.toBe(before?.fingerprint);
    expect((await auditRows(deviceId)).filter((r) => r.endpoint === 'mender/newKey')).toHaveLength(1);
    expect((await authAs({ serial: deviceId })).statusCode).toBe(200);

    // Rejected: the new key is dropped, and asks again as new.
    expect((await fx.call('di/admitDeviceKey', { deviceId, accept: 0 }, fx.owner)).status).toBe(0);
    expect((await info(deviceId)).menderKey.pending).toBeNull();
    expect((await authAs({ serial: deviceId }, fresh)).statusCode).toBe(401);

    // Accepted: the new key authenticates, the old key and its tokens stop.
    const admitted = await fx.call('di/admitDeviceKey', { deviceId, accept: 1 }, fx.owner);
    expect(admitted).toMatchObject({ status: 0, data: { changed: 1 } });
    expect((await info(deviceId)).menderKey).toEqual({ fingerprint: waiting?.pending?.fingerprint, pending: null });
    expect((await next(jwt)).statusCode).toBe(401);
    const renewed = await authAs({ serial: deviceId }, fresh);
    expect(renewed.statusCode).toBe(200);
    expect((await next(renewed.body)).statusCode).toBe(204);
    expect((await authAs({ serial: deviceId })).statusCode).toBe(401);
    // Another property's administrator finds no such device; a member without the right is refused.
    expect((await fx.call('di/admitDeviceKey', { deviceId, accept: 1 }, fx.operator)).status).toBe(Status.notFound);
    expect((await fx.call('di/admitDeviceKey', { deviceId, accept: 1 }, fx.member)).status).toBe(Status.forbidden);
  });

  it('stores the inventory on the device: PUT replaces (answering 200), PATCH merges, unchanged writes nothing', async () => {
    const { deviceId, jwt } = await accepted();
    const put = await inventory('PUT', jwt, [
      { name: 'artifact_name', value: 'release-7' },
      { name: 'device_type', value: 'raspberrypi4' },
      { name: 'ipv4_eth0', value: ['10.0.0.2/24', '10.0.0.3/24'] },
      { name: 'mem_total_kB', value: 1024 },
    ]);
    expect(put.statusCode).toBe(200);
    expect(await info(deviceId)).toMatchObject({
      firmwareVersion: 'release-7',
      attributes: {
        artifact_name: 'release-7',
        device_type: 'raspberrypi4',
        ipv4_eth0: '10.0.0.2/24, 10.0.0.3/24',
        mem_total_kB: '1024',
      },
    });
    const audits = (await auditRows(deviceId)).length;
    expect(
      (
        await inventory('PUT', jwt, [
          { name: 'device_type', value: 'raspberrypi4' },
          { name: 'artifact_name', value: 'release-7' },
          { name: 'ipv4_eth0', value: ['10.0.0.2/24', '10.0.0.3/24'] },
          { name: 'mem_total_kB', value: 1024 },
        ])
      ).statusCode,
    ).toBe(200);
    expect((await auditRows(deviceId)).length).toBe(audits);
    expect((await inventory('PATCH', jwt, [{ name: 'hostname', value: 'pi' }])).statusCode).toBe(200);
    expect((await info(deviceId)).attributes).toMatchObject({ hostname: 'pi', device_type: 'raspberrypi4' });
    expect((await inventory('PUT', jwt, [{ name: 'artifact_name', value: 'release-8' }])).statusCode).toBe(200);
    expect((await info(deviceId)).attributes).toEqual({ artifact_name: 'release-8' });
    expect((await auditRows(deviceId)).filter((r) => r.endpoint === 'mender/inventory')).toHaveLength(3);

    expect((await inventory('PUT', jwt, '{bad')).statusCode).toBe(400);
    expect((await inventory('PUT', jwt, { name: 'x', value: 'y' })).statusCode).toBe(400);
    expect((await inventory('PUT', jwt, [{ name: 'x', value: 'y'.repeat(513) }])).statusCode).toBe(400);
    expect((await inventory('PUT', `${jwt}x`, [{ name: 'x', value: 'y' }])).statusCode).toBe(401);
    expect((await inventory('PUT', 'a.b.c', [{ name: 'x', value: 'y' }])).statusCode).toBe(401);
    expect((await info(deviceId)).attributes).toEqual({ artifact_name: 'release-8' });
  });

  it('stops a token on every call once the device is rejected, deleted or its credential reset', async () => {
    const a = await accepted();
    expect((await fx.call('di/resetDeviceCredential', { deviceId: a.deviceId }, fx.owner)).status).toBe(0);
    expect((await next(a.jwt)).statusCode).toBe(401);
    expect((await inventory('PATCH', a.jwt, [{ name: 'x', value: '1' }])).statusCode).toBe(401);
    // The device authenticates again with its key and gets a token that works.
    const renewed = await authAs({ serial: a.deviceId });
    expect(renewed.statusCode).toBe(200);
    expect((await next(renewed.body)).statusCode).toBe(204);

    expect((await fx.call('di/admitDevice', { deviceIdList: [a.deviceId], accept: 0 }, fx.owner)).status).toBe(0);
    expect((await next(renewed.body)).statusCode).toBe(401);
    const rejected = await authAs({ serial: a.deviceId });
    expect(rejected.statusCode).toBe(401);
    expect(rejected.json().error).toMatch(/rejected/);
    // Accepted again, the old token stays revoked; a new one works.
    await fx.call('di/admitDevice', { deviceIdList: [a.deviceId], accept: 1 }, fx.owner);
    expect((await next(renewed.body)).statusCode).toBe(401);
    const back = await authAs({ serial: a.deviceId });
    expect((await next(back.body)).statusCode).toBe(204);

    const b = await accepted();
    expect((await fx.call('di/delDevice', { deviceIdList: [b.deviceId] }, fx.owner)).status).toBe(0);
    expect((await next(b.jwt)).statusCode).toBe(401);
    expect(
      await db().selectFrom('mender_identities').select('device_id').where('device_id', '=', b.deviceId).execute(),
    ).toEqual([]);
    // Deleted, it may enrol again: pending; accepted again, the token from before the deletion stays dead.
    expect((await authAs({ serial: b.deviceId })).json().error).toMatch(/pending/);
    await fx.call('di/admitDevice', { deviceIdList: [b.deviceId], accept: 1 }, fx.owner);
    const fresh = await authAs({ serial: b.deviceId });
    expect((await next(fresh.body)).statusCode).toBe(204);
    expect((await next(b.jwt)).statusCode).toBe(401);
  });

  it('binds an identity to the device whose credential is the tenant token, accepted at once', async () => {
    const deviceId = freshDeviceId('reg');
    const registered = await fx.call('di/registerDevice', { deviceId, name: 'Registered' }, fx.owner);
    const credential = registered.data.credential as string;
    // With the enrolment key, a device that has a credential of its own gets nothing.
    const withKey = await authAs({ serial: deviceId });
    expect(withKey.statusCode).toBe(401);
    expect(withKey.json().error).toMatch(/credential/);
    const res = await authAs({ mac: `52:54:00:${process.pid % 100}:00:01`, board: 'x' }, rsa, credential);
    expect(res.statusCode).toBe(200);
    expect((await inventory('PATCH', res.body, [{ name: 'artifact_name', value: 'r2' }])).statusCode).toBe(200);
    expect(await info(deviceId)).toMatchObject({ admission: 'accepted', firmwareVersion: 'r2' });
    expect(await auditRows(deviceId)).toContainEqual({ endpoint: 'mender/identity' });
  });

  it("enrols nothing for an id another property holds, and a token never reaches another device's data", async () => {
    const theirs = freshDeviceId('theirs');
    expect((await fx.call('di/registerDevice', { deviceId: theirs }, fx.operator)).status).toBe(0);
    const res = await authAs({ serial: theirs });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('Unauthorized');
    const row = await db().selectFrom('devices').select('pno').where('device_id', '=', theirs).executeTakeFirst();
    expect(row?.pno).toBe(fx.partner);
    // A token names its own device only: its inventory lands there, never on another.
    const a = await accepted();
    const b = await accepted();
    await inventory('PATCH', a.jwt, [{ name: 'who', value: 'a' }]);
    expect((await info(b.deviceId)).attributes).toEqual({});
    expect((await info(a.deviceId)).attributes).toEqual({ who: 'a' });
  });

  it('answers 429 with Retry-After to a device calling faster than allowed, and writes only the sighting', async () => {
    const { deviceId, jwt } = await accepted();
    const audits = (await auditRows(deviceId)).length;
    for (let i = 0; i < POLLS_PER_INTERVAL; i += 1) expect((await next(jwt)).statusCode).toBe(204);
    const limited = await next(jwt);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(menderError.safeParse(limited.json()).success).toBe(true);
    expect((await auditRows(deviceId)).length).toBe(audits);
    env().advance(5 * 60_000 + 1);
    expect((await next(jwt)).statusCode).toBe(204);
  });

  it('documents the Mender endpoints in the OpenAPI document next to DDI', async () => {
    const doc = (await env().app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const auth = doc.paths['/api/devices/v1/authentication/auth_requests'].post;
    expect(auth.tags).toEqual(['device API (Mender)']);
    expect(auth.responses[200].content['application/jwt']).toBeDefined();
    expect(Object.keys(doc.paths['/api/devices/v1/inventory/device/attributes']).sort()).toEqual(['patch', 'put']);
    expect(doc.paths['/api/devices/v1/deployments/device/deployments/next'].get.responses[204]).toBeDefined();
    expect(doc.paths['/{tenant}/controller/v1/{controllerId}'].get.tags).toEqual(['device API (hawkBit DDI)']);
  });

  describe('over a real connection', () => {
    let base: string;
    beforeAll(async () => {
      await env().app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(env().app.server.address() as AddressInfo).port}`;
    });

    it('reads chunked auth and inventory bodies (as mender-client sends them)', async () => {
      const chunked = (text: string) => {
        const bytes = new TextEncoder().encode(text);
        const third = Math.floor(bytes.length / 3);
        return new ReadableStream({
          start(controller) {
            controller.enqueue(bytes.slice(0, third));
            controller.enqueue(bytes.slice(third, 2 * third));
            controller.enqueue(bytes.slice(2 * third));
            controller.close();
          },
        });
      };
      const deviceId = freshDeviceId('chunk');
      const body = authBody({ serial: deviceId }, rsa, enrolmentKey);
      const post = () =>
        fetch(`${base}/api/devices/v1/authentication/auth_requests`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-men-signature': signed(rsa, body) },
          body: chunked(body),
          duplex: 'half',
        } as RequestInit);
      const pending = await post();
      expect(pending.status).toBe(401);
      expect(((await pending.json()) as { error: string }).error).toMatch(/pending/);
      await fx.call('di/admitDevice', { deviceIdList: [deviceId], accept: 1 }, fx.owner);
      const ok = await post();
      expect(ok.status).toBe(200);
      const jwt = await ok.text();
      const put = await fetch(`${base}/api/devices/v1/inventory/device/attributes`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${jwt}`, 'content-type': 'application/json' },
        body: chunked(JSON.stringify([{ name: 'artifact_name', value: 'chunked-1' }])),
        duplex: 'half',
      } as RequestInit);
      expect(put.status).toBe(200);
      expect((await info(deviceId)).firmwareVersion).toBe('chunked-1');
    });
  });
});
