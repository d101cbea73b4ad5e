import { Status } from '@keel/contract/status';
import { beforeAll, expect, it } from 'vitest';
import { type DeviceFixture, deviceFixture } from '../../test/device-fixture';
import { describeEachDb } from '../../test/harness';
import { answerOf } from './routed-kind';

/**
 * Routed commands (README "Security routes and records"): the token issued for the sender and delivered as a
 * `securityCommand` device action over Keel's commands resource; the device's answer (a response code of the function)
 * ends it and records a use once; cancel while it waits; expiry with the token; refusals answered and recorded;
 * another property's objects and other members' commands.
 */
describeEachDb('security chain routed commands', (env) => {
  let fx: DeviceFixture;
  let sid: string;
  let funcId: string;
  let device: { deviceId: string; auth: string };
  let serial = 0;

  const url = (id: string, tail = '') => `/${fx.demo}/controller/v1/${id}${tail}`;
  const poll = (d: { deviceId: string; auth: string }) =>
    env().app.inject({ method: 'GET', url: url(d.deviceId), headers: { authorization: d.auth } });
  const fetchCommands = async (d: { deviceId: string; auth: string }) => {
    const res = await env().app.inject({
      method: 'GET',
      url: url(d.deviceId, '/keelCommands'),
      headers: { authorization: d.auth },
    });
    expect(res.statusCode).toBe(200);
    return res.json().commands as {
      id: string;
      type: string;
      name: string;
      payload: Record<string, unknown>;
      _links: { feedback: { href: string } };
    }[];
  };
  const answer = (d: { deviceId: string; auth: string }, cmdId: string, finished: string, details: string[]) =>
    env().app.inject({
      method: 'POST',
      url: url(d.deviceId, `/keelCommands/${cmdId}/feedback`),
      headers: { authorization: d.auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ status: { execution: 'closed', result: { finished }, details } }),
    });
  const send = (input: Record<string, unknown>, who = fx.owner) =>
    fx.ok('seclink/channel/sendFuncCommand', { deviceId: device.deviceId, funcId, ...input }, who);

  beforeAll(async () => {
    fx = await deviceFixture(env);
    sid = (
      await fx.ok('space/addSpace', {
        name: `Routed ${Date.now() % 100000}`,
        business: 'security',
        category: 'terminal',
        quota: 1 << 20,
      })
    ).sid;
    funcId = (
      await fx.ok('func/saveFunc', {
        sid,
        code: 'debug.adb',
        nameZh: '调试口',
        nameEn: 'Debug port',
        risk: 'high',
        responseList: [
          { code: 'ok', nameZh: '成功', nameEn: 'Done' },
          { code: 'refused', nameZh: '拒绝', nameEn: 'Refused' },
        ],
      })
    ).funcId;
    device = await fx.deviceAt('1.0.0', { prefix: 'routed' });
    // The owner may use any function of the space: a privileged user.
    await fx.ok('pa/addPrivilegedUser', { sid, uidList: [fx.owner.uid] });
  });

  it('delivers the token as a command, and ends it with the response code the device answers', async () => {
    const sent = await send({ argument: 'port=5555' });
    expect(sent).toMatchObject({
      sid,
      funcId,
      funcCode: 'debug.adb',
      funcName: 'Debug port',
      deviceId: device.deviceId,
      uid: fx.owner.uid,
      state: 'pending',
      source: 'privileged',
      responseCode: '',
      argument: 'port=5555',
    });
    expect(sent.userName).not.toBe('');
    expect(sent.expireTime).toBeGreaterThan(env().now());

    expect((await poll(device)).json()._links.keelCommands).toBeDefined();
    const [command, ...more] = await fetchCommands(device);
    expect(more).toEqual([]);
    expect(command).toMatchObject({ id: sent.cmdId, type: 'securityCommand', name: 'debug.adb' });
    expect(command?.payload).toMatchObject({
      cmdId: sent.cmdId,
      funcId,
      funcCode: 'debug.adb',
      argument: 'port=5555',
      responseCodes: ['ok', 'refused'],
    });
    // The token names the device, the function and the sender.
    const token = String(command?.payload.token);
    const claims = JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString());
    expect(claims).toMatchObject({ pno: fx.demo, sid, dev: device.deviceId, fid: funcId, fn: 'debug.adb' });
    expect(claims.sub).toBe(fx.owner.uid);
    expect((await fx.ok('seclink/channel/getFuncCommand', { cmdId: sent.cmdId })).state).toBe('delivered');

    const res = await answer(device, sent.cmdId, 'success', ['ok', 'ran debug.adb with port=5555']);
    expect(res.statusCode).toBe(200);
    const done = await fx.ok('seclink/channel/getFuncCommand', { cmdId: sent.cmdId });
    expect(done).toMatchObject({
      state: 'succeeded',
      responseCode: 'ok',
      responseName: 'Done',
      message: 'ran debug.adb with port=5555',
    });
    expect(done.finishTime).not.toBeNull();
    expect(done.deliverTime).not.toBeNull();
    // The same answer again is taken (devices retry) and changes nothing; nothing waits any more.
    expect((await answer(device, sent.cmdId, 'success', ['ok'])).statusCode).toBe(200);
    expect((await poll(device)).json()._links?.keelCommands).toBeUndefined();

    // The issue and one use of the token's nonce are recorded.
    const records = await fx.ok('seclink/channel/getFuncRecordList', { sid, deviceId: device.deviceId });
    const mine = records.list.filter((r: { nonce: string | null }) => r.nonce === claims.jti);
    expect(mine.map((r: { kind: string }) => r.kind).sort()).toEqual(['issue', 'use']);
    expect(mine.find((r: { kind: string }) => r.kind === 'use')).toMatchObject({
      responseCode: 'ok',
      responseName: 'Done',
      source: 'privileged',
      uid: fx.owner.uid,
    });
    // The list of routed commands shows it, with the filters.
    const list = await fx.ok('seclink/channel/getCmdRecordList', { sid, state: 'succeeded' });
    expect(list.list.map((c: { cmdId: string }) => c.cmdId)).toContain(sent.cmdId);
    const none = await fx.ok('seclink/channel/getCmdRecordList', { sid, state: 'cancelled', uid: fx.owner.uid });
    expect(none.list.map((c: { cmdId: string }) => c.cmdId)).not.toContain(sent.cmdId);
  });

  it("records the device's refusal, and an answer that names no response code without a use", async () => {
    const refused = await send({});
    await fetchCommands(device);
    await answer(device, refused.cmdId, 'failure', ['refused', 'token refused: expired']);
    expect(await fx.ok('seclink/channel/getFuncCommand', { cmdId: refused.cmdId })).toMatchObject({
      state: 'failed',
      responseCode: 'refused',
      message: 'token refused: expired',
    });
    const vague = await send({});
    await fetchCommands(device);
    await answer(device, vague.cmdId, 'failure', ['', 'token refused: badSignature']);
    expect(await fx.ok('seclink/channel/getFuncCommand', { cmdId: vague.cmdId })).toMatchObject({
      state: 'failed',
      responseCode: '',
      message: 'token refused: badSignature',
    });
    const uses = await fx.ok('seclink/channel/getFuncRecordList', { sid, kind: 'use', pageSize: 100 });
    const codes = uses.list.map((r: { responseCode: string }) => r.responseCode);
    expect(codes).toContain('refused');
    expect(codes).not.toContain('');
  });

  it('cancels a command while it waits, once; an ended one is refused', async () => {
    const sent = await send({});
    const cancelled = await fx.ok('seclink/channel/cancelFuncCommand', { cmdId: sent.cmdId });
    expect(cancelled.state).toBe('cancelled');
    expect((await poll(device)).json()._links?.keelCommands).toBeUndefined();
    const res = await fx.call('seclink/channel/cancelFuncCommand', { cmdId: sent.cmdId }, fx.owner);
    expect([res.status, res.msg]).toEqual([
      Status.conflict,
      'The routed command has ended already and cannot be cancelled',
    ]);
    // A late answer is refused (the command ended).
    expect((await answer(device, sent.cmdId, 'success', ['ok'])).statusCode).toBe(410);
    expect((await fx.ok('seclink/channel/getFuncCommand', { cmdId: sent.cmdId })).state).toBe('cancelled');
  });

  it('expires a command with its token: its job, or a read that finds it due', async () => {
    const sent = await send({});
    env().advance(sent.expireTime - env().now() + 1000);
    // The job at its expiry: the device has nothing waiting any more, before anyone reads.
    while ((await env().app.keel.jobs.runDue()) > 0);
    expect((await poll(device)).json()._links?.keelCommands).toBeUndefined();
    expect((await fx.ok('seclink/channel/getFuncCommand', { cmdId: sent.cmdId })).state).toBe('expired');
    // Without the job, a read expires it.
    const later = await send({});
    env().advance(later.expireTime - env().now() + 1000);
    expect((await fx.ok('seclink/channel/getCmdRecordList', { sid, state: 'expired' })).list[0].cmdId).toBe(
      later.cmdId,
    );
    expect((await poll(device)).json()._links?.keelCommands).toBeUndefined();
    const res = await fx.call('seclink/channel/cancelFuncCommand', { cmdId: sent.cmdId }, fx.owner);
    expect(res.status).toBe(Status.conflict);
  });

  it('answers a refusal with its message, recorded with the reason, and sends nothing', async () => {
    const before = (await fx.ok('seclink/channel/getCmdRecordList', { sid })).total;
    const res = await fx.call('seclink/channel/sendFuncCommand', { deviceId: device.deviceId, funcId }, fx.member);
    expect([res.status, res.msg]).toEqual([
      Status.forbidden,
      'You are not authorised to use the function "Debug port"',
    ]);
    expect((await fx.ok('seclink/channel/getCmdRecordList', { sid })).total).toBe(before);
    const refusals = await fx.ok('seclink/channel/getFuncRecordList', { sid, kind: 'refuse', uid: fx.member.uid });
    expect(refusals.list[0]).toMatchObject({
      kind: 'refuse',
      uid: fx.member.uid,
      reasonKey: 'funcNotGrantedUser',
      reason: 'You are not authorised to use the function "Debug port"',
      source: '',
    });
    // In Chinese too.
    const zh = await env().call(
      'seclink/channel/getFuncRecordList',
      { sid, kind: 'refuse', uid: fx.member.uid },
      { token: fx.owner.token, pno: fx.demo, lang: 'zh-cn' },
    );
    expect(zh.data.list[0].reason).toBe('你没有使用功能“调试口”的授权');
  });

  it("keeps another property's objects and other members' commands out", async () => {
    const sent = await send({ argument: `guarded ${++serial}` });
    // Another property's device and function: not found, nothing sent.
    const foreign = await fx.deviceAt('1.0.0', { prefix: 'routed-foreign', who: fx.operator });
    let res = await fx.call('seclink/channel/sendFuncCommand', { deviceId: foreign.deviceId, funcId }, fx.owner);
    expect([res.status, res.msg]).toEqual([Status.notFound, 'Not found: deviceId']);
    await fx.ok(
      'pro/authPropertyBusiness',
      { pno: fx.partner, businessList: ['firmware', 'appstore', 'terminal', 'security'] },
      fx.operator,
      { pno: '' },
    );
    res = await fx.call('seclink/channel/getFuncCommand', { cmdId: sent.cmdId }, fx.operator);
    expect([res.status, res.msg]).toEqual([Status.notFound, 'Not found: cmdId']);
    res = await fx.call('seclink/channel/cancelFuncCommand', { cmdId: sent.cmdId }, fx.operator);
    expect([res.status, res.msg]).toEqual([Status.notFound, 'Not found: cmdId']);
    res = await fx.call('seclink/channel/getCmdRecordList', { sid }, fx.operator);
    expect([res.status, res.msg]).toEqual([Status.notFound, 'Not found: sid']);
    // A member without the routed commands page sees and cancels only their own.
    res = await fx.call('seclink/channel/getFuncCommand', { cmdId: sent.cmdId }, fx.member);
    expect(res.status).toBe(Status.forbidden);
    res = await fx.call('seclink/channel/cancelFuncCommand', { cmdId: sent.cmdId }, fx.member);
    expect(res.status).toBe(Status.forbidden);
    res = await fx.call('seclink/channel/getCmdRecordList', { sid }, fx.member);
    expect(res.status).toBe(Status.forbidden);
    expect((await fx.ok('seclink/channel/getFuncCommand', { cmdId: sent.cmdId })).state).toBe('pending');
    await fx.ok('seclink/channel/cancelFuncCommand', { cmdId: sent.cmdId });
  });

  it('reads the response code from the first line of the answer', () => {
    expect(answerOf('ok\nran it', ['ok'])).toEqual({ responseCode: 'ok', message: 'ran it' });
    expect(answerOf('busy\nlater', ['ok'])).toEqual({ responseCode: '', message: 'busy\nlater' });
    expect(answerOf('', ['ok'])).toEqual({ responseCode: '', message: '' });
  });
});
