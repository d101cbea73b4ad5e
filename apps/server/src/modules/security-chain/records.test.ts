import { Status } from '@keel/contract/status';
import { beforeAll, expect, it } from 'vitest';
import { type DeviceFixture, deviceFixture } from '../../test/device-fixture';
import { describeEachDb } from '../../test/harness';

/**
 * The records of a security space (README "Security routes and records"): issues by source, refusals with their
 * reason, uses a device reported; the filters, newest first, per device with their counts; another property's objects
 * and the pages' permissions.
 */
describeEachDb('security chain records', (env) => {
  let fx: DeviceFixture;
  let sid: string;
  let adb: string;
  let shell: string;
  let d1: { deviceId: string; auth: string };
  let d2: { deviceId: string; auth: string };
  let started: number;
  let poolId: string;

  const issue = (deviceId: string, funcId: string, who = fx.owner) =>
    fx.ok('seclink/channel/issueFuncToken', { deviceId, funcId }, who);
  const use = (d: { deviceId: string; auth: string }, token: string, funcCode: string, responseCode: string) =>
    env().app.inject({
      method: 'POST',
      url: `/${fx.demo}/controller/v1/${d.deviceId}/keelSecurity/uses`,
      headers: { authorization: d.auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ token, funcCode, responseCode }),
    });
  const records = (input: Record<string, unknown>, who = fx.owner) =>
    fx.ok('seclink/channel/getFuncRecordList', { sid, pageSize: 100, ...input }, who);

  beforeAll(async () => {
    fx = await deviceFixture(env);
    started = env().now();
    sid = (
      await fx.ok('space/addSpace', {
        name: `Records ${Date.now() % 100000}`,
        business: 'security',
        category: 'terminal',
        quota: 1 << 20,
      })
    ).sid;
    const func = async (code: string, nameEn: string) =>
      (
        await fx.ok('func/saveFunc', {
          sid,
          code,
          nameZh: code,
          nameEn,
          risk: 'high',
          responseList: [{ code: 'ok', nameZh: '成功', nameEn: 'Done' }],
        })
      ).funcId as string;
    adb = await func('debug.adb', 'Debug port');
    shell = await func('root.shell', 'Root shell');
    d1 = await fx.deviceAt('1.0.0', { prefix: 'rec-a' });
    d2 = await fx.deviceAt('1.0.0', { prefix: 'rec-b' });
    // The owner is privileged; the member holds the shell on d1 through grants, and the debug port white-listed.
    await fx.ok('pa/addPrivilegedUser', { sid, uidList: [fx.owner.uid] });
    await fx.ok('ua/addUserAuth', { sid, funcId: shell, subjectType: 1, subjectIdList: [fx.member.uid] });
    await fx.ok('da/addDeviceFuncAuth', { sid, funcId: shell, targetType: 'device', deviceIdList: [d1.deviceId] });
    // The shell's grants draw from a pool.
    poolId = (await fx.ok('grantPool/saveGrantPool', { sid, funcId: shell, period: 'day', quota: 10 })).poolId;
    await fx.ok('whiteList/addWhiteList', { sid, funcId: adb, memberType: 'user', uidList: [fx.member.uid] });
    await fx.ok('whiteList/addWhiteList', { sid, funcId: adb, memberType: 'device', deviceIdList: [d2.deviceId] });
  });

  it('records issues by source, refusals with the reason and uses, newest first, with names', async () => {
    const privileged = await issue(d1.deviceId, adb);
    env().advance(1000);
    const granted = await issue(d1.deviceId, shell, fx.member);
    env().advance(1000);
    const white = await issue(d2.deviceId, adb, fx.member);
    env().advance(1000);
    const refused = await fx.call(
      'seclink/channel/issueFuncToken',
      { deviceId: d2.deviceId, funcId: shell },
      fx.member,
    );
    expect(refused.status).not.toBe(0);
    env().advance(1000);
    expect((await use(d1, granted.token, 'root.shell', 'ok')).statusCode).toBe(200);

    const all = await records({});
    expect(all.total).toBe(5);
    expect(all.list.map((r: { kind: string; source: string }) => `${r.kind}:${r.source}`)).toEqual([
      'use:',
      'refuse:',
      'issue:whiteList',
      'issue:grant',
      'issue:privileged',
    ]);
    const [u, r, w, g, p] = all.list;
    expect(p).toMatchObject({
      recordId: privileged.recordId,
      funcCode: 'debug.adb',
      funcName: 'Debug port',
      deviceId: d1.deviceId,
      uid: fx.owner.uid,
      nonce: privileged.nonce,
      notBefore: privileged.notBefore,
      expiresAt: privileged.expiresAt,
      reason: '',
    });
    expect(p.userName).not.toBe('');
    expect(g).toMatchObject({ recordId: granted.recordId, funcCode: 'root.shell', uid: fx.member.uid, poolId });
    expect(p.poolId).toBeNull();
    expect(w).toMatchObject({ recordId: white.recordId, deviceId: d2.deviceId });
    expect(r).toMatchObject({
      kind: 'refuse',
      funcName: 'Root shell',
      deviceId: d2.deviceId,
      reasonKey: 'funcNotGrantedDevice',
      nonce: null,
    });
    expect(r.reason).toBe(refused.msg);
    expect(u).toMatchObject({ kind: 'use', nonce: granted.nonce, responseCode: 'ok', responseName: 'Done' });
  });

  it('filters by function, device, user, kind, source and time; pages stay newest first', async () => {
    const ids = (page: { list: { recordId: string }[] }) => page.list.map((r) => r.recordId);
    const all = await records({});
    expect((await records({ funcId: adb })).list.every((r: { funcId: string }) => r.funcId === adb)).toBe(true);
    expect((await records({ deviceId: d2.deviceId })).total).toBe(2);
    expect((await records({ uid: fx.owner.uid })).total).toBe(1);
    expect((await records({ kind: 'issue' })).total).toBe(3);
    expect((await records({ source: 'whiteList' })).list.map((r: { kind: string }) => r.kind)).toEqual(['issue']);
    expect((await records({ kind: 'use', deviceId: d1.deviceId })).total).toBe(1);
    // A pool's draws.
    expect((await records({ poolId })).list.map((r: { kind: string; source: string }) => r.source)).toEqual(['grant']);
    // An empty filter is no filter (the query string of a cleared field).
    expect((await records({ kind: '', source: '', funcId: '', startTime: '' })).total).toBe(all.total);
    // A time range: from the second record on, until before the last.
    const times = all.list.map((r: { createTime: number }) => r.createTime).reverse();
    const ranged = await records({ startTime: times[1], endTime: times[4] });
    expect(ranged.total).toBe(3);
    // Pages of 2: the same order as the whole list, also read from the far end.
    const pages = [];
    for (let n = 1; n <= 3; n += 1) pages.push(...ids(await records({ pageSize: 2, pageNum: n })));
    expect(pages).toEqual(ids(all));
  });

  it('counts per device: issues, uses, refusals and the last use, the most recently active first', async () => {
    const page = await fx.ok('seclink/channel/getFuncRecordDeviceList', { sid });
    expect(page.total).toBe(2);
    expect(page.list).toEqual([
      expect.objectContaining({ deviceId: d1.deviceId, issues: 2, uses: 1, refusals: 0 }),
      expect.objectContaining({ deviceId: d2.deviceId, issues: 1, uses: 0, refusals: 1, lastUseTime: null }),
    ]);
    expect(page.list[0].lastUseTime).toBeGreaterThanOrEqual(started);
    const ofShell = await fx.ok('seclink/channel/getFuncRecordDeviceList', { sid, funcId: shell });
    expect(ofShell.list.map((d: { deviceId: string; issues: number }) => [d.deviceId, d.issues])).toEqual([
      [d1.deviceId, 1],
      [d2.deviceId, 0],
    ]);
    const ofPool = await fx.ok('seclink/channel/getFuncRecordDeviceList', { sid, poolId });
    expect(ofPool.list.map((d: { deviceId: string; issues: number }) => [d.deviceId, d.issues])).toEqual([
      [d1.deviceId, 1],
    ]);
    const ofMember = await fx.ok('seclink/channel/getFuncRecordDeviceList', { sid, uid: fx.member.uid });
    expect(ofMember.total).toBe(2);
  });

  it("keeps another property's objects out, and the pages' permissions", async () => {
    await fx.ok(
      'pro/authPropertyBusiness',
      { pno: fx.partner, businessList: ['firmware', 'appstore', 'terminal', 'security'] },
      fx.operator,
      { pno: '' },
    );
    for (const path of ['seclink/channel/getFuncRecordList', 'seclink/channel/getFuncRecordDeviceList'] as const) {
      let res = await fx.call(path, { sid }, fx.operator);
      expect([res.status, res.msg], path).toEqual([Status.notFound, 'Not found: sid']);
      // A function of another space, a device of another property.
      const foreign = await fx.deviceAt('1.0.0', { prefix: 'rec-foreign', who: fx.operator });
      res = await fx.call(path, { sid, deviceId: foreign.deviceId }, fx.owner);
      expect([res.status, res.msg], path).toEqual([Status.notFound, 'Not found: deviceId']);
      const other = (
        await fx.ok('space/addSpace', {
          name: `Records other ${Date.now() % 100000}`,
          business: 'security',
          category: 'terminal',
          quota: 1 << 20,
        })
      ).sid;
      res = await fx.call(path, { sid: other, funcId: adb }, fx.owner);
      expect([res.status, res.msg], path).toEqual([Status.notFound, 'Not found: funcId']);
      res = await fx.call(path, { sid: other, poolId }, fx.owner);
      expect([res.status, res.msg], path).toEqual([Status.notFound, 'Not found: poolId']);
      // Without the authorisations or the device pages.
      res = await fx.call(path, { sid }, fx.member);
      expect(res.status, path).toBe(Status.forbidden);
    }
  });
});
