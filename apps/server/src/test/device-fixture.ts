import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { EndpointPath } from '@keel/contract/endpoints/index';
import { expect } from 'vitest';
import { recordSightings } from '../modules/device/presence-repo';
import type { Db } from '../platform/db/connect';
import { DEMO_MEMBER_PHONE, DEMO_OWNER_PHONE, DEMO_PASSWORD, seedDemo } from '../seed/demo';
import { type CallOptions, type Envelope, freshIp, type TestEnv } from './harness';
import { upload } from './multipart';

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

  // The firmware set-up the device-delivery tests share (modules/firmware, modules/firmware-task). Each acts as
  // `who` (the owner by default) in `who`'s property, and fails the test, naming the call, when a call fails.

  /** A firmware file space (quota 50 MB unless given); its sid. */
  firmwareSpace(name: string, o?: { quota?: number; who?: Who }): Promise<string>;
  /** A device model `name` with a type (`<name> gw`) and a platform (`<name> Linux`) of its own; its id. */
  deviceModel(name: string, o?: { who?: Who }): Promise<string>;
  /** `upload` of test/multipart.ts (the file service's unless `endpoint` names another); the answer's `data`. */
  upload(
    sid: string,
    name: string,
    content: Buffer | string,
    o?: { endpoint?: string; who?: Who },
  ): Promise<{ fid: string; id: string }>;
  /**
   * A firmware package (`swType` firmware, `name` 'Image' unless given) of version `version` in space `sid`, of the
   * file `file` uploaded there (or of the files `fidList`), for the models `modelIdList`; published unless
   * `publish` is false. Its id.
   */
  firmwarePackage(o: {
    sid: string;
    version: string;
    file?: { name: string; content: Buffer | string };
    fidList?: string[];
    modelIdList?: string[];
    name?: string;
    swType?: string;
    publish?: boolean;
    who?: Who;
  }): Promise<string>;
  /**
   * A device registered in `who`'s property (of model `model`, in space `sid`; its id `id`, else a fresh one from
   * `prefix`), reporting firmware `version` and seen now: its id, credential and DDI authorization (`TargetToken …`).
   */
  deviceAt(
    version: string,
    o?: { model?: string; sid?: string; id?: string; prefix?: string; who?: Who },
  ): Promise<{ deviceId: string; credential: string; auth: string }>;
  /**
   * A device enrolled over Mender's API (a signed authentication request with the property's enrolment key
   * `enrolmentKey`, refused while pending, admitted in the console, then accepted), reporting `version` (and of
   * model `model`), seen now: its id and Mender authorization (`Bearer <jwt>`).
   */
  menderDeviceAt(
    version: string,
    o: { enrolmentKey: string; model?: string; prefix?: string },
  ): Promise<{ deviceId: string; auth: string }>;
  /** Sets the firmware version (and the model, when given) devices of `pno` (the demo property's) report. */
  setVersion(deviceIds: readonly string[], version: string, o?: { model?: string; pno?: string }): Promise<void>;
  /** A task of package `swId` for the devices (`execution` as `task/addTask` takes it), released; the task. */
  releasedTask(
    swId: string,
    deviceIds: readonly string[],
    o?: { name?: string; execution?: Record<string, unknown>; who?: Who },
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
    ...firmwareSetUp(env, () => fx),
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

/** A Mender device key (RSA, as mender-client makes one), made once per run when first asked for. */
let menderKey: { privateKey: KeyObject; pem: string } | undefined;
const menderDeviceKey = () => {
  if (!menderKey) {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    menderKey = { privateKey, pem: publicKey.export({ type: 'spki', format: 'pem' }).toString() };
  }
  return menderKey;
};

type FirmwareSetUp = Pick<
  DeviceFixture,
  | 'firmwareSpace'
  | 'deviceModel'
  | 'upload'
  | 'firmwarePackage'
  | 'deviceAt'
  | 'menderDeviceAt'
  | 'setVersion'
  | 'releasedTask'
>;

function firmwareSetUp(env: () => TestEnv, self: () => DeviceFixture): FirmwareSetUp {
  const db = () => env().app.keel.db;
  const set: FirmwareSetUp = {
    firmwareSpace: async (name, o = {}) =>
      (
        await self().ok(
          'space/addSpace',
          { name, business: 'firmware', category: 'file', quota: o.quota ?? 50_000_000 },
          o.who,
        )
      ).sid,
    deviceModel: async (name, o = {}) => {
      const fx = self();
      const typeId = (await fx.ok('dm/addDeviceType', { name: `${name} gw` }, o.who)).typeId;
      const platformId = (await fx.ok('dm/addDevicePlatform', { name: `${name} Linux`, osType: 'linux' }, o.who))
        .platformId;
      return (await fx.ok('dm/addDeviceModel', { name, typeId, platformId }, o.who)).modelId;
    },
    upload: (sid, name, content, o = {}) => upload(env(), o.who ?? self().owner, sid, name, content, o.endpoint),
    firmwarePackage: async (o) => {
      const fx = self();
      const fidList = [...(o.fidList ?? [])];
      if (o.file) fidList.push((await set.upload(o.sid, o.file.name, o.file.content, { who: o.who })).fid);
      const id = (
        await fx.ok(
          'sw/addSw',
          {
            sid: o.sid,
            swType: o.swType ?? 'firmware',
            name: o.name ?? 'Image',
            version: o.version,
            ...(o.modelIdList ? { modelIdList: o.modelIdList } : {}),
            fidList,
          },
          o.who,
        )
      ).id as string;
      if (o.publish !== false) await fx.ok('sw/setSwPublished', { id, published: 1 }, o.who);
      return id;
    },
    deviceAt: async (version, o = {}) => {
      const fx = self();
      const who = o.who ?? fx.owner;
      const deviceId = o.id ?? freshDeviceId(o.prefix);
      const data = await fx.ok(
        'di/registerDevice',
        { deviceId, ...(o.model ? { model: o.model } : {}), ...(o.sid ? { sid: o.sid } : {}) },
        who,
      );
      const pno = who.pno ?? fx.demo;
      await set.setVersion([deviceId], version, { pno });
      await markSeen(db(), pno, [deviceId], env().now());
      return { deviceId, credential: data.credential as string, auth: `TargetToken ${data.credential}` };
    },
    menderDeviceAt: async (version, o) => {
      const fx = self();
      const key = menderDeviceKey();
      const deviceId = freshDeviceId(o.prefix ?? 'mdr');
      const body = JSON.stringify({
        id_data: JSON.stringify({ serial: deviceId }),
        pubkey: key.pem,
        tenant_token: o.enrolmentKey,
      });
      const auth = () =>
        env().app.inject({
          method: 'POST',
          url: '/api/devices/v1/authentication/auth_requests',
          headers: {
            'content-type': 'application/json',
            'x-men-signature': sign('sha256', Buffer.from(body), key.privateKey).toString('base64'),
          },
          payload: body,
        });
      expect((await auth()).statusCode, 'a pending Mender device is refused').toBe(401);
      await fx.ok('di/admitDevice', { deviceIdList: [deviceId], accept: 1 });
      const res = await auth();
      expect(res.statusCode, 'an admitted Mender device is accepted').toBe(200);
      await set.setVersion([deviceId], version, { model: o.model });
      await markSeen(db(), fx.demo, [deviceId], env().now());
      return { deviceId, auth: `Bearer ${res.body}` };
    },
    setVersion: async (deviceIds, version, o = {}) => {
      await db()
        .updateTable('devices')
        .set({ firmware_version: version, ...(o.model ? { model_id: o.model } : {}) })
        .where('pno', '=', o.pno ?? self().demo)
        .where('device_id', 'in', [...deviceIds])
        .execute();
    },
    releasedTask: async (swId, deviceIds, o = {}) => {
      const fx = self();
      const task = await fx.ok(
        'task/addTask',
        {
          swId,
          name: o.name ?? 'Rollout',
          deviceIdList: [...deviceIds],
          ...(o.execution ? { execution: o.execution } : {}),
        },
        o.who,
      );
      return fx.ok('task/releaseTask', { id: task.id }, o.who);
    },
  };
  return set;
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
