import { generateKeyPairSync, sign } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { type DeviceFixture, deviceFixture, freshDeviceId, markSeen } from '../../test/device-fixture';
import { describeEachDb } from '../../test/harness';
import { multipart } from '../../test/multipart';

/**
 * The preview's download volume counts, and an offer records, a delta only where delivery serves one (README "Mender
 * and deltas", delta-takers.ts): a DDI device on the delta's source version, for a package of one raw image; a
 * Mender device downloads the whole package however near its version.
 */
describeEachDb('firmware task preview and offer: deltas and Mender devices', (env) => {
  let fx: DeviceFixture;
  let sid = '';
  let modelId = '';
  let target = '';
  let enrolmentKey = '';
  const v1 = Buffer.from(Array.from({ length: 3000 }, (_, i) => `line ${i} of the image\n`).join(''));
  const v2 = Buffer.from(
    Array.from({ length: 3000 }, (_, i) => `line ${i} of the ${i % 97 ? 'image' : 'IMAGE'}\n`).join(''),
  );
  const key = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = key.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const ok = async (path: Parameters<DeviceFixture['call']>[0], input: Record<string, unknown>) => {
    const res = await fx.call(path, input, fx.owner);
    expect(res.status, `${path}: ${res.msg}`).toBe(0);
    return res.data;
  };
  const atVersion = async (deviceId: string) => {
    await env()
      .app.keel.db.updateTable('devices')
      .set({ model_id: modelId, firmware_version: '1.0.0' })
      .where('pno', '=', fx.demo)
      .where('device_id', '=', deviceId)
      .execute();
    await markSeen(env().app.keel.db, fx.demo, [deviceId], env().now());
  };
  const ddiDevice = async () => {
    const deviceId = freshDeviceId('pv');
    expect((await fx.call('di/registerDevice', { deviceId, model: modelId, sid }, fx.owner)).status).toBe(0);
    await atVersion(deviceId);
    return deviceId;
  };
  /** A device enrolled over Mender's API (signed authentication request, admitted). */
  const menderDevice = async () => {
    const deviceId = freshDeviceId('pvm');
    const body = JSON.stringify({
      id_data: JSON.stringify({ serial: deviceId }),
      pubkey: pem,
      tenant_token: enrolmentKey,
    });
    const auth = () =>
      env().app.inject({
        method: 'POST',
        url: '/api/devices/v1/authentication/auth_requests',
        headers: {
          'content-type': 'application/json',
          'x-men-signature': sign('sha256', Buffer.from(body), key.privateKey).toString('base64'),
        },
        payload: body,
      });
    expect((await auth()).statusCode).toBe(401);
    await ok('di/admitDevice', { deviceIdList: [deviceId], accept: 1 });
    expect((await auth()).statusCode).toBe(200);
    await atVersion(deviceId);
    return deviceId;
  };
  const upload = async (name: string, content: Buffer) => {
    const { body, contentType } = multipart(name, content);
    const res = await env().app.inject({
      method: 'POST',
      url: `/api/fis/fi/uploadFile?sid=${sid}`,
      headers: { token: fx.owner.token, pno: fx.demo, 'content-type': contentType },
      payload: body,
    });
    return (res.json() as { data: { fid: string } }).data.fid;
  };

  beforeAll(async () => {
    fx = await deviceFixture(env);
    enrolmentKey = (await fx.call('di/resetEnrolmentKey', {}, fx.owner)).data.key;
    sid = (await ok('space/addSpace', { name: 'Preview', business: 'firmware', category: 'file', quota: 50_000_000 }))
      .sid;
    const type = (await ok('dm/addDeviceType', { name: 'Preview gw' })).typeId;
    const platform = (await ok('dm/addDevicePlatform', { name: 'Preview Linux', osType: 'linux' })).platformId;
    modelId = (await ok('dm/addDeviceModel', { name: 'P-1', typeId: type, platformId: platform })).modelId;
    const add = async (version: string, content: Buffer) => {
      const fid = await upload(`image-${version}.bin`, content);
      const id = (
        await ok('sw/addSw', {
          sid,
          swType: 'firmware',
          name: 'Preview',
          version,
          modelIdList: [modelId],
          fidList: [fid],
        })
      ).id as string;
      await ok('sw/setSwPublished', { id, published: 1 });
      return id;
    };
    const source = await add('1.0.0', v1);
    target = await add('2.0.0', v2);
    await ok('dp/addSwDiffPack', { sourceId: source, targetId: target });
    await env().app.keel.jobs.runDue();
  });

  it('counts the delta for DDI devices and the whole package for Mender devices', async () => {
    const [delta] = (await ok('dp/getSwDiffPackList', { swId: target })).list;
    expect(delta?.state).toBe('ready');
    const size = Number(delta?.size);
    const ids = [await ddiDevice(), await ddiDevice(), await menderDevice()];
    const task = await ok('task/addTask', { swId: target, name: 'Preview', deviceIdList: ids });
    const preview = await ok('task/previewTask', { id: task.id });
    expect(preview).toMatchObject({
      matched: 3,
      fullBytes: 3 * v2.length,
      deltaDevices: 2,
      deltaBytes: 2 * size + v2.length,
    });
    await ok('task/delTask', { id: task.id });
  });

  it('offers the delta to DDI devices and records the whole package for a Mender device', async () => {
    const [delta] = (await ok('dp/getSwDiffPackList', { swId: target })).list;
    const size = Number(delta?.size);
    const ddi = await ddiDevice();
    const mender = await menderDevice();
    const task = await ok('task/addTask', {
      swId: target,
      name: 'Offer',
      deviceIdList: [ddi, mender],
      execution: { mode: 'forced' },
    });
    await ok('task/releaseTask', { id: task.id });
    const { list } = await ok('task/getTaskDeliverList', { id: task.id, pageNum: 1, pageSize: 10 });
    const byDevice = new Map(
      (list as Array<{ deviceId: string; delta: number; bytes: number }>).map((r) => [r.deviceId, r]),
    );
    expect(byDevice.get(ddi)).toMatchObject({ delta: 1, bytes: size });
    expect(byDevice.get(mender)).toMatchObject({ delta: 0, bytes: v2.length });
  });
});
