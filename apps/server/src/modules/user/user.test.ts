import { Status } from '@keel/contract/status';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MEMBER_PHONE, DEMO_OWNER_PHONE, DEMO_PASSWORD, seedDemo } from '../../seed/demo';
import { type CallOptions, describeEachDb, freshIp, freshPhone } from '../../test/harness';

interface Who {
  token: string;
  uid: string;
  pno?: string;
}

describeEachDb('users', (env) => {
  let owner: Who; // owner of demo, member of partner
  let member: Who; // ordinary member of demo only
  let operator: Who; // operator, owner of partner
  let demo: string;
  let partner: string;
  let partnerOnlyUid: string; // a member of partner only

  const login = async (account: string, password: string) => {
    const res = await env().call('a/login', { account, password: await env().encrypt(password) }, { ip: freshIp() });
    return res;
  };
  // biome-ignore lint/suspicious/noExplicitAny: endpoint inputs are checked by the contract in the app.
  const call = (path: any, input: Record<string, unknown>, who: Who | null, opts: CallOptions = {}) =>
    env().call(path, input, { token: who?.token, pno: opts.pno ?? who?.pno, lang: 'en' });
  // Tests look at whole tables: the tenant guard (platform/tenancy) is for the product's queries.
  const db = () => env().app.keel.db.withoutPlugins();
  const userRow = (uid: string) =>
    db().selectFrom('users').selectAll().where('uid', '=', uid).executeTakeFirstOrThrow();

  /** A new member of demo only (managed by demo's administrators), signed in. */
  const newDemoMember = async (name = 'Managed') => {
    const phone = freshPhone();
    const res = await call(
      'u/addOrEditInternalUser',
      { phoneNum: phone, name, password: await env().encrypt('Passw0rd1') },
      owner,
    );
    expect(res.status, res.msg).toBe(0);
    const signed = await login(phone, 'Passw0rd1');
    return { uid: res.data.uid as string, phone, token: signed.data.token as string, pno: demo };
  };

  beforeAll(async () => {
    await seedDemo(env().app.keel);
    const o = (await login(DEMO_OWNER_PHONE, DEMO_PASSWORD)).data;
    demo = o.propertyList[0].pno;
    partner = o.propertyList[1].pno;
    owner = { token: o.token, uid: o.uid, pno: demo };
    const m = (await login(DEMO_MEMBER_PHONE, DEMO_PASSWORD)).data;
    member = { token: m.token, uid: m.uid, pno: demo };
    const op = (await login('13800000000', 'Operator123')).data;
    operator = { token: op.token, uid: op.uid, pno: partner };
    const created = await call('o/registerOrgUser', { phoneNum: freshPhone(), name: 'Partner only' }, operator);
    expect(created.status, created.msg).toBe(0);
    partnerOnlyUid = created.data.uid;
  });

  describe('u/getUserList', () => {
    it("lists the property's members with their node, role and property count", async () => {
      const res = await call('u/getUserList', {}, owner);
      expect(res.status, res.msg).toBe(0);
      expect(res.data.pageSize).toBe(10);
      const me = res.data.list.find((u: { uid: string }) => u.uid === owner.uid);
      expect(me).toMatchObject({ role: 'owner', oid: `root-${demo}`, orgName: '演示物业', propertyNum: 2, status: 1 });
      expect(res.data.list.map((u: { uid: string }) => u.uid)).not.toContain(partnerOnlyUid);
    });

    it('filters by node (with its subtree), text and status; pages both ends alike', async () => {
      const team = (await call('o/addOrUpdateOrg', { pid: `root-${demo}`, name: '用户测试部' }, owner)).data.oid;
      const sub = (await call('o/addOrUpdateOrg', { pid: team, name: '用户测试组' }, owner)).data.oid;
      const uids: string[] = [];
      for (let i = 0; i < 5; i += 1) {
        env().advance(1);
        const res = await call(
          'u/addOrEditInternalUser',
          { phoneNum: freshPhone(), name: `Pager ${i}`, oid: i < 2 ? team : sub },
          owner,
        );
        uids.push(res.data.uid);
      }
      const direct = await call('u/getUserList', { filterOid: team }, owner);
      expect(direct.data.list.map((u: { uid: string }) => u.uid)).toEqual(uids.slice(0, 2));
      const withSub = await call('u/getUserList', { filterOid: team, includeSub: 1 }, owner);
      expect(withSub.data.total).toBe(5);
      const pages: string[] = [];
      for (let p = 1; p <= 3; p += 1) {
        const res = await call('u/getUserList', { filterOid: team, includeSub: 1, pageNum: p, pageSize: 2 }, owner);
        pages.push(...res.data.list.map((u: { uid: string }) => u.uid));
      }
      expect(pages).toEqual(uids);
      const text = await call('u/getUserList', { str: 'pager 3' }, owner);
      expect(text.data.list.map((u: { uid: string }) => u.uid)).toEqual([uids[3]]);
      await call('u/updateUserStatus', { uidList: [uids[4]], status: 0 }, owner);
      const disabled = await call('u/getUserList', { status: 0 }, owner);
      expect(disabled.data.list.map((u: { uid: string }) => u.uid)).toEqual([uids[4]]);
    });

    it('keeps administrators to their property and ordinary members out', async () => {
      expect((await call('u/getUserList', {}, member)).status).toBe(Status.forbidden);
      expect((await call('u/getUserList', { filterPno: partner }, owner)).status).toBe(Status.forbidden);
      expect((await call('u/getUserList', {}, owner, { pno: '' })).status).toBe(Status.forbidden);
      const partnerNode = (await call('o/addOrUpdateOrg', { pid: `root-${partner}`, name: '用户合作部' }, operator))
        .data.oid;
      expect((await call('u/getUserList', { filterOid: partnerNode }, owner)).status).toBe(Status.notFound);
      expect((await call('u/getUserList', { pageSize: 1001 }, owner)).status).toBe(Status.invalidInput);
      expect((await call('u/getUserList', { status: 3 }, owner)).status).toBe(Status.invalidInput);
    });

    it('lets an administrator who picks members (titles only) search them and read the tree, nothing more', async () => {
      const titles = await newDemoMember('Title keeper');
      const set = await call(
        'ps/addOrUpdatePerSet',
        { name: 'Titles only', permissionIdList: ['account.title', 'account.title.edit'] },
        owner,
      );
      expect(set.status, set.msg).toBe(0);
      const assigned = await call('ps/assignPerSet', { uidList: [titles.uid], psidList: [set.data.psid] }, owner);
      expect(assigned.status, assigned.msg).toBe(0);
      const found = await call('u/getUserList', { str: 'Title keeper' }, titles);
      expect(found.status, found.msg).toBe(0);
      expect(found.data.list.map((u: { uid: string }) => u.uid)).toEqual([titles.uid]);
      // The tree picker is for editing users and admin scopes, not titles; nor may they change anyone.
      expect((await call('o/getMyOrgTreeList', {}, titles)).status).toBe(Status.forbidden);
      expect((await call('u/updateUserStatus', { uidList: [titles.uid], status: 0 }, titles)).status).toBe(
        Status.forbidden,
      );
      const scopes = await call(
        'ps/addOrUpdatePerSet',
        { name: 'Scopes', permissionIdList: ['account.admin', 'account.admin.assign'] },
        owner,
      );
      await call('ps/assignPerSet', { uidList: [titles.uid], psidList: [set.data.psid, scopes.data.psid] }, owner);
      const tree = await call('o/getMyOrgTreeList', {}, titles);
      expect(tree.status, tree.msg).toBe(0);
      expect(tree.data[0].oid).toBe(`root-${demo}`);
    });

    it('lets an operator list every account, or one property, without a selected property', async () => {
      const all = await call('u/getUserList', { pageSize: 1000 }, operator, { pno: '' });
      expect(all.status, all.msg).toBe(0);
      const uids = all.data.list.map((u: { uid: string }) => u.uid);
      expect(uids).toEqual(expect.arrayContaining([owner.uid, member.uid, operator.uid, partnerOnlyUid]));
      expect(all.data.list.find((u: { uid: string }) => u.uid === operator.uid)).toMatchObject({
        isOperator: 1,
        oid: null,
        role: null,
      });
      const one = await call('u/getUserList', { filterPno: partner, pageSize: 100 }, operator, { pno: '' });
      expect(one.data.list.map((u: { uid: string }) => u.uid).sort()).toEqual(
        [operator.uid, owner.uid, partnerOnlyUid].sort(),
      );
      const otherWithPno = await call('u/getUserList', { filterPno: demo }, operator);
      expect(otherWithPno.data.total).toBeGreaterThan(2);
      expect((await call('u/getUserList', { filterPno: '99999999' }, operator, { pno: '' })).status).toBe(
        Status.notFound,
      );
      const byRoot = await call('u/getUserList', { filterOid: `root-${partner}` }, operator, { pno: '' });
      expect(byRoot.data.list.map((u: { uid: string }) => u.uid)).toContain(partnerOnlyUid);
    });
  });

  describe('u/addOrEditInternalUser', () => {
    it('creates a member, then edits a member this property alone manages', async () => {
      const m = await newDemoMember();
      const edited = await call(
        'u/addOrEditInternalUser',
        { uid: m.uid, name: 'Renamed', email: 'renamed@example.com' },
        owner,
      );
      expect(edited.status, edited.msg).toBe(0);
      expect(await userRow(m.uid)).toMatchObject({ name: 'Renamed', email: 'renamed@example.com' });
      // A new password signs the user out.
      const pw = await call(
        'u/addOrEditInternalUser',
        { uid: m.uid, password: await env().encrypt('Other1234') },
        owner,
      );
      expect(pw.status).toBe(0);
      expect((await call('o/ifOrgUser', {}, m)).status).toBe(Status.sessionExpired);
      expect((await login(m.phone, 'Other1234')).status).toBe(0);
      const taken = await call('u/addOrEditInternalUser', { uid: m.uid, email: 'RENAMED@example.com' }, owner);
      expect(taken.status).toBe(0); // its own address
      const other = await newDemoMember('Other');
      const clash = await call('u/addOrEditInternalUser', { uid: other.uid, email: 'renamed@example.com' }, owner);
      expect(clash).toMatchObject({
        status: Status.accountConflict,
        msg: 'This e-mail address is used by another account',
      });
    });

    it('refuses accounts shared with other properties, the owner, peers for non-owners, and operator-only fields', async () => {
      // The demo owner also belongs to partner: partner's owner may place them but not edit them.
      const shared = await call('u/addOrEditInternalUser', { uid: owner.uid, name: 'x' }, operator);
      expect(shared).toMatchObject({
        status: Status.forbidden,
        msg: 'This account also belongs to other properties; only a platform operator can change it',
      });
      const asMember = await call('u/addOrEditInternalUser', { uid: partnerOnlyUid, name: 'x' }, owner, {
        pno: partner,
      });
      expect(asMember.status).toBe(Status.forbidden); // an ordinary member there
      // An administrator (not the owner) may not edit the owner or another administrator.
      const admin = await newDemoMember('Admin');
      const peer = await newDemoMember('Peer admin');
      const set = await call(
        'ps/addOrUpdatePerSet',
        { name: 'User editors', permissionIdList: ['manage.users.edit'] },
        owner,
      );
      expect(set.status, set.msg).toBe(0);
      const assigned = await call(
        'ps/assignPerSet',
        { uidList: [admin.uid, peer.uid], psidList: [set.data.psid] },
        owner,
      );
      expect(assigned.status, assigned.msg).toBe(0);
      const onOwner = await call('u/addOrEditInternalUser', { uid: owner.uid, name: 'x' }, admin);
      expect(onOwner).toMatchObject({
        status: Status.conflict,
        msg: 'The property owner cannot be removed or disabled',
      });
      expect((await call('u/addOrEditInternalUser', { uid: peer.uid, name: 'x' }, admin)).status).toBe(
        Status.forbidden,
      );
      expect((await call('u/addOrEditInternalUser', { uid: peer.uid, name: 'Peer renamed' }, owner)).status).toBe(0);
      const flag = await call('u/addOrEditInternalUser', { uid: member.uid, isOperator: 1 }, owner);
      expect(flag).toMatchObject({ status: Status.forbidden, msg: 'Only a platform operator can set isOperator' });
      expect((await userRow(owner.uid)).name).toBe('演示管理员');
    });

    it('validates, checks permission and keeps to the property', async () => {
      expect((await call('u/addOrEditInternalUser', { name: 'No phone' }, owner)).status).toBe(Status.invalidInput);
      expect((await call('u/addOrEditInternalUser', { phoneNum: freshPhone() }, owner)).status).toBe(
        Status.invalidInput,
      );
      expect((await call('u/addOrEditInternalUser', { phoneNum: '123', name: 'x' }, owner)).status).toBe(
        Status.invalidInput,
      );
      expect((await call('u/addOrEditInternalUser', { phoneNum: DEMO_MEMBER_PHONE, name: 'x' }, owner)).status).toBe(
        Status.accountConflict,
      );
      expect((await call('u/addOrEditInternalUser', { phoneNum: freshPhone(), name: 'x' }, member)).status).toBe(
        Status.forbidden,
      );
      const foreign = await call('u/addOrEditInternalUser', { uid: partnerOnlyUid, name: 'Hijacked' }, owner);
      expect(foreign.status).toBe(Status.notFound);
      expect((await userRow(partnerOnlyUid)).name).toBe('Partner only');
      const moveForeign = await call('u/addOrEditInternalUser', { uid: partnerOnlyUid, oid: `root-${demo}` }, owner);
      expect(moveForeign.status).toBe(Status.notFound);
    });

    it('lets an operator create accounts and grant the operator flag, but not drop their own', async () => {
      const phone = freshPhone();
      const res = await call('u/addOrEditInternalUser', { phoneNum: phone, name: 'Staff', isOperator: 1 }, operator, {
        pno: '',
      });
      expect(res.status, res.msg).toBe(0);
      expect(await userRow(res.data.uid)).toMatchObject({ is_operator: 1, password_hash: null });
      const edit = await call('u/addOrEditInternalUser', { uid: res.data.uid, isOperator: 0 }, operator, { pno: '' });
      expect(edit.status).toBe(0);
      expect((await userRow(res.data.uid)).is_operator).toBe(0);
      const self = await call('u/addOrEditInternalUser', { uid: operator.uid, isOperator: 0 }, operator, { pno: '' });
      expect(self.status).toBe(Status.conflict);
      const adminNoPno = await call('u/addOrEditInternalUser', { phoneNum: freshPhone(), name: 'x' }, owner, {
        pno: '',
      });
      expect(adminNoPno.status).toBe(Status.forbidden);
    });
  });

  describe('u/updateUserStatus', () => {
    it('disables an account: its token stops on the next call and it cannot sign in; enabling lets it back', async () => {
      const m = await newDemoMember('To disable');
      expect((await call('o/ifOrgUser', {}, m)).status).toBe(0);
      const off = await call('u/updateUserStatus', { uidList: [m.uid], status: 0 }, owner);
      expect(off).toMatchObject({ status: 0, data: { changed: 1 } });
      expect((await call('o/ifOrgUser', {}, m)).status).toBe(Status.sessionExpired);
      expect((await login(m.phone, 'Passw0rd1')).status).toBe(Status.accountDisabled);
      const on = await call('u/updateUserStatus', { uidList: [m.uid], status: 1 }, owner);
      expect(on.data.changed).toBe(1);
      expect((await login(m.phone, 'Passw0rd1')).status).toBe(0);
      expect((await call('u/updateUserStatus', { uidList: [m.uid], status: 1 }, owner)).data.changed).toBe(0);
    });

    it('refuses oneself, the owner, shared accounts and ordinary members', async () => {
      expect((await call('u/updateUserStatus', { uidList: [owner.uid], status: 0 }, owner)).status).toBe(
        Status.conflict,
      );
      const theOwner = await call('u/updateUserStatus', { uidList: [operator.uid], status: 0 }, owner, {
        pno: partner,
      });
      expect(theOwner.status).toBe(Status.forbidden); // owner is an ordinary member of partner
      const ownerOfDemo = await call('u/updateUserStatus', { uidList: [owner.uid], status: 0 }, operator, {
        pno: partner,
      });
      expect(ownerOfDemo).toMatchObject({
        status: Status.forbidden,
        msg: 'This account also belongs to other properties; only a platform operator can change it',
      });
      expect((await call('u/updateUserStatus', { uidList: [member.uid], status: 0 }, member)).status).toBe(
        Status.forbidden,
      );
      expect((await userRow(owner.uid)).status).toBe(1);
    });

    it('validates and keeps to the property', async () => {
      expect((await call('u/updateUserStatus', { uidList: [], status: 0 }, owner)).status).toBe(Status.invalidInput);
      expect((await call('u/updateUserStatus', { uidList: [member.uid], status: 2 }, owner)).status).toBe(
        Status.invalidInput,
      );
      const m = await newDemoMember('Batch');
      const foreign = await call('u/updateUserStatus', { uidList: [m.uid, partnerOnlyUid], status: 0 }, owner);
      expect(foreign.status).toBe(Status.notFound);
      expect((await userRow(partnerOnlyUid)).status).toBe(1);
      expect((await userRow(m.uid)).status).toBe(1);
    });

    it('checks 500 accounts with a fixed number of queries, not one round per account', async () => {
      const now = Date.now();
      const uids = Array.from({ length: 500 }, (_, i) => `bulk-${now}-${i}`);
      await db()
        .insertInto('users')
        .values(
          uids.map((uid, i) => ({
            uid,
            phone: `1700${String(now).slice(-4)}${String(i).padStart(3, '0')}`,
            email: null,
            name: `Bulk ${i}`,
            password_hash: null,
            is_operator: 0,
            status: 1,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
      await db()
        .insertInto('property_members')
        .values(uids.map((uid) => ({ pno: demo, uid, role: 'member' as const, joined_at: now, oid: null })))
        .execute();
      const keel = env().app.keel;
      const plain = keel.db;
      let queries = 0;
      keel.db = plain.withPlugin({
        transformQuery: (a) => {
          queries += 1;
          return a.node;
        },
        transformResult: async (a) => a.result,
      });
      try {
        const off = await call('u/updateUserStatus', { uidList: uids, status: 0 }, owner);
        expect(off).toMatchObject({ status: 0, data: { changed: 500 } });
        expect(queries).toBeLessThan(20);
        // The owner among them refuses the whole batch, and nothing changes.
        queries = 0;
        const shared = await call('u/updateUserStatus', { uidList: [...uids.slice(1), owner.uid], status: 1 }, owner);
        expect(shared.status).toBe(Status.conflict);
        expect(queries).toBeLessThan(20);
      } finally {
        keel.db = plain;
      }
      const rows = await db().selectFrom('users').select('status').where('uid', 'in', uids).execute();
      expect(rows.every((r) => r.status === 0)).toBe(true);
    });

    it('lets an operator disable any account platform-wide', async () => {
      const m = await newDemoMember('Operator target');
      const off = await call('u/updateUserStatus', { uidList: [m.uid, owner.uid], status: 0 }, operator, { pno: '' });
      expect(off.data.changed).toBe(2);
      expect((await call('u/getUserList', {}, owner)).status).toBe(Status.sessionExpired);
      await call('u/updateUserStatus', { uidList: [owner.uid], status: 1 }, operator, { pno: '' });
      expect((await call('u/updateUserStatus', { uidList: ['nobody'], status: 0 }, operator, { pno: '' })).status).toBe(
        Status.notFound,
      );
      expect(
        (await call('u/updateUserStatus', { uidList: [operator.uid], status: 0 }, operator, { pno: '' })).status,
      ).toBe(Status.conflict);
    });
  });
});
