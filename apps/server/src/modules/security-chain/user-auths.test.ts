import { AUTH_TYPES } from '@keel/contract/constants';
import { Status } from '@keel/contract/status';
import { beforeAll, expect, it } from 'vitest';
import { propertyTenant } from '../../platform/tenancy/tenant';
import { type DeviceFixture, deviceFixture } from '../../test/device-fixture';
import { describeEachDb } from '../../test/harness';
import { subjectKeysOf } from './subjects';

/**
 * User authorisations of a security space (users, titles, user sets, organisation units; once per function and
 * subject; a window; disable, enable, delete; the functions' `auth_count`), the pairs a member counts as, and function
 * applications through the workflow engine (apply type `function`): the pass authorises the applicant.
 */
describeEachDb('security chain user authorisations', (env) => {
  let fx: DeviceFixture;
  let sid: string;
  let serial = 0;
  const space = async (name: string, business = 'security') =>
    (await fx.ok('space/addSpace', { name, business, category: 'terminal', quota: 1 << 20 })).sid as string;
  const func = async (inSid: string, code: string) =>
    (await fx.ok('func/saveFunc', { sid: inSid, code, nameZh: `功能 ${code}`, nameEn: `Func ${code}`, risk: 'high' }))
      .funcId as string;
  const authCount = async (inSid: string, funcId: string) =>
    (await fx.ok('func/getFuncList', { sid: inSid, funcId })).list[0].authCount as number;
  const title = async (name: string, uids: string[]) => {
    const { tid } = await fx.ok('t/addOrUpdateTitle', { name });
    if (uids.length > 0) await fx.ok('t/addTitleUser', { tid, uidList: uids });
    return tid as string;
  };

  beforeAll(async () => {
    fx = await deviceFixture(env);
    sid = await space(`User auths ${Date.now() % 100000}`);
  });

  it('authorises subjects of each type once per function, lists them with names, and counts them on the function', async () => {
    const funcId = await func(sid, 'debug.adb');
    const engineers = `Engineers ${++serial}`;
    const tid = await title(engineers, [fx.member.uid]);
    const { usid } = await fx.ok('us/addOrUpdateUserSet', { name: `On call ${serial}` });
    const { oid } = await fx.ok('o/addOrUpdateOrg', { pid: `root-${fx.demo}`, name: `Lab ${serial}` });
    const now = env().now();
    const titles = await fx.ok('ua/addUserAuth', {
      sid,
      funcId,
      subjectType: AUTH_TYPES.titles,
      subjectIdList: [tid],
      endTime: now + 86_400_000,
      remark: 'Field work',
    });
    expect(titles.list[0]).toMatchObject({
      subjectType: 2,
      subjectId: tid,
      subjectName: engineers,
      funcCode: 'debug.adb',
      funcNameEn: 'Func debug.adb',
      risk: 'high',
      state: 'active',
      remark: 'Field work',
      applyId: null,
    });
    await fx.ok('ua/addUserAuth', { sid, funcId, subjectType: AUTH_TYPES.users, subjectIdList: [fx.member.uid] });
    await fx.ok('ua/addUserAuth', { sid, funcId, subjectType: AUTH_TYPES.userSets, subjectIdList: [usid] });
    const units = await fx.ok('ua/addUserAuth', {
      sid,
      funcId,
      subjectType: AUTH_TYPES.orgs,
      subjectIdList: [oid, `root-${fx.demo}`],
      startTime: now + 3_600_000,
    });
    expect(units.list.map((a: { state: string }) => a.state)).toEqual(['pending', 'pending']);
    expect(units.list.find((a: { subjectId: string }) => a.subjectId === `root-${fx.demo}`).subjectName).not.toBe('');
    expect(await authCount(sid, funcId)).toBe(5);

    // Once per function and subject, naming it; another property's subject, a window out of order.
    let res = await fx.call(
      'ua/addUserAuth',
      { sid, funcId, subjectType: AUTH_TYPES.titles, subjectIdList: [tid] },
      fx.owner,
    );
    expect([res.status, res.msg]).toEqual([
      Status.conflict,
      `"${engineers}" is authorised for the function "debug.adb" already`,
    ]);
    const { tid: partnerTitle } = await fx.ok('t/addOrUpdateTitle', { name: 'Partner title' }, fx.operator);
    for (const [type, id] of [
      [AUTH_TYPES.titles, partnerTitle],
      [AUTH_TYPES.users, fx.operator.uid],
      [AUTH_TYPES.orgs, `root-${fx.partner}`],
      [AUTH_TYPES.userSets, tid],
    ] as const) {
      res = await fx.call('ua/addUserAuth', { sid, funcId, subjectType: type, subjectIdList: [id] }, fx.owner);
      expect([res.status, res.msg], `${type}`).toEqual([Status.notFound, 'Not found: subjectIdList']);
    }
    res = await fx.call(
      'ua/addUserAuth',
      { sid, funcId, subjectType: 2, subjectIdList: [tid], startTime: 10, endTime: 5 },
      fx.owner,
    );
    expect([res.status, res.msg]).toEqual([Status.invalidInput, 'Illegal input: endTime']);
    // A function of another space is "not found" in this one.
    const otherSid = await space(`User auths other ${++serial}`);
    res = await fx.call('ua/addUserAuth', { sid: otherSid, funcId, subjectType: 2, subjectIdList: [tid] }, fx.owner);
    expect([res.status, res.msg]).toEqual([Status.notFound, 'Not found: funcId']);
    expect(await authCount(sid, funcId)).toBe(5);

    const page = await fx.ok('ua/getUserAuthList', { sid });
    expect(page.total).toBe(5);
    const byName = await fx.ok('ua/getUserAuthList', { sid, str: engineers.toLowerCase() });
    expect(byName.list.map((a: { subjectId: string }) => a.subjectId)).toEqual([tid]);
    const phone = page.list.find((a: { subjectType: number }) => a.subjectType === 1).subjectPhone;
    const byPhone = await fx.ok('ua/getUserAuthList', { sid, str: phone });
    expect(byPhone.list.map((a: { subjectId: string }) => a.subjectId)).toEqual([fx.member.uid]);
    expect((await fx.ok('ua/getUserAuthList', { sid, str: 'DEBUG.ADB' })).total).toBe(5);
    expect((await fx.ok('ua/getUserAuthList', { sid, subjectType: 4 })).total).toBe(2);
    const other = await func(sid, 'factory.mode');
    expect((await fx.ok('ua/getUserAuthList', { sid, funcId: other })).total).toBe(0);
  });

  it('disables, enables and deletes an authorisation, counting it off its function', async () => {
    const inSid = await space(`User auths toggles ${++serial}`);
    const funcId = await func(inSid, 'log.export');
    const [item] = (
      await fx.ok('ua/addUserAuth', {
        sid: inSid,
        funcId,
        subjectType: AUTH_TYPES.users,
        subjectIdList: [fx.member.uid],
      })
    ).list;
    expect(await authCount(inSid, funcId)).toBe(1);
    expect(await fx.ok('ua/setUserAuthDisable', { authId: item.authId, disabled: 1 })).toMatchObject({
      disabled: 1,
      state: 'disabled',
    });
    expect(await fx.ok('ua/setUserAuthDisable', { authId: item.authId, disabled: 0 })).toMatchObject({
      disabled: 0,
      state: 'active',
    });
    // Still authorised: deleting the function is refused.
    let res = await fx.call('func/deleteFunc', { funcId }, fx.owner);
    expect(res.status).toBe(Status.conflict);
    expect(await fx.ok('ua/delUserAuth', { authId: item.authId })).toEqual({ deleted: 1 });
    res = await fx.call('ua/delUserAuth', { authId: item.authId }, fx.owner);
    expect([res.status, res.msg]).toEqual([Status.notFound, 'Not found: authId']);
    expect(await authCount(inSid, funcId)).toBe(0);
  });

  it('answers a race for one subject with a conflict, never a 500, and counts only what was made', async () => {
    const inSid = await space(`User auths race ${++serial}`);
    const funcId = await func(inSid, 'root.shell');
    const tid = await title(`Racers ${serial}`, []);
    const input = { sid: inSid, funcId, subjectType: AUTH_TYPES.titles, subjectIdList: [tid] };
    const answers = await Promise.all(Array.from({ length: 6 }, () => fx.call('ua/addUserAuth', input, fx.owner)));
    expect(answers.every((a) => a.http === 200)).toBe(true);
    expect(answers.filter((a) => a.status === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.status !== 0).every((a) => a.status === Status.conflict)).toBe(true);
    expect(await authCount(inSid, funcId)).toBe(1);
  });

  it('names what a member counts as: themselves, their titles, user sets, unit and every unit above it', async () => {
    const tid = await title(`Counted ${++serial}`, [fx.member.uid]);
    const { usid } = await fx.ok('us/addOrUpdateUserSet', { name: `Counted set ${serial}` });
    await fx.ok('us/addUserSetUser', { usid, uidList: [fx.member.uid] });
    const { oid: upper } = await fx.ok('o/addOrUpdateOrg', { pid: `root-${fx.demo}`, name: `Upper ${serial}` });
    const { oid: lower } = await fx.ok('o/addOrUpdateOrg', { pid: upper, name: `Lower ${serial}` });
    await fx.ok('o/moveOrgUser', { uidList: [fx.member.uid], oid: lower });
    const keys = await subjectKeysOf(env().app.keel, propertyTenant(fx.demo), fx.member.uid);
    const of = (type: number) => keys.filter((k) => k.subjectType === type).map((k) => k.subjectId);
    expect(of(1)).toEqual([fx.member.uid]);
    expect(of(2)).toContain(tid);
    expect(of(3)).toContain(usid);
    expect(of(4)).toEqual([lower, upper, `root-${fx.demo}`]);
    // Someone who is no member of the property counts only as themselves.
    expect(await subjectKeysOf(env().app.keel, propertyTenant(fx.demo), fx.operator.uid)).toEqual([
      { subjectType: 1, subjectId: fx.operator.uid },
    ]);
  });

  it('files a function application; its pass authorises the applicant once, a rejection makes nothing', async () => {
    const inSid = await space(`User auths applied ${++serial}`);
    const funcId = await func(inSid, 'bootloader.unlock');
    const offered = await fx.ok('ua/getApplyFuncList', { str: 'bootloader' }, fx.member);
    expect(offered.list.map((f: { funcId: string }) => f.funcId)).toContain(funcId);
    const now = env().now();
    const ask = { funcId, endTime: now + 7 * 86_400_000, reason: 'Repair a returned unit' };
    let res = await fx.call('ua/applyFuncAuth', { ...ask, endTime: now - 1 }, fx.member);
    expect(res.status).toBe(Status.invalidInput);
    const { applyId, state } = await fx.ok('ua/applyFuncAuth', ask, fx.member);
    expect(state).toBe('pending');
    res = await fx.call('ua/applyFuncAuth', ask, fx.member);
    expect(res.status).toBe(Status.conflict);
    // Nothing yet; the owner (holding process.securityRouteAudit) reviews it in the built-in flow.
    expect((await fx.ok('ua/getUserAuthList', { sid: inSid })).total).toBe(0);
    const detail = await fx.ok('flowAudit/getApplyDetail', { applyId });
    expect(detail.snapshot).toMatchObject({ funCode: 'bootloader.unlock', reason: 'Repair a returned unit' });
    await fx.ok('flowAudit/flowAudit', { applyId });
    const made = await fx.ok('ua/getUserAuthList', { sid: inSid });
    expect(made.list).toHaveLength(1);
    expect(made.list[0]).toMatchObject({
      subjectType: 1,
      subjectId: fx.member.uid,
      applyId,
      endTime: ask.endTime,
      state: 'active',
    });
    expect(await authCount(inSid, funcId)).toBe(1);

    // A second application, for longer: the same authorisation grows to cover it (no duplicate).
    const longer = await fx.ok('ua/applyFuncAuth', { ...ask, endTime: now + 30 * 86_400_000 }, fx.member);
    await fx.ok('flowAudit/flowAudit', { applyId: longer.applyId });
    const grown = await fx.ok('ua/getUserAuthList', { sid: inSid });
    expect(grown.list).toHaveLength(1);
    expect(grown.list[0]).toMatchObject({ applyId: longer.applyId, endTime: now + 30 * 86_400_000 });
    expect(await authCount(inSid, funcId)).toBe(1);

    // Rejected: nothing is made.
    const other = await func(inSid, 'factory.reset');
    const refused = await fx.ok('ua/applyFuncAuth', { ...ask, funcId: other }, fx.member);
    await fx.ok('flowAudit/noPassFlowAudit', { applyId: refused.applyId, reason: 'Not needed' });
    expect((await fx.ok('ua/getUserAuthList', { sid: inSid, funcId: other })).total).toBe(0);
    expect(await authCount(inSid, other)).toBe(0);
  });

  it("keeps another property's authorisations and functions out, and the page's permissions", async () => {
    const inSid = await space(`User auths guarded ${++serial}`);
    const funcId = await func(inSid, 'debug.uart');
    const [mine] = (
      await fx.ok('ua/addUserAuth', {
        sid: inSid,
        funcId,
        subjectType: AUTH_TYPES.users,
        subjectIdList: [fx.member.uid],
      })
    ).list;
    await fx.ok(
      'pro/authPropertyBusiness',
      { pno: fx.partner, businessList: ['firmware', 'appstore', 'terminal', 'security'] },
      fx.operator,
      { pno: '' },
    );
    for (const [path, input, what] of [
      ['ua/getUserAuthList', { sid: inSid }, 'sid'],
      ['ua/addUserAuth', { sid: inSid, funcId, subjectType: 1, subjectIdList: [fx.operator.uid] }, 'sid'],
      ['ua/setUserAuthDisable', { authId: mine.authId, disabled: 1 }, 'authId'],
      ['ua/delUserAuth', { authId: mine.authId }, 'authId'],
      ['ua/applyFuncAuth', { funcId, endTime: env().now() + 86_400_000, reason: 'x' }, 'funcId'],
    ] as const) {
      const res = await fx.call(path, input, fx.operator);
      expect([res.status, res.msg], path).toEqual([Status.notFound, `Not found: ${what}`]);
    }
    expect((await fx.ok('ua/getUserAuthList', { sid: inSid })).list[0].disabled).toBe(0);
    const res = await fx.call('ua/getUserAuthList', { sid: inSid }, fx.member);
    expect(res.status).toBe(Status.forbidden);
  });
});
