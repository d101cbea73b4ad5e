import { Status } from '@keel/contract/status';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { type DeviceFixture, deviceFixture } from '../../test/device-fixture';
import { describeEachDb } from '../../test/harness';

/** Per-property polling intervals within the operator's bounds, and what DDI devices are told. */
describeEachDb('device polling intervals', (env) => {
  let fx: DeviceFixture;
  let sid = '';
  let modelId = '';
  let pkg = '';
  const platform = { pno: '' };
  const sleepOf = async (pno: string, d: { deviceId: string; auth: string }) => {
    const res = await env().app.inject({
      method: 'GET',
      url: `/${pno}/controller/v1/${d.deviceId}`,
      headers: { authorization: d.auth },
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { config: { polling: { sleep: string } }; _links?: Record<string, unknown> };
  };

  beforeAll(async () => {
    fx = await deviceFixture(env);
    sid = await fx.firmwareSpace('Polling');
    modelId = await fx.deviceModel('P-1');
    pkg = await fx.firmwarePackage({
      sid,
      version: '2.0.0',
      modelIdList: [modelId],
      file: { name: 'image-2.0.0.bin', content: 'keel image 2.0.0 '.repeat(100) },
    });
  });

  afterEach(async () => {
    await fx.ok('di/savePollBounds', { minSeconds: 10, maxSeconds: 86_400 }, fx.operator, platform);
    await fx.ok('di/savePollSettings', { pollSeconds: null, rolloutPollSeconds: null });
  });

  it('tells devices the server default until the property sets its own, and the new one at the next poll', async () => {
    const device = await fx.deviceAt('1.0.0', { prefix: 'poll' });
    expect(await fx.ok('di/getPollSettings', {})).toMatchObject({
      pollSeconds: null,
      rolloutPollSeconds: null,
      effectivePollSeconds: 300,
      effectiveRolloutPollSeconds: 300,
      defaultPollSeconds: 300,
      minSeconds: 10,
      maxSeconds: 86_400,
    });
    expect((await sleepOf(fx.demo, device)).config.polling.sleep).toBe('00:05:00');

    const saved = await fx.ok('di/savePollSettings', { pollSeconds: 3723, rolloutPollSeconds: 30 });
    expect(saved).toMatchObject({ pollSeconds: 3723, rolloutPollSeconds: 30, effectivePollSeconds: 3723 });
    expect(saved.updateTime).toBe(env().now());
    // The device API's memory was cleared by the save: no wait for it to expire.
    expect((await sleepOf(fx.demo, device)).config.polling.sleep).toBe('01:02:03');
    expect((await fx.ok('di/getEnrolmentKeyInfo', {})).pollSleep).toBe('01:02:03');
    // A device seen within two of the property's intervals is online, though the server default is shorter.
    env().advance(3723 * 1000);
    expect((await fx.ok('di/getAnyDeviceInfo', { deviceId: device.deviceId })).online).toBe(1);

    // The rollout interval alone: the usual one stays the default.
    await fx.ok('di/savePollSettings', { pollSeconds: null, rolloutPollSeconds: 60 });
    expect((await sleepOf(fx.demo, device)).config.polling.sleep).toBe('00:05:00');
  });

  it('refuses intervals outside the bounds, naming them, and a rollout interval longer than the usual one', async () => {
    const outside = await fx.call('di/savePollSettings', { pollSeconds: 5, rolloutPollSeconds: null }, fx.owner);
    expect(outside.status).toBe(Status.invalidInput);
    expect(outside.msg).toBe(
      'The polling interval must be between 00:00:10 and 24:00:00 (the range the platform allows)',
    );
    const zh = await fx.call('di/savePollSettings', { pollSeconds: 600, rolloutPollSeconds: 2 }, fx.owner, {
      lang: 'zh-cn',
    });
    expect(zh.msg).toBe('升级期间的轮询间隔须在 00:00:10 至 24:00:00 之间（平台设定的范围）');
    const longer = await fx.call('di/savePollSettings', { pollSeconds: 60, rolloutPollSeconds: 120 }, fx.owner);
    expect(longer.status).toBe(Status.invalidInput);
    expect(longer.msg).toBe(
      'The polling interval during rollouts (00:02:00) may not be longer than the usual one (00:01:00)',
    );
    expect((await fx.call('di/savePollSettings', { pollSeconds: 0, rolloutPollSeconds: null }, fx.owner)).status).toBe(
      Status.invalidInput,
    );
    expect((await fx.ok('di/getPollSettings', {})).pollSeconds).toBeNull();
  });

  it('lets the operator narrow the bounds, which brings what properties set within them', async () => {
    const device = await fx.deviceAt('1.0.0', { prefix: 'poll' });
    await fx.ok('di/savePollSettings', { pollSeconds: 30, rolloutPollSeconds: 15 });
    expect((await sleepOf(fx.demo, device)).config.polling.sleep).toBe('00:00:30');

    const bounds = await fx.ok('di/savePollBounds', { minSeconds: 60, maxSeconds: 3600 }, fx.operator, platform);
    expect(bounds).toMatchObject({ minSeconds: 60, maxSeconds: 3600, defaultPollSeconds: 300 });
    expect(await fx.ok('di/getPollBounds', {}, fx.operator, platform)).toMatchObject({ minSeconds: 60 });
    // Kept as set, told within the bounds.
    expect(await fx.ok('di/getPollSettings', {})).toMatchObject({
      pollSeconds: 30,
      rolloutPollSeconds: 15,
      effectivePollSeconds: 60,
      effectiveRolloutPollSeconds: 60,
      minSeconds: 60,
      maxSeconds: 3600,
    });
    expect((await sleepOf(fx.demo, device)).config.polling.sleep).toBe('00:01:00');
    const refused = await fx.call('di/savePollSettings', { pollSeconds: 30, rolloutPollSeconds: null }, fx.owner);
    expect(refused.msg).toBe(
      'The polling interval must be between 00:01:00 and 01:00:00 (the range the platform allows)',
    );

    const order = await fx.call('di/savePollBounds', { minSeconds: 600, maxSeconds: 60 }, fx.operator, platform);
    expect(order.status).toBe(Status.invalidInput);
    expect(order.msg).toBe('The shortest polling interval (00:10:00) may not be longer than the longest (00:01:00)');
    // The bounds are the operator's: a property's owner neither reads nor sets them.
    expect((await fx.call('di/getPollBounds', {}, fx.owner, platform)).status).toBe(Status.forbidden);
    expect((await fx.call('di/savePollBounds', { minSeconds: 1, maxSeconds: 2 }, fx.owner)).status).not.toBe(0);
  });

  it('tells a device the shorter rollout interval while a task offers it a deployment', async () => {
    await fx.ok('di/savePollSettings', { pollSeconds: 1800, rolloutPollSeconds: 20 });
    const targeted = await fx.deviceAt('1.0.0', { model: modelId, sid, prefix: 'poll' });
    const other = await fx.deviceAt('1.0.0', { model: modelId, sid, prefix: 'poll' });
    expect((await sleepOf(fx.demo, targeted)).config.polling.sleep).toBe('00:30:00');
    await fx.releasedTask(pkg, [targeted.deviceId], { name: 'Faster polls', execution: { mode: 'forced' } });
    const polled = await sleepOf(fx.demo, targeted);
    expect(polled._links?.deploymentBase).toBeDefined();
    expect(polled.config.polling.sleep).toBe('00:00:20');
    expect((await sleepOf(fx.demo, other)).config.polling.sleep).toBe('00:30:00');
  });

  it("keeps each property's intervals its own", async () => {
    const theirs = await fx.deviceAt('1.0.0', { prefix: 'poll', who: fx.operator });
    await fx.ok('di/savePollSettings', { pollSeconds: 45, rolloutPollSeconds: null });
    expect((await sleepOf(fx.partner, theirs)).config.polling.sleep).toBe('00:05:00');
    expect((await fx.ok('di/getPollSettings', {}, fx.operator)).pollSeconds).toBeNull();
    // The demo owner is no member of the partner property; a plain member may not change the intervals.
    const across = await fx.call('di/savePollSettings', { pollSeconds: 60, rolloutPollSeconds: null }, fx.owner, {
      pno: fx.partner,
    });
    expect(across.status).not.toBe(0);
    expect((await fx.ok('di/getPollSettings', {}, fx.operator)).pollSeconds).toBeNull();
    const member = await fx.call('di/savePollSettings', { pollSeconds: 60, rolloutPollSeconds: null }, fx.member);
    expect(member.status).toBe(Status.forbidden);
    expect((await fx.ok('di/getPollSettings', {})).pollSeconds).toBe(45);
  });
});
