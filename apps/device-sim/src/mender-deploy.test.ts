import { tick } from '@keel/server/modules/firmware-task/engine';
import { type DeviceFixture, freshDeviceId, servedDeviceFixture } from '@keel/server/test/device-fixture';
import { menderArtifact } from '@keel/server/test/firmware-artifacts';
import { describeEachDb } from '@keel/server/test/harness';
import { realTools, recordRealToolRun } from '@keel/server/test/real-tools';
import { beforeAll, expect, it } from 'vitest';
import { type FleetOptions, runFleet } from './fleet';

/**
 * Simulated Mender devices install a Keel task's `.mender` package (mender-deploy.ts): one succeeds and reports the
 * new artifact_name, one fails its install (its log reaches the attempt), one reports success but comes back on
 * its old release, so that the server fails it (`versionNotConfirmed`) once the confirmation window passed.
 */
describeEachDb('device simulator: updates over Mender', (env) => {
  let fx: DeviceFixture;
  let url: string;

  beforeAll(async () => {
    ({ fx, url } = await servedDeviceFixture(env));
  });

  it('installs, fails, or comes back on the old release after its reboot', async () => {
    if (!realTools('mender-artifact')) return;
    recordRealToolRun('device simulator: updates over Mender', ['mender-artifact']);
    const sid = await fx.firmwareSpace('Sim Mender', { quota: 10_000_000 });
    const modelId = await fx.deviceModel('SM-1');
    const artifact = menderArtifact(Buffer.from('simulated mender image 3.0.0 '.repeat(100)), 'release-3.0.0');
    const swId = await fx.firmwarePackage({
      sid,
      name: 'Sim Mender',
      version: '3.0.0',
      modelIdList: [modelId],
      file: { name: 'release-3.0.0.mender', content: artifact },
    });

    const { key } = await fx.ok('di/resetEnrolmentKey', {});
    const prefix = freshDeviceId('simmu');
    const ids = { good: `${prefix}-good`, bad: `${prefix}-bad`, reboot: `${prefix}-reboot` };
    const stop = new AbortController();
    const fleet = (deviceId: string, updates: FleetOptions['updates']) =>
      runFleet({
        url,
        property: fx.demo,
        enrolmentKey: key,
        devices: [{ deviceId, attributes: { model: 'keel-model', firmwareVersion: 'release-1.0.0' } }],
        protocol: 'mender',
        menderIntervalSeconds: 0.5,
        durationSeconds: 120,
        signal: stop.signal,
        updates,
      });
    const runs = Promise.all([
      fleet(ids.good, {}),
      fleet(ids.bad, { failRate: 1 }),
      fleet(ids.reboot, { rebootFailRate: 1 }),
    ]);
    const all = Object.values(ids);
    // The server's clock moves on with the test, so that the devices' call allowances renew.
    const info = async (deviceId: string) => {
      env().advance(1_000);
      return (await fx.call('di/getAnyDeviceInfo', { deviceId }, fx.owner)).data;
    };
    const attempt = (deviceId: string) =>
      env()
        .app.keel.db.selectFrom('fw_task_attempts')
        .select(['state', 'detail', 'protocol'])
        .where('pno', '=', fx.demo)
        .where('device_id', '=', deviceId)
        .executeTakeFirst();
    try {
      await expect
        .poll(async () => (await Promise.all(all.map(info))).map((d) => d?.admission), { timeout: 30_000 })
        .toEqual(['pending', 'pending', 'pending']);
      await fx.ok('di/admitDevice', { deviceIdList: all, accept: 1 });
      await expect
        .poll(async () => (await Promise.all(all.map(info))).map((d) => d?.attributes?.artifact_name), {
          timeout: 30_000,
        })
        .toEqual(['release-1.0.0', 'release-1.0.0', 'release-1.0.0']);
      await env()
        .app.keel.db.updateTable('devices')
        .set({ model_id: modelId })
        .where('pno', '=', fx.demo)
        .where('device_id', 'in', all)
        .execute();
      const task = await fx.releasedTask(swId, all, {
        name: 'Sim Mender update',
        execution: { successThreshold: 30, errorThreshold: 100, confirmMinutes: 5 },
      });
      await tick(env().app.keel);

      await expect
        .poll(async () => (await info(ids.good))?.attributes?.artifact_name, { timeout: 30_000 })
        .toBe('release-3.0.0');
      await expect
        .poll(async () => (await attempt(ids.bad))?.detail, { timeout: 30_000 })
        .toBe('simulated install failure');
      await expect.poll(async () => (await attempt(ids.reboot))?.state, { timeout: 30_000 }).toBe('verifying');
      await tick(env().app.keel);
      expect(await attempt(ids.good)).toMatchObject({ state: 'succeeded', protocol: 'mender' });
      expect(await attempt(ids.bad)).toMatchObject({ state: 'failed' });
      expect((await info(ids.reboot))?.attributes?.artifact_name).toBe('release-1.0.0');

      // The reboot "failed": past the confirmation window the server fails it.
      env().advance(6 * 60_000);
      await tick(env().app.keel);
      const done = await fx.ok('task/getTaskInfo', { id: task.id });
      expect(done).toMatchObject({ state: 'completed', counts: { succeeded: 1, failed: 2 } });
      expect(done.errorCodes).toEqual(
        expect.arrayContaining([
          { errorCode: 'versionNotConfirmed', count: 1 },
          { errorCode: 'installFailed', count: 1 },
        ]),
      );
    } finally {
      stop.abort();
    }
    const [good, bad, reboot] = await runs;
    expect(good).toMatchObject({ updates: 1, updateFailures: 0, rebootFailures: 0, errors: 0 });
    expect(bad).toMatchObject({ updates: 1, updateFailures: 1, errors: 0 });
    expect(reboot).toMatchObject({ updates: 1, updateFailures: 0, rebootFailures: 1, errors: 0 });
  }, 120_000);
});
