import { passedApp, shelvedVersion } from '@keel/server/test/app-store-fixture';
import { type DeviceFixture, freshDeviceId, servedDeviceFixture } from '@keel/server/test/device-fixture';
import { describeEachDb } from '@keel/server/test/harness';
import { realTools, recordRealToolRun } from '@keel/server/test/real-tools';
import { beforeAll, expect, it } from 'vitest';
import { wants } from './apps';
import { runFleet } from './fleet';

/** Simulated devices using the app store against a real server: they take a release, and answer a push. */
describeEachDb('device simulator: app store', (env) => {
  let fx: DeviceFixture;
  let url: string;
  const tools = ['aapt', 'apksigner', 'openssl'];

  beforeAll(async () => {
    ({ fx, url } = await servedDeviceFixture(env));
  });

  const registered = async (n: number) => {
    const devices = [];
    for (let i = 0; i < n; i += 1) {
      const deviceId = freshDeviceId('sima');
      const res = await fx.call('di/registerDevice', { deviceId }, fx.owner);
      expect(res.status, res.msg).toBe(0);
      devices.push({ deviceId, credential: res.data.credential as string });
    }
    return devices;
  };

  it('installs what the store lists, reports it, and installs a pushed version', async () => {
    if (!realTools(...tools)) return;
    recordRealToolRun('device simulator: app store installs', tools);
    const packageName = `com.example.simapps${env().dialect}`;
    const appId = await passedApp(fx, packageName, 'Sim app');
    await shelvedVersion(env(), fx, { appId, packageName, versionCode: 1 });
    const devices = await registered(2);

    const installedEverywhere = async () => {
      for (const d of devices) {
        const list = (await fx.ok('ai/getDeviceAppList', { deviceId: d.deviceId })).list as { packageName: string }[];
        if (!list.some((a) => a.packageName === packageName)) return false;
      }
      return true;
    };
    const stop = new AbortController();
    let checking = false;
    const summary = await runFleet({
      url,
      property: fx.demo,
      devices,
      maxSleepSeconds: 0.2,
      durationSeconds: 30,
      signal: stop.signal,
      apps: { install: 'all' },
      tickMs: 100,
      onTick: (s) => {
        if (s.appInstalls >= 2 && !checking) {
          checking = true;
          void installedEverywhere().then((done) => {
            checking = false;
            if (done) stop.abort();
          });
        }
      },
    });
    expect(summary).toMatchObject({ appInstallFailures: 0, errors: 0 });
    expect(summary.appInstalls).toBeGreaterThanOrEqual(2);
    expect(await installedEverywhere()).toBe(true);

    // A push of a newer version to one device, which answers it once installed.
    const v2 = await shelvedVersion(env(), fx, { appId, packageName, versionCode: 2 });
    const [first] = devices;
    const push = await fx.ok('av/pushAppVersion', { appVersionId: v2.appVersionId, deviceIdList: [first?.deviceId] });
    const pushStop = new AbortController();
    await runFleet({
      url,
      property: fx.demo,
      devices: [first as (typeof devices)[number]],
      maxSleepSeconds: 0.2,
      durationSeconds: 30,
      signal: pushStop.signal,
      // Forced updates and newer versions of what it has: the push, or the list, brings version 2.
      apps: { install: 'forced' },
      tickMs: 100,
      onTick: (s) => {
        if (s.commands >= 1) pushStop.abort();
      },
    });
    const pushed = await fx.ok('av/getAppPushList', { appId });
    expect(pushed.list.find((p: { pushId: string }) => p.pushId === push.pushId)).toMatchObject({
      state: 'finished',
      counts: { succeeded: 1 },
    });
  });
});

it('wants newer versions, and new apps only when told to take every app', () => {
  const listed = { packageName: 'a.b', versionCode: 2, versionName: '2', size: 1, sha256: '', forceUpdate: false };
  const apps = { installed: new Map(), reported: true };
  expect(wants(listed, apps, { install: 'all' })).toBe(true);
  expect(wants(listed, apps, { install: 'forced' })).toBe(false);
  expect(wants({ ...listed, forceUpdate: true }, apps, { install: 'forced' })).toBe(true);
  apps.installed.set('a.b', { packageName: 'a.b', versionCode: 1, versionName: '1' });
  expect(wants(listed, apps, { install: 'forced' })).toBe(true);
  apps.installed.set('a.b', { packageName: 'a.b', versionCode: 2, versionName: '2' });
  expect(wants(listed, apps, { install: 'all' })).toBe(false);
});
