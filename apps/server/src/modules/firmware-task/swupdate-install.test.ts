import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type DeviceFixture, servedDeviceFixture } from '../../test/device-fixture';
import { selfSigned, swuImage } from '../../test/firmware-artifacts';
import { describeEachDb } from '../../test/harness';
import { realTools, recordRealToolRun } from '../../test/real-tools';
import { runtimeOf } from '../device/runtime';
import { tick } from './engine';

/**
 * Debian's `swupdate` in suricatta (hawkBit DDI) mode installs an update from a Keel task: a signed `.swu` (CMS over
 * sw-description with a test certificate, a `rawfile` payload with its sha256 and hardware-compatibility) uploaded
 * as a package, a task released for the registered device, the engine's tick; swupdate polls, downloads, verifies,
 * writes the file into a temporary path and reports. Restarted as after a reboot (`-c 2`: "testing succeeded") with
 * its new version in `identify`, it confirms the action and the task device succeeds. An image for another board
 * revision fails on the device (Keel itself refuses at upload one whose payload does not match its signed sha256),
 * and the task pauses at the group boundary on its error threshold. A cancelled action is confirmed through `cancelAction`.
 * Without swupdate or openssl the tests report themselves skipped (test/real-tools.ts).
 */
const SWUPDATE = 'swupdate';
const tools = [SWUPDATE, 'openssl'];

