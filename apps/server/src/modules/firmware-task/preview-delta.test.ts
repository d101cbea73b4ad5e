import { beforeAll, expect, it } from 'vitest';
import { type DeviceFixture, deviceFixture } from '../../test/device-fixture';
import { describeEachDb } from '../../test/harness';

/**
 * The preview's download volume counts, and an offer records, a delta only where delivery serves one (README "Mender
 * and deltas", delta-takers.ts): a DDI device on the delta's source version, for a package of one raw image; a
 * Mender device downloads the whole package however near its version.
 */
describeEachDb('firmware task preview and offer: deltas and Mender devices', (env) => {
  let fx: DeviceFixture;
  let target = '';
  let enrolmentKey = '';
  const v1 = Buffer.from(Array.from({ length: 3000 }, (_, i) => `line ${i} of the image\n`).join(''));
  const v2 = Buffer.from(
    Array.from({ length: 3000 }, (_, i) => `line ${i} of the ${i % 97 ? 'image' : 'IMAGE'}\n`).join(''),
  );
  let sid = '';
  let modelId = '';
  const ddiDevice = async () => (await fx.deviceAt('1.0.0', { model: modelId, sid, prefix: 'pv' })).deviceId;
  const menderDevice = async () =>
    (await fx.menderDeviceAt('1.0.0', { enrolmentKey, model: modelId, prefix: 'pvm' })).deviceId;

  beforeAll(async () => {
    fx = await deviceFixture(env);
    enrolmentKey = (await fx.ok('di/resetEnrolmentKey', {})).key;
    sid = await fx.firmwareSpace('Preview');
    modelId = await fx.deviceModel('P-1');
    const add = (version: string, content: Buffer) =>
      fx.firmwarePackage({
        sid,
        name: 'Preview',
        version,
        modelIdList: [modelId],
        file: { name: `image-${version}.bin`, content },
      });
    const source = await add('1.0.0', v1);
    target = await add('2.0.0', v2);
    await fx.ok('dp/addSwDiffPack', { sourceId: source, targetId: target });
    await env().app.keel.jobs.runDue();
  });

  it('counts the delta for DDI devices and the whole package for Mender devices', async () => {
    const [delta] = (await fx.ok('dp/getSwDiffPackList', { swId: target })).list;
    expect(delta?.state).toBe('ready');
    const size = Number(delta?.size);
    const ids = [await ddiDevice(), await ddiDevice(), await menderDevice()];
    const task = await fx.ok('task/addTask', { swId: target, name: 'Preview', deviceIdList: ids });
    const preview = await fx.ok('task/previewTask', { id: task.id });
    expect(preview).toMatchObject({
      matched: 3,
      fullBytes: 3 * v2.length,
      deltaDevices: 2,
      deltaBytes: 2 * size + v2.length,
    });
    await fx.ok('task/delTask', { id: task.id });
  });

  it('offers the delta to DDI devices and records the whole package for a Mender device', async () => {
    const [delta] = (await fx.ok('dp/getSwDiffPackList', { swId: target })).list;
    const size = Number(delta?.size);
    const ddi = await ddiDevice();
    const mender = await menderDevice();
    const task = await fx.releasedTask(target, [ddi, mender], { name: 'Offer', execution: { mode: 'forced' } });
    const { list } = await fx.ok('task/getTaskDeliverList', { id: task.id, pageNum: 1, pageSize: 10 });
    const byDevice = new Map(
      (list as Array<{ deviceId: string; delta: number; bytes: number }>).map((r) => [r.deviceId, r]),
    );
    expect(byDevice.get(ddi)).toMatchObject({ delta: 1, bytes: size });
    expect(byDevice.get(mender)).toMatchObject({ delta: 0, bytes: v2.length });
  });
});
