import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DeviceFixture } from '../../test/device-fixture';
import { singleFileArtifact } from '../../test/firmware-artifacts';
import { describeEachDb } from '../../test/harness';
import {
  identityOfScript,
  MENDER,
  MENDER_MODULES,
  menderClientReady,
  menderClientSetUp,
  menderClientTearDown,
  startMenderDaemon,
  stopMender,
} from '../../test/mender-client';
import { recordRealToolRun } from '../../test/real-tools';
import { tick } from '../firmware-task/engine';
import { identityOf } from './mender-service';
import { runtimeOf } from './runtime';

/**
 * Debian's `mender-client` 3.4 daemon installs a Keel firmware task's update: a `single-file` artifact
 * made with `mender-artifact write module-image -T single-file` is uploaded as a firmware package (`sw/`), a task
 * for the accepted device is released and the engine ticks; the client finds the deployment (POST v2 next),
 * downloads it through Keel's signed link, lets Debian's `single-file` module install the file into a temporary
 * directory, commits and reports success, then reports the new `artifact_name`, so that the task device succeeds.
 * A second package whose destination cannot be made (under a regular file) fails: the client rolls back and reports
 * failure with its log, and the task (two groups of one, the device first) pauses at its first group's boundary, its
 * error threshold reached (`errorThreshold`), the second group never opening.
 * Skipped (reported as skipped) without mender-client, its `single-file` module (asked about as a real tool, by its
 * path) or mender-artifact (test/mender-client.ts `menderClientReady`).
 */
const SINGLE_FILE = join(MENDER_MODULES, 'single-file');
const DEVICE_TYPE = 'keel-test-board';