describeEachDb('real client: swupdate installs a task’s update', (env) => {
  let fx: DeviceFixture;
  let dir = '';
  let base = '';
  let sid = '';
  let modelId = '';
  let savedPoll = 0;
  let ready = false;
  let vendor = { key: '', cert: '' };
  const children: ChildProcess[] = [];

  /** A signed image installing `payload` as a raw file at `target`, for boards of hardware revision `hw`. */
  const image = (version: string, payload: Buffer, target: string, hw = 'rev1') =>
    swuImage(payload, {
      version,
      sha256: createHash('sha256').update(payload).digest('hex'),
      signer: vendor,
      hardware: hw,
      path: target,
      type: 'rawfile',
    });
  const publish = (version: string, swu: Buffer) =>
    fx.firmwarePackage({
      sid,
      name: 'SWU image',
      version,
      modelIdList: [modelId],
      file: { name: `keel-${version}.swu`, content: swu },
    });
  const register = () => fx.deviceAt('1.0.0', { model: modelId, sid, prefix: 'swu' });
  const deviceRow = (taskId: string, deviceId: string) =>
    env()
      .app.keel.db.selectFrom('fw_task_devices')
      .select(['state', 'error_code', 'action_id', 'success_by'])
      .where('pno', '=', fx.demo)
      .where('task_id', '=', taskId)
      .where('device_id', '=', deviceId)
      .executeTakeFirstOrThrow();
  const attempt = (actionId: number) =>
    env()
      .app.keel.db.selectFrom('fw_task_attempts as a')
      // The cancel told to the device is the device action's (modules/device-action).
      .innerJoin('device_actions as x', 'x.action_id', 'a.action_id')
      .select(['a.state', 'x.cancel_state', 'a.detail', 'a.protocol'])
      .where('a.pno', '=', fx.demo)
      .where('x.pno', '=', fx.demo)
      .where('a.action_id', '=', actionId)
      .executeTakeFirstOrThrow();

  /**
   * Runs swupdate for a device, reporting `version` in identify (none with `identify` false: a stock configuration
   * without an `identify` section, which reports no version); its output is collected in `out.text`.
   */
  const run = (device: { deviceId: string; credential: string }, version: string, confirm?: '2', identify = true) => {
    const cfg = join(dir, `${device.deviceId}-${version}.cfg`);
    writeFileSync(
      cfg,
      'globals : { verbose = true; loglevel = 5; };\n' +
        (identify
          ? `identify : ( { name = "swVersion"; value = "${version}"; }, { name = "board"; value = "keel-board"; } );\n`
          : ''),
    );
    const own = mkdtempSync(join(dir, 'run-'));
    const args = ['-f', cfg, '-k', join(dir, 'vendor.pem'), '-H', 'board:rev1', '-l', '5', '-v'];
    const suricatta = `-t ${fx.demo} -u ${base} -i ${device.deviceId} -k ${device.credential}${confirm ? ` -c ${confirm}` : ''}`;
    const child = spawn(SWUPDATE, [...args, '-u', suricatta], {
      env: { ...process.env, TMPDIR: own },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    const out = { text: '', child };
    child.stdout?.on('data', (c) => {
      out.text += String(c);
    });
    child.stderr?.on('data', (c) => {
      out.text += String(c);
    });
    return out;
  };
  const stop = async (child: ChildProcess) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([gone, new Promise((r) => setTimeout(r, 5000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  /** Waits on the server's state, ticking the engine and flushing sightings as it goes. */
  const until = async <T>(read: () => Promise<T>, want: (v: T) => boolean, out: { text: string }, ms = 60_000) => {
    const end = Date.now() + ms;
    let last: T = await read();
    while (!want(last)) {
      if (Date.now() > end) throw new Error(`timed out; last ${JSON.stringify(last)}; swupdate said:\n${out.text}`);
      await new Promise((r) => setTimeout(r, 500));
      await runtimeOf(env().app.keel).flush();
      await tick(env().app.keel);
      last = await read();
    }
    return last;
  };

  /** Waits until swupdate wrote `payload` at `target`. */
  const written = (target: string, payload: Buffer, out: { text: string }) =>
    until(
      async () => (existsSync(target) ? readFileSync(target) : Buffer.alloc(0)),
      (b) => b.equals(payload),
      out,
    );

  beforeAll(async () => {
    ready = realTools(...tools);
    if (!ready) return;
    vendor = selfSigned('keel-vendor');
    ({ fx, url: base } = await servedDeviceFixture(env));
    dir = mkdtempSync(join(tmpdir(), 'keel-swu-install-'));
    writeFileSync(join(dir, 'vendor.pem'), vendor.cert);
    savedPoll = env().app.keel.config.devicePollSeconds;
    env().app.keel.config.devicePollSeconds = 2;
    sid = await fx.firmwareSpace('SWU');
    modelId = await fx.deviceModel('S-1');
    await fx.ok('sw/saveSwKeys', { swuCertificate: vendor.cert });
  });

  afterAll(async () => {
    for (const c of children) await stop(c);
    if (savedPoll) env().app.keel.config.devicePollSeconds = savedPoll;
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('installs the update, confirms it after the restart and the task device succeeds', async () => {
    if (!ready) return;
    recordRealToolRun('swupdate: installs a task’s update', tools);
    const device = await register();
    const payload = Buffer.from(`keel firmware 2.0.0 for ${device.deviceId}\n`.repeat(40));
    const target = join(dir, `${device.deviceId}.bin`);
    const pkg = await publish('2.0.0', image('2.0.0', payload, target));
    const task = await fx.releasedTask(pkg, [device.deviceId], {
      name: 'SWUpdate rollout',
      execution: { mode: 'forced' },
    });
    await tick(env().app.keel);
    const offered = await deviceRow(task.id, device.deviceId);
    expect(offered.state).toBe('offered');
    const actionId = Number(offered.action_id);

    const first = run(device, '1.0.0');
    // Installed: the file landed; swupdate reports "proceeding" and waits for its restart to confirm.
    await written(target, payload, first);
    await until(
      () => deviceRow(task.id, device.deviceId),
      (r) => ['downloading', 'downloaded', 'installing'].includes(r.state),
      first,
    );
    expect((await attempt(actionId)).protocol).toBe('ddi');
    await stop(first.child);

    // "Reboot": the new version in identify, and `-c 2` (testing succeeded) reports closed/success.
    const second = run(device, '2.0.0', '2');
    const done = await until(
      () => deviceRow(task.id, device.deviceId),
      (r) => r.state === 'succeeded' || r.state === 'failed',
      second,
    );
    expect(done.state, second.text).toBe('succeeded');
    expect(await attempt(actionId)).toMatchObject({ state: 'succeeded' });
    const info = (await fx.call('di/getAnyDeviceInfo', { deviceId: device.deviceId }, fx.owner)).data;
    expect(info.firmwareVersion).toBe('2.0.0');
    await stop(second.child);
  }, 180_000);

  it('without an identify section (no version reported) succeeds on its success report under a clientReport task', async () => {
    if (!ready) return;
    recordRealToolRun('swupdate: succeeds without identify under clientReport', tools);
    const device = await register();
    const payload = Buffer.from(`keel firmware 2.0.5 for ${device.deviceId}\n`.repeat(40));
    const target = join(dir, `${device.deviceId}.bin`);
    const pkg = await publish('2.0.5', image('2.0.5', payload, target));
    const task = await fx.ok('task/addTask', {
      swId: pkg,
      name: 'SWUpdate trusted',
      deviceIdList: [device.deviceId],
      successRule: 'clientReport',
      execution: { mode: 'forced' },
    });
    await fx.ok('task/releaseTask', { id: task.id });
    await tick(env().app.keel);
    const actionId = Number((await deviceRow(task.id, device.deviceId)).action_id);
    const first = run(device, '1.0.0', undefined, false);
    await written(target, payload, first);
    await stop(first.child);
    // Restarted as after a reboot, still without identify: closed/success, and no version ever reported.
    const second = run(device, '2.0.5', '2', false);
    const done = await until(
      () => deviceRow(task.id, device.deviceId),
      (r) => r.state === 'succeeded' || r.state === 'failed' || r.state === 'verifying',
      second,
    );
    expect(done, second.text).toMatchObject({ state: 'succeeded', success_by: 'clientReport' });
    expect(await attempt(actionId)).toMatchObject({ state: 'succeeded' });
    const info = (await fx.call('di/getAnyDeviceInfo', { deviceId: device.deviceId }, fx.owner)).data;
    expect(info.firmwareVersion).toBe('1.0.0');
    await stop(second.child);
  }, 180_000);

  it('reports a failed install (an image for another hardware revision) and the task pauses on its error threshold', async () => {
    if (!ready) return;
    recordRealToolRun('swupdate: a failed install pauses the task', tools);
    // Two groups of one device: a failure in the first stops the second from opening (a boundary).
    const pair = [await register(), await register()];
    // Keel refuses at upload an image whose payload does not match its signed sha256, so the image is valid but
    // for another board revision: swupdate refuses it on the device.
    const payload = Buffer.from('keel firmware 2.1.0 for rev9\n'.repeat(40));
    const target = join(dir, 'rev9.bin');
    const pkg = await publish('2.1.0', image('2.1.0', payload, target, 'rev9'));
    const task = await fx.releasedTask(
      pkg,
      pair.map((d) => d.deviceId),
      {
        name: 'SWUpdate broken',
        execution: { mode: 'forced', errorThreshold: 50, stages: { by: 'count', sizes: [1] } },
      },
    );
    await tick(env().app.keel);
    const first = await env()
      .app.keel.db.selectFrom('fw_task_devices')
      .select('device_id')
      .where('pno', '=', fx.demo)
      .where('task_id', '=', task.id)
      .where('stage', '=', 0)
      .executeTakeFirstOrThrow();
    const device = pair.find((d) => d.deviceId === first.device_id) ?? pair[0];
    if (!device) throw new Error('no device');
    const child = run(device, '1.0.0');
    const done = await until(
      () => deviceRow(task.id, device.deviceId),
      (r) => ['failed', 'succeeded', 'retrying'].includes(r.state),
      child,
    );
    expect(done.state, child.text).toBe('failed');
    expect(child.text).toMatch(/[Ii]ncompatible|hardware/);
    expect(existsSync(target)).toBe(false);
    await stop(child.child);
    await tick(env().app.keel);
    const info = await fx.ok('task/getTaskInfo', { id: task.id });
    expect(info).toMatchObject({ state: 'paused', pauseReason: 'errorThreshold' });
    const other = pair.find((d) => d !== device);
    expect((await deviceRow(task.id, other?.deviceId ?? '')).state).toBe('pending');
  }, 180_000);

  it('answers the cancelAction of an action it holds (installed, testing pending) when the task is invalidated', async () => {
    if (!ready) return;
    recordRealToolRun('swupdate: answers cancelAction', tools);
    const device = await register();
    const payload = Buffer.from('keel firmware 2.2.0\n'.repeat(40));
    const target = join(dir, `${device.deviceId}.bin`);
    const pkg = await publish('2.2.0', image('2.2.0', payload, target));
    const task = await fx.releasedTask(pkg, [device.deviceId], {
      name: 'SWUpdate cancelled',
      execution: { mode: 'forced' },
    });
    await tick(env().app.keel);
    const actionId = Number((await deviceRow(task.id, device.deviceId)).action_id);
    const child = run(device, '1.0.0');
    // swupdate holds the action: written, waiting for its restart to confirm it.
    await written(target, payload, child);
    await fx.ok('task/invalidateTask', { id: task.id });
    expect((await attempt(actionId)).cancel_state).toBe('requested');
    const answered = await until(
      () => attempt(actionId),
      (a) => a.cancel_state !== 'requested',
      child,
    );
    expect(answered.cancel_state, child.text).toBe('confirmed');
    expect(answered.state).toBe('cancelled');
    expect(child.text).toMatch(/[Cc]ancel/);
    await stop(child.child);
  }, 120_000);
  it('installs a temporary task’s image (its action id an integer as the formal ones)', async () => {
    if (!ready) return;
    recordRealToolRun('swupdate: installs a temporary task’s image', tools);
    const device = await register();
    const payload = Buffer.from('keel temporary build\n'.repeat(40));
    const target = join(dir, `${device.deviceId}.bin`);
    const file = await fx.upload(sid, 'try.swu', image('2.3.0-rc1', payload, target), {
      endpoint: '/api/f/uploadFile',
    });
    await fx.ok('d/addDevice', { deviceIdList: [device.deviceId] });
    const task = await fx.ok('t/addTask', {
      name: 'Try on swupdate',
      fileId: file.id,
      deviceIdList: [device.deviceId],
    });
    const result = async () =>
      (await fx.ok('t/getTaskResultList', { taskId: task.id })).list.find(
        (r: { deviceId: string }) => r.deviceId === device.deviceId,
      ) as { state: string; message: string };
    const first = run(device, '1.0.0');
    await written(target, payload, first);
    await stop(first.child);
    const second = run(device, '2.3.0-rc1', '2');
    const done = await until(result, (r) => r.state === 'succeeded' || r.state === 'failed', second);
    expect(done.state, second.text).toBe('succeeded');
    await stop(second.child);
  }, 120_000);
});
