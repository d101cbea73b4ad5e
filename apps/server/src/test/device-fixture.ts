import type { AddressInfo } from 'node:net';
import type { EndpointPath } from '@keel/contract/endpoints/index';
import { expect } from 'vitest';
import { recordSightings } from '../modules/device/presence-repo';
import type { Db } from '../platform/db/connect';
import { DEMO_MEMBER_PHONE, DEMO_OWNER_PHONE, DEMO_PASSWORD, seedDemo } from '../seed/demo';
import { type CallOptions, type Envelope, freshIp, type TestEnv } from './harness';

export interface Who {
  token: string;
  uid: string;
  pno?: string;
}

/**
 * The people of the device tests: the demo owner (every permission in 演示物业), an ordinary member, and the
 * operator, owner of 合作物业 — to which the terminal business is granted so that it can hold devices too.
 */
export interface DeviceFixture {
  demo: string;
  partner: string;
  owner: Who;
  member: Who;
  operator: Who;
  /** Calls as someone (English answers); `pno` defaults to theirs, '' sends none. */
  call(
    path: EndpointPath,
    // biome-ignore lint/suspicious/noExplicitAny: tests pass inputs the contract checks in the app.
    input: Record<string, any>,
    who: Who | null,
    opts?: CallOptions,
  ): Promise<Envelope & { http: number }>;
  /** `call` that must succeed (status 0, else the test fails naming the endpoint); answers `data`. As the owner by default. */
  ok(
    path: EndpointPath,
    // biome-ignore lint/suspicious/noExplicitAny: tests pass inputs the contract checks in the app.
    input: Record<string, any>,
    who?: Who | null,
    opts?: CallOptions,
  ): Promise<Envelope['data']>;
}

export async function deviceFixture(env: () => TestEnv): Promise<DeviceFixture> {
  await seedDemo(env().app.keel);
  const login = async (account: string, password: string) =>
    (await env().call('a/login', { account, password: await env().encrypt(password) }, { ip: freshIp() })).data;
  const o = await login(DEMO_OWNER_PHONE, DEMO_PASSWORD);
  const m = await login(DEMO_MEMBER_PHONE, DEMO_PASSWORD);
  const op = await login('13800000000', 'Operator123');
  const demo = o.propertyList.find((p: { name: string }) => p.name === '演示物业')?.pno as string;
  const partner = op.propertyList.find((p: { name: string }) => p.name === '合作物业')?.pno as string;
  const fx: DeviceFixture = {
    demo,
    partner,
    owner: { token: o.token, uid: o.uid, pno: demo },
    member: { token: m.token, uid: m.uid, pno: demo },
    operator: { token: op.token, uid: op.uid, pno: partner },
    call: (path, input, who, opts = {}) =>
      env().call(path, input, {
        token: who?.token,
        pno: opts.pno === '' ? undefined : (opts.pno ?? who?.pno),
        lang: opts.lang ?? 'en',
        ip: opts.ip,
      }),
    ok: async (path, input, who = fx.owner, opts = {}) => {
      const res = await fx.call(path, input, who, opts);
      expect(res.status, `${path}: ${res.msg}`).toBe(0);
      return res.data;
    },
  };
  const granted = await fx.call(
    'pro/authPropertyBusiness',
    { pno: partner, businessList: ['firmware', 'appstore', 'terminal'] },
    fx.operator,
    { pno: '' },
  );
  if (granted.status !== 0) throw new Error(`authPropertyBusiness: ${granted.msg}`);
  return fx;
}

/** The device fixture with the app listening on a free local port, and that port's base URL (for real clients). */
export async function servedDeviceFixture(env: () => TestEnv): Promise<{ fx: DeviceFixture; url: string }> {
  const fx = await deviceFixture(env);
  await env().app.listen({ port: 0, host: '127.0.0.1' });
  return { fx, url: `http://127.0.0.1:${(env().app.server.address() as AddressInfo).port}` };
}

let deviceCounter = 0;
/** A device id no other test of the run uses. */
export const freshDeviceId = (prefix = 'dev') => {
  deviceCounter += 1;
  return `${prefix}-${process.pid}-${deviceCounter}`;
};

/** Marks devices seen at `at` (as a sightings flush would: modules/device presence-repo.ts). */
export const markSeen = (db: Db, pno: string, deviceIds: readonly string[], at: number) =>
  recordSightings(
    db,
    deviceIds.map((deviceId) => ({ pno, deviceId, at, address: '127.0.0.1' })),
  );
