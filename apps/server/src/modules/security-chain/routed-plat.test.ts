import { Status } from '@keel/contract/status';
import { beforeAll, expect, it } from 'vitest';
import { type DeviceFixture, deviceFixture, type Who } from '../../test/device-fixture';
import { describeEachDb } from '../../test/harness';

/**
 * The operators' view of routed commands (README "Security routes and records"): every property's commands with their
 * property, narrowed by property, state, function, device and time; cancelling any that waits; nobody else.
 */
describeEachDb('security chain routed commands across properties', (env) => {
  let fx: DeviceFixture;
  const demo = { sid: '', funcId: '', deviceId: '', auth: '' };
  const partner = { sid: '', funcId: '', deviceId: '', auth: '' };
  const ids = (data: { list: { cmdId: string }[] }) => data.list.map((c) => c.cmdId);
  const list = (input: Record<string, unknown>, who: Who = fx.operator) =>
    fx.ok('seclink/channel/getAllCmdRecordList', { pageSize: 100, ...input }, who, { pno: '' });

  /** A security space with the function `code`, a device, and `who` a privileged user of it, in `who`'s property. */
  async function setUp(who: Who, code: string, into: typeof demo) {
    into.sid = (
      await fx.ok(
        'space/addSpace',
        { name: `Plat ${code} ${Date.now() % 100000}`, business: 'security', category: 'terminal', quota: 1 << 20 },
        who,
      )
    ).sid;
    into.funcId = (
      await fx.ok(
        'func/saveFunc',
        {
          sid: into.sid,
          code,
          nameZh: '功能',
          nameEn: `Function ${code}`,
          risk: 'high',
          responseList: [{ code: 'ok', nameZh: '成功', nameEn: 'Done' }],
        },
        who,
      )
    ).funcId;
    const device = await fx.deviceAt('1.0.0', { prefix: 'plat', who });
    into.deviceId = device.deviceId;
    into.auth = device.auth;
    await fx.ok('pa/addPrivilegedUser', { sid: into.sid, uidList: [who.uid] }, who);
  }
  const send = (who: Who, at: typeof demo) =>
    fx.ok('seclink/channel/sendFuncCommand', { deviceId: at.deviceId, funcId: at.funcId }, who);

  beforeAll(async () => {
    fx = await deviceFixture(env);
    await fx.ok(
      'pro/authPropertyBusiness',
      { pno: fx.partner, businessList: ['firmware', 'appstore', 'terminal', 'security'] },
      fx.operator,
      { pno: '' },
    );
    await setUp(fx.owner, 'plat.demo', demo);
    await setUp(fx.operator, 'plat.partner', partner);
  });

  it("lists every property's routed commands, newest first, with their property; filterPno narrows to one", async () => {
    const ours = await send(fx.owner, demo);
    env().advance(10);
    const theirs = await send(fx.operator, partner);
    const all = await list({});
    expect(ids(all).indexOf(theirs.cmdId)).toBeLessThan(ids(all).indexOf(ours.cmdId));
    expect(ids(all)).toContain(ours.cmdId);
    const row = all.list.find((c: { cmdId: string }) => c.cmdId === ours.cmdId);
    expect(row).toMatchObject({
      pno: fx.demo,
      propertyName: '演示物业',
      funcCode: 'plat.demo',
      funcName: 'Function plat.demo',
      deviceId: demo.deviceId,
      uid: fx.owner.uid,
      state: 'pending',
    });
    expect(row.userName).not.toBe('');
    expect(all.list.find((c: { cmdId: string }) => c.cmdId === theirs.cmdId)).toMatchObject({
      pno: fx.partner,
      propertyName: '合作物业',
      funcCode: 'plat.partner',
    });

    const onlyPartner = await list({ filterPno: fx.partner });
    expect(ids(onlyPartner)).toContain(theirs.cmdId);
    expect(ids(onlyPartner)).not.toContain(ours.cmdId);
    expect(onlyPartner.list.every((c: { pno: string }) => c.pno === fx.partner)).toBe(true);
    expect((await list({ filterPno: 'no-such-property' })).total).toBe(0);
  });

  it('filters by state, function (code or id), device and time', async () => {
    const before = env().now();
    env().advance(1000);
    const a = await send(fx.owner, demo);
    const b = await send(fx.operator, partner);
    await fx.ok('seclink/channel/cancelFuncCommand', { cmdId: b.cmdId }, fx.operator);

    const byCode = await list({ func: 'PLAT.PARTNER' });
    expect(ids(byCode)).toContain(b.cmdId);
    expect(byCode.list.every((c: { funcId: string }) => c.funcId === partner.funcId)).toBe(true);
    expect(ids(await list({ func: demo.funcId }))).toEqual(expect.arrayContaining([a.cmdId]));
    expect(ids(await list({ func: demo.funcId }))).not.toContain(b.cmdId);
    expect((await list({ func: 'no.such.code' })).total).toBe(0);

    expect(ids(await list({ state: 'cancelled' }))).toContain(b.cmdId);
    expect(ids(await list({ state: 'cancelled' }))).not.toContain(a.cmdId);
    expect(ids(await list({ device: partner.deviceId.slice(-6).toUpperCase() }))).toEqual(
      expect.arrayContaining([b.cmdId]),
    );
    expect(ids(await list({ device: partner.deviceId }))).not.toContain(a.cmdId);

    const since = await list({ startTime: before + 1 });
    expect(ids(since).sort()).toEqual([a.cmdId, b.cmdId].sort());
    expect(ids(await list({ endTime: before + 1 }))).not.toContain(a.cmdId);
    // A range whose end is not after its start is refused, naming the end.
    const res = await fx.call(
      'seclink/channel/getAllCmdRecordList',
      { startTime: before + 10, endTime: before },
      fx.operator,
      { pno: '' },
    );
    expect(res.status).toBe(Status.invalidInput);
    expect(res.msg).toContain('endTime');
  });

  it('pages the list from either end', async () => {
    const all = await list({});
    const total = all.total as number;
    expect(total).toBeGreaterThanOrEqual(4);
    const pages: string[] = [];
    for (let p = 1; p <= Math.ceil(total / 3); p++) {
      const page = await fx.ok('seclink/channel/getAllCmdRecordList', { pageNum: p, pageSize: 3 }, fx.operator, {
        pno: '',
      });
      expect(page.total).toBe(total);
      pages.push(...ids(page));
    }
    expect(pages).toEqual(ids(all));
  });

  it("lets an operator cancel any property's waiting command, once; an ended one is refused", async () => {
    const sent = await send(fx.owner, demo);
    const cancelled = await fx.ok('seclink/channel/cancelAnyFuncCommand', { cmdId: sent.cmdId }, fx.operator, {
      pno: '',
    });
    expect(cancelled).toMatchObject({ cmdId: sent.cmdId, state: 'cancelled', pno: fx.demo, propertyName: '演示物业' });
    expect(cancelled.finishTime).not.toBeNull();
    // The property's own reads show it cancelled, and the device is not given it any more.
    expect((await fx.ok('seclink/channel/getFuncCommand', { cmdId: sent.cmdId })).state).toBe('cancelled');
    const waiting = await env().app.inject({
      method: 'GET',
      url: `/${fx.demo}/controller/v1/${demo.deviceId}/keelCommands`,
      headers: { authorization: demo.auth },
    });
    expect(waiting.statusCode).toBe(200);
    expect(waiting.json().commands.map((c: { id: string }) => c.id)).not.toContain(sent.cmdId);
    const again = await fx.call('seclink/channel/cancelAnyFuncCommand', { cmdId: sent.cmdId }, fx.operator, {
      pno: '',
    });
    expect([again.status, again.msg]).toEqual([
      Status.conflict,
      'The routed command has ended already and cannot be cancelled',
    ]);

    // Nor one the device answered.
    const answered = await send(fx.operator, partner);
    const url = `/${fx.partner}/controller/v1/${partner.deviceId}/keelCommands`;
    await env().app.inject({ method: 'GET', url, headers: { authorization: partner.auth } });
    const feedback = await env().app.inject({
      method: 'POST',
      url: `${url}/${answered.cmdId}/feedback`,
      headers: { authorization: partner.auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ status: { execution: 'closed', result: { finished: 'success' }, details: ['ok'] } }),
    });
    expect(feedback.statusCode).toBe(200);
    const done = await fx.call('seclink/channel/cancelAnyFuncCommand', { cmdId: answered.cmdId }, fx.operator, {
      pno: '',
    });
    expect(done.status).toBe(Status.conflict);
    expect((await list({ filterPno: fx.partner, state: 'succeeded' })).list[0]).toMatchObject({
      cmdId: answered.cmdId,
      responseCode: 'ok',
      responseName: 'Done',
    });

    // A command that expired with its token cannot be cancelled either.
    const late = await send(fx.operator, partner);
    env().advance(late.expireTime - env().now() + 1000);
    const expired = await fx.call('seclink/channel/cancelAnyFuncCommand', { cmdId: late.cmdId }, fx.operator, {
      pno: '',
    });
    expect(expired.status).toBe(Status.conflict);
    expect((await list({ filterPno: fx.partner, state: 'expired' })).list[0].cmdId).toBe(late.cmdId);

    const unknown = await fx.call('seclink/channel/cancelAnyFuncCommand', { cmdId: 'no-such-cmd' }, fx.operator, {
      pno: '',
    });
    expect([unknown.status, unknown.msg]).toEqual([Status.notFound, 'Not found: cmdId']);
  });

  it('refuses anyone but an operator', async () => {
    const sent = await send(fx.owner, demo);
    for (const opts of [{}, { pno: '' }]) {
      const res = await fx.call('seclink/channel/getAllCmdRecordList', {}, fx.owner, opts);
      expect(res.status).toBe(Status.forbidden);
      const cancel = await fx.call('seclink/channel/cancelAnyFuncCommand', { cmdId: sent.cmdId }, fx.owner, opts);
      expect(cancel.status).toBe(Status.forbidden);
    }
    expect((await fx.call('seclink/channel/getAllCmdRecordList', {}, fx.member, { pno: '' })).status).toBe(
      Status.forbidden,
    );
    expect((await fx.ok('seclink/channel/getFuncCommand', { cmdId: sent.cmdId })).state).toBe('pending');
  });
});
