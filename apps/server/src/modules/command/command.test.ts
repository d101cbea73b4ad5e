import { ddiControllerBase } from '@keel/contract/device-api/ddi';
import { keelCommandList } from '@keel/contract/device-api/keel-commands';
import { Status } from '@keel/contract/status';
import { beforeAll, expect, it } from 'vitest';
import { type DeviceFixture, deviceFixture, freshDeviceId } from '../../test/device-fixture';
import { describeEachDb } from '../../test/harness';

/** Commands: the console calls (`cmd/`) and the device side (Keel's DDI extension `keelCommands`). */
describeEachDb('commands', (env) => {
  let fx: DeviceFixture;
  const url = (pno: string, id: string, tail = '') => `/${pno}/controller/v1/${id}${tail}`;
  const poll = (pno: string, id: string, authorization: string) =>
    env().app.inject({ method: 'GET', url: url(pno, id), headers: { authorization } });
  const fetchCommands = (pno: string, id: string, authorization: string) =>
    env().app.inject({ method: 'GET', url: url(pno, id, '/keelCommands'), headers: { authorization } });
  const feedback = (pno: string, id: string, authorization: string, cmdId: string, body: unknown) =>
    env().app.inject({
      method: 'POST',
      url: url(pno, id, `/keelCommands/${cmdId}/feedback`),
      headers: { authorization, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  const closed = (finished: 'success' | 'failure', details: string[] = []) => ({
    status: { execution: 'closed', result: { finished }, details },
  });
  const register = async (input: Record<string, unknown> = {}, who = fx.owner) => {
    const deviceId = freshDeviceId('cmd');
    const res = await fx.call('di/registerDevice', { deviceId, ...input }, who);
    expect(res.status, res.msg).toBe(0);
    return { deviceId, auth: `TargetToken ${res.data.credential}` };
  };
  const send = async (input: Record<string, unknown>) => {
    const res = await fx.call('cmd/sendCmd', input, fx.owner);
    expect(res.status, res.msg).toBe(0);
    return res.data;
  };

  beforeAll(async () => {
    fx = await deviceFixture(env);
  });

  it('delivers a command on the next poll, records success and failure with the message, and finishes it', async () => {
    const a = await register();
    const b = await register();
    // Nothing waits: no link.
    expect((await poll(fx.demo, a.deviceId, a.auth)).json()._links?.keelCommands).toBeUndefined();

    const cmd = await send({ type: 'reboot', deviceIdList: [a.deviceId, b.deviceId], payload: { delaySeconds: 5 } });
    expect(cmd).toMatchObject({ type: 'reboot', total: 2, state: 'active', counts: { pending: 2 } });

    const polled = (await poll(fx.demo, a.deviceId, a.auth)).json();
    expect(ddiControllerBase.strict().safeParse(polled).success).toBe(true);
    expect(polled._links.keelCommands.href).toBe(`http://localhost:80${url(fx.demo, a.deviceId, '/keelCommands')}`);

    const listed = await fetchCommands(fx.demo, a.deviceId, a.auth);
    expect(listed.statusCode).toBe(200);
    const body = keelCommandList.parse(listed.json());
    expect(body.commands).toHaveLength(1);
    expect(body.commands[0]).toMatchObject({ id: cmd.cmdId, type: 'reboot', payload: { delaySeconds: 5 } });
    expect(body.commands[0]?._links.feedback.href).toContain(`/keelCommands/${cmd.cmdId}/feedback`);

    let results = await fx.call('cmd/getCmdResultList', { cmdId: cmd.cmdId }, fx.owner);
    expect(results.data.list.map((r: { deviceId: string; state: string }) => [r.deviceId, r.state])).toEqual(
      [
        [a.deviceId, 'delivered'],
        [b.deviceId, 'pending'],
      ].sort((x, y) => (x[0] as string).localeCompare(y[0] as string)),
    );

    // Progress notes the message; the end records it.
    expect(
      (
        await feedback(fx.demo, a.deviceId, a.auth, cmd.cmdId, {
          status: { execution: 'proceeding', details: ['rebooting'] },
        })
      ).statusCode,
    ).toBe(200);
    expect((await feedback(fx.demo, a.deviceId, a.auth, cmd.cmdId, closed('success', ['up again']))).statusCode).toBe(
      200,
    );
    // The same answer again (a device retrying) is fine; a different one is refused.
    expect((await feedback(fx.demo, a.deviceId, a.auth, cmd.cmdId, closed('success'))).statusCode).toBe(200);
    expect((await feedback(fx.demo, a.deviceId, a.auth, cmd.cmdId, closed('failure'))).statusCode).toBe(410);
    // The link is gone for the device that answered.
    expect((await poll(fx.demo, a.deviceId, a.auth)).json()._links?.keelCommands).toBeUndefined();

    // The other answers without fetching first (after a restart): failure, with its reason.
    expect((await feedback(fx.demo, b.deviceId, b.auth, cmd.cmdId, closed('failure', ['disk busy']))).statusCode).toBe(
      200,
    );
    results = await fx.call('cmd/getCmdResultList', { cmdId: cmd.cmdId, state: 'failed' }, fx.owner);
    expect(results.data.list).toMatchObject([{ deviceId: b.deviceId, state: 'failed', message: 'disk busy' }]);
    const list = await fx.call('cmd/getPnoCmdList', { deviceId: a.deviceId }, fx.owner);
    expect(list.data.list).toMatchObject([
      { cmdId: cmd.cmdId, state: 'finished', counts: { succeeded: 1, failed: 1, pending: 0, delivered: 0 } },
    ]);
  });

  it('checks what each type needs, and finds devices by group', async () => {
    const { deviceId } = await register();
    const refused = async (input: Record<string, unknown>, status: number) => {
      const res = await fx.call('cmd/sendCmd', input, fx.owner);
      expect(res.status, res.msg).toBe(status);
      return res.msg;
    };
    expect(await refused({ type: 'factoryReset', deviceIdList: [deviceId] }, Status.invalidInput)).toMatch(/confirm/);
    await refused({ type: 'configPush', deviceIdList: [deviceId] }, Status.invalidInput);
    await refused({ type: 'custom', deviceIdList: [deviceId] }, Status.invalidInput);
    await refused({ type: 'custom', name: '1bad', deviceIdList: [deviceId] }, Status.invalidInput);
    await refused({ type: 'reboot' }, Status.invalidInput);
    await refused({ type: 'reboot', deviceIdList: ['no-such-device'] }, Status.notFound);
    const zh = await fx.call('cmd/sendCmd', { type: 'factoryReset', deviceIdList: [deviceId] }, fx.owner, {
      lang: 'zh-cn',
    });
    expect(zh.msg).toMatch(/恢复出厂/);

    const reset = await send({ type: 'factoryReset', deviceIdList: [deviceId], confirm: 1 });
    expect(reset.state).toBe('active');
    const push = await send({ type: 'configPush', deviceIdList: [deviceId], payload: { ntp: 'pool.ntp.org' } });
    expect(push.payload).toEqual({ ntp: 'pool.ntp.org' });
    const custom = await send({ type: 'custom', name: 'wifi.scan', deviceIdList: [deviceId] });
    expect(custom.name).toBe('wifi.scan');

    // A group of a space: every device in it.
    const space = await fx.call(
      'space/addSpace',
      { name: `Cmd ${freshDeviceId()}`, business: 'terminal', category: 'terminal', quota: 1024 ** 3 },
      fx.owner,
    );
    expect(space.status, space.msg).toBe(0);
    const group = await fx.call('sg/addOrUpdateGroup', { sid: space.data.sid, name: 'Floor 2' }, fx.owner);
    const groupId = group.data.groupId as string;
    const inGroup = [
      await register({ sid: space.data.sid, groupId }),
      await register({ sid: space.data.sid, groupId }),
    ];
    const byGroup = await send({ type: 'logUpload', groupId });
    expect(byGroup).toMatchObject({ total: 2, groupId });
    const r = await fx.call('cmd/getCmdResultList', { cmdId: byGroup.cmdId }, fx.owner);
    expect(r.data.list.map((x: { deviceId: string }) => x.deviceId).sort()).toEqual(
      inGroup.map((d) => d.deviceId).sort(),
    );
    // A log upload answers its log's tail as its message.
    const d = inGroup[0] as { deviceId: string; auth: string };
    await fetchCommands(fx.demo, d.deviceId, d.auth);
    await feedback(fx.demo, d.deviceId, d.auth, byGroup.cmdId, closed('success', ['line 1', 'line 2']));
    const logs = await fx.call('cmd/getCmdResultList', { cmdId: byGroup.cmdId, state: 'succeeded' }, fx.owner);
    expect(logs.data.list[0].message).toBe('line 1\nline 2');
    // A group with no devices.
    const empty = await fx.call('sg/addOrUpdateGroup', { sid: space.data.sid, name: 'Empty' }, fx.owner);
    await refused({ type: 'reboot', groupId: empty.data.groupId }, Status.invalidInput);
  });

  it('cancels a command: open devices are cancelled, the link goes, a late answer is refused', async () => {
    const { deviceId, auth } = await register();
    const cmd = await send({ type: 'reboot', deviceIdList: [deviceId] });
    expect((await poll(fx.demo, deviceId, auth)).json()._links?.keelCommands).toBeDefined();
    const cancelled = await fx.call('cmd/cancelCmd', { cmdId: cmd.cmdId }, fx.owner);
    expect(cancelled.data).toMatchObject({ state: 'cancelled', counts: { cancelled: 1 } });
    expect((await poll(fx.demo, deviceId, auth)).json()._links?.keelCommands).toBeUndefined();
    expect((await feedback(fx.demo, deviceId, auth, cmd.cmdId, closed('success'))).statusCode).toBe(410);
    const again = await fx.call('cmd/cancelCmd', { cmdId: cmd.cmdId }, fx.owner);
    expect(again.status).toBe(Status.conflict);
  });

  it('expires what devices did not answer in time', async () => {
    const { deviceId, auth } = await register();
    const cmd = await send({ type: 'reboot', deviceIdList: [deviceId], expireMinutes: 1 });
    env().advance(61_000);
    // Not offered any more, even before the job runs…
    expect(keelCommandList.parse((await fetchCommands(fx.demo, deviceId, auth)).json()).commands).toEqual([]);
    // …and the job (or any read) ends it.
    await env().app.keel.jobs.runDue();
    const list = await fx.call('cmd/getPnoCmdList', { deviceId }, fx.owner);
    expect(list.data.list[0]).toMatchObject({ cmdId: cmd.cmdId, state: 'finished', counts: { expired: 1 } });
    expect((await poll(fx.demo, deviceId, auth)).json()._links?.keelCommands).toBeUndefined();
  });

  it('keeps properties apart: another property\'s command and devices are "not found"', async () => {
    const ours = await register();
    const theirs = await register({}, fx.operator);
    const cmd = await send({ type: 'reboot', deviceIdList: [ours.deviceId] });
    const foreign = await fx.call('cmd/sendCmd', { type: 'reboot', deviceIdList: [theirs.deviceId] }, fx.owner);
    expect(foreign.status).toBe(Status.notFound);
    for (const [path, input] of [
      ['cmd/getCmdResultList', { cmdId: cmd.cmdId }],
      ['cmd/cancelCmd', { cmdId: cmd.cmdId }],
    ] as const) {
      const res = await fx.call(path, input, fx.operator);
      expect(res.status, path).toBe(Status.notFound);
    }
    expect(
      (await fx.call('cmd/getPnoCmdList', {}, fx.operator)).data.list.map((c: { cmdId: string }) => c.cmdId),
    ).not.toContain(cmd.cmdId);
    // A device answering another device's command.
    const other = await register();
    expect((await feedback(fx.demo, other.deviceId, other.auth, cmd.cmdId, closed('success'))).statusCode).toBe(404);
    // An unauthenticated device call.
    expect((await fetchCommands(fx.demo, ours.deviceId, 'TargetToken nope')).statusCode).toBe(401);
    // A member without the permission.
    expect((await fx.call('cmd/getPnoCmdList', {}, fx.member)).status).toBe(Status.forbidden);
  });

  it('refuses a malformed feedback', async () => {
    const { deviceId, auth } = await register();
    const cmd = await send({ type: 'reboot', deviceIdList: [deviceId] });
    expect((await feedback(fx.demo, deviceId, auth, cmd.cmdId, { status: { execution: 'done' } })).statusCode).toBe(
      400,
    );
    const raw = await env().app.inject({
      method: 'POST',
      url: url(fx.demo, deviceId, `/keelCommands/${cmd.cmdId}/feedback`),
      headers: { authorization: auth },
      payload: '{not json',
    });
    expect(raw.statusCode).toBe(400);
  });
});
