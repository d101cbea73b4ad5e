import { POLLS_PER_INTERVAL } from '@keel/server/modules/device/ddi-service';
import { runtimeOf } from '@keel/server/modules/device/runtime';
import { type DeviceFixture, freshDeviceId, servedDeviceFixture } from '@keel/server/test/device-fixture';
import { describeEachDb } from '@keel/server/test/harness';
import { beforeAll, expect, it } from 'vitest';
import { defaultAttributes, runFleet } from './fleet';

/** The simulator against a real server, listening in-process: both protocols, both ways of enrolling, 429. */
describeEachDb('device simulator (runFleet)', (env) => {
  let fx: DeviceFixture;
  let url: string;
  const info = async (deviceId: string) => {
    await runtimeOf(env().app.keel).flush();
    return (await fx.call('di/getAnyDeviceInfo', { deviceId }, fx.owner)).data;
  };

  beforeAll(async () => {
    ({ fx, url } = await servedDeviceFixture(env));
  });

  it('runs devices with issued credentials over DDI: they report their attributes and show online', async () => {
    const devices = [];
    for (let i = 0; i < 3; i += 1) {
      const deviceId = freshDeviceId('simc');
      const res = await fx.call('di/registerDevice', { deviceId }, fx.owner);
      expect(res.status, res.msg).toBe(0);
      devices.push({ deviceId, credential: res.data.credential as string });
    }
    const stop = new AbortController();
    const summary = await runFleet({
      url,
      property: fx.demo,
      devices,
      maxSleepSeconds: 0.2,
      durationSeconds: 20,
      signal: stop.signal,
      tickMs: 50,
      onTick: (s) => {
        if (s.online === 3 && s.reports === 3 && s.polls >= 6) stop.abort();
      },
    });
    expect(summary).toMatchObject({ devices: 3, online: 3, reports: 3, errors: 0, throttled: 0, refused: 0 });
    for (const [i, d] of devices.entries()) {
      expect(await info(d.deviceId)).toMatchObject({
        online: 1,
        attributes: defaultAttributes(i),
        firmwareVersion: defaultAttributes(i).firmwareVersion,
      });
    }
  });

  it('enrols devices with the enrolment key over DDI: pending, with what they reported', async () => {
    const { key } = (await fx.call('di/resetEnrolmentKey', {}, fx.owner)).data;
    const prefix = freshDeviceId('simk');
    const stop = new AbortController();
    const summary = await runFleet({
      url,
      property: fx.demo,
      count: 4,
      enrolmentKey: key,
      idPrefix: prefix,
      maxSleepSeconds: 0.2,
      durationSeconds: 20,
      signal: stop.signal,
      tickMs: 50,
      onTick: (s) => {
        if (s.online === 4 && s.reports === 4) stop.abort();
      },
    });
    expect(summary).toMatchObject({ devices: 4, online: 4, reports: 4, errors: 0 });
    expect(await info(`${prefix}-0004`)).toMatchObject({
      admission: 'pending',
      enrolment: 'gateway',
      online: 1,
      attributes: { model: defaultAttributes(3).model },
    });
  });

  it('runs Mender devices: pending until accepted in the console, then they report their inventory', async () => {
    const { key } = (await fx.call('di/resetEnrolmentKey', {}, fx.owner)).data;
    const prefix = freshDeviceId('simm');
    const ids = [`${prefix}-0001`, `${prefix}-0002`];
    const stop = new AbortController();
    let admitted = false;
    const summary = await runFleet({
      url,
      property: fx.demo,
      count: 2,
      enrolmentKey: key,
      idPrefix: prefix,
      protocol: 'mender',
      menderIntervalSeconds: 0.2,
      durationSeconds: 30,
      signal: stop.signal,
      tickMs: 50,
      onTick: (s) => {
        if (!admitted && s.pending === 2) {
          admitted = true;
          void fx.call('di/admitDevice', { deviceIdList: ids, accept: 1 }, fx.owner);
        }
        if (s.online === 2 && s.reports === 2) stop.abort();
      },
    });
    expect(admitted).toBe(true);
    expect(summary).toMatchObject({ devices: 2, online: 2, reports: 2, errors: 0 });
    expect(await info(ids[1] as string)).toMatchObject({
      admission: 'accepted',
      online: 1,
      firmwareVersion: defaultAttributes(1).firmwareVersion,
      attributes: { device_type: defaultAttributes(1).model, artifact_name: defaultAttributes(1).firmwareVersion },
    });
  });

  it('waits as Retry-After says when it polls faster than the server allows', async () => {
    const deviceId = freshDeviceId('sim429');
    const res = await fx.call('di/registerDevice', { deviceId }, fx.owner);
    const summary = await runFleet({
      url,
      property: fx.demo,
      devices: [{ deviceId, credential: res.data.credential as string }],
      // Far faster than the 20 polls per interval the server allows (its clock stands still in the test).
      maxSleepSeconds: 0.01,
      durationSeconds: 2,
    });
    expect(summary.throttled).toBeGreaterThanOrEqual(1);
    // After the 429 it waits (Retry-After is minutes here) instead of hammering the server.
    expect(summary.polls).toBeLessThanOrEqual(POLLS_PER_INTERVAL + 2);
    expect(summary.errors).toBe(0);
  });

  it("follows Keel's keelCommands link and answers commands: a reboot succeeds, a configured failure fails", async () => {
    const devices = [];
    for (let i = 0; i < 2; i += 1) {
      const deviceId = freshDeviceId('simcmd');
      const res = await fx.call('di/registerDevice', { deviceId }, fx.owner);
      expect(res.status, res.msg).toBe(0);
      devices.push({ deviceId, credential: res.data.credential as string });
    }
    const deviceIdList = devices.map((d) => d.deviceId);
    const reboot = (await fx.call('cmd/sendCmd', { type: 'reboot', deviceIdList }, fx.owner)).data;
    const reset = (await fx.call('cmd/sendCmd', { type: 'factoryReset', deviceIdList, confirm: 1 }, fx.owner)).data;
    const stop = new AbortController();
    const summary = await runFleet({
      url,
      property: fx.demo,
      devices,
      maxSleepSeconds: 0.2,
      durationSeconds: 20,
      signal: stop.signal,
      tickMs: 50,
      commands: { failTypes: ['factoryReset'] },
      onTick: (s) => {
        if (s.commands === 4) stop.abort();
      },
    });
    expect(summary).toMatchObject({ commands: 4, commandFailures: 2, errors: 0 });
    const states = async (cmdId: string) =>
      (await fx.call('cmd/getCmdResultList', { cmdId }, fx.owner)).data.list.map(
        (r: { state: string; message: string }) => [r.state, r.message],
      );
    expect(await states(reboot.cmdId)).toEqual([
      ['succeeded', 'rebooted'],
      ['succeeded', 'rebooted'],
    ]);
    expect(await states(reset.cmdId)).toEqual([
      ['failed', 'simulated failure of factoryReset'],
      ['failed', 'simulated failure of factoryReset'],
    ]);
  });

  it('refuses to start without devices or without a way to enrol', async () => {
    await expect(runFleet({ url, property: fx.demo, count: 0 })).rejects.toThrow(/no devices/);
    await expect(runFleet({ url, property: fx.demo, count: 2 })).rejects.toThrow(/enrolment key/);
  });
});
