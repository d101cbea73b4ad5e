import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDb, freshIp } from '../test/harness';
import { DEMO_MEMBER_PHONE, DEMO_OWNER_PHONE, DEMO_PASSWORD, seedFullDemo } from './demo';
import { DEMO_FLEET_FILE, DEMO_FLEET_SIZE, type DemoFleetDevice } from './devices';

/** The demo fleet of `npm run seed:demo`: devices with models and credentials on file, some bound, idempotent. */
describeEachDb('the demo fleet (seed:demo)', (env) => {
  let pno: string;
  const file = () => join(env().app.keel.config.dataDir, DEMO_FLEET_FILE);
  const fleet = () =>
    JSON.parse(readFileSync(file(), 'utf8')) as { url: string; property: string; devices: DemoFleetDevice[] };
  const login = async (phone: string) =>
    (await env().call('a/login', { account: phone, password: await env().encrypt(DEMO_PASSWORD) }, { ip: freshIp() }))
      .data as { token: string; propertyList: Array<{ pno: string; name: string }> };
  const poll = (d: DemoFleetDevice) =>
    env().app.inject({
      method: 'GET',
      url: `/${pno}/controller/v1/${d.deviceId}`,
      headers: { authorization: `TargetToken ${d.credential}` },
    });

  beforeAll(async () => {
    await seedFullDemo(env().app.keel);
    pno = (await login(DEMO_OWNER_PHONE)).propertyList.find((p) => p.name === '演示物业')?.pno as string;
  });

  it('registers the fleet with models, binds three devices, and writes working credentials for the simulator', async () => {
    const { token } = await login(DEMO_OWNER_PHONE);
    const list = await env().call('di/getAllDeviceList', { pageSize: 50, label: 'demo' }, { token, pno });
    expect(list.status, list.msg).toBe(0);
    expect(list.data.total).toBe(DEMO_FLEET_SIZE);
    const items = list.data.list as Array<{ deviceId: string; modelName: string | null; uid: string | null }>;
    expect(new Set(items.map((d) => d.modelName)).size).toBe(3);
    expect(items.filter((d) => d.uid).length).toBe(3);
    const member = await login(DEMO_MEMBER_PHONE);
    const mine = await env().call('di/getMyDeviceList', {}, { token: member.token });
    expect(mine.data.list.map((d: { deviceId: string }) => d.deviceId)).toEqual(['demo-dev-001']);

    const written = fleet();
    expect(written).toMatchObject({ property: pno, url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/) });
    expect(written.devices).toHaveLength(DEMO_FLEET_SIZE);
    expect(written.devices[0]?.attributes).toMatchObject({ model: 'KG-100', firmwareVersion: '2.1.0' });
    for (const d of written.devices) expect((await poll(d)).statusCode).toBe(200);
  });

  it('puts the fleet in the terminal space, spread over its groups, which count them', async () => {
    const { token } = await login(DEMO_OWNER_PHONE);
    const spaces = await env().call('space/getAllSpaceList', { pageSize: 50 }, { token, pno });
    const names = (spaces.data.list as Array<{ name: string }>).map((s) => s.name);
    expect(names).toEqual(expect.arrayContaining(['门店终端', '固件与资料']));
    const sid = (spaces.data.list as Array<{ sid: string; name: string }>).find((s) => s.name === '门店终端')?.sid;
    const tree = await env().call('sg/getGroupTree', { sid, includeDeviceNum: 1 }, { token, pno });
    expect(tree.status, tree.msg).toBe(0);
    const groups = tree.data[0].children as Array<{ name: string; deviceNum: number }>;
    expect(groups.map((g) => [g.name, g.deviceNum])).toEqual([
      ['华东门店', 4],
      ['华北门店', 4],
      ['华南门店', 4],
    ]);
  });

  it('is idempotent and keeps the credentials; a lost file gets new ones and the old stop', async () => {
    const before = readFileSync(file(), 'utf8');
    const started = performance.now();
    await seedFullDemo(env().app.keel);
    const took = performance.now() - started;
    expect(readFileSync(file(), 'utf8')).toBe(before);
    const { token } = await login(DEMO_OWNER_PHONE);
    expect((await env().call('di/getAllDeviceList', { label: 'demo' }, { token, pno })).data.total).toBe(
      DEMO_FLEET_SIZE,
    );
    // A second run reads a few rows (hashing passwords is what the first run spends its time on).
    expect(took).toBeLessThan(10_000);

    const old = fleet().devices;
    rmSync(file());
    await seedFullDemo(env().app.keel);
    const renewed = fleet().devices;
    expect(renewed.map((d) => d.deviceId)).toEqual(old.map((d) => d.deviceId));
    expect(renewed[0]?.credential).not.toBe(old[0]?.credential);
    expect((await poll(old[0] as DemoFleetDevice)).statusCode).toBe(401);
    expect((await poll(renewed[0] as DemoFleetDevice)).statusCode).toBe(200);
  });
});
