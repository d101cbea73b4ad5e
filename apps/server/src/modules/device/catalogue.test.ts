import { Status } from '@keel/contract/status';
import { beforeAll, expect, it } from 'vitest';
import { type DeviceFixture, deviceFixture, freshDeviceId } from '../../test/device-fixture';
import { describeEachDb } from '../../test/harness';

/** The device catalogue (`dm/`): types, platforms and models of a property; every call a GET, as the spec lists them. */
describeEachDb('device catalogue', (env) => {
  let fx: DeviceFixture;
  const db = () => env().app.keel.db.withoutPlugins();
  beforeAll(async () => {
    fx = await deviceFixture(env);
  });

  it('creates, lists (by name, 10 a page), edits and deletes types, platforms and models', async () => {
    const type = await fx.call('dm/addDeviceType', { name: 'Gate controller', remark: 'doors' }, fx.owner);
    expect(type.status, type.msg).toBe(0);
    const platform = await fx.call('dm/addDevicePlatform', { name: 'i.MX8 Linux', osType: 'linux' }, fx.owner);
    const model = await fx.call(
      'dm/addDeviceModel',
      { name: 'GC-200', typeId: type.data.typeId, platformId: platform.data.platformId, remark: 'v2' },
      fx.owner,
    );
    expect(model.status, model.msg).toBe(0);

    const models = await fx.call('dm/getDeviceModelList', { str: 'gc-2' }, fx.owner);
    expect(models.data).toMatchObject({ total: 1, pageNum: 1, pageSize: 10 });
    expect(models.data.list[0]).toMatchObject({
      modelId: model.data.modelId,
      name: 'GC-200',
      typeName: 'Gate controller',
      platformName: 'i.MX8 Linux',
      osType: 'linux',
      remark: 'v2',
      deviceCount: 0,
    });
    const types = await fx.call('dm/getDeviceTypeList', { str: 'gate' }, fx.owner);
    expect(types.data.list).toEqual([
      expect.objectContaining({ name: 'Gate controller', remark: 'doors', modelCount: 1 }),
    ]);
    const platforms = await fx.call('dm/getDevicePlatformList', { str: 'i.mx8' }, fx.owner);
    expect(platforms.data.list).toEqual([expect.objectContaining({ osType: 'linux', modelCount: 1 })]);
    const byType = await fx.call('dm/getDeviceModelList', { typeId: type.data.typeId }, fx.owner);
    expect(byType.data.list.map((m: { modelId: string }) => m.modelId)).toEqual([model.data.modelId]);

    const edited = await fx.call(
      'dm/addDevicePlatform',
      { platformId: platform.data.platformId, name: 'i.MX8 Android', osType: 'android' },
      fx.owner,
    );
    expect(edited.data.platformId).toBe(platform.data.platformId);
    const renamed = await fx.call('dm/getDeviceModelList', { str: 'gc-200' }, fx.owner);
    expect(renamed.data.list[0]).toMatchObject({ platformName: 'i.MX8 Android', osType: 'android' });

    // In use: a type or platform by a model, a model by a device.
    const usedType = await fx.call('dm/delDeviceType', { typeId: type.data.typeId }, fx.owner);
    expect(usedType).toMatchObject({
      status: Status.conflict,
      msg: '"Gate controller" is still used by 1 models and cannot be deleted',
    });
    const deviceId = freshDeviceId('cat');
    await fx.call('di/registerDevice', { deviceId, model: model.data.modelId }, fx.owner);
    const usedModel = await fx.call('dm/delDeviceModel', { modelId: model.data.modelId }, fx.owner, { lang: 'zh-cn' });
    expect(usedModel).toMatchObject({ status: Status.conflict, msg: '型号“GC-200”仍有 1 台终端在用，不能删除' });
    await fx.call('di/delDevice', { deviceIdList: [deviceId] }, fx.owner);
    expect((await fx.call('dm/delDeviceModel', { modelId: model.data.modelId }, fx.owner)).status).toBe(0);
    expect((await fx.call('dm/delDeviceType', { typeId: type.data.typeId }, fx.owner)).status).toBe(0);
    expect((await fx.call('dm/delDevicePlatform', { platformId: platform.data.platformId }, fx.owner)).status).toBe(0);
    expect((await fx.call('dm/delDeviceType', { typeId: type.data.typeId }, fx.owner)).status).toBe(Status.notFound);

    // Changes are audited though they arrive as GETs.
    const audited = await db()
      .selectFrom('audit_log')
      .select('endpoint')
      .where('endpoint', 'like', 'dm/%')
      .where('pno', '=', fx.demo)
      .execute();
    expect(new Set(audited.map((a) => a.endpoint))).toEqual(
      new Set([
        'dm/addDeviceType',
        'dm/addDevicePlatform',
        'dm/addDeviceModel',
        'dm/delDeviceType',
        'dm/delDeviceModel',
        'dm/delDevicePlatform',
      ]),
    );
  });

  it('keeps names unique in the property (folded), not across properties', async () => {
    expect((await fx.call('dm/addDeviceType', { name: 'Kiosk' }, fx.owner)).status).toBe(0);
    const clash = await fx.call('dm/addDeviceType', { name: ' KIOSK ' }, fx.owner);
    expect(clash).toMatchObject({ status: Status.conflict, msg: 'The name "KIOSK" is already in use' });
    expect((await fx.call('dm/addDeviceType', { name: 'Kiosk' }, fx.operator)).status).toBe(0);
    const invalid = await fx.call('dm/addDevicePlatform', { name: 'No OS', osType: 'beos' }, fx.owner);
    expect(invalid.status).toBe(Status.invalidInput);
    expect((await fx.call('dm/addDeviceModel', { name: '' }, fx.owner)).status).toBe(Status.invalidInput);
  });

  it("answers another property's type, platform or model as not found and changes nothing", async () => {
    const type = (await fx.call('dm/addDeviceType', { name: 'Partner type' }, fx.operator)).data.typeId;
    const platform = (await fx.call('dm/addDevicePlatform', { name: 'Partner OS', osType: 'rtos' }, fx.operator)).data
      .platformId;
    const model = (await fx.call('dm/addDeviceModel', { name: 'Partner model' }, fx.operator)).data.modelId;
    const refused = [
      await fx.call('dm/addDeviceModel', { name: 'Mine', typeId: type }, fx.owner),
      await fx.call('dm/addDeviceModel', { name: 'Mine', platformId: platform }, fx.owner),
      await fx.call('dm/addDeviceModel', { modelId: model, name: 'Taken over' }, fx.owner),
      await fx.call('dm/addDeviceType', { typeId: type, name: 'Taken over' }, fx.owner),
      await fx.call('dm/delDeviceModel', { modelId: model }, fx.owner),
      await fx.call('dm/delDevicePlatform', { platformId: platform }, fx.owner),
      await fx.call('dm/delDeviceType', { typeId: type }, fx.owner),
    ];
    expect(refused.map((r) => r.status)).toEqual(refused.map(() => Status.notFound));
    const listed = await fx.call('dm/getDeviceModelList', { typeId: type }, fx.owner);
    expect(listed.data.total).toBe(0);
    const theirs = await fx.call('dm/getDeviceModelList', { str: 'Partner model' }, fx.operator);
    expect(theirs.data.list).toEqual([expect.objectContaining({ name: 'Partner model' })]);
  });

  it('pages from both ends alike', async () => {
    const names = Array.from({ length: 7 }, (_, i) => `Pager type ${i}`);
    for (const name of names) await fx.call('dm/addDeviceType', { name }, fx.owner);
    const seen: string[] = [];
    for (let p = 1; p <= 4; p += 1) {
      const res = await fx.call('dm/getDeviceTypeList', { str: 'pager type', pageNum: p, pageSize: 2 }, fx.owner);
      seen.push(...res.data.list.map((t: { name: string }) => t.name));
    }
    expect(seen).toEqual(names);
  });
});
