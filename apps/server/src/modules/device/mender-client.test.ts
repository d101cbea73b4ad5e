import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DeviceFixture } from '../../test/device-fixture';
import { describeEachDb } from '../../test/harness';
import {
  IDENTITY,
  identityOfScript,
  MENDER,
  menderClientReady,
  menderClientSetUp,
  menderClientTearDown,
  startMenderDaemon,
  stopMender as stop,
} from '../../test/mender-client';
import { recordRealToolRun } from '../../test/real-tools';
import { runtimeOf } from './runtime';

/**
 * Debian's `mender-client` 3.4 daemon authenticates with Keel's Mender device API using the property's enrolment
 * key as its tenant token, waits pending, is accepted through the console API (`di/admitDevice`), then reports its
 * inventory, which shows on the device (`di/getAnyDeviceInfo`). The client reads its identity script and
 * `/etc/mender/artifact_info` at fixed paths: the test writes them when they are missing and it runs as root (the
 * identity script it writes names the device by `KEEL_MENDER_DEVICE_ID`, so that parallel runs do not collide).
 * On a machine without mender-client, or without those files and not root, it reports itself skipped
 * (test/mender-client.ts `menderClientReady`).
 */
describeEachDb('real client: mender-client (Mender device API)', (env) => {
  let fx: DeviceFixture;
  let dir: string;
  let base: string;
  let child: ChildProcess | undefined;
  let ready = false;

  beforeAll(async () => {
    ready = menderClientReady();
    if (ready) ({ fx, base, dir } = await menderClientSetUp(env, 'keel-mender-'));
  });
  afterAll(() => menderClientTearDown(child, dir));

  it('authenticates, waits pending, is accepted in the console, then reports its inventory', async () => {
    if (!ready) return;
    recordRealToolRun('mender-client: authenticates and reports its inventory', [MENDER]);
    const wanted = `mender-${env().dialect}-${process.pid}-${Date.now() % 100000}`;
    const { identityOf } = await import('./mender-service');
    const identity = identityOf(JSON.stringify(await identityOfScript(wanted)));
    if (!identity) throw new Error(`${IDENTITY} printed no identity`);
    const deviceId = identity.deviceId;
    const key = await fx.call('di/resetEnrolmentKey', {}, fx.owner);
    expect(key.status, key.msg).toBe(0);

    const config = env().app.keel.config;
    const saved = config.devicePollSeconds;
    // The client calls every 2 s here; 20 calls per 10 s stay within the allowance.
    config.devicePollSeconds = 10;
    let output = () => '';
    const info = async () => {
      await runtimeOf(env().app.keel).flush();
      return (await fx.call('di/getAnyDeviceInfo', { deviceId }, fx.owner)).data;
    };
    try {
      const daemon = startMenderDaemon({
        dir,
        serverUrl: base,
        tenantToken: key.data.key,
        deviceId: wanted,
        deviceType: 'keel-test-board',
      });
      child = daemon.child;
      output = daemon.output;

      await expect.poll(async () => (await info())?.admission, { timeout: 60_000, interval: 500 }).toBe('pending');
      const stored = await env()
        .app.keel.db.withoutPlugins()
        .selectFrom('mender_identities')
        .select(['pubkey'])
        .where('device_id', '=', deviceId)
        .executeTakeFirst();
      expect(stored?.pubkey).toMatch(/BEGIN PUBLIC KEY/);
      // The client logs the answer a moment after the server recorded the request.
      await expect.poll(() => output(), { timeout: 30_000 }).toMatch(/pending/);

      const admitted = await fx.call('di/admitDevice', { deviceIdList: [deviceId], accept: 1 }, fx.owner);
      expect(admitted.status, admitted.msg).toBe(0);
      await expect
        .poll(async () => (await info())?.attributes ?? {}, { timeout: 60_000, interval: 500 })
        .toMatchObject({ device_type: 'keel-test-board', mender_client_version: expect.any(String) });
    } catch (e) {
      throw new Error(`${(e as Error).message}\n--- mender output ---\n${output().slice(-4000)}`);
    } finally {
      config.devicePollSeconds = saved;
      await stop(child);
    }
    const shown = await info();
    expect(shown).toMatchObject({ admission: 'accepted', online: 1, lastAddress: '127.0.0.1' });
    expect(shown.attributes.artifact_name).toBeTruthy();
    expect(shown.firmwareVersion).toBe(shown.attributes.artifact_name);
  }, 150_000);
});
