import { Status } from '@keel/contract/status';
import { beforeAll, expect, it } from 'vitest';
import { addMember } from '../../platform/auth/members-repo';
import { propertyTenant } from '../../platform/tenancy/tenant';
import { type DeviceFixture, deviceFixture, freshDeviceId, markSeen, type Who } from '../../test/device-fixture';
import { describeEachDb, freshPhone } from '../../test/harness';
import { recordUpgrade } from './service';

/**
 * The firmware views of the property's devices: the update-terminals page reads the device list and the upgrade
 * lists with its own permission (`firmware.terminal`), and the overview counts devices per firmware version
 * (`up/getDeviceVersionStats`) and lists failed upgrades (`up/getUpgradeRecordList` by state).
 */
describeEachDb('firmware terminals and overview', (env) => {
  let fx: DeviceFixture;
  let modelId = '';
  const db = () => env().app.keel.db.withoutPlugins();

  const register = async (version: string, model?: string) => {
    const deviceId = freshDeviceId('fwt');
    const res = await fx.call('di/registerDevice', { deviceId, ...(model ? { model } : {}) }, fx.owner);
    expect(res.status, res.msg).toBe(0);
    await db().updateTable('devices').set({ firmware_version: version }).where('device_id', '=', deviceId).execute();
    return deviceId;
  };

  /** A member of the demo property holding only these permissions. */
  const memberWith = async (permissionIdList: string[]): Promise<Who> => {
    const who = await env().register(freshPhone(), 'Firmware operator');
    await addMember(env().app.keel.db, fx.demo, who.uid, 'member', env().app.keel.now());
    const set = await fx.call('ps/addOrUpdatePerSet', { name: `FW ${freshDeviceId()}`, permissionIdList }, fx.owner);
    expect(set.status, set.msg).toBe(0);
    const assigned = await fx.call('ps/assignPerSet', { uidList: [who.uid], psidList: [set.data.psid] }, fx.owner);
    expect(assigned.status, assigned.msg).toBe(0);
    return { token: who.token, uid: who.uid, pno: fx.demo };
  };

  beforeAll(async () => {
    fx = await deviceFixture(env);
    const model = await fx.call('dm/addDeviceModel', { name: `FWT model ${freshDeviceId()}` }, fx.owner);
    expect(model.status, model.msg).toBe(0);
    modelId = model.data.modelId;
  });

  it('counts devices per firmware version, most first, of one model, online apart', async () => {
    const before = await fx.call('up/getDeviceVersionStats', {}, fx.owner);
    expect(before.status, before.msg).toBe(0);
    const a = await register('9.1.0', modelId);
    await register('9.1.0', modelId);
    await register('9.2.0', modelId);
    await register('9.3.0');
    await markSeen(db(), fx.demo, [a], env().app.keel.now());

    const all = await fx.call('up/getDeviceVersionStats', {}, fx.owner);
    expect(all.data.total).toBe(before.data.total + 4);
    const ofModel = await fx.call('up/getDeviceVersionStats', { modelId }, fx.owner);
    expect(ofModel.data).toEqual({
      total: 3,
      online: 1,
      versions: [
        { version: '9.1.0', count: 2, online: 1 },
        { version: '9.2.0', count: 1, online: 0 },
      ],
      other: 0,
    });
    // Another property's model names none of this property's devices.
    const partnerModel = await fx.call('dm/addDeviceModel', { name: `Partner ${freshDeviceId()}` }, fx.operator);
    expect(partnerModel.status, partnerModel.msg).toBe(0);
    const foreign = await fx.call('up/getDeviceVersionStats', { modelId: partnerModel.data.modelId }, fx.owner);
    expect(foreign.data.total).toBe(0);
  });

  it('names the first 12 versions and counts the rest together', async () => {
    const model = await fx.call('dm/addDeviceModel', { name: `Many ${freshDeviceId()}` }, fx.owner);
    const many = model.data.modelId as string;
    for (let i = 0; i < 14; i++) await register(`3.${i}`, many);
    await register('3.0', many);
    const stats = await fx.call('up/getDeviceVersionStats', { modelId: many }, fx.owner);
    expect(stats.data.total).toBe(15);
    expect(stats.data.versions).toHaveLength(12);
    expect(stats.data.versions[0]).toMatchObject({ version: '3.0', count: 2 });
    expect(stats.data.other).toBe(2);
  });

  it('lists upgrade records by state', async () => {
    const sid = await fx.firmwareSpace(`FWT ${freshDeviceId()}`, { quota: 10_000_000 });
    const swId = await fx.firmwarePackage({
      sid,
      name: 'Gate',
      version: '9.9.0',
      file: { name: 'fw.bin', content: 'image' },
      publish: false,
    });
    const device = await register('9.1.0');
    const tenant = propertyTenant(fx.demo);
    const s = env().app.keel;
    await recordUpgrade(s, tenant, {
      deviceId: device,
      packageId: swId,
      fromVersion: '9.1.0',
      delta: 0,
      state: 'failed',
    });
    await recordUpgrade(s, tenant, {
      deviceId: device,
      packageId: swId,
      fromVersion: '9.1.0',
      delta: 1,
      state: 'succeeded',
    });
    const failed = await fx.call(
      'up/getUpgradeRecordList',
      { pageNum: 1, pageSize: 10, swId, state: 'failed' },
      fx.owner,
    );
    expect(failed.data.list.map((r: { state: string }) => r.state)).toEqual(['failed']);
    const every = await fx.call('up/getUpgradeRecordList', { pageNum: 1, pageSize: 10, swId, state: '' }, fx.owner);
    expect(every.data.total).toBe(2);
    const wrong = await fx.call('up/getUpgradeRecordList', { pageNum: 1, pageSize: 10, state: 'nope' }, fx.owner);
    expect(wrong.status).toBe(Status.invalidInput);
  });

  it('lets the update-terminals page read devices and their upgrades with its own permission, nothing more', async () => {
    const deviceId = await register('9.1.0', modelId);
    const operator = await memberWith(['firmware.terminal']);
    const list = await fx.call('di/getAllDeviceList', { pageNum: 1, pageSize: 5, str: deviceId }, operator);
    expect(list.status, list.msg).toBe(0);
    expect(list.data.list.map((d: { deviceId: string }) => d.deviceId)).toEqual([deviceId]);
    expect((await fx.call('di/getAnyDeviceInfo', { deviceId }, operator)).status).toBe(0);
    expect((await fx.call('di/getDeviceFilterList', {}, operator)).status).toBe(0);
    const records = await fx.call('up/getUpgradeRecordList', { pageNum: 1, pageSize: 5, deviceId }, operator);
    expect(records.status, records.msg).toBe(0);
    const upgrades = await fx.call('up/getUpgradeSwList', { pageNum: 1, pageSize: 5, deviceId }, operator);
    expect(upgrades.status, upgrades.msg).toBe(0);
    expect((await fx.call('up/getDeviceVersionStats', {}, operator)).status).toBe(0);
    // Reading is all: no registering, no packages list.
    const registered = await fx.call('di/registerDevice', { deviceId: freshDeviceId('fwt') }, operator);
    expect(registered.status).toBe(Status.forbidden);
    expect((await fx.call('sw/getSwList', { pageNum: 1, pageSize: 5 }, operator)).status).toBe(Status.forbidden);

    const viewer = await memberWith(['firmware.overview']);
    expect((await fx.call('up/getDeviceVersionStats', {}, viewer)).status).toBe(0);
    expect((await fx.call('sw/getSwTypeList', {}, viewer)).status).toBe(0);
    expect((await fx.call('di/getAllDeviceList', { pageNum: 1, pageSize: 5 }, viewer)).status).toBe(Status.forbidden);
  });
});
