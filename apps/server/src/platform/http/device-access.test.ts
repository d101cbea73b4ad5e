import { defineEndpoint, group } from '@keel/contract/endpoint';
import { Status } from '@keel/contract/status';
import { beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { seedDemo } from '../../seed/demo';
import { describeEachDb } from '../../test/harness';
import { issueDeviceCredential } from '../auth/device-credentials';
import { requireDevice } from './context';
import { defineModule, mountModules } from './mount';

/** A test-only endpoint of access kind `device` (the console envelope with a device caller). */
const testEndpoints = group(
  defineEndpoint({
    method: 'POST',
    path: 'test/device/whoami',
    summary: 'Test only: the calling device',
    access: { kind: 'device' },
    input: z.object({ note: z.string().max(20).optional() }),
    output: z.object({ deviceId: z.string(), pno: z.string(), propertyName: z.string(), user: z.null() }),
  }),
);

describeEachDb('device access', (env) => {
  let pno: string;
  let otherPno: string;
  let token: string;

  const whoami = (headers: Record<string, string>) =>
    env().app.inject({
      method: 'POST',
      url: '/api/test/device/whoami',
      headers: { 'accept-language': 'en', ...headers },
      payload: {},
    });

  beforeAll(async () => {
    const { app } = env();
    mountModules(app, app.keel, [
      defineModule(testEndpoints, () => ({
        'test/device/whoami': async (_input, ctx) => {
          const device = requireDevice(ctx);
          return {
            deviceId: device.deviceId,
            pno: device.property.pno,
            propertyName: device.property.name,
            user: null,
          };
        },
      })),
    ]);
    await seedDemo(app.keel);
    const properties = await app.keel.db.selectFrom('properties').select(['pno']).orderBy('pno').execute();
    pno = properties[0]?.pno as string;
    otherPno = properties[1]?.pno as string;
    token = await issueDeviceCredential(app.keel.db, { deviceId: 'dev-1', pno, name: 'Gate' }, env().now());
  });

  it('gives the handler the device and its property', async () => {
    const res = await whoami({ 'device-token': token });
    expect(res.json()).toMatchObject({ status: 0, data: { deviceId: 'dev-1', pno, user: null } });
    const stored = await env()
      .app.keel.db.selectFrom('device_credentials')
      .select('token_hash')
      .where('device_id', '=', 'dev-1')
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toBe(token);
  });

  it('refuses a missing, wrong or disabled credential, and a user session in its place', async () => {
    const refused = { status: Status.sessionExpired, msg: 'The device credential is invalid or disabled', data: null };
    expect((await whoami({})).json()).toEqual(refused);
    expect((await whoami({ 'device-token': `${token}x` })).json()).toEqual(refused);
    const operator = await env().call('a/login', {
      account: '13800000000',
      password: await env().encrypt('Operator123'),
    });
    expect((await whoami({ token: operator.data.token })).json()).toEqual(refused);

    await env().app.keel.deviceCredentials.setDisabled(otherPno, 'dev-1', true);
    expect((await whoami({ 'device-token': token })).json().status).toBe(0);
    // Cached by the call above: disabling clears the cache (on every instance, through the bus).
    await env().app.keel.deviceCredentials.setDisabled(pno, 'dev-1', true);
    expect((await whoami({ 'device-token': token })).json()).toEqual(refused);
  });
});
