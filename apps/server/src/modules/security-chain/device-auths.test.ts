import { Status } from '@keel/contract/status';
import { beforeAll, expect, it } from 'vitest';
import { type DeviceFixture, deviceFixture } from '../../test/device-fixture';
import { describeEachDb } from '../../test/harness';

/**
 * Device-function authorisations: devices and groups of the property, one per function and target, a window,
 * the function's `auth_count`, disable and enable, edit, delete; a device's functions through its groups; another
 * property's objects and the page's permissions.
 */
describeEachDb('security chain device authorisations', (env) => {
  let fx: DeviceFixture;
  let sid: string;
  let serial = 0;
  const space = async (name: string, business = 'security') =>
    (await fx.ok('space/addSpace', { name, business, category: 'terminal', quota: 1 << 20 })).sid as string;
  const func = async (inSid: string, code: string) =>
    (
      await fx.ok('func/saveFunc', {
        sid: inSid,
        code,
        nameZh: `功能 ${code}`,
        nameEn: `Function ${code}`,
        risk: 'high',
        responseList: [],
      })
    ).funcId as string;
  const authCount = async (inSid: string, funcId: string) =>
    (await fx.ok('func/getFuncList', { sid: inSid, funcId })).list[0].authCount as number;
  const device = async (name: string, placement: { sid?: string; groupId?: string } = {}) => {
    const deviceId = `DA${Date.now() % 1_000_000}${++serial}`;
    await fx.ok('di/registerDevice', { deviceId, name, ...placement });
    return deviceId;
  };
  const group = async (inSid: string, name: string, pid?: string) =>
    (await fx.ok('sg/addOrUpdateGroup', { sid: inSid, name, ...(pid ? { pid } : {}) })).groupId as string;

  beforeAll(async () => {
    fx = await deviceFixture(env);
    sid = await space(`Device auth ${Date.now() % 100000}`);
  });

  it('gives devices and groups a function once each, within a window, and counts them on the function', async () => {
    const adb = await func(sid, 'debug.adb');
    const terminals = await space(`Terminals ${++serial}`, 'terminal');
    const floor = await group(terminals, 'Floor 1');
    const [a, b] = [await device('Gate A'), await device('Gate B')];
    const now = env().now();
    const added = await fx.ok('da/addDeviceFuncAuth', {
      sid,
      funcId: adb,
      targetType: 'device',
      deviceIdList: [a, b],
      endTime: now + 86_400_000,
      remark: 'Repair',
    });
    expect(added.list).toHaveLength(2);
    expect(added.list.find((x: { targetId: string }) => x.targetId === a)).toMatchObject({
      targetType: 'device',
      targetName: 'Gate A',
      funcCode: 'debug.adb',
      funcName: 'Function debug.adb',
      state: 'active',
      remark: 'Repair',
    });
    const byGroup = await fx.ok('da/addDeviceFuncAuth', {
      sid,
      funcId: adb,
      targetType: 'group',
      groupIdList: [floor],
      startTime: now + 3_600_000,
    });
    expect(byGroup.list[0]).toMatchObject({ targetName: 'Floor 1', targetSid: terminals, state: 'pending' });
    expect(await authCount(sid, adb)).toBe(3);

    // Taken already (named), a window ending before it starts, no targets of the type, not the property's.
    let res = await fx.call(
      'da/addDeviceFuncAuth',
      { sid, funcId: adb, targetType: 'device', deviceIdList: [b] },
      fx.owner,
    );
    expect([res.status, res.msg]).toEqual([
      Status.conflict,
      '"Gate B" is authorised for the function "Function debug.adb" already',
    ]);
    res = await fx.call(
      'da/addDeviceFuncAuth',
      { sid, funcId: adb, targetType: 'device', deviceIdList: [b], startTime: 10, endTime: 5 },
      fx.owner,
    );
    expect([res.status, res.msg]).toEqual([Status.invalidInput, 'Illegal input: endTime']);
    res = await fx.call('da/addDeviceFuncAuth', { sid, funcId: adb, targetType: 'group', deviceIdList: [b] }, fx.owner);
    expect(res.status).toBe(Status.invalidInput);
    res = await fx.call(
      'da/addDeviceFuncAuth',
      { sid, funcId: adb, targetType: 'device', deviceIdList: ['NO-SUCH'] },
      fx.owner,
    );
    expect([res.status, res.msg]).toEqual([Status.notFound, 'Not found: deviceIdList']);
    res = await fx.call(
      'da/addDeviceFuncAuth',
      { sid, funcId: adb, targetType: 'group', groupIdList: [terminals] },
      fx.owner,
    );
    expect([res.status, res.msg]).toEqual([Status.notFound, 'Not found: groupIdList']);
    // A function of another space.
    const other = await space(`Device auth other ${++serial}`);
    res = await fx.call(
      'da/addDeviceFuncAuth',
      { sid: other, funcId: adb, targetType: 'device', deviceIdList: [a] },
      fx.owner,
    );
    expect([res.status, res.msg]).toEqual([Status.notFound, 'Not found: funcId']);
    expect(await authCount(sid, adb)).toBe(3);

    // The list: filters and search.
    const page = await fx.ok('da/getAuthDeviceList', { sid });
    expect(page.total).toBe(3);
    expect(
      (await fx.ok('da/getAuthDeviceList', { sid, targetType: 'group' })).list.map(
        (x: { targetId: string }) => x.targetId,
      ),
    ).toEqual([floor]);
    expect((await fx.ok('da/getAuthDeviceList', { sid, state: 'pending' })).total).toBe(1);
    expect((await fx.ok('da/getAuthDeviceList', { sid, state: 'active' })).total).toBe(2);
    expect(
      (await fx.ok('da/getAuthDeviceList', { sid, str: 'gate a' })).list.map((x: { targetId: string }) => x.targetId),
    ).toEqual([a]);
    expect((await fx.ok('da/getAuthDeviceList', { sid, str: 'DEBUG.ADB' })).total).toBe(3);
    const fastboot = await func(sid, 'fastboot');
    expect((await fx.ok('da/getAuthDeviceList', { sid, funcId: fastboot })).total).toBe(0);
    // A function in use is not deleted.
    res = await fx.call('func/deleteFunc', { funcId: adb }, fx.owner);
    expect(res.status).toBe(Status.conflict);
  });

  it('edits, disables, enables and deletes an authorisation, counting it off its function', async () => {
    const shell = await func(sid, 'root.shell');
    const d = await device('Kiosk');
    const [auth] = (
      await fx.ok('da/addDeviceFuncAuth', { sid, funcId: shell, targetType: 'device', deviceIdList: [d] })
    ).list;
    const now = env().now();
    const edited = await fx.ok('da/updateDeviceFuncAuth', {
      authId: auth.authId,
      startTime: now - 10_000,
      endTime: now - 5_000,
      remark: 'Over',
    });
    expect(edited).toMatchObject({ state: 'expired', remark: 'Over', startTime: now - 10_000, endTime: now - 5_000 });
    let res = await fx.call('da/updateDeviceFuncAuth', { authId: auth.authId, startTime: 10, endTime: 10 }, fx.owner);
    expect(res.status).toBe(Status.invalidInput);
    const open = await fx.ok('da/updateDeviceFuncAuth', { authId: auth.authId });
    expect(open).toMatchObject({ state: 'active', startTime: null, endTime: null, remark: '' });
    expect(await fx.ok('da/setAuthDeviceDisable', { authId: auth.authId, disabled: 1 })).toMatchObject({
      state: 'disabled',
      disabled: 1,
    });
    expect(
      (await fx.ok('da/getAuthDeviceList', { sid, state: 'disabled' })).list.map((x: { authId: string }) => x.authId),
    ).toEqual([auth.authId]);
    expect(await fx.ok('da/setAuthDeviceDisable', { authId: auth.authId, disabled: 0 })).toMatchObject({
      state: 'active',
    });
    expect(await authCount(sid, shell)).toBe(1);
    expect(await fx.ok('da/delDeviceFuncAuth', { authId: auth.authId })).toEqual({ deleted: 1 });
    expect(await authCount(sid, shell)).toBe(0);
    res = await fx.call('da/delDeviceFuncAuth', { authId: auth.authId }, fx.owner);
    expect([res.status, res.msg]).toEqual([Status.notFound, 'Not found: authId']);
    expect(await authCount(sid, shell)).toBe(0);
    expect(await fx.ok('func/deleteFunc', { funcId: shell })).toEqual({ deleted: 1 });
  });

  it("answers a device's functions: its own and through its group or a group above it", async () => {
    const mine = await space(`Device funcs ${++serial}`);
    const [log, factory, unlock] = [
      await func(mine, 'log.export'),
      await func(mine, 'factory.mode'),
      await func(mine, 'boot.unlock'),
    ];
    const terminals = await space(`Terminals ${++serial}`, 'terminal');
    const building = await group(terminals, 'Building');
    const floor = await group(terminals, 'Floor 2', building);
    const elsewhere = await group(terminals, 'Annex');
    const d = await device('Lift panel', { sid: terminals, groupId: floor });
    await fx.ok('da/addDeviceFuncAuth', { sid: mine, funcId: log, targetType: 'device', deviceIdList: [d] });
    await fx.ok('da/addDeviceFuncAuth', { sid: mine, funcId: log, targetType: 'group', groupIdList: [building] });
    await fx.ok('da/addDeviceFuncAuth', { sid: mine, funcId: factory, targetType: 'group', groupIdList: [floor] });
    await fx.ok('da/addDeviceFuncAuth', { sid: mine, funcId: unlock, targetType: 'group', groupIdList: [elsewhere] });
    const out = await fx.ok('da/getDeviceFuncAuth', { deviceId: d, sid: mine });
    expect(out.device).toMatchObject({
      deviceId: d,
      name: 'Lift panel',
      sid: terminals,
      groupId: floor,
      groupName: 'Floor 2',
    });
    expect(
      out.list.map((x: { funcCode: string; via: string; targetId: string }) => [x.funcCode, x.via, x.targetId]),
    ).toEqual([
      ['factory.mode', 'group', floor],
      ['log.export', 'device', d],
      ['log.export', 'group', building],
    ]);
    expect(out.list[0]).toMatchObject({ funcNameEn: 'Function factory.mode', risk: 'high', state: 'active' });
    // Every reachable space without `sid`; none of another space when it names one.
    expect((await fx.ok('da/getDeviceFuncAuth', { deviceId: d })).list.length).toBeGreaterThanOrEqual(3);
    expect((await fx.ok('da/getDeviceFuncAuth', { deviceId: d, sid })).list).toEqual([]);
    const res = await fx.call('da/getDeviceFuncAuth', { deviceId: 'NO-SUCH' }, fx.owner);
    expect([res.status, res.msg]).toEqual([Status.notFound, 'Not found: deviceId']);
  });

  it('answers a race for the same target with a conflict, and gives it once', async () => {
    const race = await func(sid, 'race.one');
    const d = await device('Racer');
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        fx.call('da/addDeviceFuncAuth', { sid, funcId: race, targetType: 'device', deviceIdList: [d] }, fx.owner),
      ),
    );
    expect(results.filter((r) => r.status === 0)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 0)) expect(r.status).toBe(Status.conflict);
    expect(await authCount(sid, race)).toBe(1);
  });

  it('lists the picker devices and the device spaces', async () => {
    const d = await device('Picker probe');
    const picked = await fx.ok('da/getAuthDevicePickList', { str: 'picker probe' });
    expect(picked.list.map((x: { deviceId: string }) => x.deviceId)).toEqual([d]);
    const terminals = await space(`Terminals ${++serial}`, 'terminal');
    const spaces = await fx.ok('da/getAuthGroupSpaceList', {});
    expect(spaces.list.map((x: { sid: string }) => x.sid)).toContain(terminals);
    expect(spaces.list.map((x: { sid: string }) => x.sid)).not.toContain(sid);
  });

  it("keeps another property's authorisations out, and the page's permissions", async () => {
    const guarded = await func(sid, 'guarded.one');
    const d = await device('Guarded');
    const [mine] = (
      await fx.ok('da/addDeviceFuncAuth', { sid, funcId: guarded, targetType: 'device', deviceIdList: [d] })
    ).list;
    await fx.ok(
      'pro/authPropertyBusiness',
      { pno: fx.partner, businessList: ['firmware', 'appstore', 'terminal', 'security'] },
      fx.operator,
      { pno: '' },
    );
    for (const [path, input, what] of [
      ['da/getAuthDeviceList', { sid }, 'sid'],
      ['da/updateDeviceFuncAuth', { authId: mine.authId, remark: 'x' }, 'authId'],
      ['da/setAuthDeviceDisable', { authId: mine.authId, disabled: 1 }, 'authId'],
      ['da/delDeviceFuncAuth', { authId: mine.authId }, 'authId'],
      ['da/getDeviceFuncAuth', { deviceId: d }, 'deviceId'],
    ] as const) {
      const res = await fx.call(path, input, fx.operator);
      expect([res.status, res.msg], path).toEqual([Status.notFound, `Not found: ${what}`]);
    }
    const page = await fx.ok('da/getAuthDeviceList', { sid, funcId: guarded });
    expect(page.list[0]).toMatchObject({ disabled: 0, remark: '' });
    const res = await fx.call('da/getAuthDeviceList', { sid }, fx.member);
    expect(res.status).toBe(Status.forbidden);
  });
});
