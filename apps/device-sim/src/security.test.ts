import { type DeviceFixture, freshDeviceId, servedDeviceFixture } from '@keel/server/test/device-fixture';
import { describeEachDb } from '@keel/server/test/harness';
import { beforeAll, expect, it } from 'vitest';
import { runFleet } from './fleet';
import { DeviceSecurity } from './security';

/**
 * Simulated devices in the security chain against a real server: a routed command verified offline and answered
 * `ok` (the command succeeds, a use is recorded), and tokens given otherwise: used once and reported, refused offline
 * when replayed or meant for another device, for both algorithms.
 */
describeEachDb('device simulator: security chain', (env) => {
  let fx: DeviceFixture;
  let url: string;
  let sid: string;
  let funcId: string;

  const registered = async () => {
    const deviceId = freshDeviceId('simsec');
    const res = await fx.call('di/registerDevice', { deviceId }, fx.owner);
    expect(res.status, res.msg).toBe(0);
    return { deviceId, credential: res.data.credential as string };
  };

  beforeAll(async () => {
    ({ fx, url } = await servedDeviceFixture(env));
    sid = (
      await fx.ok('space/addSpace', {
        name: 'Sim security',
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
    await fx.ok('pa/addPrivilegedUser', { sid, uidList: [fx.owner.uid] });
  });

  for (const algorithm of ['ES256', 'SM2SM3'] as const) {
    it(`answers a routed command after verifying its ${algorithm} token offline`, async () => {
      await fx.ok('security/saveSecuritySetting', { algorithm, tokenTtlSeconds: 300 });
      const device = await registered();
      const sent = await fx.ok('seclink/channel/sendFuncCommand', { deviceId: device.deviceId, funcId, argument: 'x' });
      const stop = new AbortController();
      const summary = await runFleet({
        url,
        property: fx.demo,
        devices: [device],
        maxSleepSeconds: 0.2,
        durationSeconds: 20,
        signal: stop.signal,
        tickMs: 100,
        onTick: (s) => {
          if (s.securityCommands >= 1) stop.abort();
        },
      });
      expect(summary).toMatchObject({ securityCommands: 1, securityRefusals: 0 });
      const done = await fx.ok('seclink/channel/getFuncCommand', { cmdId: sent.cmdId });
      expect(done).toMatchObject({ state: 'succeeded', responseCode: 'ok', message: 'ran debug.adb with x' });
      const uses = await fx.ok('seclink/channel/getFuncRecordList', { sid, deviceId: device.deviceId, kind: 'use' });
      expect(uses.total).toBe(1);
    });

    it(`uses a ${algorithm} token once, and refuses a replay or another device's offline`, async () => {
      await fx.ok('security/saveSecuritySetting', { algorithm, tokenTtlSeconds: 300 });
      const [a, b] = [await registered(), await registered()];
      const agent = (d: { deviceId: string; credential: string }) =>
        new DeviceSecurity(
          `${url}/${fx.demo}/controller/v1/${d.deviceId}`,
          `TargetToken ${d.credential}`,
          fx.demo,
          d.deviceId,
        );
      const counters = { securityCommands: 0, securityRefusals: 0, securityUses: 0 };
      const signal = new AbortController().signal;
      const issued = await fx.ok('seclink/channel/issueFuncToken', { deviceId: a.deviceId, funcId });
      expect(issued.alg).toBe(algorithm);
      const onA = agent(a);
      expect(await onA.useToken(issued.token, 'debug.adb', 'ok', counters, signal)).toEqual({ status: 200 });
      expect(await onA.useToken(issued.token, 'debug.adb', 'ok', counters, signal)).toEqual({
        status: 0,
        reason: 'replayed',
      });
      expect(await agent(b).useToken(issued.token, 'debug.adb', 'ok', counters, signal)).toEqual({
        status: 0,
        reason: 'wrongDevice',
      });
      const other = await fx.ok('seclink/channel/issueFuncToken', { deviceId: a.deviceId, funcId });
      expect(await onA.useToken(other.token, 'factory.mode', 'ok', counters, signal)).toEqual({
        status: 0,
        reason: 'wrongFunction',
      });
      expect(counters).toEqual({ securityCommands: 0, securityRefusals: 3, securityUses: 1 });
    });
  }
});
