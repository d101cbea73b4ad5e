import { ORG_MAX_DEPTH } from '@keel/contract/endpoints/org';
import { Status } from '@keel/contract/status';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MEMBER_PHONE, DEMO_OWNER_PHONE, DEMO_PASSWORD, seedDemo } from '../../seed/demo';
import { type CallOptions, describeEachDb, freshIp, freshPhone } from '../../test/harness';

interface Who {
  token: string;
  uid: string;
  pno?: string;
}

describeEachDb('organisations', (env) => {
  let owner: Who; // owner of 演示物业 (demo), member of 合作物业 (partner)
  let member: Who; // ordinary member of demo
  let operator: Who; // platform operator, owner of partner
  let demo: string;
  let partner: string;
  let partnerNode: string; // a node of the partner property
  let partnerMemberUid: string;

  const login = async (account: string, password: string): Promise<Who & { propertyList: { pno: string }[] }> => {
    const res = await env().call('a/login', { account, password: await env().encrypt(password) }, { ip: freshIp() });
    expect(res.status, res.msg).toBe(0);
    return res.data;
  };
  const as = (who: Who | null, opts: CallOptions = {}): CallOptions => ({
    token: who?.token,
    pno: opts.pno ?? who?.pno,
    lang: opts.lang ?? 'en',
  });
  // biome-ignore lint/suspicious/noExplicitAny: endpoint inputs are checked by the contract in the app.
  const call = (path: any, input: Record<string, unknown>, who: Who | null, opts: CallOptions = {}) =>
    env().call(path, input, as(who, opts));
  // biome-ignore lint/suspicious/noExplicitAny: as above.
  const ok = (path: any, input: Record<string, unknown>, who: Who) => env().ok(path, input, as(who));
  const root = (pno: string) => `root-${pno}`;
  // Tests look at whole tables: the tenant guard (platform/tenancy) is for the product's queries.
  const db = () => env().app.keel.db.withoutPlugins();
  const news = (uid: string) =>
    db().selectFrom('news').selectAll().where('uid', '=', uid).orderBy('created_at', 'desc').execute();
  const nodeCount = async (pno: string) =>
    (await db().selectFrom('orgs').select('oid').where('pno', '=', pno).execute()).length;
  const addNode = async (who: Who, pid: string, name: string) => {
    const res = await call('o/addOrUpdateOrg', { pid, name }, who);
    expect(res.status, res.msg).toBe(0);
    return res.data.oid as string;
  };

  const relogin = async () => {
    owner.token = (await login(DEMO_OWNER_PHONE, DEMO_PASSWORD)).token;
    member.token = (await login(DEMO_MEMBER_PHONE, DEMO_PASSWORD)).token;
    operator.token = (await login('13800000000', 'Operator123')).token;
  };

  beforeAll(async () => {
    await seedDemo(env().app.keel);
    const o = await login(DEMO_OWNER_PHONE, DEMO_PASSWORD);
    demo = o.propertyList[0]?.pno as string;
    partner = o.propertyList[1]?.pno as string;
    owner = { token: o.token, uid: o.uid, pno: demo };
    const m = await login(DEMO_MEMBER_PHONE, DEMO_PASSWORD);
    member = { token: m.token, uid: m.uid, pno: demo };
    const op = await login('13800000000', 'Operator123');
    operator = { token: op.token, uid: op.uid, pno: partner };
    partnerNode = await addNode(operator, root(partner), '合作部门');
    partnerMemberUid = o.uid; // the demo owner is a member of partner; operator is its owner
    const placed = await call('o/moveOrgUser', { uidList: [owner.uid], oid: partnerNode }, operator);
    expect(placed.status, placed.msg).toBe(0);
  });

  describe('the tree', () => {
    it('starts as the root, which is the property itself, with its members', async () => {
      const res = await call('o/getMyOrgTreeList', {}, owner);
      expect(res.status, res.msg).toBe(0);
      expect(res.data).toHaveLength(1);
      expect(res.data[0]).toMatchObject({ oid: root(demo), pid: null, name: '演示物业', isRoot: 1, pno: demo });
      expect(res.data[0].userNum).toBe(2);
    });

    it('refuses an ordinary member, and needs a property', async () => {
      expect((await call('o/getMyOrgTreeList', {}, member)).status).toBe(Status.forbidden);
      expect((await call('o/getMyOrgTreeList', {}, owner, { pno: '' })).status).toBe(Status.forbidden);
      expect((await call('o/getMyOrgTreeList', {}, member, { pno: partner })).status).toBe(Status.notFound);
    });

    it('adds nested nodes, renames and re-sorts them; sibling names are unique', async () => {
      const a = await addNode(owner, root(demo), '研发部');
      const b = await addNode(owner, a, '平台组');
      const dup = await call('o/addOrUpdateOrg', { pid: a, name: '平台组' }, owner);
      expect(dup).toMatchObject({ status: Status.conflict, msg: 'A sibling organisation is already named "平台组"' });
      // The same name under another parent is fine.
      await addNode(owner, root(demo), '平台组');
      const renamed = await call('o/addOrUpdateOrg', { oid: b, pid: a, name: '基础平台组', sort: 5 }, owner);
      expect(renamed).toMatchObject({ status: 0, data: { oid: b } });
      const tree = (await call('o/getMyOrgTreeList', {}, owner)).data[0];
      const dev = tree.children.find((c: { oid: string }) => c.oid === a);
      expect(dev.children).toMatchObject([{ oid: b, pid: a, name: '基础平台组', sort: 5, isRoot: 0 }]);
      expect(dev.childNum).toBe(1);
    });

    it('validates input', async () => {
      for (const input of [
        { pid: root(demo), name: '' },
        { pid: root(demo), name: 'x'.repeat(51) },
        { pid: '', name: 'ok' },
        { pid: root(demo), name: 'ok', sort: -1 },
      ]) {
        const res = await call('o/addOrUpdateOrg', input, owner);
        expect(res.status, JSON.stringify(input)).toBe(Status.invalidInput);
      }
      expect((await call('o/addOrUpdateOrg', { pid: 'nope', name: 'x' }, owner)).status).toBe(Status.notFound);
      expect((await call('o/addOrUpdateOrg', { oid: 'nope', pid: root(demo), name: 'x' }, owner)).status).toBe(
        Status.notFound,
      );
      expect((await call('o/addOrUpdateOrg', { pid: root(demo), name: 'x' }, member)).status).toBe(Status.forbidden);
    });

    it("answers another property's nodes as not found, changing nothing", async () => {
      const before = await nodeCount(partner);
      const under = await call('o/addOrUpdateOrg', { pid: partnerNode, name: '越界' }, owner);
      expect(under.status).toBe(Status.notFound);
      const rename = await call('o/addOrUpdateOrg', { oid: partnerNode, pid: root(demo), name: '越界' }, owner);
      expect(rename.status).toBe(Status.notFound);
      const underRoot = await call('o/addOrUpdateOrg', { pid: root(partner), name: '越界' }, owner);
      expect(underRoot.status).toBe(Status.notFound);
      expect((await call('o/delOrgTree', { oid: partnerNode }, owner)).status).toBe(Status.notFound);
      expect(await nodeCount(partner)).toBe(before);
      const node = await db().selectFrom('orgs').selectAll().where('oid', '=', partnerNode).executeTakeFirstOrThrow();
      expect(node.name).toBe('合作部门');
    });

    it('moves a subtree, never under itself or its own descendants; the root stays put', async () => {
      const a = await addNode(owner, root(demo), '市场部');
      const b = await addNode(owner, a, '华东区');
      const c = await addNode(owner, b, '上海');
      for (const pid of [a, b, c]) {
        const res = await call('o/addOrUpdateOrg', { oid: a, pid, name: '市场部' }, owner);
        expect(res, pid).toMatchObject({
          status: Status.conflict,
          msg: 'An organisation cannot be moved under itself or one of its own sub-organisations',
        });
      }
      const rootMove = await call('o/addOrUpdateOrg', { oid: root(demo), pid: a, name: 'x' }, owner);
      expect(rootMove.status).toBe(Status.conflict);
      // Move b (with c) to the root, then a under c: legal now.
      expect((await call('o/addOrUpdateOrg', { oid: b, pid: root(demo), name: '华东区' }, owner)).status).toBe(0);
      expect((await call('o/addOrUpdateOrg', { oid: a, pid: c, name: '市场部' }, owner)).status).toBe(0);
      const tree = (await call('o/getMyOrgTreeList', {}, owner)).data[0];
      const east = tree.children.find((n: { oid: string }) => n.oid === b);
      expect(east.children[0].oid).toBe(c);
      expect(east.children[0].children[0].oid).toBe(a);
    });

    it(`keeps the tree at most ${ORG_MAX_DEPTH} levels deep, also when moving`, async () => {
      let pid = root(demo);
      const chain: string[] = [];
      for (let i = 1; i <= ORG_MAX_DEPTH; i += 1) {
        pid = await addNode(owner, pid, `L${i}`);
        chain.push(pid);
      }
      const tooDeep = await call('o/addOrUpdateOrg', { pid, name: 'too deep' }, owner);
      expect(tooDeep).toMatchObject({
        status: Status.conflict,
        msg: `The organisation tree can be at most ${ORG_MAX_DEPTH} levels deep`,
      });
      const side = await addNode(owner, root(demo), 'side');
      await addNode(owner, side, 'side child');
      // side (height 1) under L14 would put its child at level 16.
      const move = await call('o/addOrUpdateOrg', { oid: side, pid: chain[ORG_MAX_DEPTH - 2], name: 'side' }, owner);
      expect(move.status).toBe(Status.conflict);
      const ok = await call('o/addOrUpdateOrg', { oid: side, pid: chain[ORG_MAX_DEPTH - 3], name: 'side' }, owner);
      expect(ok.status, ok.msg).toBe(0);
    });

    it('deletes an empty node; says what blocks a node with sub-nodes or members', async () => {
      const a = await addNode(owner, root(demo), '待删除');
      const b = await addNode(owner, a, '子部门');
      const blocked = await call('o/delOrgTree', { oid: a }, owner);
      expect(blocked).toMatchObject({
        status: Status.conflict,
        msg: '"待删除" still has 1 sub-organisations and 0 members; move or remove them first',
      });
      expect((await call('o/moveOrgUser', { uidList: [member.uid], oid: b }, owner)).status).toBe(0);
      const withMember = await call('o/delOrgTree', { oid: b }, owner, { lang: 'zh-cn' });
      expect(withMember).toMatchObject({
        status: Status.conflict,
        msg: '“子部门”下还有 0 个子组织和 1 位成员，请先移走或删除',
      });
      expect((await call('o/delOrgTree', { oid: b }, member)).status).toBe(Status.forbidden);
      expect((await call('o/moveOrgUser', { uidList: [member.uid], oid: root(demo) }, owner)).status).toBe(0);
      expect((await call('o/delOrgTree', { oid: b }, owner)).status).toBe(0);
      expect((await call('o/delOrgTree', { oid: a }, owner)).status).toBe(0);
      expect((await call('o/delOrgTree', { oid: a }, owner)).status).toBe(Status.notFound);
      expect((await call('o/delOrgTree', { oid: root(demo) }, owner)).status).toBe(Status.conflict);
      expect((await call('o/delOrgTree', { oid: '' }, owner)).status).toBe(Status.invalidInput);
    });

    it("shows operators any property's tree, or every property's root", async () => {
      const all = await call('o/getAllOrgTreeList', {}, operator, { pno: '' });
      expect(all.status, all.msg).toBe(0);
      const pnos = all.data.map((n: { pno: string }) => n.pno);
      expect(pnos).toEqual(expect.arrayContaining([demo, partner]));
      expect(all.data.find((n: { pno: string }) => n.pno === partner)).toMatchObject({ childNum: 1, totalUserNum: 2 });
      const one = await call('o/getAllOrgTreeList', { filterPno: demo }, operator, { pno: '' });
      expect(one.data[0]).toMatchObject({ oid: root(demo), name: '演示物业' });
      expect(one.data[0].children.length).toBeGreaterThan(0);
      expect((await call('o/getAllOrgTreeList', { filterPno: '99999999' }, operator, { pno: '' })).status).toBe(
        Status.notFound,
      );
      expect((await call('o/getAllOrgTreeList', { filterPno: demo }, owner)).status).toBe(Status.forbidden);
    });
  });

  describe('members on nodes', () => {
    let team: string;
    let sub: string;
    const extra: string[] = [];

    beforeAll(async () => {
      team = await addNode(owner, root(demo), '成员测试部');
      sub = await addNode(owner, team, '成员测试组');
      const now = env().now();
      // 23 members straight into the tables, placed on `sub`, joining one ms apart.
      for (let i = 0; i < 23; i += 1) {
        const uid = `test-user-${env().dialect}-${i}`;
        extra.push(uid);
        await db()
          .insertInto('users')
          .values({
            uid,
            phone: freshPhone(),
            email: i === 7 ? 'Seven_Special@example.com' : null,
            name: `成员${String(i).padStart(2, '0')}`,
            password_hash: null,
            is_operator: 0,
            status: 1,
            created_at: now,
            updated_at: now,
          })
          .execute();
        await db()
          .insertInto('property_members')
          .values({ pno: demo, uid, role: 'member', joined_at: now + i, oid: sub })
          .execute();
      }
    });

    it('lists a node, its subtree, or the root, in joining order, page by page', async () => {
      const direct = await call('o/getOrgUserList', { oid: team, pageNum: 1, pageSize: 10 }, owner);
      expect(direct.data).toMatchObject({ total: 0, list: [] });
      const seen: string[] = [];
      for (let page = 1; page <= 4; page += 1) {
        const res = await call('o/getOrgUserList', { oid: team, includeSub: 1, pageNum: page, pageSize: 7 }, owner);
        expect(res.status, res.msg).toBe(0);
        expect(res.data.total).toBe(23);
        seen.push(...res.data.list.map((u: { uid: string }) => u.uid));
      }
      expect(seen).toEqual(extra);
      const last = await call('o/getOrgUserList', { oid: sub, pageNum: 4, pageSize: 7 }, owner);
      expect(last.data.list.map((u: { uid: string }) => u.uid)).toEqual(extra.slice(21));
      expect(last.data.list[0]).toMatchObject({ oid: sub, orgName: '成员测试组', role: 'member', status: 1 });
      const beyond = await call('o/getOrgUserList', { oid: sub, pageNum: 9, pageSize: 7 }, owner);
      expect(beyond.data).toMatchObject({ total: 23, list: [] });
      const whole = await call('o/getOrgUserList', { oid: root(demo), includeSub: 1, pageSize: 100 }, owner);
      expect(whole.data.total).toBe(25);
      const rootOnly = await call('o/getOrgUserList', { oid: root(demo) }, owner);
      expect(rootOnly.data.list.map((u: { uid: string }) => u.uid).sort()).toEqual([owner.uid, member.uid].sort());
      expect(rootOnly.data.list[0]).toMatchObject({ oid: root(demo), orgName: '演示物业' });
    });

    it('searches name, phone and e-mail; wildcards match themselves', async () => {
      const byName = await call('o/getOrgUserList', { oid: sub, str: '成员1' }, owner);
      expect(byName.data.total).toBe(10);
      const byEmail = await call('o/getOrgUserList', { oid: sub, str: 'seven_special' }, owner);
      expect(byEmail.data.list.map((u: { uid: string }) => u.uid)).toEqual([extra[7]]);
      const wildcard = await call('o/getOrgUserList', { oid: sub, str: '%' }, owner);
      expect(wildcard.data.total).toBe(0);
    });

    it('searches the whole subtree of the node, not only its direct members', async () => {
      // team has no direct members; its sub-unit holds the 23.
      expect((await call('o/getOrgUserList', { oid: team }, owner)).data.total).toBe(0);
      const below = await call('o/getOrgUserList', { oid: team, str: 'seven_special' }, owner);
      expect(below.data.list.map((u: { uid: string }) => u.uid)).toEqual([extra[7]]);
      expect(below.data.list[0]).toMatchObject({ oid: sub, orgName: '成员测试组' });
      const fromRoot = await call('o/getOrgUserList', { oid: root(demo), str: '成员1' }, owner);
      expect(fromRoot.data.total).toBe(10);
    });

    it('validates, checks permission and keeps to the property', async () => {
      expect((await call('o/getOrgUserList', { oid: sub, pageSize: 0 }, owner)).status).toBe(Status.invalidInput);
      expect((await call('o/getOrgUserList', { oid: sub, includeSub: 2 }, owner)).status).toBe(Status.invalidInput);
      expect((await call('o/getOrgUserList', { oid: sub }, member)).status).toBe(Status.forbidden);
      expect((await call('o/getOrgUserList', { oid: partnerNode }, owner)).status).toBe(Status.notFound);
      expect((await call('o/getOrgUserList', { oid: root(partner) }, owner)).status).toBe(Status.notFound);
    });

    it('moves members between nodes; unknown or foreign ids change nothing', async () => {
      const moved = await call('o/moveOrgUser', { uidList: [extra[0], extra[1]], oid: team }, owner);
      expect(moved).toMatchObject({ status: 0, data: { moved: 2 } });
      expect((await call('o/getOrgUserList', { oid: team }, owner)).data.total).toBe(2);
      const foreign = await call(
        'o/moveOrgUser',
        { uidList: [extra[2], partnerMemberUid, 'nobody'], oid: team },
        owner,
      );
      expect(foreign.status).toBe(Status.notFound);
      const toForeign = await call('o/moveOrgUser', { uidList: [extra[2]], oid: partnerNode }, owner);
      expect(toForeign.status).toBe(Status.notFound);
      expect((await call('o/getOrgUserList', { oid: team }, owner)).data.total).toBe(2);
      expect((await call('o/moveOrgUser', { uidList: [], oid: team }, owner)).status).toBe(Status.invalidInput);
      expect((await call('o/moveOrgUser', { uidList: [extra[2]], oid: team }, member)).status).toBe(Status.forbidden);
      // The owner of partner placed the demo owner on a partner node; demo's admin cannot touch that.
      const partnerSide = await db()
        .selectFrom('property_members')
        .select('oid')
        .where('pno', '=', partner)
        .where('uid', '=', partnerMemberUid)
        .executeTakeFirstOrThrow();
      expect(partnerSide.oid).toBe(partnerNode);
    });

    it('removes a member from the property, but not the owner, and only from the node they are on', async () => {
      const wrongNode = await call('o/delOrgUser', { oid: sub, uid: extra[0] }, owner);
      expect(wrongNode.status).toBe(Status.notFound);
      expect((await call('o/delOrgUser', { oid: team, uid: extra[0] }, member)).status).toBe(Status.forbidden);
      const ok = await call('o/delOrgUser', { oid: team, uid: extra[0] }, owner);
      expect(ok.status, ok.msg).toBe(0);
      expect((await news(extra[0] as string))[0]).toMatchObject({ news_type: 'role', pno: demo });
      expect((await call('o/getOrgUserList', { oid: team }, owner)).data.total).toBe(1);
      const theOwner = await call('o/delOrgUser', { oid: root(demo), uid: owner.uid }, owner);
      expect(theOwner).toMatchObject({
        status: Status.conflict,
        msg: 'The property owner cannot be removed or disabled',
      });
      const foreign = await call('o/delOrgUser', { oid: partnerNode, uid: partnerMemberUid }, owner);
      expect(foreign.status).toBe(Status.notFound);
      const stillThere = await db()
        .selectFrom('property_members')
        .select('uid')
        .where('pno', '=', partner)
        .where('uid', '=', partnerMemberUid)
        .executeTakeFirst();
      expect(stillThere).toBeDefined();
      expect((await call('o/delOrgUser', { oid: team, uid: '' }, owner)).status).toBe(Status.invalidInput);
    });

    it('offers to move a phone that already is a member: its uid, then o/moveOrgUser places it here', async () => {
      const known = await call('o/ifOrgUser', { phoneNum: DEMO_MEMBER_PHONE }, owner);
      expect(known.data).toMatchObject({ ifOrgUser: 1, uid: member.uid });
      // An invitation stays refused (the dialog moves instead), and a stranger has no uid to move.
      expect((await call('o/inviteOrgUser', { phoneNum: DEMO_MEMBER_PHONE, remark: '' }, owner)).status).toBe(
        Status.conflict,
      );
      expect((await call('o/ifOrgUser', { phoneNum: freshPhone() }, owner)).data.uid).toBeNull();
      const moved = await call('o/moveOrgUser', { uidList: [known.data.uid], oid: team }, owner);
      expect(moved).toMatchObject({ status: 0, data: { moved: 1 } });
      expect((await call('o/ifOrgUser', { phoneNum: DEMO_MEMBER_PHONE }, owner)).data).toMatchObject({ oid: team });
      await call('o/moveOrgUser', { uidList: [member.uid], oid: root(demo) }, owner);
    });

    it('answers whether the caller, or a phone, is a member and where', async () => {
      const me = await call('o/ifOrgUser', {}, member);
      expect(me.data).toMatchObject({ ifOrgUser: 1, hasAccount: 1, oid: root(demo), orgName: '演示物业' });
      const stranger = await call('o/ifOrgUser', { phoneNum: freshPhone() }, owner);
      expect(stranger.data).toMatchObject({ ifOrgUser: 0, hasAccount: 0, oid: null, invitePending: 0 });
      expect((await call('o/ifOrgUser', { phoneNum: DEMO_OWNER_PHONE }, member)).status).toBe(Status.forbidden);
      expect((await call('o/ifOrgUser', { phoneNum: '12345' }, owner)).status).toBe(Status.invalidInput);
      const ownerInPartner = await call('o/ifOrgUser', {}, owner, { pno: partner });
      expect(ownerInPartner.data).toMatchObject({ ifOrgUser: 1, oid: partnerNode, orgName: '合作部门' });
    });
  });

  describe('invitations', () => {
    let team: string;
    beforeAll(async () => {
      team = await addNode(owner, root(demo), '邀请测试部');
    });

    it('invites a phone without an account: SMS notice and a code, then a message once registered; accepting joins the node', async () => {
      const phone = freshPhone();
      const res = await call('o/inviteOrgUser', { phoneNum: phone, oid: team, remark: 'welcome' }, owner);
      expect(res).toMatchObject({ status: 0, data: { hasAccount: 0 } });
      const sms = await db().selectFrom('outbox').select('template').where('recipient', '=', phone).execute();
      expect(sms.map((r) => r.template)).toEqual(expect.arrayContaining(['notice.invite', 'code.register']));
      const check = await call('o/ifOrgUser', { phoneNum: phone }, owner);
      expect(check.data).toMatchObject({ ifOrgUser: 0, hasAccount: 0, invitePending: 1 });
      // Inviting again renews the same invitation.
      const again = await call('o/inviteOrgUser', { phoneNum: phone, oid: team }, owner);
      expect(again.data.id).toBe(res.data.id);
      const notices = await db()
        .selectFrom('outbox')
        .select('id')
        .where('recipient', '=', phone)
        .where('template', '=', 'notice.invite')
        .execute();
      expect(notices).toHaveLength(1); // renewed quietly within a minute

      env().advance(1000); // codes are told apart by their time
      const user = await env().register(phone, 'Invitee');
      const inbox = await news(user.uid);
      expect(inbox[0]).toMatchObject({ news_type: 'invite', pno: demo });
      expect(JSON.parse(inbox[0]?.link as string)).toEqual({ kind: 'invite', id: res.data.id });
      const who = { token: user.token, uid: user.uid };
      const info = await call('o/getInviteInfo', { id: res.data.id }, who);
      expect(info.data).toMatchObject({ status: 'pending', oid: team, orgName: '邀请测试部', inviterUid: owner.uid });

      const accepted = await call('o/processInvite', { id: res.data.id, accept: 1 }, who);
      expect(accepted).toMatchObject({ status: 0, data: { pno: demo, status: 'accepted' } });
      const placed = await call('o/getOrgUserList', { oid: team }, owner);
      expect(placed.data.list.map((u: { uid: string }) => u.uid)).toEqual([user.uid]);
      expect((await news(owner.uid))[0]).toMatchObject({ news_type: 'joinResult' });
      const twice = await call('o/processInvite', { id: res.data.id, accept: 0 }, who);
      expect(twice.status).toBe(Status.conflict);
      const mine = await call('pro/getMyPropertyList', {}, who);
      expect(mine.data.map((p: { pno: string }) => p.pno)).toContain(demo);
    });

    it('invites an existing account with a message; it may decline; a member cannot be invited', async () => {
      const phone = freshPhone();
      const user = await env().register(phone, 'Decliner');
      const res = await call('o/inviteOrgUser', { phoneNum: phone }, owner);
      expect(res).toMatchObject({ status: 0, data: { hasAccount: 1 } });
      expect((await news(user.uid))[0]).toMatchObject({ news_type: 'invite' });
      const other = await env().register(freshPhone(), 'Someone else');
      const notTheirs = await call(
        'o/processInvite',
        { id: res.data.id, accept: 1 },
        { token: other.token, uid: other.uid },
      );
      expect(notTheirs.status).toBe(Status.notFound);
      const declined = await call(
        'o/processInvite',
        { id: res.data.id, accept: 0 },
        { token: user.token, uid: user.uid },
      );
      expect(declined.data.status).toBe('declined');
      expect((await call('o/ifOrgUser', { phoneNum: phone }, owner)).data.ifOrgUser).toBe(0);
      const listed = await call('o/getAuditUserList', { statusList: ['declined'], kind: 'invite' }, owner);
      expect(listed.data.list.map((r: { id: string }) => r.id)).toContain(res.data.id);

      const existing = await call('o/inviteOrgUser', { phoneNum: DEMO_MEMBER_PHONE }, owner);
      expect(existing).toMatchObject({ status: Status.conflict, msg: 'This user is already a member of the property' });
    });

    it('lets an invitation lapse after seven days', async () => {
      const phone = freshPhone();
      const user = await env().register(phone, 'Late');
      const res = await call('o/inviteOrgUser', { phoneNum: phone }, owner);
      env().advance(8 * 24 * 60 * 60 * 1000);
      await relogin(); // idle sessions lapsed too
      const late = await call(
        'o/processInvite',
        { id: res.data.id, accept: 1 },
        { token: (await login(phone, 'Passw0rd1')).token, uid: user.uid },
      );
      expect(late).toMatchObject({
        status: Status.conflict,
        msg: 'The invitation has expired; ask the administrator to invite you again',
      });
      const expired = await call('o/getAuditUserList', { statusList: ['expired'] }, owner);
      expect(expired.data.list.map((r: { id: string; status: string }) => [r.id, r.status])).toContainEqual([
        res.data.id,
        'expired',
      ]);
      const pending = await call('o/getAuditUserList', {}, owner);
      expect(pending.data.list.map((r: { id: string }) => r.id)).not.toContain(res.data.id);
      // A new invitation renews it.
      const renewed = await call('o/inviteOrgUser', { phoneNum: phone }, owner);
      expect(renewed.data.id).toBe(res.data.id);
    });

    it('validates, checks permission and keeps to the property', async () => {
      expect((await call('o/inviteOrgUser', { phoneNum: '2345' }, owner)).status).toBe(Status.invalidInput);
      expect((await call('o/inviteOrgUser', { phoneNum: freshPhone(), remark: 'x'.repeat(201) }, owner)).status).toBe(
        Status.invalidInput,
      );
      expect((await call('o/inviteOrgUser', { phoneNum: freshPhone() }, member)).status).toBe(Status.forbidden);
      const phone = freshPhone();
      const foreign = await call('o/inviteOrgUser', { phoneNum: phone, oid: partnerNode }, owner);
      expect(foreign.status).toBe(Status.notFound);
      const rows = await db().selectFrom('org_requests').select('id').where('phone', '=', phone).execute();
      expect(rows).toHaveLength(0);
      expect((await call('o/processInvite', { id: 'x', accept: 3 }, member)).status).toBe(Status.invalidInput);
      expect((await call('o/processInvite', { id: 'nope', accept: 1 }, member)).status).toBe(Status.notFound);
      expect((await call('o/getInviteInfo', { id: 'nope' }, member)).status).toBe(Status.notFound);
    });
  });

  describe('registering members directly', () => {
    it('creates the account on a node; the user signs in with the password', async () => {
      const phone = freshPhone();
      const team = await addNode(owner, root(demo), '直接注册部');
      const res = await call(
        'o/registerOrgUser',
        {
          phoneNum: phone,
          name: '新同事',
          email: `${phone}@example.com`,
          password: await env().encrypt('Start1234'),
          oid: team,
        },
        owner,
      );
      expect(res.status, res.msg).toBe(0);
      const signed = await login(phone, 'Start1234');
      expect(signed.propertyList.map((p) => p.pno)).toEqual([demo]);
      const listed = await call('o/getOrgUserList', { oid: team }, owner);
      expect(listed.data.list[0]).toMatchObject({ uid: res.data.uid, name: '新同事', email: `${phone}@example.com` });
      const sms = await db().selectFrom('outbox').select('template').where('recipient', '=', phone).execute();
      expect(sms.map((r) => r.template)).toContain('notice.accountCreated');
    });

    it('refuses a registered phone, a weak password, bad input, a member and a foreign node', async () => {
      const taken = await call('o/registerOrgUser', { phoneNum: DEMO_MEMBER_PHONE, name: 'x' }, owner);
      expect(taken).toMatchObject({ status: Status.accountConflict, msg: 'This phone number is already registered' });
      const weak = await call(
        'o/registerOrgUser',
        { phoneNum: freshPhone(), name: 'x', password: await env().encrypt('short') },
        owner,
      );
      expect(weak.status).toBe(Status.accountInvalid);
      expect((await call('o/registerOrgUser', { phoneNum: freshPhone(), name: '' }, owner)).status).toBe(
        Status.invalidInput,
      );
      expect((await call('o/registerOrgUser', { phoneNum: freshPhone(), name: 'x', email: 'bad' }, owner)).status).toBe(
        Status.invalidInput,
      );
      expect((await call('o/registerOrgUser', { phoneNum: freshPhone(), name: 'x' }, member)).status).toBe(
        Status.forbidden,
      );
      const phone = freshPhone();
      const foreign = await call('o/registerOrgUser', { phoneNum: phone, name: 'x', oid: partnerNode }, owner);
      expect(foreign.status).toBe(Status.notFound);
      expect(
        await db().selectFrom('users').select('uid').where('phone', '=', phone).executeTakeFirst(),
      ).toBeUndefined();
    });
  });

  describe('administrators limited to a subtree', () => {
    let admin: Who;
    let branch: string;
    let inside: string;
    let outside: string;

    beforeAll(async () => {
      branch = await addNode(owner, root(demo), '分公司');
      inside = await addNode(owner, branch, '分公司一部');
      outside = await addNode(owner, root(demo), '总部');
      const phone = freshPhone();
      const created = await call(
        'o/registerOrgUser',
        { phoneNum: phone, name: 'Branch admin', password: await env().encrypt('Branch123'), oid: inside },
        owner,
      );
      expect(created.status, created.msg).toBe(0);
      const set = await call(
        'ps/addOrUpdatePerSet',
        {
          name: 'Branch',
          permissionIdList: [
            'account.property',
            'account.property.org',
            'account.property.member',
            'manage.users.edit',
          ],
        },
        owner,
      );
      expect(set.status, set.msg).toBe(0);
      expect(
        (await call('ps/assignPerSet', { uidList: [created.data.uid], psidList: [set.data.psid] }, owner)).status,
      ).toBe(0);
      const scoped = await call(
        'ps/assignMgeOrg',
        { uid: created.data.uid, psid: set.data.psid, oidList: [branch] },
        owner,
      );
      expect(scoped.status, scoped.msg).toBe(0);
      admin = { token: (await login(phone, 'Branch123')).token, uid: created.data.uid, pno: demo };
    });

    it('sees only its subtrees, and their members', async () => {
      const tree = await call('o/getMyOrgTreeList', {}, admin);
      expect(tree.status, tree.msg).toBe(0);
      expect(tree.data.map((n: { oid: string }) => n.oid)).toEqual([branch]);
      expect(tree.data[0].children.map((n: { oid: string }) => n.oid)).toEqual([inside]);
      expect((await call('o/getOrgUserList', { oid: inside }, admin)).data.total).toBe(1);
      expect((await call('o/getOrgUserList', { oid: root(demo) }, admin)).status).toBe(Status.forbidden);
      expect((await call('o/getOrgUserList', { oid: outside }, admin)).status).toBe(Status.forbidden);
      const users = await call('u/getUserList', { pageSize: 100 }, admin);
      expect(users.status, users.msg).toBe(0);
      expect(users.data.list.map((u: { uid: string }) => u.uid)).toEqual([admin.uid]);
      expect((await call('u/getUserList', { filterOid: outside }, admin)).status).toBe(Status.forbidden);
    });

    it('edits the tree and members only inside its subtrees', async () => {
      const child = await call('o/addOrUpdateOrg', { pid: inside, name: '小组' }, admin);
      expect(child.status, child.msg).toBe(0);
      expect((await call('o/addOrUpdateOrg', { pid: root(demo), name: '越权' }, admin)).status).toBe(Status.forbidden);
      expect((await call('o/addOrUpdateOrg', { pid: outside, name: '越权' }, admin)).status).toBe(Status.forbidden);
      const moveOut = await call('o/addOrUpdateOrg', { oid: child.data.oid, pid: outside, name: '小组' }, admin);
      expect(moveOut.status).toBe(Status.forbidden);
      const rename = await call('o/addOrUpdateOrg', { oid: child.data.oid, pid: inside, name: '小组二' }, admin);
      expect(rename.status).toBe(0);
      expect((await call('o/delOrgTree', { oid: outside }, admin)).status).toBe(Status.forbidden);
      expect((await call('o/delOrgTree', { oid: child.data.oid }, admin)).status).toBe(0);
      // The demo member sits on the root, outside the scope.
      expect((await call('o/moveOrgUser', { uidList: [member.uid], oid: inside }, admin)).status).toBe(
        Status.forbidden,
      );
      expect((await call('o/inviteOrgUser', { phoneNum: freshPhone() }, admin)).status).toBe(Status.forbidden);
      expect((await call('o/inviteOrgUser', { phoneNum: freshPhone(), oid: inside }, admin)).status).toBe(0);
      expect((await call('u/updateUserStatus', { uidList: [member.uid], status: 0 }, admin)).status).toBe(
        Status.forbidden,
      );
    });

    it('reviews only requests aimed at its subtrees', async () => {
      const user = await env().register(freshPhone(), 'Scoped applicant');
      const req = await call('o/applyJoinProperty', { pno: demo }, { token: user.token, uid: user.uid });
      const list = await call('o/getAuditUserList', { kind: 'join' }, admin);
      expect(list.data.list.map((r: { id: string }) => r.id)).not.toContain(req.data.id);
      // Aimed at the root: not theirs; placing the member inside the scope is.
      expect((await call('o/auditInviteOrgUser', { idList: [req.data.id], pass: 0 }, admin)).status).toBe(
        Status.forbidden,
      );
      const ok = await call('o/auditInviteOrgUser', { idList: [req.data.id], pass: 1, oid: inside }, admin);
      expect(ok.status, ok.msg).toBe(0);
      expect((await call('o/getOrgUserList', { oid: inside }, admin)).data.total).toBe(2);
    });
  });

  describe('join requests', () => {
    it('a user asks to join; the administrators hear of it; approving places them on the chosen node', async () => {
      const phone = freshPhone();
      const user = await env().register(phone, 'Applicant');
      const who = { token: user.token, uid: user.uid };
      const res = await call('o/applyJoinProperty', { pno: demo, remark: 'I work here' }, who);
      expect(res).toMatchObject({ status: 0, data: { propertyName: '演示物业' } });
      expect((await news(owner.uid))[0]).toMatchObject({ news_type: 'join' });
      expect((await call('o/applyJoinProperty', { pno: demo }, who)).status).toBe(Status.conflict);

      const listed = await call('o/getAuditUserList', { kind: 'join', str: 'applicant' }, owner);
      expect(listed.data.list).toMatchObject([
        { id: res.data.id, kind: 'join', status: 'pending', uid: user.uid, remark: 'I work here' },
      ]);
      const byUser = await call('o/getAuditUserList', { authScope: 1, authScopeValues: [user.uid] }, owner);
      expect(byUser.data.total).toBe(1);
      const team = await addNode(owner, root(demo), '审核测试部');
      const approved = await call('o/auditInviteOrgUser', { idList: [res.data.id], pass: 1, oid: team }, owner);
      expect(approved).toMatchObject({ status: 0, data: { changed: 1 } });
      expect((await news(user.uid))[0]).toMatchObject({ news_type: 'joinResult', title: '加入申请已通过' });
      const placed = await call('o/getOrgUserList', { oid: team }, owner);
      expect(placed.data.list.map((u: { uid: string }) => u.uid)).toEqual([user.uid]);
      const byNode = await call(
        'o/getAuditUserList',
        { statusList: ['approved'], authScope: 4, authScopeValues: [team] },
        owner,
      );
      expect(byNode.data.list).toMatchObject([
        { id: res.data.id, status: 'approved', reviewerUid: owner.uid, oid: team },
      ]);
      const twice = await call('o/auditInviteOrgUser', { idList: [res.data.id], pass: 0 }, owner);
      expect(twice.status).toBe(Status.conflict);
      expect((await call('o/applyJoinProperty', { pno: demo }, who)).status).toBe(Status.conflict);
    });

    it('rejects with a reason; invitations can only be withdrawn', async () => {
      const user = await env().register(freshPhone(), 'Rejected');
      const res = await call('o/applyJoinProperty', { pno: demo }, { token: user.token, uid: user.uid });
      const rejected = await call(
        'o/auditInviteOrgUser',
        { idList: [res.data.id], pass: 0, remark: 'unknown person' },
        owner,
      );
      expect(rejected.status, rejected.msg).toBe(0);
      expect((await news(user.uid))[0]).toMatchObject({ news_type: 'joinResult', title: '加入申请未通过' });
      expect((await call('o/ifOrgUser', { phoneNum: user.phoneNum }, owner)).data.ifOrgUser).toBe(0);

      const inv = await call('o/inviteOrgUser', { phoneNum: freshPhone() }, owner);
      const approveInvite = await call('o/auditInviteOrgUser', { idList: [inv.data.id], pass: 1 }, owner);
      expect(approveInvite.status).toBe(Status.conflict);
      const withdrawn = await call('o/auditInviteOrgUser', { idList: [inv.data.id], pass: 0 }, owner);
      expect(withdrawn.status).toBe(0);
      const listed = await call('o/getAuditUserList', { statusList: ['revoked'] }, owner);
      expect(listed.data.list.map((r: { id: string }) => r.id)).toContain(inv.data.id);
    });

    it('validates, checks permission and keeps to the property', async () => {
      const user = await env().register(freshPhone(), 'Foreign applicant');
      const who = { token: user.token, uid: user.uid };
      expect((await call('o/applyJoinProperty', { pno: '99999999' }, who)).status).toBe(Status.notFound);
      expect((await call('o/applyJoinProperty', { pno: demo }, member)).status).toBe(Status.conflict);
      expect((await call('o/applyJoinProperty', { pno: '' }, who)).status).toBe(Status.invalidInput);
      const toPartner = await call('o/applyJoinProperty', { pno: partner }, who);
      expect(toPartner.status).toBe(0);
      // demo's administrator cannot see or decide partner's request.
      const decide = await call('o/auditInviteOrgUser', { idList: [toPartner.data.id], pass: 1 }, owner);
      expect(decide.status).toBe(Status.notFound);
      const row = await db()
        .selectFrom('org_requests')
        .select('status')
        .where('id', '=', toPartner.data.id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('pending');
      const seen = await call('o/getAuditUserList', { authScope: 1, authScopeValues: [user.uid] }, owner);
      expect(seen.data.total).toBe(0);
      expect((await call('o/getAuditUserList', { pid: partnerNode }, owner)).status).toBe(Status.notFound);
      const partnerView = await call('o/getAuditUserList', {}, operator);
      expect(partnerView.data.list.map((r: { id: string }) => r.id)).toContain(toPartner.data.id);
      expect((await call('o/getAuditUserList', {}, member)).status).toBe(Status.forbidden);
      expect((await call('o/auditInviteOrgUser', { idList: [toPartner.data.id], pass: 1 }, member)).status).toBe(
        Status.forbidden,
      );
      expect((await call('o/getAuditUserList', { authScope: 2 }, owner)).status).toBe(Status.invalidInput);
      expect((await call('o/auditInviteOrgUser', { idList: [], pass: 1 }, owner)).status).toBe(Status.invalidInput);
      expect((await call('o/auditInviteOrgUser', { idList: ['x'], pass: 2 }, owner)).status).toBe(Status.invalidInput);
    });
  });

  describe('removing a member takes everything the membership carried', () => {
    it('drops administrator rights, titles, user sets and customers of that property only', async () => {
      const node = await addNode(owner, root(demo), '移除测试部');
      const phone = freshPhone();
      const { uid } = await ok(
        'o/registerOrgUser',
        { phoneNum: phone, name: 'Leaving admin', password: await env().encrypt('Leaving123'), oid: node },
        owner,
      );
      // Something of every kind in the demo property...
      const { tid } = await ok('t/addOrUpdateTitle', { name: '移除测试职务' }, owner);
      await ok('t/addTitleUser', { tid, uidList: [uid] }, owner);
      const { usid } = await ok('us/addOrUpdateUserSet', { name: '移除测试用户集' }, owner);
      await ok('us/addUserSetUser', { usid, uidList: [uid] }, owner);
      const { cid } = await ok('cu/addOrUpdateCustomer', { name: '移除测试客户' }, owner);
      await ok('cu/addCustomerUser', { cid, uidList: [uid] }, owner);
      const { psid } = await ok(
        'ps/addOrUpdatePerSet',
        { name: 'Leaving', permissionIdList: ['account.title'] },
        owner,
      );
      await ok('ps/assignPerSet', { uidList: [uid], psidList: [psid] }, owner);
      await ok('ps/assignMgeOrg', { uid, psid, oidList: [node] }, owner);
      // ...and a title in the partner property, which the removal must not touch.
      await db()
        .insertInto('property_members')
        .values({ pno: partner, uid, role: 'member', joined_at: env().now() })
        .execute();
      const partnerTitle = await ok('t/addOrUpdateTitle', { name: '合作职务' }, operator);
      await ok('t/addTitleUser', { tid: partnerTitle.tid, uidList: [uid] }, operator);

      const leaver: Who = { token: (await login(phone, 'Leaving123')).token, uid, pno: demo };
      const before = await ok('pro/getMyPropertyList', {}, leaver);
      expect(before.map((p: { pno: string }) => p.pno)).toEqual(expect.arrayContaining([demo, partner]));
      expect((await call('t/getTitleList', {}, leaver)).status).toBe(0); // an administrator with account.title
      const rowsIn = async (pno: string) => ({
        sets: (
          await db()
            .selectFrom('permission_set_admins')
            .select('psid')
            .where('pno', '=', pno)
            .where('uid', '=', uid)
            .execute()
        ).length,
        scopes: (
          await db().selectFrom('admin_scopes').select('psid').where('pno', '=', pno).where('uid', '=', uid).execute()
        ).length,
        titles: (
          await db().selectFrom('title_users').select('tid').where('pno', '=', pno).where('uid', '=', uid).execute()
        ).length,
        userSets: (
          await db().selectFrom('user_set_users').select('usid').where('pno', '=', pno).where('uid', '=', uid).execute()
        ).length,
        customers: (
          await db().selectFrom('customer_users').select('cid').where('pno', '=', pno).where('uid', '=', uid).execute()
        ).length,
      });
      expect(await rowsIn(demo)).toEqual({ sets: 1, scopes: 1, titles: 1, userSets: 1, customers: 1 });

      await ok('o/delOrgUser', { oid: node, uid }, owner);

      expect(await rowsIn(demo)).toEqual({ sets: 0, scopes: 0, titles: 0, userSets: 0, customers: 0 });
      expect(await rowsIn(partner)).toEqual({ sets: 0, scopes: 0, titles: 1, userSets: 0, customers: 0 });
      // Through the API: no holder, no administrator, and the property is gone from the user's list.
      expect((await ok('t/getTitleUserList', { tid }, owner)).total).toBe(0);
      expect((await ok('us/getUserSetUserList', { usid }, owner)).total).toBe(0);
      expect((await ok('cu/getCustomerUserList', { cid }, owner)).total).toBe(0);
      expect((await ok('ps/getMyAdminList', { str: 'Leaving admin' }, owner)).total).toBe(0);
      expect((await ok('t/getTitleList', {}, owner)).list.find((t: { tid: string }) => t.tid === tid).userCount).toBe(
        0,
      );
      const after = await ok('pro/getMyPropertyList', {}, leaver);
      expect(after.map((p: { pno: string }) => p.pno)).toEqual([partner]);
      // No longer a member: the property itself is unknown to them.
      expect((await call('t/getTitleList', {}, leaver)).status).toBe(Status.notFound);
      expect((await call('t/getTitleUserList', { tid: partnerTitle.tid }, operator)).data.total).toBe(1);
    });

    it('keeps the per-property member totals (migration 0006) equal to the memberships', async () => {
      const { sql } = await import('kysely');
      const totals = await sql<{ pno: string; n: number }>`select pno, n from org_member_totals order by pno`.execute(
        db(),
      );
      const actual = await db()
        .selectFrom('property_members')
        .select(['pno', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('pno')
        .orderBy('pno')
        .execute();
      expect(totals.rows.map((r) => [r.pno, Number(r.n)])).toEqual(actual.map((r) => [r.pno, Number(r.n)]));
      const whole = await call('o/getOrgUserList', { oid: root(demo), includeSub: 1 }, owner);
      expect(whole.data.total).toBe(Number(actual.find((r) => r.pno === demo)?.n));
    });
  });

  describe('operators in the back office (orPlatform, pno in the input)', () => {
    // The operator owns partner and is no member of demo: without the pno header they name the property.
    const back = { pno: '' };
    const members = async (pno: string) =>
      (await db().selectFrom('property_members').select(['uid', 'oid']).where('pno', '=', pno).execute()).length;

    it("edits another property's tree and members without the pno header", async () => {
      const tree = await call('o/getMyOrgTreeList', { pno: demo }, operator, back);
      expect(tree.status, tree.msg).toBe(0);
      expect(tree.data[0]).toMatchObject({ oid: root(demo), name: '演示物业', isRoot: 1 });

      const added = await call('o/addOrUpdateOrg', { pno: demo, pid: root(demo), name: '运营新增部' }, operator, back);
      expect(added.status, added.msg).toBe(0);
      const unit = added.data.oid as string;
      const child = await call('o/addOrUpdateOrg', { pno: demo, pid: unit, name: '运营子组' }, operator, back);
      expect(child.status, child.msg).toBe(0);
      const renamed = await call(
        'o/addOrUpdateOrg',
        { pno: demo, oid: child.data.oid, pid: root(demo), name: '运营移出组' },
        operator,
        back,
      );
      expect(renamed.status, renamed.msg).toBe(0);
      const dup = await call('o/addOrUpdateOrg', { pno: demo, pid: root(demo), name: '运营新增部' }, operator, back);
      expect(dup.status).toBe(Status.conflict);
      const audit = await db()
        .selectFrom('audit_log')
        .select(['target', 'pno'])
        .where('endpoint', '=', 'o/addOrUpdateOrg')
        .where('target', '=', `${demo}:${unit}`)
        .execute();
      expect(audit).toHaveLength(1);

      const phone = freshPhone();
      const reg = await call(
        'o/registerOrgUser',
        { pno: demo, phoneNum: phone, name: '运营注册', oid: unit },
        operator,
        back,
      );
      expect(reg.status, reg.msg).toBe(0);
      const uid = reg.data.uid as string;
      const listed = await call('o/getOrgUserList', { pno: demo, oid: unit }, operator, back);
      expect(listed.data.list.map((u: { uid: string }) => u.uid)).toEqual([uid]);
      const where = await call('o/ifOrgUser', { pno: demo, phoneNum: phone }, operator, back);
      expect(where.data).toMatchObject({ ifOrgUser: 1, oid: unit, orgName: '运营新增部' });

      const moved = await call('o/moveOrgUser', { pno: demo, uidList: [uid], oid: child.data.oid }, operator, back);
      expect(moved).toMatchObject({ status: 0, data: { moved: 1 } });
      const invited = await call('o/inviteOrgUser', { pno: demo, phoneNum: freshPhone(), oid: unit }, operator, back);
      expect(invited).toMatchObject({ status: 0, data: { hasAccount: 0 } });

      const blocked = await call('o/delOrgTree', { pno: demo, oid: child.data.oid }, operator, back);
      expect(blocked.status).toBe(Status.conflict);
      const removed = await call('o/delOrgUser', { pno: demo, oid: child.data.oid, uid }, operator, back);
      expect(removed.status, removed.msg).toBe(0);
      expect(await db().selectFrom('property_members').select('uid').where('uid', '=', uid).execute()).toEqual([]);
      const ownerGone = await call('o/delOrgUser', { pno: demo, oid: root(demo), uid: owner.uid }, operator, back);
      expect(ownerGone.status).toBe(Status.conflict);
      for (const oid of [child.data.oid, unit]) {
        const del = await call('o/delOrgTree', { pno: demo, oid }, operator, back);
        expect(del.status, del.msg).toBe(0);
      }
      // Another property's node through demo is still "not found".
      const foreign = await call('o/delOrgTree', { pno: demo, oid: partnerNode }, operator, back);
      expect(foreign.status).toBe(Status.notFound);
    });

    /** Every call that takes a back-office pno, aimed at partner's ids (pno left out when undefined). */
    const calls = (pno?: string): [string, Record<string, unknown>][] => {
      const p = pno === undefined ? {} : { pno };
      return [
        ['o/getMyOrgTreeList', { ...p }],
        ['o/ifOrgUser', { ...p, phoneNum: DEMO_MEMBER_PHONE }],
        ['o/addOrUpdateOrg', { ...p, pid: root(partner), name: '越界新增' }],
        ['o/addOrUpdateOrg', { ...p, oid: partnerNode, pid: root(partner), name: '越界改名' }],
        ['o/delOrgTree', { ...p, oid: partnerNode }],
        ['o/getOrgUserList', { ...p, oid: root(partner), includeSub: 1 }],
        ['o/moveOrgUser', { ...p, uidList: [partnerMemberUid], oid: root(partner) }],
        ['o/delOrgUser', { ...p, oid: partnerNode, uid: partnerMemberUid }],
        ['o/inviteOrgUser', { ...p, phoneNum: freshPhone(), oid: partnerNode }],
        ['o/registerOrgUser', { ...p, phoneNum: freshPhone(), name: '越界注册', oid: partnerNode }],
      ];
    };

    it("keeps an administrator of one property out of another's, whatever pno the body names", async () => {
      const [nodes, people, requests] = [
        await nodeCount(partner),
        await members(partner),
        (await db().selectFrom('org_requests').select('id').where('pno', '=', partner).execute()).length,
      ];
      for (const [path, input] of calls(partner)) {
        // The demo owner with the demo header (partner member, but no rights there) names partner in the body.
        const res = await call(path, input, owner);
        expect(res.status, `${path} ${res.msg}`).toBe(Status.notFound);
        // Without the header a non-operator gets today's answer: a property is needed.
        const bare = await call(path, input, owner, { pno: '' });
        expect(bare.status, path).toBe(Status.forbidden);
      }
      // An operator with a header is a member like any other: a different pno in the body is "not found".
      const crossed = await call('o/addOrUpdateOrg', { pno: demo, pid: root(demo), name: '越界' }, operator);
      expect(crossed.status).toBe(Status.notFound);
      expect(await nodeCount(partner)).toBe(nodes);
      expect(await members(partner)).toBe(people);
      const after = await db().selectFrom('org_requests').select('id').where('pno', '=', partner).execute();
      expect(after).toHaveLength(requests);
      const member = await db()
        .selectFrom('property_members')
        .select('oid')
        .where('pno', '=', partner)
        .where('uid', '=', partnerMemberUid)
        .executeTakeFirst();
      expect(member?.oid).toBe(partnerNode);
      // The same pno as the header is allowed.
      const same = await call('o/getMyOrgTreeList', { pno: demo }, owner);
      expect(same.status, same.msg).toBe(0);
    });

    it('needs pno from an operator without the header; an unknown one is not found', async () => {
      for (const [path, input] of calls(undefined)) {
        const res = await call(path, input, operator, back);
        expect(res.status, path).toBe(Status.invalidInput);
        expect(res.msg, path).toContain('pno');
      }
      for (const [path, input] of calls('99999999')) {
        const res = await call(path, input, operator, back);
        expect(res.status, path).toBe(Status.notFound);
      }
    });
  });
});