describeEachDb('real client: mender-client installs a firmware task', (env) => {
  let fx: DeviceFixture;
  let dir: string;
  let base: string;
  let child: ChildProcess | undefined;
  let ready = false;

  beforeAll(async () => {
    ready = menderClientReady(SINGLE_FILE, 'mender-artifact');
    if (ready) ({ fx, base, dir } = await menderClientSetUp(env, 'keel-mender-update-'));
  });
  afterAll(() => menderClientTearDown(child, dir));

  it('downloads, installs with the single-file module, commits and succeeds; a failing install pauses the task', async () => {
    if (!ready) return;
    recordRealToolRun('mender-client: installs a firmware task', [MENDER, 'single-file', 'mender-artifact']);
    const wanted = `menderup-${env().dialect}-${process.pid}-${Date.now() % 100000}`;
    const identity = identityOf(JSON.stringify(await identityOfScript(wanted)));
    if (!identity) throw new Error('the identity script printed no identity');
    const deviceId = identity.deviceId;
    const key = await fx.ok('di/resetEnrolmentKey', {});

    const sid = await fx.firmwareSpace('Mender real', { quota: 10_000_000 });
    const modelId = await fx.deviceModel('MB-1');
    const target = join(dir, 'installed');
    const content = Buffer.from(`keel firmware 2.0.0 ${wanted}\n`.repeat(50));
    /** A published firmware package of one single-file artifact. */
    const pkg = async (version: string, destDir: string) => {
      const artifact = singleFileArtifact({
        name: `release-${version}`,
        deviceType: DEVICE_TYPE,
        destDir,
        fileName: 'app.bin',
        content,
      });
      return fx.firmwarePackage({
        sid,
        name: `Board ${version}`,
        version,
        modelIdList: [modelId],
        file: { name: `release-${version}.mender`, content: artifact },
      });
    };
    const good = await pkg('2.0.0', target);
    // The single-file module cannot make its destination under a regular file: the install fails.
    writeFileSync(join(dir, 'blocker'), 'a file, not a directory\n');
    const broken = await pkg('3.0.0', join(dir, 'blocker', 'sub'));

    const config = env().app.keel.config;
    const saved = config.devicePollSeconds;
    // The client calls every 2 s here; 20 calls per 10 s stay within the allowance.
    config.devicePollSeconds = 10;
    const info = async () => {
      await runtimeOf(env().app.keel).flush();
      return (await fx.call('di/getAnyDeviceInfo', { deviceId }, fx.owner)).data;
    };
    const taskInfo = async (id: string) => {
      await tick(env().app.keel);
      return fx.ok('task/getTaskInfo', { id });
    };
    const attempts = () =>
      env()
        .app.keel.db.selectFrom('fw_task_attempts')
        .select(['state', 'detail', 'protocol'])
        .where('pno', '=', fx.demo)
        .where('device_id', '=', deviceId)
        .orderBy('action_id')
        .execute();
    let output = () => '';
    try {
      const daemon = startMenderDaemon({
        dir: join(dir, 'client'),
        serverUrl: base,
        tenantToken: key.key,
        deviceId: wanted,
        deviceType: DEVICE_TYPE,
      });
      child = daemon.child;
      output = daemon.output;
      await expect.poll(async () => (await info())?.admission, { timeout: 60_000, interval: 500 }).toBe('pending');
      await fx.ok('di/admitDevice', { deviceIdList: [deviceId], accept: 1 });
      await expect
        .poll(async () => (await info())?.attributes?.device_type, { timeout: 60_000, interval: 500 })
        .toBe(DEVICE_TYPE);
      await env()
        .app.keel.db.updateTable('devices')
        .set({ model_id: modelId })
        .where('pno', '=', fx.demo)
        .where('device_id', '=', deviceId)
        .execute();

      // The update: offered, downloaded, installed by the single-file module, committed, confirmed.
      const task = await fx.releasedTask(good, [deviceId], { name: 'Real Mender update' });
      await tick(env().app.keel);
      await expect
        .poll(() => (existsSync(join(target, 'app.bin')) ? readFileSync(join(target, 'app.bin')) : null), {
          timeout: 90_000,
          interval: 500,
        })
        .toEqual(content);
      await expect
        .poll(async () => (await info())?.attributes?.artifact_name, { timeout: 60_000, interval: 1000 })
        .toBe('release-2.0.0');
      await expect
        .poll(async () => (await taskInfo(task.id)).state, { timeout: 30_000, interval: 1000 })
        .toBe('completed');
      expect((await taskInfo(task.id)).counts).toMatchObject({ succeeded: 1, failed: 0 });
      expect(await attempts()).toMatchObject([{ state: 'succeeded', protocol: 'mender' }]);
      expect((await info()).firmwareVersion).toBe('release-2.0.0');

      // A failing install: the client rolls back, reports failure and its log; the error threshold pauses the task.
      // Two groups of one: the real device first, then a registered device that never calls.
      const spare = `${wanted}-spare`;
      await fx.deviceAt('1.0.0', { id: spare, model: modelId, sid });
      const failing = await fx.releasedTask(broken, [deviceId, spare], {
        name: 'Broken Mender update',
        execution: { stages: { by: 'count', sizes: [1, 1] }, successThreshold: 50, errorThreshold: 50 },
      });
      await tick(env().app.keel);
      await expect
        .poll(async () => (await attempts()).find((a) => a.state !== 'succeeded')?.state, {
          timeout: 90_000,
          interval: 1000,
        })
        .toBe('failed');
      // The log's tail is kept on the attempt; the module's own error is in what the client logged.
      await expect
        .poll(async () => ((await attempts()).find((a) => a.state !== 'succeeded')?.detail ?? '').length, {
          timeout: 30_000,
          interval: 1000,
        })
        .toBe(500);
      await expect.poll(() => output(), { timeout: 30_000 }).toMatch(/Not a directory/);
      const paused = await taskInfo(failing.id);
      expect(paused).toMatchObject({ state: 'paused', pauseReason: 'errorThreshold', currentStage: 0 });
      expect(paused.counts).toMatchObject({ failed: 1, succeeded: 0, pending: 1 });
      expect(existsSync(join(dir, 'blocker', 'sub'))).toBe(false);
      // It still runs (and reports) the release it had.
      await expect
        .poll(async () => (await info())?.attributes?.artifact_name, { timeout: 30_000, interval: 1000 })
        .toBe('release-2.0.0');
    } catch (e) {
      throw new Error(`${(e as Error).message}\n--- mender output ---\n${output().slice(-6000)}`);
    } finally {
      config.devicePollSeconds = saved;
      await stopMender(child);
    }
  }, 300_000);
});
