import { Status } from '@keel/contract/status';
import { beforeAll, expect, it } from 'vitest';
import { acrossProperties } from '../../platform/tenancy/filters';
import { type DeviceFixture, deviceFixture } from '../../test/device-fixture';
import { describeEachDb } from '../../test/harness';

/**
 * White lists of a security space: members and devices of the property for a function of the space, once per
 * function, an optional window and where it stands; the function's authorisation count; the device picker; audit;
 * another property's entries and the page's permissions.
 */
describeEachDb('security chain white lists', (env) => {
  let fx: DeviceFixture;
  let sid: string;
  let serial = 0;
  let device: string;
  let foreignDevice: string;
  const space = async (name: string) =>
    (await fx.ok('space/addSpace', { name, business: 'security', category: 'terminal', quota: 1 << 20 })).sid as string;
  const func = async (code: string, inSpace = sid) =>
    fx.ok('func/saveFunc', { sid: inSpace, code, nameZh: `功能 ${code}`, nameEn: `Function ${code}`, risk: 'low' });
  const authCount = async (funcId: string, inSpace = sid) =>
    (await fx.ok('func/getFuncList', { sid: inSpace, funcId })).list[0].authCount as number;

  beforeAll(async () => {
    fx = await deviceFixture(env);
    sid = await space(`White ${Date.now() % 100000}`);
    device = (await fx.deviceAt('1.0.0', { prefix: 'wl-dev' })).deviceId;
    foreignDevice = (await fx.deviceAt('1.0.0', { prefix: 'wl-foreign', who: fx.operator })).deviceId;
  });

  it('white-lists members and devices of the property for a function, once each, within a window', async () => {
    const f = await func('white.shell');
    const now = env().now();
    const users = await fx.ok('whiteList/addWhiteList', {
      sid,
      funcId: f.funcId,
      memberType: 'user',
      uidList: [fx.member.uid, fx.owner.uid],
      endTime: now + 86_400_000,
      remark: 'Support',
    });
    expect(users.list).toHaveLength(2);
    const member = users.list.find((e: { memberId: string }) => e.memberId === fx.member.uid);
    expect(member).toMatchObject({ memberType: 'user', funcCode: 'white.shell', state: 'active', remark: 'Support' });
    expect(member.memberName).not.toBe('');
    expect(member.memberDetail).not.toBe('');
    const devices = await fx.ok('whiteList/addWhiteList', {
      sid,
      funcId: f.funcId,
      memberType: 'device',
      deviceIdList: [device],
      startTime: now + 3_600_000,
    });
    expect(devices.list[0]).toMatchObject({ memberType: 'device', memberId: device, state: 'pending' });
    expect(await authCount(f.funcId)).toBe(3);

    // Once per function and member, named.
    let res = await fx.call(
      'whiteList/addWhiteList',
      { sid, funcId: f.funcId, memberType: 'user', uidList: [fx.member.uid] },
      fx.owner,
    );
    expect(res.status).toBe(Status.conflict);
    expect(res.msg).toMatch(/is on the white list of the function "white.shell Function white.shell" already$/);
    res = await fx.call(
      'whiteList/addWhiteList',
      { sid, funcId: f.funcId, memberType: 'device', deviceIdList: [device] },
      fx.owner,
    );
    expect(res.status).toBe(Status.conflict);
    // Another property's user or device is "not found"; the list must match the member type; a window the wrong way.
    res = await fx.call(
      'whiteList/addWhiteList',
      { sid, funcId: f.funcId, memberType: 'user', uidList: [fx.operator.uid] },
      fx.owner,
    );
    expect([res.status, res.msg]).toEqual([Status.notFound, 'Not found: uidList']);
    res = await fx.call(
      'whiteList/addWhiteList',
      { sid, funcId: f.funcId, memberType: 'device', deviceIdList: [foreignDevice] },
      fx.owner,
    );
    expect([res.status, res.msg]).toEqual([Status.notFound, 'Not found: deviceIdList']);
    res = await fx.call(
      'whiteList/addWhiteList',
      { sid, funcId: f.funcId, memberType: 'device', uidList: [fx.member.uid] },
      fx.owner,
    );
    expect(res.status).toBe(Status.invalidInput);
    res = await fx.call(
      'whiteList/addWhiteList',
      { sid, funcId: f.funcId, memberType: 'user', uidList: [fx.member.uid], startTime: 10, endTime: 5 },
      fx.owner,
    );
    expect([res.status, res.msg]).toEqual([Status.invalidInput, 'Illegal input: endTime']);
    res = await fx.call(
      'whiteList/addWhiteList',
      { sid, funcId: f.funcId, memberType: 'user', uidList: Array.from({ length: 101 }, (_, i) => `u${i}`) },
      fx.owner,
    );
    expect(res.status).toBe(Status.invalidInput);
    // A function of another space.
    const elsewhere = await func('white.elsewhere', await space(`White other ${++serial}`));
    res = await fx.call(
      'whiteList/addWhiteList',
      { sid, funcId: elsewhere.funcId, memberType: 'user', uidList: [fx.member.uid] },
      fx.owner,
    );
    expect([res.status, res.msg]).toEqual([Status.notFound, 'Not found: funcId']);
    expect(await authCount(f.funcId)).toBe(3);

    // Lists: the space's, one function's, by member type, by search.
    expect((await fx.ok('whiteList/getWhiteList', { sid, funcId: f.funcId })).total).toBe(3);
    expect((await fx.ok('whiteList/getWhiteList', { sid, memberType: 'device' })).list[0].memberId).toBe(device);
    const found = await fx.ok('whiteList/getWhiteList', { sid, str: member.memberDetail });
    expect(found.list.map((e: { memberId: string }) => e.memberId)).toEqual([fx.member.uid]);
    expect((await fx.ok('whiteList/getWhiteList', { sid, str: device.slice(-6) })).list[0].memberId).toBe(device);

    // A function on a white list is in use.
    res = await fx.call('func/deleteFunc', { funcId: f.funcId }, fx.owner);
    expect(res.status).toBe(Status.conflict);
  });

  it('deletes entries, one authorisation fewer each, audited', async () => {
    const f = await func(`white.del${++serial}`);
    const [entry] = (
      await fx.ok('whiteList/addWhiteList', { sid, funcId: f.funcId, memberType: 'device', deviceIdList: [device] })
    ).list;
    expect(await authCount(f.funcId)).toBe(1);
    expect(await fx.ok('whiteList/delWhiteList', { entryId: entry.entryId })).toEqual({ deleted: 1 });
    const res = await fx.call('whiteList/delWhiteList', { entryId: entry.entryId }, fx.owner);
    expect([res.status, res.msg]).toEqual([Status.notFound, 'Not found: entryId']);
    expect(await authCount(f.funcId)).toBe(0);
    const audited = await env()
      .app.keel.db.selectFrom('audit_log')
      .select('endpoint')
      .where(acrossProperties('test'))
      .where('target', '=', entry.entryId)
      .execute();
    // The refused second delete is audited too.
    expect([...new Set(audited.map((a) => a.endpoint))].sort()).toEqual([
      'whiteList/addWhiteList',
      'whiteList/delWhiteList',
    ]);
  });

  it('answers a race for the same member with one entry and a refusal', async () => {
    const f = await func(`white.race${++serial}`);
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        fx.call(
          'whiteList/addWhiteList',
          { sid, funcId: f.funcId, memberType: 'user', uidList: [fx.member.uid] },
          fx.owner,
        ),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([0, Status.conflict, Status.conflict]);
    expect(await authCount(f.funcId)).toBe(1);
  });

  it("lists the property's devices to pick", async () => {
    const page = await fx.ok('whiteList/getWhiteListDeviceList', { str: device });
    expect(page.list.map((d: { deviceId: string }) => d.deviceId)).toEqual([device]);
    const foreign = await fx.ok('whiteList/getWhiteListDeviceList', { str: foreignDevice });
    expect(foreign.total).toBe(0);
  });

  it("keeps another property's entries out, and the page's permissions", async () => {
    const guarded = await space(`White guarded ${++serial}`);
    const f = await func('white.guarded', guarded);
    const [mine] = (
      await fx.ok('whiteList/addWhiteList', {
        sid: guarded,
        funcId: f.funcId,
        memberType: 'user',
        uidList: [fx.member.uid],
      })
    ).list;
    await fx.ok(
      'pro/authPropertyBusiness',
      { pno: fx.partner, businessList: ['firmware', 'appstore', 'terminal', 'security'] },
      fx.operator,
      { pno: '' },
    );
    for (const [path, input, what] of [
      ['whiteList/getWhiteList', { sid: guarded }, 'sid'],
      [
        'whiteList/addWhiteList',
        { sid: guarded, funcId: f.funcId, memberType: 'user', uidList: [fx.operator.uid] },
        'sid',
      ],
      ['whiteList/delWhiteList', { entryId: mine.entryId }, 'entryId'],
    ] as const) {
      const res = await fx.call(path, input, fx.operator);
      expect([res.status, res.msg], path).toEqual([Status.notFound, `Not found: ${what}`]);
    }
    expect((await fx.ok('whiteList/getWhiteList', { sid: guarded })).total).toBe(1);
    for (const path of ['whiteList/getWhiteList', 'whiteList/getWhiteListDeviceList'] as const) {
      const res = await fx.call(path, { sid: guarded }, fx.member);
      expect(res.status, path).toBe(Status.forbidden);
    }
  });
});
