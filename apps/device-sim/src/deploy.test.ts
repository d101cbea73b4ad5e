import { tick } from '@keel/server/modules/firmware-task/engine';
import { type DeviceFixture, servedDeviceFixture } from '@keel/server/test/device-fixture';
import { describeEachDb } from '@keel/server/test/harness';
import { beforeAll, expect, it } from 'vitest';
import { runFleet } from './fleet';
import { ImageStore } from './images';

/**
 * The simulator installs a Keel task's update over DDI: a fleet completes a task, a failing share fails; a device
 * keeping the source image applies the delta Keel made (and checks the signed manifest on the rebuilt image), one
 * without it fails saying so.
 */
describeEachDb('device simulator: updates', (env) => {
  let fx: DeviceFixture;
  let url: string;

  beforeAll(async () => {
    ({ fx, url } = await servedDeviceFixture(env));
  });

  it('installs a task on a fleet: the good devices succeed with the new version, the failing share fails', async () => {
    const sid = await fx.firmwareSpace('Sim', { quota: 10_000_000 });
    const modelId = await fx.deviceModel('S-1');
    const image = 'simulated image 3.0.0 '.repeat(200);
    const swId = await fx.firmwarePackage({
      sid,
      name: 'Sim',
      version: '3.0.0',
      modelIdList: [modelId],
      file: { name: 'image-3.0.0.bin', content: image },
    });

    const make = async (n: number) => {
      const list = [];
      for (let i = 0; i < n; i += 1) {
        const { deviceId, credential } = await fx.deviceAt('1.0.0', { model: modelId, sid, prefix: 'simup' });
        list.push({ deviceId, credential, attributes: { firmwareVersion: '1.0.0' } });
      }
      return list;
    };
    const good = await make(6);
    const bad = await make(2);
    const task = await fx.releasedTask(
      swId,
      [...good, ...bad].map((d) => d.deviceId),
      { name: 'Fleet update', execution: { successThreshold: 50, errorThreshold: 100 } },
    );

    const fleet = (devices: typeof good, failRate: number) => {
      const stop = new AbortController();
      return runFleet({
        url,
        property: fx.demo,
        devices,
        maxSleepSeconds: 0.2,
        durationSeconds: 30,
        signal: stop.signal,
        tickMs: 50,
        updates: { failRate },
        onTick: (s) => {
          if (s.updates === devices.length) stop.abort();
        },
      });
    };
    const [a, b] = await Promise.all([fleet(good, 0), fleet(bad, 1)]);
    expect(a).toMatchObject({ updates: 6, updateFailures: 0, errors: 0 });
    expect(b).toMatchObject({ updates: 2, updateFailures: 2, errors: 0 });
    await tick(env().app.keel);
    const info = await fx.ok('task/getTaskInfo', { id: task.id });
    expect(info.state).toBe('completed');
    expect(info.counts).toMatchObject({ succeeded: 6, failed: 2 });
    const device = (await fx.call('di/getAnyDeviceInfo', { deviceId: good[0]?.deviceId }, fx.owner)).data;
    expect(device.firmwareVersion).toBe('3.0.0');
  });

  it('applies the delta Keel offers onto the image it keeps; without a source image it fails', async () => {
    const sid = await fx.firmwareSpace('Sim delta', { quota: 10_000_000 });
    const modelId = await fx.deviceModel('SD-1');
    // Low-entropy images (Keel refuses deltas of compressed data), v2 a small change of v1.
    const v1 = Buffer.from(Array.from({ length: 80_000 }, (_, i) => ((i >> 4) * 7 + (i % 13 === 0 ? 5 : 0)) & 0x3f));
    const v2 = Buffer.concat([v1.subarray(0, 40_000), Buffer.from('what changed in 2.0.0'), v1.subarray(40_000)]);
    const pkg = (version: string, bytes: Buffer) =>
      fx.firmwarePackage({
        sid,
        name: 'Sim delta',
        version,
        modelIdList: [modelId],
        file: { name: `sim-${version}.bin`, content: bytes },
      });
    const from = await pkg('1.0.0', v1);
    const to = await pkg('2.0.0', v2);
    await fx.ok('dp/addSwDiffPack', { sourceId: from, targetId: to });
    // The delta job runs in a worker thread: run due jobs until it is ready.
    await expect
      .poll(
        async () => {
          await env().app.keel.jobs.runDue();
          return (await fx.ok('dp/getSwDiffPackList', { swId: to })).list[0]?.state;
        },
        { timeout: 60_000, interval: 500 },
      )
      .toBe('ready');
    const [delta] = (await fx.ok('dp/getSwDiffPackList', { swId: to })).list;
    const manifestKey = (await fx.ok('sw/getSwKeys', {})).manifestPublicKey as string;

    const devices: Array<{ deviceId: string; credential: string; attributes: Record<string, string> }> = [];
    for (const name of ['keeps', 'lost']) {
      const { deviceId, credential } = await fx.deviceAt('1.0.0', { model: modelId, sid, prefix: `simd${name}` });
      devices.push({ deviceId, credential, attributes: { firmwareVersion: '1.0.0', modelId } });
    }
    const task = await fx.releasedTask(
      to,
      devices.map((d) => d.deviceId),
      { name: 'Delta update', execution: { successThreshold: 50, errorThreshold: 100 } },
    );

    const fleet = (device: (typeof devices)[number], images: ImageStore) => {
      const stop = new AbortController();
      return runFleet({
        url,
        property: fx.demo,
        devices: [device],
        maxSleepSeconds: 0.2,
        durationSeconds: 30,
        signal: stop.signal,
        tickMs: 50,
        updates: { images, manifestKey },
        onTick: (s) => {
          if (s.updates === 1) stop.abort();
        },
      });
    };
    const [keeps, lost] = await Promise.all([
      fleet(devices[0] as (typeof devices)[number], new ImageStore(undefined, v1)),
      fleet(devices[1] as (typeof devices)[number], new ImageStore()),
    ]);
    expect(keeps).toMatchObject({ updates: 1, updateFailures: 0, errors: 0 });
    expect(lost).toMatchObject({ updates: 1, updateFailures: 1, errors: 0 });
    await tick(env().app.keel);
    const info = await fx.ok('task/getTaskInfo', { id: task.id });
    expect(info).toMatchObject({ state: 'completed', counts: { succeeded: 1, failed: 1 } });
    const attempts = await env()
      .app.keel.db.selectFrom('fw_task_attempts')
      .select(['device_id', 'delta_id', 'state', 'detail'])
      .where('pno', '=', fx.demo)
      .where('task_id', '=', task.id)
      .execute();
    const of = (i: number) => attempts.find((a) => a.device_id === devices[i]?.deviceId);
    expect(of(0)).toMatchObject({ delta_id: delta?.id, state: 'succeeded' });
    expect(of(1)).toMatchObject({ delta_id: delta?.id, state: 'failed' });
    expect(of(1)?.detail).toContain('delta: the device keeps no source image');
  });
});
