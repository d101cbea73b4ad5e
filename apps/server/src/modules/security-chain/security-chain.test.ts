import { Status } from '@keel/contract/status';
import { beforeAll, expect, it } from 'vitest';
import { acrossProperties } from '../../platform/tenancy/filters';
import { type DeviceFixture, deviceFixture } from '../../test/device-fixture';
import { describeEachDb } from '../../test/harness';

/**
 * Security chain functions: a security space's functions with codes unique in the space, names in both languages,
 * risk levels and responses; validation and answers in the reader's language; the line between properties and an
 * administrator's spaces; the permissions of the pages.
 */
describeEachDb('security chain functions', (env) => {
  let fx: DeviceFixture;
  let sid: string;
  let serial = 0;
  const space = async (name: string, business = 'security', who = fx.owner) =>
    (await fx.ok('space/addSpace', { name, business, category: 'terminal', quota: 1 << 20 }, who)).sid as string;
  const func = async (code: string, extra: Record<string, unknown> = {}) =>
    fx.ok('func/saveFunc', {
      sid,
      code,
      nameZh: `功能${code}`,
      nameEn: `Function ${code}`,
      risk: 'high',
      ...extra,
    });

  beforeAll(async () => {
    fx = await deviceFixture(env);
    sid = await space(`Security ${Date.now() % 100000}`);
  });

  it('adds functions with their responses, lists and searches them, and edits them', async () => {
    const adb = await func('debug.adb', {
      description: 'The ADB port',
      responseList: [
        { code: 'ok', nameZh: '成功', nameEn: 'Done' },
        { code: 'refused', nameZh: '拒绝', nameEn: 'Refused' },
      ],
    });
    expect(adb).toMatchObject({
      sid,
      code: 'debug.adb',
      name: 'Function debug.adb',
      risk: 'high',
      description: 'The ADB port',
      authCount: 0,
    });
    expect(adb.responseList.map((r: { code: string }) => r.code)).toEqual(['ok', 'refused']);
    await func('factory.mode', { risk: 'critical' });

    const page = await fx.ok('func/getFuncList', { sid });
    expect(page.total).toBe(2);
    expect(page.list.map((f: { code: string }) => f.code)).toEqual(['debug.adb', 'factory.mode']);
    // Chinese names for a Chinese reader; `str` searches code and names.
    const zh = await fx.ok('func/getFuncList', { sid, str: 'FACTORY' }, fx.owner, { lang: 'zh-cn' });
    expect(zh.list.map((f: { name: string }) => f.name)).toEqual(['功能factory.mode']);
    // No authorisation names a function yet: `filterAuth` 1 keeps none.
    expect((await fx.ok('func/getFuncList', { sid, filterAuth: 1 })).total).toBe(0);

    const edited = await fx.ok('func/saveFunc', {
      funcId: adb.funcId,
      sid,
      code: 'debug.adb',
      nameZh: '调试口',
      nameEn: 'Debug port',
      risk: 'medium',
    });
    expect(edited).toMatchObject({ funcId: adb.funcId, name: 'Debug port', risk: 'medium', description: '' });
    expect(edited.responseList).toHaveLength(2);
  });

  it('refuses a duplicate code, a bad code, another business and an unknown space, in the reader language', async () => {
    await func('log.export');
    let res = await fx.call(
      'func/saveFunc',
      { sid, code: 'log.export', nameZh: '二', nameEn: 'Two', risk: 'low' },
      fx.owner,
    );
    expect([res.status, res.msg]).toEqual([
      Status.conflict,
      'The space already has a function with the code log.export',
    ]);
    res = await fx.call(
      'func/saveFunc',
      { sid, code: 'log.export', nameZh: '二', nameEn: 'Two', risk: 'low' },
      fx.owner,
      { lang: 'zh-cn' },
    );
    expect(res.msg).toBe('本空间已有代码为 log.export 的功能');
    // The same code in another security space is another function.
    const other = await space(`Security other ${++serial}`);
    await fx.ok('func/saveFunc', { sid: other, code: 'log.export', nameZh: '日志', nameEn: 'Logs', risk: 'low' });

    for (const [input, field] of [
      [{ code: 'Debug ADB' }, 'code'],
      [{ code: '.adb' }, 'code'],
      [{ risk: 'extreme' }, 'risk'],
      [{ nameEn: ' ' }, 'nameEn'],
      [{ description: 'x'.repeat(501) }, 'description'],
    ] as const) {
      res = await fx.call(
        'func/saveFunc',
        { sid, code: 'ok.code', nameZh: '名', nameEn: 'Name', risk: 'low', ...input },
        fx.owner,
      );
      expect([res.status, res.msg], field).toEqual([Status.invalidInput, `Illegal input: ${field}`]);
    }
    res = await fx.call(
      'func/saveFunc',
      {
        sid,
        code: 'dup.responses',
        nameZh: '名',
        nameEn: 'Name',
        risk: 'low',
        responseList: [
          { code: 'ok', nameZh: '好', nameEn: 'OK' },
          { code: 'ok', nameZh: '好', nameEn: 'OK' },
        ],
      },
      fx.owner,
    );
    expect(res.status).toBe(Status.invalidInput);

    // A space of another business; an unknown space; another property's space.
    const files = await space(`Files ${++serial}`, 'terminal');
    res = await fx.call('func/saveFunc', { sid: files, code: 'a.b', nameZh: '名', nameEn: 'N', risk: 'low' }, fx.owner);
    expect([res.status, res.msg]).toEqual([
      Status.invalidInput,
      `The space "Files ${serial}" is not a security chain space`,
    ]);
    res = await fx.call('func/getFuncList', { sid: 'nope' }, fx.owner);
    expect([res.status, res.msg]).toEqual([Status.notFound, 'Not found: sid']);
    const partner = await fx.ok(
      'space/addSpace',
      { name: `Partner ${++serial}`, business: 'firmware', category: 'terminal', quota: 1 << 20 },
      fx.operator,
    );
    res = await fx.call('func/getFuncList', { sid: partner.sid }, fx.owner);
    expect(res.status).toBe(Status.notFound);
    // A function does not move to another space by naming it.
    const mine = await func('move.me');
    res = await fx.call(
      'func/saveFunc',
      { funcId: mine.funcId, sid: other, code: 'move.me', nameZh: '名', nameEn: 'N', risk: 'low' },
      fx.owner,
    );
    expect([res.status, res.msg]).toEqual([Status.notFound, 'Not found: funcId']);
  });

  it('keeps the responses of a function: unique codes, edits, the lists of a function and of a space', async () => {
    const reboot = await func('root.shell');
    const ok = await fx.ok('func/saveFuncResponse', {
      funcId: reboot.funcId,
      code: 'ok',
      nameZh: '成功',
      nameEn: 'OK',
    });
    expect(ok).toMatchObject({ funcId: reboot.funcId, sid, code: 'ok', funcCode: 'root.shell', name: 'OK' });
    await fx.ok('func/saveFuncResponse', { funcId: reboot.funcId, code: 'busy', nameZh: '忙', nameEn: 'Busy' });
    let res = await fx.call(
      'func/saveFuncResponse',
      { funcId: reboot.funcId, code: 'busy', nameZh: '忙', nameEn: 'Busy' },
      fx.owner,
    );
    expect([res.status, res.msg]).toEqual([
      Status.conflict,
      'The function "Function root.shell" already has a response with the code busy',
    ]);
    const renamed = await fx.ok('func/saveFuncResponse', {
      responseId: ok.responseId,
      funcId: reboot.funcId,
      code: 'done',
      nameZh: '完成',
      nameEn: 'Done',
    });
    expect(renamed).toMatchObject({ responseId: ok.responseId, code: 'done' });

    const ofFunc = await fx.ok('func/getFuncResponseList', { sid, funcId: reboot.funcId });
    expect(ofFunc.list.map((r: { code: string }) => r.code)).toEqual(['busy', 'done']);
    const ofSpace = await fx.ok('func/getFuncResponseList', { sid, str: 'root.shell' });
    expect(ofSpace.total).toBe(2);
    const all = await fx.ok('func/getFuncResponseList', { sid, pageSize: 100 });
    expect(all.total).toBeGreaterThanOrEqual(2);

    // A response of another function is "not found" under this one.
    const other = await func('other.fn');
    res = await fx.call(
      'func/saveFuncResponse',
      { responseId: ok.responseId, funcId: other.funcId, code: 'x', nameZh: '名', nameEn: 'N' },
      fx.owner,
    );
    expect([res.status, res.msg]).toEqual([Status.notFound, 'Not found: responseId']);

    expect(await fx.ok('func/deleteFuncResponse', { responseId: ok.responseId })).toEqual({ deleted: 1 });
    res = await fx.call('func/deleteFuncResponse', { responseId: ok.responseId }, fx.owner);
    expect([res.status, res.msg]).toEqual([Status.notFound, 'Not found: responseId']);
  });

  it('deletes a function with its responses unless authorisations name it', async () => {
    const gone = await func('to.delete', { responseList: [{ code: 'ok', nameZh: '好', nameEn: 'OK' }] });
    expect(await fx.ok('func/deleteFunc', { funcId: gone.funcId })).toEqual({ deleted: 1 });
    expect((await fx.ok('func/getFuncList', { sid, funcId: gone.funcId })).total).toBe(0);
    expect((await fx.ok('func/getFuncResponseList', { sid, str: 'to.delete' })).total).toBe(0);
    let res = await fx.call('func/deleteFunc', { funcId: gone.funcId }, fx.owner);
    expect([res.status, res.msg]).toEqual([Status.notFound, 'Not found: funcId']);
    // Adding and deleting are in the audit log, naming the function.
    const audited = await env()
      .app.keel.db.selectFrom('audit_log')
      .select('endpoint')
      .where(acrossProperties('test'))
      .where('target', '=', gone.funcId)
      .execute();
    expect(audited.map((a) => a.endpoint).sort()).toEqual(expect.arrayContaining(['func/deleteFunc', 'func/saveFunc']));

    // A function authorisations name (the count the grants keep) stays.
    const used = await func('in.use');
    await env()
      .app.keel.db.withoutPlugins()
      .updateTable('security_funcs')
      .set({ auth_count: 2 })
      .where('func_id', '=', used.funcId)
      .execute();
    expect((await fx.ok('func/getFuncList', { sid, filterAuth: 1 })).list.map((f: { code: string }) => f.code)).toEqual(
      ['in.use'],
    );
    res = await fx.call('func/deleteFunc', { funcId: used.funcId }, fx.owner);
    expect([res.status, res.msg]).toEqual([
      Status.conflict,
      'The function "Function in.use" still has 2 authorisations: revoke them before deleting it',
    ]);
  });

  it("keeps another property's objects out, the pages' permissions and an administrator's spaces", async () => {
    const mine = await func('guarded.fn', { responseList: [{ code: 'ok', nameZh: '好', nameEn: 'OK' }] });
    const responseId = mine.responseList[0].responseId as string;
    // The partner property (the operator's) with the security business and a space of its own.
    await fx.ok(
      'pro/authPropertyBusiness',
      { pno: fx.partner, businessList: ['firmware', 'appstore', 'terminal', 'security'] },
      fx.operator,
      { pno: '' },
    );
    const theirs = await space(`Partner security ${++serial}`, 'security', fx.operator);
    expect((await fx.ok('func/getFuncSpaceList', {}, fx.operator)).list.map((s: { sid: string }) => s.sid)).toEqual([
      theirs,
    ]);
    for (const [path, input, what] of [
      ['func/getFuncList', { sid }, 'sid'],
      ['func/saveFunc', { sid, code: 'x.y', nameZh: '名', nameEn: 'N', risk: 'low' }, 'sid'],
      [
        'func/saveFunc',
        { funcId: mine.funcId, sid: theirs, code: 'x.y', nameZh: '名', nameEn: 'N', risk: 'low' },
        'funcId',
      ],
      ['func/deleteFunc', { funcId: mine.funcId }, 'funcId'],
      ['func/saveFuncResponse', { funcId: mine.funcId, code: 'z', nameZh: '名', nameEn: 'N' }, 'funcId'],
      ['func/deleteFuncResponse', { responseId }, 'responseId'],
      ['func/getFuncResponseList', { sid }, 'sid'],
    ] as const) {
      const res = await fx.call(path, input, fx.operator);
      expect([res.status, res.msg], path).toEqual([Status.notFound, `Not found: ${what}`]);
    }
    expect(
      (await fx.ok('func/getFuncList', { sid })).list.some((f: { funcId: string }) => f.funcId === mine.funcId),
    ).toBe(true);

    // An ordinary member holds neither page.
    for (const path of ['func/getFuncList', 'func/getFuncSpaceList', 'func/getFuncResponseList'] as const) {
      const res = await fx.call(path, { sid }, fx.member);
      expect(res.status, path).toBe(Status.forbidden);
    }
    // An administrator of the functions page, limited to one space: sees that one, reads only it, cannot change it.
    const admin = await fx.ok('o/registerOrgUser', {
      phoneNum: `1389999${String(Date.now() % 10000).padStart(4, '0')}`,
      name: 'Func reader',
      oid: `root-${fx.demo}`,
    });
    const set = await fx.ok('ps/addOrUpdatePerSet', {
      name: `Func readers ${serial}`,
      permissionIdList: ['manage.functions'],
    });
    await fx.ok('ps/assignPerSet', { uidList: [admin.uid], psidList: [set.psid] });
    const other = await space(`Security limited ${++serial}`);
    await fx.ok('ps/assignMgeSpace', { uid: admin.uid, psid: set.psid, sidList: [other] });
    const who = { token: await env().app.keel.sessions.issue(admin.uid), uid: admin.uid, pno: fx.demo };
    expect((await fx.ok('func/getFuncSpaceList', {}, who)).list.map((s: { sid: string }) => s.sid)).toEqual([other]);
    expect((await fx.ok('func/getFuncList', { sid: other }, who)).total).toBe(0);
    expect((await fx.call('func/getFuncList', { sid }, who)).status).toBe(Status.forbidden);
    const save = await fx.call(
      'func/saveFunc',
      { sid: other, code: 'a.b', nameZh: '名', nameEn: 'N', risk: 'low' },
      who,
    );
    expect(save.status).toBe(Status.forbidden);

    // An editor limited to that space: a function or response of another space, named by its id, is out of reach.
    const editors = await fx.ok('ps/addOrUpdatePerSet', {
      name: `Func editors ${serial}`,
      permissionIdList: ['manage.functions', 'manage.functions.edit', 'manage.responses', 'manage.responses.edit'],
    });
    await fx.ok('ps/assignPerSet', { uidList: [admin.uid], psidList: [editors.psid] });
    await fx.ok('ps/assignMgeSpace', { uid: admin.uid, psid: editors.psid, sidList: [other] });
    const outside = await fx.ok('func/saveFunc', {
      sid,
      code: `limit.x${serial}`,
      nameZh: '名',
      nameEn: 'N',
      risk: 'low',
    });
    expect((await fx.call('func/deleteFunc', { funcId: outside.funcId }, who)).status).toBe(Status.forbidden);
    const response = await fx.call(
      'func/saveFuncResponse',
      { funcId: outside.funcId, code: 'ok', nameZh: '好', nameEn: 'OK' },
      who,
    );
    expect(response.status).toBe(Status.forbidden);
    expect((await fx.ok('func/getFuncList', { sid, funcId: outside.funcId })).total).toBe(1);
    // …while one of their own space is theirs to change.
    const inside = await fx.ok(
      'func/saveFunc',
      { sid: other, code: `limit.y${serial}`, nameZh: '名', nameEn: 'N', risk: 'low' },
      who,
    );
    expect((await fx.call('func/deleteFunc', { funcId: inside.funcId }, who)).status).toBe(0);
  });
});
