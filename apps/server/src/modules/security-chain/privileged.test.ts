import { Status } from '@keel/contract/status';
import { beforeAll, expect, it } from 'vitest';
import { type DeviceFixture, deviceFixture } from '../../test/device-fixture';
import { describeEachDb } from '../../test/harness';
import { stateOf } from './window-state';

/**
 * Privileged users of a security space: members only, once per space, an optional window, disable and enable,
 * delete; another property's objects and the page's permissions.
 */
describeEachDb('security chain privileged users', (env) => {
  let fx: DeviceFixture;
  let sid: string;
  let serial = 0;
  const space = async (name: string, business = 'security', who = fx.owner) =>
    (await fx.ok('space/addSpace', { name, business, category: 'terminal', quota: 1 << 20 }, who)).sid as string;

  beforeAll(async () => {
    fx = await deviceFixture(env);
    sid = await space(`Privileged ${Date.now() % 100000}`);
  });

  it('makes members privileged within a window, once per space, and lists where each stands', async () => {
    const now = env().now();
    const added = await fx.ok('pa/addPrivilegedUser', {
      sid,
      uidList: [fx.member.uid],
      endTime: now + 86_400_000,
      remark: 'On call',
    });
    expect(added.list).toHaveLength(1);
    expect(added.list[0]).toMatchObject({ uid: fx.member.uid, state: 'active', disabled: 0, remark: 'On call' });
    expect(added.list[0].userName).not.toBe('');
    const later = await fx.ok('pa/addPrivilegedUser', { sid, uidList: [fx.owner.uid], startTime: now + 3_600_000 });
    expect(later.list[0].state).toBe('pending');

    let res = await fx.call('pa/addPrivilegedUser', { sid, uidList: [fx.member.uid] }, fx.owner);
    expect(res.status).toBe(Status.conflict);
    expect(res.msg).toMatch(/is a privileged user of the space already$/);
    // A window ending before it starts; not a member of the property (the operator is the partner's).
    res = await fx.call('pa/addPrivilegedUser', { sid, uidList: [fx.owner.uid], startTime: 10, endTime: 5 }, fx.owner);
    expect([res.status, res.msg]).toEqual([Status.invalidInput, 'Illegal input: endTime']);
    res = await fx.call('pa/addPrivilegedUser', { sid, uidList: [fx.operator.uid] }, fx.owner);
    expect([res.status, res.msg]).toEqual([Status.notFound, 'Not found: uidList']);
    // Another business's space.
    const files = await space(`Files ${++serial}`, 'terminal');
    res = await fx.call('pa/addPrivilegedUser', { sid: files, uidList: [fx.member.uid] }, fx.owner);
    expect(res.status).toBe(Status.invalidInput);

    const page = await fx.ok('pa/getPrivilegedUserList', { sid });
    expect(page.total).toBe(2);
    expect(page.list.map((p: { uid: string }) => p.uid).sort()).toEqual([fx.owner.uid, fx.member.uid].sort());
    const phone = page.list.find((p: { uid: string }) => p.uid === fx.member.uid).phone;
    const found = await fx.ok('pa/getPrivilegedUserList', { sid, str: phone });
    expect(found.list.map((p: { uid: string }) => p.uid)).toEqual([fx.member.uid]);
  });

  it('disables, enables and deletes a privileged user', async () => {
    const other = await space(`Privileged other ${++serial}`);
    const [item] = (await fx.ok('pa/addPrivilegedUser', { sid: other, uidList: [fx.member.uid] })).list;
    const off = await fx.ok('pa/setPrivilegedUserDisable', { privilegeId: item.privilegeId, disabled: 1 });
    expect(off).toMatchObject({ disabled: 1, state: 'disabled' });
    const on = await fx.ok('pa/setPrivilegedUserDisable', { privilegeId: item.privilegeId, disabled: 0 });
    expect(on).toMatchObject({ disabled: 0, state: 'active' });
    expect(await fx.ok('pa/delPrivilegedUser', { privilegeId: item.privilegeId })).toEqual({ deleted: 1 });
    const res = await fx.call('pa/delPrivilegedUser', { privilegeId: item.privilegeId }, fx.owner);
    expect([res.status, res.msg]).toEqual([Status.notFound, 'Not found: privilegeId']);
    expect((await fx.ok('pa/getPrivilegedUserList', { sid: other })).total).toBe(0);
  });

  it('tells where a privilege stands at a time', () => {
    const row = { disabled: 0, start_time: 100, end_time: 200 };
    expect([50, 100, 199, 200].map((at) => stateOf(row, at))).toEqual(['pending', 'active', 'active', 'expired']);
    expect(stateOf({ ...row, disabled: 1 }, 150)).toBe('disabled');
    expect(stateOf({ disabled: 0, start_time: null, end_time: null }, 0)).toBe('active');
  });

  it("keeps another property's privileged users out, and the page's permissions", async () => {
    const [mine] = (
      await fx.ok('pa/addPrivilegedUser', { sid: await space(`Guarded ${++serial}`), uidList: [fx.member.uid] })
    ).list;
    await fx.ok(
      'pro/authPropertyBusiness',
      { pno: fx.partner, businessList: ['firmware', 'appstore', 'terminal', 'security'] },
      fx.operator,
      { pno: '' },
    );
    for (const [path, input, what] of [
      ['pa/getPrivilegedUserList', { sid }, 'sid'],
      ['pa/addPrivilegedUser', { sid, uidList: [fx.operator.uid] }, 'sid'],
      ['pa/setPrivilegedUserDisable', { privilegeId: mine.privilegeId, disabled: 1 }, 'privilegeId'],
      ['pa/delPrivilegedUser', { privilegeId: mine.privilegeId }, 'privilegeId'],
    ] as const) {
      const res = await fx.call(path, input, fx.operator);
      expect([res.status, res.msg], path).toEqual([Status.notFound, `Not found: ${what}`]);
    }
    expect((await fx.ok('pa/getPrivilegedUserList', { sid: mine.sid })).list[0].disabled).toBe(0);
    const res = await fx.call('pa/getPrivilegedUserList', { sid }, fx.member);
    expect(res.status).toBe(Status.forbidden);
  });
});
