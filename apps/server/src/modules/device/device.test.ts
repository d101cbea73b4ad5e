import { Status } from '@keel/contract/status';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMember } from '../../platform/auth/members-repo';
import { type DeviceFixture, deviceFixture, freshDeviceId } from '../../test/device-fixture';
import { describeEachDb, freshPhone } from '../../test/harness';
import { runtimeOf } from './runtime';

describeEachDb('devices', (env) => {
  let fx: DeviceFixture;
  // Tests look at whole tables: the tenant guard is for the product's queries.
  const db = () => env().app.keel.db.withoutPlugins();
  const poll = (pno: string, deviceId: string, authorization: string) =>
    env().app.inject({ method: 'GET', url: `/${pno}/controller/v1/${deviceId}`, headers: { authorization } });

  beforeAll(async () => {
    fx = await deviceFixture(env);
  });

  const register = async (input: Record<string, unknown> = {}, who = fx.owner) => {
    const deviceId = (input.deviceId as string | undefined) ?? freshDeviceId();
    const res = await fx.call('di/registerDevice', { deviceId, ...input }, who);
    expect(res.status, res.msg).toBe(0);
    return { deviceId, credential: res.data.credential as string };
  };

  /** A terminal space of 1 GB in the caller's property, and a group of its tree. */
  const addSpace = async (who: typeof fx.owner, name: string) => {
    const res = await fx.call(
      'space/addSpace',
      { name, business: 'terminal', category: 'terminal', quota: 1024 ** 3 },
      who,
    );
    expect(res.status, res.msg).toBe(0);
    return res.data.sid as string;
  };
  const addGroup = async (sid: string, name: string) => {
    const res = await fx.call('sg/addOrUpdateGroup', { sid, name }, fx.owner);
    expect(res.status, res.msg).toBe(0);
    return res.data.groupId as string;
  };

  describe('di/registerDevice', () => {
    it('registers an accepted device and shows its credential once, storing only its hash', async () => {
      const { deviceId, credential } = await register({ name: 'Gate 1', label: 'north', mockup: 1 });
      expect(credential).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      const stored = await db()
        .selectFrom('device_credentials')
        .selectAll()
        .where('device_id', '=', deviceId)
        .executeTakeFirstOrThrow();
      expect(stored.token_hash).not.toContain(credential);
      const info = await fx.call('di/getAnyDeviceInfo', { deviceId }, fx.owner);
      expect(info.data).toMatchObject({
        deviceId,
        pno: fx.demo,
        name: 'Gate 1',
        label: 'north',
        mockup: 1,
        business: 'terminal',
        osType: 'other',
        admission: 'accepted',
        enrolment: 'console',
        hasCredential: 1,
        online: 0,
        lastSeenTime: null,
        attributes: {},
      });
      expect(JSON.stringify(info.data)).not.toContain(credential);
      const audit = await db()
        .selectFrom('audit_log')
        .select(['endpoint', 'target', 'result'])
        .where('endpoint', '=', 'di/registerDevice')
        .where('target', '=', deviceId)
        .execute();
      expect(audit).toEqual([{ endpoint: 'di/registerDevice', target: deviceId, result: 0 }]);
    });

    it("takes its OS from the model's platform, and binds a member given as uid", async () => {
      const platform = await fx.call('dm/addDevicePlatform', { name: 'RK3568 Android', osType: 'android' }, fx.owner);
      const model = await fx.call(
        'dm/addDeviceModel',
        { name: 'Kiosk K2', platformId: platform.data.platformId },
        fx.owner,
      );
      const { deviceId } = await register({ model: model.data.modelId, uid: fx.member.uid });
      const info = await fx.call('di/getAnyDeviceInfo', { deviceId }, fx.owner);
      expect(info.data).toMatchObject({
        model: model.data.modelId,
        modelName: 'Kiosk K2',
        platformName: 'RK3568 Android',
        osType: 'android',
        uid: fx.member.uid,
        userName: '演示成员',
      });
      expect(info.data.bindTime).toBe(env().now());
    });

    it('refuses a taken id (in any property), a bad id, and another property’s model or a non-member', async () => {
      const { deviceId } = await register();
      const again = await fx.call('di/registerDevice', { deviceId }, fx.operator);
      expect(again).toMatchObject({
        status: Status.conflict,
        msg: `The device id "${deviceId}" is already registered`,
      });
      for (const bad of ['', 'has space', '-lead', 'a/b', 'x'.repeat(65)]) {
        expect((await fx.call('di/registerDevice', { deviceId: bad }, fx.owner)).status, bad).toBe(Status.invalidInput);
      }
      const partnerModel = await fx.call('dm/addDeviceModel', { name: 'Partner model' }, fx.operator);
      const foreign = await fx.call(
        'di/registerDevice',
        { deviceId: freshDeviceId(), model: partnerModel.data.modelId },
        fx.owner,
      );
      expect(foreign.status).toBe(Status.notFound);
      const stranger = await fx.call(
        'di/registerDevice',
        { deviceId: freshDeviceId(), uid: fx.operator.uid },
        fx.owner,
      );
      expect(stranger.status).toBe(Status.notFound);
      expect((await fx.call('di/registerDevice', { deviceId: freshDeviceId() }, fx.member)).status).toBe(
        Status.forbidden,
      );
    });
  });

  describe('placement in a space and a group', () => {
    it("places a device in the property's space and group, and moves it with its group following", async () => {
      const sid = await addSpace(fx.owner, `Devices ${freshDeviceId()}`);
      const groupId = await addGroup(sid, 'Floor 1');
      const { deviceId } = await register({ sid, groupId });
      expect((await fx.call('di/getAnyDeviceInfo', { deviceId }, fx.owner)).data).toMatchObject({ sid, groupId });
      const other = await addSpace(fx.owner, `Devices ${freshDeviceId()}`);
      // Moved to another space without a group: it leaves the old space's group.
      expect((await fx.call('di/updateDeviceInfo', { deviceId, sid: other }, fx.owner)).status).toBe(0);
      expect((await fx.call('di/getAnyDeviceInfo', { deviceId }, fx.owner)).data).toMatchObject({
        sid: other,
        groupId: null,
      });
      // The root of a space's tree is the space itself.
      expect((await fx.call('di/updateDeviceInfo', { deviceId, groupId: other }, fx.owner)).status).toBe(0);
      expect((await fx.call('di/updateDeviceInfo', { deviceId, sid: null }, fx.owner)).status).toBe(0);
      expect((await fx.call('di/getAnyDeviceInfo', { deviceId }, fx.owner)).data).toMatchObject({
        sid: null,
        groupId: null,
      });
    });

    it("is counted by its group in the space's tree, which then cannot be deleted", async () => {
      const sid = await addSpace(fx.owner, `Devices ${freshDeviceId()}`);
      const groupId = await addGroup(sid, 'Counted');
      const { deviceId } = await register({ sid, groupId });
      await register({ sid });
      const tree = await fx.call('sg/getGroupTree', { sid, includeDeviceNum: 1 }, fx.owner);
      expect(tree.data[0]).toMatchObject({ deviceNum: 2, children: [{ groupId, deviceNum: 1 }] });
      expect((await fx.call('sg/delGroup', { sid, groupId }, fx.owner)).status).not.toBe(0);
      expect((await fx.call('di/updateDeviceInfo', { deviceId, groupId: null }, fx.owner)).status).toBe(0);
      expect((await fx.call('sg/delGroup', { sid, groupId }, fx.owner)).status).toBe(0);
    });

    it("refuses another property's space, a group of another space, and a group without a space, changing nothing", async () => {
      const sid = await addSpace(fx.owner, `Devices ${freshDeviceId()}`);
      const groupId = await addGroup(sid, 'Hall');
      const other = await addSpace(fx.owner, `Devices ${freshDeviceId()}`);
      const foreign = await addSpace(fx.operator, `Partner ${freshDeviceId()}`);
      const cases: [Record<string, unknown>, string][] = [
        [{ sid: foreign }, 'sid'],
        [{ sid: other, groupId }, 'groupId'],
        [{ groupId }, 'groupId'],
        [{ sid: 'no-such-space' }, 'sid'],
      ];
      for (const [placement, field] of cases) {
        const deviceId = freshDeviceId();
        const res = await fx.call('di/registerDevice', { deviceId, ...placement }, fx.owner);
        expect(res.status, JSON.stringify(placement)).toBe(Status.notFound);
        expect(res.msg, field).toContain(field);
        expect((await fx.call('di/getAnyDeviceInfo', { deviceId }, fx.owner)).status).toBe(Status.notFound);
      }
      const { deviceId } = await register({ sid, groupId });
      const moved = await fx.call('di/updateDeviceInfo', { deviceId, sid: foreign }, fx.owner);
      expect(moved.status).toBe(Status.notFound);
      expect((await fx.call('di/updateDeviceInfo', { deviceId, sid: other, groupId }, fx.owner)).status).toBe(
        Status.notFound,
      );
      expect((await fx.call('di/getAnyDeviceInfo', { deviceId }, fx.owner)).data).toMatchObject({ sid, groupId });
    });
  });

  describe('an administrator limited to spaces', () => {
    it('sees, edits, binds and removes only the devices of their spaces', async () => {
      const inside = await addSpace(fx.owner, `Scoped ${freshDeviceId()}`);
      const outside = await addSpace(fx.owner, `Other ${freshDeviceId()}`);
      const mine = await register({ sid: inside });
      const theirs = await register({ sid: outside });
      const loose = await register();
      const who = await env().register(freshPhone(), 'Space-limited admin');
      await addMember(env().app.keel.db, fx.demo, who.uid, 'member', env().app.keel.now());
      const admin = { token: who.token, uid: who.uid, pno: fx.demo };
      const set = await fx.call(
        'ps/addOrUpdatePerSet',
        {
          name: `Terminal admins ${freshDeviceId()}`,
          permissionIdList: ['terminals.list', 'terminals.list.edit', 'terminals.list.bind', 'terminals.detail'],
        },
        fx.owner,
      );
      expect(set.status, set.msg).toBe(0);
      const psid = set.data.psid as string;
      expect((await fx.call('ps/assignPerSet', { uidList: [who.uid], psidList: [psid] }, fx.owner)).status).toBe(0);
      const limited = await fx.call('ps/assignMgeSpace', { uid: who.uid, psid, sidList: [inside] }, fx.owner);
      expect(limited.status, limited.msg).toBe(0);

      const listed = await fx.call('di/getAllDeviceList', { pageNum: 1, pageSize: 100 }, admin);
      expect(listed.data.list.map((d: { deviceId: string }) => d.deviceId)).toEqual([mine.deviceId]);
      expect(listed.data.total).toBe(1);
      const filtered = await fx.call('di/getAllDeviceList', { pageNum: 1, pageSize: 10, sid: outside }, admin);
      expect(filtered.data.total).toBe(0);

      expect((await fx.call('di/getAnyDeviceInfo', { deviceId: mine.deviceId }, admin)).status).toBe(0);
      for (const other of [theirs, loose]) {
        const { deviceId } = other;
        expect((await fx.call('di/getAnyDeviceInfo', { deviceId }, admin)).status).toBe(Status.forbidden);
        expect((await fx.call('di/updateDeviceInfo', { deviceId, name: 'x' }, admin)).status).toBe(Status.forbidden);
        expect((await fx.call('di/resetDeviceCredential', { deviceId }, admin)).status).toBe(Status.forbidden);
        expect((await fx.call('di/delDevice', { deviceIdList: [deviceId] }, admin)).status).toBe(Status.forbidden);
        expect((await fx.call('db/unbindDevice', { deviceIdList: [deviceId] }, admin)).status).toBe(Status.forbidden);
      }
      // Moving a device of theirs out of their spaces is refused too (the declared scope of sid).
      const moved = await fx.call('di/updateDeviceInfo', { deviceId: mine.deviceId, sid: outside }, admin);
      expect(moved.status).toBe(Status.forbidden);
      // A batch bind answers per line.
      const bound = await fx.call(
        'db/bindDevice',
        {
          bindList: [
            { deviceId: mine.deviceId, uid: fx.member.uid },
            { deviceId: theirs.deviceId, uid: fx.member.uid },
          ],
        },
        admin,
      );
      expect(bound.data.bound).toBe(1);
      expect(bound.data.resultList.map((r: { status: number }) => r.status)).toEqual([0, Status.forbidden]);
      // Nothing outside changed.
      const after = await fx.call('di/getAnyDeviceInfo', { deviceId: theirs.deviceId }, fx.owner);
      expect(after.data).toMatchObject({ sid: outside, uid: null, name: '' });
      expect((await fx.call('di/delDevice', { deviceIdList: [mine.deviceId] }, admin)).status).toBe(0);
    });
  });

  describe('di/getAllDeviceList', () => {
    it('filters by every field it offers and pages from both ends alike', async () => {
      const model = (await fx.call('dm/addDeviceModel', { name: 'Filter model' }, fx.owner)).data.modelId;
      const sid = await addSpace(fx.owner, `Filter ${freshDeviceId()}`);
      const groupId = await addGroup(sid, 'Filter group');
      const ids: string[] = [];
      for (let i = 0; i < 5; i += 1) {
        env().advance(1);
        const { deviceId } = await register({
          deviceId: freshDeviceId('flt'),
          label: 'filter-lot',
          mockup: i % 2,
          osType: i < 2 ? 'linux' : 'rtos',
          model: i === 4 ? model : undefined,
          business: i === 3 ? 'firmware' : 'terminal',
          sid: i === 2 ? sid : undefined,
          groupId: i === 2 ? groupId : undefined,
          uid: i === 1 ? fx.member.uid : undefined,
        });
        ids.push(deviceId);
      }
      const list = async (filters: Record<string, unknown>) =>
        (await fx.call('di/getAllDeviceList', { label: 'filter-lot', ...filters }, fx.owner)).data.list.map(
          (d: { deviceId: string }) => d.deviceId,
        );
      expect(await list({})).toEqual([...ids].reverse());
      expect(await list({ mockup: 1 })).toEqual([ids[3], ids[1]]);
      expect(await list({ osType: 'linux' })).toEqual([ids[1], ids[0]]);
      expect(await list({ model })).toEqual([ids[4]]);
      expect(await list({ business: 'firmware' })).toEqual([ids[3]]);
      expect(await list({ sid, groupId })).toEqual([ids[2]]);
      expect(await list({ uid: fx.member.uid })).toEqual([ids[1]]);
      expect(await list({ str: ids[0]?.toUpperCase() })).toEqual([ids[0]]);
      expect(await list({ admission: 'pending' })).toEqual([]);
      expect(await list({ online: 1 })).toEqual([]);
      expect(await list({ online: 0, mockup: '', osType: '' })).toHaveLength(5);
      const pages: string[] = [];
      for (let p = 1; p <= 3; p += 1) {
        const res = await fx.call('di/getAllDeviceList', { label: 'filter-lot', pageNum: p, pageSize: 2 }, fx.owner);
        expect(res.data).toMatchObject({ total: 5, pageNum: p, pageSize: 2 });
        pages.push(...res.data.list.map((d: { deviceId: string }) => d.deviceId));
      }
      expect(pages).toEqual([...ids].reverse());
      expect((await fx.call('di/getAllDeviceList', {}, fx.owner)).data.pageSize).toBe(10);
      expect((await fx.call('di/getAllDeviceList', { mockup: 2 }, fx.owner)).status).toBe(Status.invalidInput);
    });

    it('pages the whole property (no filter) the same way, counting a device registered between two reads', async () => {
      const read = async (pageNum: number, pageSize: number) =>
        (await fx.call('di/getAllDeviceList', { pageNum, pageSize }, fx.owner)).data as {
          total: number;
          list: Array<{ deviceId: string }>;
        };
      const { total } = await read(1, 1);
      env().advance(1);
      const added = await register();
      const after = await read(1, 3);
      expect(after.total).toBe(total + 1);
      expect(after.list[0]?.deviceId).toBe(added.deviceId);
      // Every device once, newest first, whichever end each page is read from.
      const all: string[] = [];
      const size = Math.ceil(after.total / 3);
      for (let p = 1; p <= 3; p += 1) all.push(...(await read(p, size)).list.map((d) => d.deviceId));
      expect(all).toHaveLength(after.total);
      expect(new Set(all).size).toBe(after.total);
      // The same order as one page read from the front.
      const front = await read(1, Math.min(100, after.total));
      expect(all.slice(0, front.list.length)).toEqual(front.list.map((d) => d.deviceId));
    });

    it("keeps an administrator to the property and lets the operator see every property's, or one", async () => {
      const mine = await register({ label: 'scope-check' });
      const theirs = await register({ label: 'scope-check' }, fx.operator);
      const ids = (res: { data: { list: Array<{ deviceId: string }> } }) => res.data.list.map((d) => d.deviceId);
      const admin = await fx.call('di/getAllDeviceList', { label: 'scope-check', filterPno: fx.partner }, fx.owner);
      expect(ids(admin)).toEqual([mine.deviceId]);
      const all = await fx.call('di/getAllDeviceList', { label: 'scope-check' }, fx.operator, { pno: '' });
      expect(ids(all).sort()).toEqual([mine.deviceId, theirs.deviceId].sort());
      expect(all.data.list.find((d: { pno: string }) => d.pno === fx.demo)?.propertyName).toBe('演示物业');
      const one = await fx.call('di/getAllDeviceList', { label: 'scope-check', filterPno: fx.partner }, fx.operator, {
        pno: '',
      });
      expect(ids(one)).toEqual([theirs.deviceId]);
      expect((await fx.call('di/getAllDeviceList', {}, fx.owner, { pno: '' })).status).toBe(Status.forbidden);
    });
  });

  describe('device details, edits and removal', () => {
    it('answers another property’s device as not found, and the operator any', async () => {
      const theirs = await register({}, fx.operator);
      expect((await fx.call('di/getAnyDeviceInfo', { deviceId: theirs.deviceId }, fx.owner)).status).toBe(
        Status.notFound,
      );
      const any = await fx.call('di/getAnyDeviceInfo', { deviceId: theirs.deviceId }, fx.operator, { pno: '' });
      expect(any.data.pno).toBe(fx.partner);
      const edit = await fx.call('di/updateDeviceInfo', { deviceId: theirs.deviceId, name: 'x' }, fx.owner);
      expect(edit.status).toBe(Status.notFound);
      expect((await fx.call('di/delDevice', { deviceIdList: [theirs.deviceId] }, fx.owner)).status).toBe(
        Status.notFound,
      );
      expect((await fx.call('di/getAnyDeviceInfo', { deviceId: theirs.deviceId }, fx.operator)).status).toBe(0);
    });

    it('edits a device, clears its model with null, and removes it with its credential', async () => {
      const platform = await fx.call('dm/addDevicePlatform', { name: 'Edit platform', osType: 'windows' }, fx.owner);
      const model = await fx.call(
        'dm/addDeviceModel',
        { name: 'Edit model', platformId: platform.data.platformId },
        fx.owner,
      );
      const { deviceId, credential } = await register();
      const sid = await addSpace(fx.owner, `Edit ${freshDeviceId()}`);
      const edited = await fx.call(
        'di/updateDeviceInfo',
        { deviceId, name: 'Renamed', label: 'l2', model: model.data.modelId, remark: 'moved', sid },
        fx.owner,
      );
      expect(edited.status, edited.msg).toBe(0);
      let info = (await fx.call('di/getAnyDeviceInfo', { deviceId }, fx.owner)).data;
      expect(info).toMatchObject({ name: 'Renamed', label: 'l2', osType: 'windows', remark: 'moved', sid });
      await fx.call('di/updateDeviceInfo', { deviceId, model: null, sid: null, osType: 'linux' }, fx.owner);
      info = (await fx.call('di/getAnyDeviceInfo', { deviceId }, fx.owner)).data;
      expect(info).toMatchObject({ model: null, modelName: null, sid: null, osType: 'linux' });

      expect((await poll(fx.demo, deviceId, `TargetToken ${credential}`)).statusCode).toBe(200);
      const removed = await fx.call('di/delDevice', { deviceIdList: [deviceId, deviceId] }, fx.owner);
      expect(removed.data).toEqual({ removed: 1 });
      // The cached credential is gone at once.
      expect((await poll(fx.demo, deviceId, `TargetToken ${credential}`)).statusCode).toBe(401);
      const left = await db().selectFrom('device_credentials').select('device_id').where('device_id', '=', deviceId);
      expect(await left.execute()).toEqual([]);
      expect((await fx.call('di/getAnyDeviceInfo', { deviceId }, fx.owner)).status).toBe(Status.notFound);
    });

    it('issues a new credential; the old one stops at once', async () => {
      const { deviceId, credential } = await register();
      expect((await poll(fx.demo, deviceId, `TargetToken ${credential}`)).statusCode).toBe(200);
      const reset = await fx.call('di/resetDeviceCredential', { deviceId }, fx.owner);
      expect(reset.data.deviceId).toBe(deviceId);
      expect(reset.data.credential).not.toBe(credential);
      expect((await poll(fx.demo, deviceId, `TargetToken ${credential}`)).statusCode).toBe(401);
      expect((await poll(fx.demo, deviceId, `TargetToken ${reset.data.credential}`)).statusCode).toBe(200);
    });
  });

  describe('db/bindDevice and db/unbindDevice', () => {
    it('binds line by line, by uid or phone, with a result for each', async () => {
      const a = await register();
      const b = await register();
      const theirs = await register({}, fx.operator);
      const bound = await fx.call(
        'db/bindDevice',
        {
          bindList: [
            { deviceId: a.deviceId, uid: fx.member.uid },
            { deviceId: b.deviceId, phoneNum: '13800000001' },
            { deviceId: a.deviceId, uid: fx.member.uid },
            { deviceId: b.deviceId, uid: fx.member.uid },
            { deviceId: theirs.deviceId, uid: fx.member.uid },
            { deviceId: 'no-such-device', uid: fx.member.uid },
            { deviceId: a.deviceId, phoneNum: freshPhone() },
            { deviceId: a.deviceId, phoneNum: '123' },
            { deviceId: a.deviceId },
            { deviceId: b.deviceId, uid: fx.operator.uid },
          ],
        },
        fx.owner,
      );
      expect(bound.status, bound.msg).toBe(0);
      expect(bound.data.bound).toBe(2);
      expect(bound.data.resultList.map((r: { status: number }) => r.status)).toEqual([
        0,
        0,
        0,
        Status.conflict,
        Status.notFound,
        Status.notFound,
        Status.notFound,
        Status.invalidInput,
        Status.invalidInput,
        Status.notFound,
      ]);
      expect(bound.data.resultList[1]).toMatchObject({ uid: fx.owner.uid, msg: 'Success' });
      expect(bound.data.resultList[3].msg).toBe('The device is bound to another user; unbind it first');
      expect(bound.data.resultList[9].msg).toBe('No such user, or the user is not a member of the device’s property');

      const mine = await fx.call('di/getMyDeviceList', {}, fx.member, { pno: '' });
      expect(mine.data.list.map((d: { deviceId: string }) => d.deviceId)).toContain(a.deviceId);
      expect(mine.data.list.map((d: { deviceId: string }) => d.deviceId)).not.toContain(b.deviceId);
      const info = await fx.call('di/getMyDeviceInfo', { deviceId: a.deviceId }, fx.member, { pno: '' });
      expect(info.data).toMatchObject({ deviceId: a.deviceId, uid: fx.member.uid });
      expect((await fx.call('di/getMyDeviceInfo', { deviceId: b.deviceId }, fx.member)).status).toBe(Status.notFound);

      const unbound = await fx.call('db/unbindDevice', { deviceIdList: [a.deviceId, b.deviceId] }, fx.owner);
      expect(unbound.data).toEqual({ unbound: 2 });
      const again = await fx.call('db/unbindDevice', { deviceIdList: [a.deviceId] }, fx.owner);
      expect(again.data).toEqual({ unbound: 0 });
      expect((await fx.call('db/unbindDevice', { deviceIdList: [theirs.deviceId] }, fx.owner)).status).toBe(
        Status.notFound,
      );
      expect((await fx.call('di/getMyDeviceInfo', { deviceId: a.deviceId }, fx.member)).status).toBe(Status.notFound);
    });

    it("tells another property's owner no user id and not whether a phone is registered", async () => {
      // The operator owns the partner property; the demo owner and member are not its members.
      const theirs = await register({}, fx.operator);
      const res = await fx.call(
        'db/bindDevice',
        {
          bindList: [
            { deviceId: 'no-such-device', phoneNum: '13800000002' },
            { deviceId: theirs.deviceId, phoneNum: '13800000002' },
            { deviceId: theirs.deviceId, phoneNum: freshPhone() },
            { deviceId: 'no-such-device', phoneNum: freshPhone() },
          ],
        },
        fx.operator,
      );
      expect(res.status, res.msg).toBe(0);
      expect(res.data.resultList.map((r: { uid: string | null }) => r.uid)).toEqual([null, null, null, null]);
      const [missing, registered, unknown, missingUnknown] = res.data.resultList as Array<{
        status: number;
        msg: string;
      }>;
      // A registered phone and an unregistered one answer alike.
      expect(registered).toEqual({ ...unknown, deviceId: theirs.deviceId });
      expect(registered?.status).toBe(Status.notFound);
      expect(missing).toEqual(missingUnknown);
      expect(JSON.stringify(res.data)).not.toContain(fx.member.uid);
    });

    it("lets the operator bind in any property, to the device's members only", async () => {
      const mine = await register();
      const theirs = await register({}, fx.operator);
      const res = await fx.call(
        'db/bindDevice',
        {
          bindList: [
            { deviceId: mine.deviceId, uid: fx.member.uid },
            { deviceId: theirs.deviceId, uid: fx.member.uid },
            { deviceId: theirs.deviceId, uid: fx.operator.uid },
          ],
        },
        fx.operator,
        { pno: '' },
      );
      expect(res.data.resultList.map((r: { status: number }) => r.status)).toEqual([0, Status.notFound, 0]);
      const mineList = await fx.call('di/getMyDeviceList', { str: theirs.deviceId }, fx.operator);
      expect(mineList.data.list).toEqual([expect.objectContaining({ deviceId: theirs.deviceId, pno: fx.partner })]);
    });

    it('unbinds the devices of a member who leaves the property', async () => {
      const phone = freshPhone();
      const added = await fx.call('u/addOrEditInternalUser', { phoneNum: phone, name: 'Leaver' }, fx.owner);
      const uid = added.data.uid as string;
      const { deviceId } = await register({ uid });
      expect((await fx.call('di/getAnyDeviceInfo', { deviceId }, fx.owner)).data.uid).toBe(uid);
      const removed = await fx.call('o/delOrgUser', { oid: `root-${fx.demo}`, uid }, fx.owner);
      expect(removed.status, removed.msg).toBe(0);
      expect((await fx.call('di/getAnyDeviceInfo', { deviceId }, fx.owner)).data.uid).toBeNull();
    });
  });

  describe('self-enrolment and admission', () => {
    it('issues, shows and disables the enrolment key; an unknown device enrols pending and waits for admission', async () => {
      const before = await fx.call('di/getEnrolmentKeyInfo', {}, fx.owner);
      expect(before.data).toEqual({ enabled: 0, hint: null, createTime: null, pollSleep: '00:05:00' });
      const { key } = (await fx.call('di/resetEnrolmentKey', {}, fx.owner)).data;
      expect(key).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      const info = await fx.call('di/getEnrolmentKeyInfo', {}, fx.owner);
      expect(info.data).toMatchObject({ enabled: 1, hint: key.slice(-4), createTime: env().now() });
      const row = await db().selectFrom('device_enrolment_keys').selectAll().where('pno', '=', fx.demo).execute();
      expect(JSON.stringify(row)).not.toContain(key);

      const deviceId = freshDeviceId('enrol');
      const first = await poll(fx.demo, deviceId, `GatewayToken ${key}`);
      expect(first.statusCode).toBe(200);
      const pending = await fx.call('di/getAllDeviceList', { admission: 'pending', str: deviceId }, fx.owner);
      expect(pending.data.list).toEqual([
        expect.objectContaining({ deviceId, admission: 'pending', enrolment: 'gateway', hasCredential: 0 }),
      ]);
      // The key of one property enrols nothing in another.
      expect((await poll(fx.partner, freshDeviceId(), `GatewayToken ${key}`)).statusCode).toBe(401);

      expect((await fx.call('di/admitDevice', { deviceIdList: [deviceId], accept: 0 }, fx.owner)).data).toEqual({
        changed: 1,
      });
      expect((await poll(fx.demo, deviceId, `GatewayToken ${key}`)).statusCode).toBe(403);
      expect((await fx.call('di/admitDevice', { deviceIdList: [deviceId], accept: 1 }, fx.owner)).data).toEqual({
        changed: 1,
      });
      expect((await poll(fx.demo, deviceId, `GatewayToken ${key}`)).statusCode).toBe(200);

      const rotated = (await fx.call('di/resetEnrolmentKey', {}, fx.owner)).data.key;
      expect((await poll(fx.demo, deviceId, `GatewayToken ${key}`)).statusCode).toBe(401);
      expect((await poll(fx.demo, deviceId, `GatewayToken ${rotated}`)).statusCode).toBe(200);
      expect((await fx.call('di/disableEnrolmentKey', {}, fx.owner)).status).toBe(0);
      expect((await poll(fx.demo, deviceId, `GatewayToken ${rotated}`)).statusCode).toBe(401);
      expect((await fx.call('di/getEnrolmentKeyInfo', {}, fx.owner)).data.enabled).toBe(0);
      const audited = await db()
        .selectFrom('audit_log')
        .select(['endpoint', 'target'])
        .where('target', 'like', `%${deviceId}`)
        .orderBy('seq')
        .execute();
      expect(audited).toEqual([
        { endpoint: 'ddi/enrol', target: deviceId },
        { endpoint: 'di/admitDevice', target: `reject:${deviceId}` },
        { endpoint: 'di/admitDevice', target: `accept:${deviceId}` },
      ]);
    });
  });

  describe('filters and catalogues of the list page', () => {
    it('offers the models, labels and businesses of the property; OS names follow the language', async () => {
      await register({ label: 'filter-label' });
      const res = await fx.call('di/getDeviceFilterList', {}, fx.owner);
      expect(res.data.labelList).toContain('filter-label');
      expect(res.data.businessList).toContain('terminal');
      expect(res.data.osTypeList).toContainEqual({ osType: 'rtos', name: 'RTOS' });
      const zh = await fx.call('di/getOsTypeList', {}, fx.member, { lang: 'zh-cn', pno: '' });
      expect(zh.data).toContainEqual({ osType: 'other', name: '其他' });
      const operator = await fx.call('di/getDeviceFilterList', {}, fx.operator, { pno: '' });
      expect(operator.data).toMatchObject({ modelList: [], labelList: [] });
      const partner = await fx.call('di/getDeviceFilterList', { filterPno: fx.demo }, fx.operator, { pno: '' });
      expect(partner.data.labelList).toContain('filter-label');
    });
  });

  it('records a poll only in memory until the flush', async () => {
    const { deviceId, credential } = await register();
    const seen = () =>
      db()
        .selectFrom('device_presence')
        .select(['first_seen_at', 'last_seen_at'])
        .where('device_id', '=', deviceId)
        .executeTakeFirst();
    await runtimeOf(env().app.keel).flush();
    expect((await poll(fx.demo, deviceId, `TargetToken ${credential}`)).statusCode).toBe(200);
    expect(await seen()).toBeUndefined();
    await runtimeOf(env().app.keel).flush();
    const at = env().now();
    expect(await seen()).toEqual({ first_seen_at: at, last_seen_at: at });
    const info = await fx.call('di/getAnyDeviceInfo', { deviceId }, fx.owner);
    expect(info.data).toMatchObject({ online: 1, lastSeenTime: at, lastAddress: '127.0.0.1' });
    env().advance(11 * 60_000);
    expect((await fx.call('di/getAnyDeviceInfo', { deviceId }, fx.owner)).data.online).toBe(0);
  });
});
