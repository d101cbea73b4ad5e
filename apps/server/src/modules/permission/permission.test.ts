import type { EndpointPath } from '@keel/contract/endpoints/index';
import { Status } from '@keel/contract/status';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMember } from '../../platform/auth/members-repo';
import { loadPropertyContext } from '../../platform/auth/property-context';
import { DEMO_MEMBER_PHONE, DEMO_OWNER_PHONE, DEMO_PASSWORD, seedDemo } from '../../seed/demo';
import { seedPermissionSets } from '../../seed/permissions';
import { type CallOptions, describeEachDb, freshIp, freshPhone } from '../../test/harness';

interface Who {
  token: string;
  uid: string;
}

const ADMIN_SET = [
  'account.permissionSet',
  'account.permissionSet.edit',
  'account.admin',
  'account.admin.assign',
  'firmware.task',
];

describeEachDb('administrators and permission sets', (env) => {
  let owner: Who;
  let member: Who;
  let operator: Who;
  let adminA: Who;
  let plain: Who;
  let other: Who;
  let demo: string;
  let partner: string;
  /** Sets of the demo property by name. */
  const sets: Record<string, string> = {};
  let partnerSet: string;
  const orgs: Record<string, string> = {};

  const as = (who: Who, pno: string | null = demo, lang: 'zh-cn' | 'en' = 'zh-cn'): CallOptions => ({
    token: who.token,
    ...(pno ? { pno } : {}),
    lang,
  });
  const call = <P extends EndpointPath>(path: P, input: Record<string, unknown>, options: CallOptions) =>
    env().call(path, input, options);
  const menu = async (who: Who, pno = demo): Promise<string[]> =>
    (await env().ok('pro/getMenuIdList', {}, as(who, pno))).menuIdList;
  // Tests look at whole tables: the tenant guard (platform/tenancy) is for the product's queries.
  const db = () => env().app.keel.db.withoutPlugins();
  const snapshot = async () => ({
    sets: await db().selectFrom('permission_sets').selectAll().orderBy('psid').execute(),
    admins: await db().selectFrom('permission_set_admins').selectAll().orderBy('psid').orderBy('uid').execute(),
    scopes: await db()
      .selectFrom('admin_scopes')
      .selectAll()
      .orderBy('psid')
      .orderBy('uid')
      .orderBy('ref_id')
      .execute(),
  });
  const login = async (account: string, password: string): Promise<Who & { propertyList: Array<{ pno: string }> }> => {
    const res = await env().call('a/login', { account, password: await env().encrypt(password) }, { ip: freshIp() });
    expect(res.status, res.msg).toBe(0);
    return res.data;
  };

  beforeAll(async () => {
    const keel = env().app.keel;
    await seedDemo(keel);
    const o = await login(DEMO_OWNER_PHONE, DEMO_PASSWORD);
    owner = o;
    [demo, partner] = o.propertyList.map((p) => p.pno);
    member = await login(DEMO_MEMBER_PHONE, DEMO_PASSWORD);
    operator = await login('13800000000', 'Operator123');
    adminA = await env().register(freshPhone(), 'Admin A');
    plain = await env().register(freshPhone(), 'Plain');
    other = await env().register(freshPhone(), 'Other');
    for (const who of [adminA, plain]) {
      env().advance(1);
      await addMember(keel.db, demo, who.uid, 'member', keel.now());
    }
    await addMember(keel.db, partner, other.uid, 'member', keel.now());
    // Organisation nodes (modules/org owns the calls; rows are enough here): A > A1, and B; X in the partner property.
    const now = keel.now();
    const node = (oid: string, pno: string, pid: string) => ({
      oid,
      pno,
      pid,
      name: oid,
      sort: 0,
      created_at: now,
      updated_at: now,
    });
    Object.assign(orgs, { a: `oa-${demo}`, a1: `oa1-${demo}`, b: `ob-${demo}`, x: `ox-${partner}` });
    await keel.db
      .insertInto('orgs')
      .values([
        node(orgs.a, demo, `root-${demo}`),
        node(orgs.a1, demo, orgs.a),
        node(orgs.b, demo, `root-${demo}`),
        node(orgs.x, partner, `root-${partner}`),
      ])
      .execute();
    // A set in the partner property (owned by the operator) for the cross-tenant tests.
    partnerSet = (
      await env().ok(
        'ps/addOrUpdatePerSet',
        { name: 'Partner set', permissionIdList: ['firmware.task'] },
        as(operator, partner),
      )
    ).psid;
    await env().ok('ps/assignPerSet', { uidList: [other.uid], psidList: [partnerSet] }, as(operator, partner));
  });

  describe('ps/getPerTreeList', () => {
    it("serves the owner the whole catalogue the businesses allow, named in the request's language", async () => {
      const tree = await env().ok('ps/getPerTreeList', {}, as(owner, demo, 'en'));
      const firmware = tree.find((n: { id: string }) => n.id === 'firmware');
      expect(firmware).toMatchObject({ name: 'Firmware updates', kind: 'menu' });
      expect(firmware?.children.map((c: { id: string }) => c.id)).toContain('firmware.task');
      const account = tree.find((n: { id: string }) => n.id === 'account');
      const setPage = account?.children.find((c: { id: string }) => c.id === 'account.permissionSet');
      expect(setPage?.children).toEqual([
        expect.objectContaining({ id: 'account.permissionSet.edit', kind: 'function', children: [] }),
      ]);
      expect(tree.some((n: { id: string }) => n.id === 'back')).toBe(false);
      // The partner property has two businesses: no signing menu there.
      const partnerTree = await env().ok('ps/getPerTreeList', {}, as(operator, partner));
      expect(partnerTree.map((n: { id: string }) => n.id)).not.toContain('signing');
    });

    it('answers "not allowed" to an ordinary member and asks for a property', async () => {
      expect((await call('ps/getPerTreeList', {}, as(member))).status).toBe(Status.forbidden);
      expect((await call('ps/getPerTreeList', {}, as(owner, null))).status).toBe(Status.forbidden);
      expect((await call('ps/getPerTreeList', {}, as(member, partner))).status).toBe(Status.notFound);
    });
  });

  describe('ps/addOrUpdatePerSet', () => {
    it('creates and edits sets, names unique in the property (folded), ids in catalogue order', async () => {
      sets.admin = (
        await env().ok('ps/addOrUpdatePerSet', { name: 'Admin team', permissionIdList: ADMIN_SET }, as(owner))
      ).psid;
      sets.ops = (
        await env().ok(
          'ps/addOrUpdatePerSet',
          { name: 'Firmware ops', remark: 'r', permissionIdList: ['firmware.software', 'firmware.task'] },
          as(owner),
        )
      ).psid;
      const dup = await call(
        'ps/addOrUpdatePerSet',
        { name: ' FIRMWARE  ops ', permissionIdList: [] },
        as(owner, demo, 'en'),
      );
      expect(dup).toMatchObject({ status: Status.conflict, msg: 'The name "FIRMWARE  ops" is already in use' });
      // The same name in another property is fine.
      expect(
        (await call('ps/addOrUpdatePerSet', { name: 'Firmware ops', permissionIdList: [] }, as(operator, partner)))
          .status,
      ).toBe(0);
      await env().ok(
        'ps/addOrUpdatePerSet',
        { psid: sets.ops, name: 'Firmware operations', permissionIdList: ['firmware.task', 'firmware.software'] },
        as(owner),
      );
      const row = await db()
        .selectFrom('permission_sets')
        .selectAll()
        .where('psid', '=', sets.ops)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ name: 'Firmware operations', remark: '' });
      expect(JSON.parse(row.permissions)).toEqual(['firmware.task', 'firmware.software']);
    });

    it('refuses unknown and back-office ids, bad names and lists', async () => {
      const before = await snapshot();
      for (const input of [
        { name: 'X', permissionIdList: ['nope'] },
        { name: 'X', permissionIdList: ['back.home'] },
        { name: '', permissionIdList: [] },
        { name: 'x'.repeat(51), permissionIdList: [] },
        { name: 'X', permissionIdList: 'firmware.task' },
        { name: 'X' },
      ]) {
        expect((await call('ps/addOrUpdatePerSet', input, as(owner))).status, JSON.stringify(input)).toBe(
          Status.invalidInput,
        );
      }
      expect(await snapshot()).toEqual(before);
    });

    it("never holds more than the property's businesses allow", async () => {
      const res = await call(
        'ps/addOrUpdatePerSet',
        { name: 'Signers', permissionIdList: ['signing.module'] },
        as(operator, partner, 'en'),
      );
      expect(res).toMatchObject({
        status: Status.forbidden,
        msg: 'You cannot grant permissions you do not hold: signing.module',
      });
    });

    it('answers another property\'s set "not found" and changes nothing; a member is not allowed', async () => {
      const before = await snapshot();
      const res = await call(
        'ps/addOrUpdatePerSet',
        { psid: partnerSet, name: 'Taken over', permissionIdList: [] },
        as(owner),
      );
      expect(res.status).toBe(Status.notFound);
      expect(
        (await call('ps/addOrUpdatePerSet', { psid: 'nope', name: 'N', permissionIdList: [] }, as(owner))).status,
      ).toBe(Status.notFound);
      expect((await call('ps/addOrUpdatePerSet', { name: 'Mine', permissionIdList: [] }, as(member))).status).toBe(
        Status.forbidden,
      );
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('ps/assignPerSet', () => {
    it('makes a member an administrator holding exactly the union of their sets, at once', async () => {
      expect(await menu(adminA)).not.toContain('firmware.task');
      const res = await env().ok('ps/assignPerSet', { uidList: [adminA.uid], psidList: [sets.admin] }, as(owner));
      expect(res).toEqual({ changed: 1 });
      const ids = await menu(adminA);
      expect(ids).toEqual(
        expect.arrayContaining([
          'general.home',
          'account',
          'account.admin',
          'account.admin.assign',
          'firmware',
          'firmware.task',
        ]),
      );
      expect(ids).not.toContain('firmware.software');
      expect(ids).not.toContain('account.title');
      const mine = await env().ok('pro/getMyPropertyList', {}, { token: adminA.token });
      expect(mine.find((p: { pno: string }) => p.pno === demo)?.role).toBe('admin');
      const news = await env().ok('news/getMyNewsList', { newsType: 'role' }, { token: adminA.token });
      expect(news.list[0].title).toContain('演示物业');
      // Repeating changes nothing.
      expect(await env().ok('ps/assignPerSet', { uidList: [adminA.uid], psidList: [sets.admin] }, as(owner))).toEqual({
        changed: 0,
      });
    });

    it('lets an administrator grant only what they hold', async () => {
      const beyond = await call(
        'ps/addOrUpdatePerSet',
        { name: 'Mine', permissionIdList: ['firmware.software'] },
        as(adminA, demo, 'en'),
      );
      expect(beyond).toMatchObject({
        status: Status.forbidden,
        msg: 'You cannot grant permissions you do not hold: firmware.software',
      });
      sets.task = (
        await env().ok('ps/addOrUpdatePerSet', { name: 'Tasks only', permissionIdList: ['firmware.task'] }, as(adminA))
      ).psid;
      const tree = await env().ok('ps/getPerTreeList', {}, as(adminA));
      const firmware = tree.find((n: { id: string }) => n.id === 'firmware');
      expect(firmware?.children.map((c: { id: string }) => c.id)).toEqual(['firmware.task']);
      const set = await call('ps/assignPerSet', { uidList: [plain.uid], psidList: [sets.ops] }, as(adminA, demo, 'en'));
      expect(set.status).toBe(Status.forbidden);
      expect(set.msg).toContain('Firmware operations');
      expect(
        await env().ok('ps/assignPerSet', { uidList: [plain.uid], psidList: [sets.task], mode: 'add' }, as(adminA)),
      ).toEqual({ changed: 1 });
      expect(await menu(plain)).toContain('firmware.task');
      // Editing or deleting a set beyond the caller is refused too.
      expect(
        (
          await call(
            'ps/addOrUpdatePerSet',
            { psid: sets.ops, name: 'Ops', permissionIdList: ['firmware.task'] },
            as(adminA),
          )
        ).status,
      ).toBe(Status.forbidden);
      expect((await call('ps/delPerSet', { psid: sets.ops, force: 1 }, as(adminA))).status).toBe(Status.forbidden);
    });

    it('refuses the caller themself, the owner, non-members, unknown sets and bad input', async () => {
      const before = await snapshot();
      const cases: Array<[Record<string, unknown>, CallOptions, number]> = [
        [{ uidList: [adminA.uid], psidList: [] }, as(adminA), Status.conflict],
        [{ uidList: [owner.uid], psidList: [sets.task] }, as(adminA), Status.conflict],
        [{ uidList: [other.uid], psidList: [sets.task] }, as(owner), Status.notFound],
        [{ uidList: [plain.uid], psidList: ['nope'] }, as(owner), Status.notFound],
        [{ uidList: [plain.uid], psidList: [partnerSet] }, as(owner), Status.notFound],
        [{ uidList: [], psidList: [sets.task] }, as(owner), Status.invalidInput],
        [{ uidList: [plain.uid], psidList: [sets.task], mode: 'merge' }, as(owner), Status.invalidInput],
        [{ uidList: [plain.uid], psidList: [sets.task] }, as(member), Status.forbidden],
      ];
      for (const [input, options, status] of cases) {
        expect((await call('ps/assignPerSet', input, options)).status, JSON.stringify(input)).toBe(status);
      }
      expect(await snapshot()).toEqual(before);
    });

    it('takes sets away with mode remove; a member left without sets is an ordinary member again', async () => {
      await env().ok('ps/assignPerSet', { uidList: [plain.uid], psidList: [sets.task], mode: 'remove' }, as(owner));
      expect(await menu(plain)).not.toContain('firmware.task');
      const mine = await env().ok('pro/getMyPropertyList', {}, { token: plain.token });
      expect(mine.find((p: { pno: string }) => p.pno === demo)?.role).toBe('member');
      await env().ok('ps/assignPerSet', { uidList: [plain.uid], psidList: [sets.task] }, as(adminA));
    });
  });

  describe('lists', () => {
    it("ps/getMyPerSetList: sets with whether the caller may grant them, and one member's scopes", async () => {
      const all = await env().ok('ps/getMyPerSetList', {}, as(owner));
      expect(all.total).toBe(3);
      expect(all.list.every((s: { grantable: number }) => s.grantable === 1)).toBe(true);
      const seen = await env().ok('ps/getMyPerSetList', { pageSize: 50 }, as(adminA));
      const grantable = Object.fromEntries(
        seen.list.map((s: { name: string; grantable: number }) => [s.name, s.grantable]),
      );
      expect(grantable).toEqual({ 'Admin team': 1, 'Firmware operations': 0, 'Tasks only': 1 });
      const assigned = await env().ok('ps/getMyPerSetList', { assignedUid: adminA.uid, filterPno: demo }, as(owner));
      expect(assigned.list).toEqual([
        expect.objectContaining({ psid: sets.admin, adminCount: 1, assignment: { oidList: null, sidList: null } }),
      ]);
      expect((await call('ps/getMyPerSetList', { str: 'tasks' }, as(owner))).data.total).toBe(1);
      expect((await call('ps/getMyPerSetList', { filterPno: partner }, as(owner))).status).toBe(Status.notFound);
      expect((await call('ps/getMyPerSetList', { assignedUid: other.uid }, as(owner))).status).toBe(Status.notFound);
      expect((await call('ps/getMyPerSetList', {}, as(member))).status).toBe(Status.forbidden);
      expect((await call('ps/getMyPerSetList', { pageSize: 0 }, as(owner))).status).toBe(Status.invalidInput);
    });

    it('ps/getMyAdminList: the owner first, then administrators with their sets', async () => {
      const page = await env().ok('ps/getMyAdminList', {}, as(owner));
      expect(page.list.map((a: { uid: string; role: string }) => [a.uid, a.role])).toEqual([
        [owner.uid, 'owner'],
        [adminA.uid, 'admin'],
        [plain.uid, 'admin'],
      ]);
      expect(page.list[1].permissionSetList).toEqual([
        { psid: sets.admin, name: 'Admin team', oidList: null, sidList: null },
      ]);
      expect((await env().ok('ps/getMyAdminList', { str: 'Plain' }, as(owner))).total).toBe(1);
      expect((await call('ps/getMyAdminList', {}, as(member))).status).toBe(Status.forbidden);
      expect((await call('ps/getMyAdminList', {}, as(member, partner))).status).toBe(Status.notFound);
    });

    it('operators list sets and administrators across properties; administrators may not', async () => {
      const sets = await env().ok('ps/getAllPerSetList', { pageSize: 100 }, as(operator, null));
      expect(new Set(sets.list.map((s: { propertyName: string }) => s.propertyName))).toEqual(
        new Set(['演示物业', '合作物业']),
      );
      const partnerOnly = await env().ok('ps/getAllPerSetList', { filterPno: partner }, as(operator, null));
      expect(partnerOnly.list.every((s: { pno: string }) => s.pno === partner)).toBe(true);
      const admins = await env().ok('ps/getAllAdminList', { filterPno: partner }, as(operator, null));
      expect(admins.list.map((a: { uid: string; role: string }) => [a.uid, a.role])).toEqual([
        [operator.uid, 'owner'],
        [other.uid, 'admin'],
      ]);
      expect(admins.list[1]).toMatchObject({ propertyName: '合作物业', permissionSetList: [{ psid: partnerSet }] });
      expect((await call('ps/getAllAdminList', {}, as(owner))).status).toBe(Status.forbidden);
      expect((await call('ps/getAllPerSetList', {}, as(owner))).status).toBe(Status.forbidden);
      expect((await call('ps/getAllPerSetList', { pageNum: 'x' }, as(operator, null))).status).toBe(
        Status.invalidInput,
      );
    });
  });

  describe('scopes', () => {
    it('ps/assignMgeOrg limits an assignment to subtrees; the limited administrator hands on no more', async () => {
      await env().ok('ps/assignMgeOrg', { uid: adminA.uid, psid: sets.admin, oidList: [orgs.a] }, as(owner));
      const ctx = await loadPropertyContext(db(), adminA.uid, demo);
      expect(ctx?.scopeOf('firmware.task')).toEqual({ orgs: [orgs.a], spaces: null });
      expect(ctx?.scopeOf('general.home')).toEqual({ orgs: null, spaces: null });
      expect(ctx?.scopeOf('firmware.software')).toEqual({ orgs: [], spaces: [] });
      // A new assignment by the limited administrator inherits their reach.
      await env().ok('ps/assignPerSet', { uidList: [member.uid], psidList: [sets.task] }, as(adminA));
      const assigned = await env().ok('ps/getMyPerSetList', { assignedUid: member.uid }, as(owner));
      expect(assigned.list[0].assignment).toEqual({ oidList: [orgs.a], sidList: null });
      // Within the caller's subtree is fine; outside it, or lifting the limit, is not.
      await env().ok('ps/assignMgeOrg', { uid: member.uid, psid: sets.task, oidList: [orgs.a1] }, as(adminA));
      for (const oidList of [[orgs.b], [], [orgs.a, orgs.b]]) {
        const res = await call('ps/assignMgeOrg', { uid: member.uid, psid: sets.task, oidList }, as(adminA));
        expect(res.status, JSON.stringify(oidList)).toBe(Status.forbidden);
      }
      // The owner lifts it with an empty list or the root.
      await env().ok('ps/assignMgeOrg', { uid: member.uid, psid: sets.task, oidList: [`root-${demo}`] }, as(owner));
      expect((await loadPropertyContext(db(), member.uid, demo))?.scopeOf('firmware.task').orgs).toBeNull();
    });

    it('ps/assignMgeOrg refuses unknown and foreign nodes, unassigned sets, the owner, oneself and members', async () => {
      const before = await snapshot();
      const cases: Array<[Record<string, unknown>, CallOptions, number]> = [
        [{ uid: member.uid, psid: sets.task, oidList: ['nope'] }, as(owner), Status.notFound],
        [{ uid: member.uid, psid: sets.task, oidList: [orgs.x] }, as(owner), Status.notFound],
        [{ uid: member.uid, psid: partnerSet, oidList: [] }, as(owner), Status.notFound],
        [{ uid: other.uid, psid: sets.task, oidList: [] }, as(owner), Status.notFound],
        [{ uid: member.uid, psid: sets.ops, oidList: [] }, as(owner), Status.notFound],
        [{ uid: owner.uid, psid: sets.task, oidList: [] }, as(adminA), Status.conflict],
        [{ uid: adminA.uid, psid: sets.admin, oidList: [] }, as(adminA), Status.conflict],
        [{ uid: member.uid, psid: sets.task, oidList: [orgs.a] }, as(plain), Status.forbidden],
        [{ uid: member.uid, psid: sets.task, oidList: orgs.a }, as(owner), Status.invalidInput],
        [{ uid: member.uid, oidList: [] }, as(owner), Status.invalidInput],
      ];
      for (const [input, options, status] of cases) {
        expect((await call('ps/assignMgeOrg', input, options)).status, JSON.stringify(input)).toBe(status);
      }
      expect(await snapshot()).toEqual(before);
    });

    it('ps/assignMgeSpace stores the space scope; an empty list lifts it', async () => {
      const space = async (name: string) =>
        (await env().ok('space/addSpace', { name, business: 'terminal', category: 'file', quota: 1000 }, as(owner)))
          .sid;
      const [s1, s2] = [await space('Scope space 1'), await space('Scope space 2')].sort();
      await env().ok('ps/assignMgeSpace', { uid: plain.uid, psid: sets.task, sidList: [s1, s2] }, as(owner));
      const page = await env().ok('ps/getMyAdminList', { str: 'Plain' }, as(owner));
      expect(page.list[0].permissionSetList[0]?.sidList?.slice().sort()).toEqual([s1, s2]);
      expect(
        (await loadPropertyContext(db(), plain.uid, demo))?.scopeOf('firmware.task').spaces?.slice().sort(),
      ).toEqual([s1, s2]);
      // Ids that name no space of the property are "not found", and change nothing.
      const unchanged = await snapshot();
      expect(
        (await call('ps/assignMgeSpace', { uid: plain.uid, psid: sets.task, sidList: [s1, 'nope'] }, as(owner))).status,
      ).toBe(Status.notFound);
      expect(await snapshot()).toEqual(unchanged);
      // adminA is not limited to spaces, so any space is within reach.
      await env().ok('ps/assignMgeSpace', { uid: plain.uid, psid: sets.task, sidList: [] }, as(adminA));
      expect((await loadPropertyContext(db(), plain.uid, demo))?.scopeOf('firmware.task').spaces).toBeNull();
      const before = await snapshot();
      expect(
        (await call('ps/assignMgeSpace', { uid: plain.uid, psid: partnerSet, sidList: [] }, as(owner))).status,
      ).toBe(Status.notFound);
      expect(
        (await call('ps/assignMgeSpace', { uid: other.uid, psid: sets.task, sidList: [] }, as(owner))).status,
      ).toBe(Status.notFound);
      expect(
        (await call('ps/assignMgeSpace', { uid: plain.uid, psid: sets.task, sidList: ['s'] }, as(member))).status,
      ).toBe(Status.forbidden);
      expect(
        (await call('ps/assignMgeSpace', { uid: plain.uid, psid: sets.task, sidList: [''] }, as(owner))).status,
      ).toBe(Status.invalidInput);
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('businesses and sets', () => {
    it('a switched-off business takes its ids from administrators and gives them back; edits keep them', async () => {
      await env().ok('pro/setBusinessDisable', { business: 'firmware', disabled: 1 }, as(owner));
      expect(await menu(adminA)).not.toContain('firmware.task');
      expect(await menu(owner)).not.toContain('firmware');
      // The owner edits the set meanwhile: the dormant firmware id stays in it.
      await env().ok(
        'ps/addOrUpdatePerSet',
        { psid: sets.admin, name: 'Admin team', permissionIdList: ADMIN_SET.slice(0, 4) },
        as(owner),
      );
      await env().ok('pro/setBusinessDisable', { business: 'firmware', disabled: 0 }, as(owner));
      expect(await menu(adminA)).toContain('firmware.task');
    });
  });

  describe('ps/delPerSet', () => {
    it('refuses a set still assigned unless forced; forcing demotes those left without sets', async () => {
      const held = await call('ps/delPerSet', { psid: sets.task }, as(owner, demo, 'en'));
      expect(held).toMatchObject({
        status: Status.conflict,
        msg: 'Still has 2 users; remove them first, or confirm removing them too',
      });
      const before = await snapshot();
      for (const [input, options, status] of [
        [{ psid: partnerSet, force: 1 }, as(owner), Status.notFound],
        [{ psid: 'nope' }, as(owner), Status.notFound],
        [{ psid: sets.task, force: 2 }, as(owner), Status.invalidInput],
        [{ psid: sets.task, force: 1 }, as(member), Status.forbidden],
      ] as Array<[Record<string, unknown>, CallOptions, number]>) {
        expect((await call('ps/delPerSet', input, options)).status, JSON.stringify(input)).toBe(status);
      }
      expect(await snapshot()).toEqual(before);
      expect(await env().ok('ps/delPerSet', { psid: sets.task, force: 1 }, as(owner))).toEqual({ unassigned: 2 });
      expect(await menu(plain)).not.toContain('firmware.task');
      const admins = await env().ok('ps/getMyAdminList', {}, as(owner));
      expect(admins.list.map((a: { uid: string }) => a.uid)).toEqual([owner.uid, adminA.uid]);
      expect(await env().ok('ps/delPerSet', { psid: sets.ops }, as(owner))).toEqual({ unassigned: 0 });
      expect((await env().ok('ps/getMyPerSetList', {}, as(owner))).total).toBe(1);
    });
  });

  describe('seedPermissionSets', () => {
    it('adds two sets and assigns them, idempotently', async () => {
      const keel = env().app.keel;
      const first = await seedPermissionSets(keel, demo, owner.uid, { opsUids: [plain.uid], accountUids: [owner.uid] });
      expect(await seedPermissionSets(keel, demo, owner.uid, { opsUids: [plain.uid] })).toEqual(first);
      expect((await env().ok('ps/getMyPerSetList', {}, as(owner))).total).toBe(3);
      expect(await menu(plain)).toEqual(expect.arrayContaining(['firmware.task', 'terminals.list', 'files.fileList']));
      expect(await menu(plain)).not.toContain('account.title');
    });
  });
});
