import type { OrgNode } from '@keel/contract/endpoints/org';
import { Status } from '@keel/contract/status';
import { beforeAll, expect, it } from 'vitest';
import { type CallOptions, describeEachDb, freshIp } from '../test/harness';
import {
  DEMO_ACCOUNT_ADMIN_PHONE,
  DEMO_AUDITOR_PHONE,
  DEMO_MEMBER_PHONE,
  DEMO_OWNER_PHONE,
  DEMO_PASSWORD,
  DEMO_PEOPLE_COUNT,
  DEMO_REGION_ADMIN_PHONE,
  seedFullDemo,
} from './demo';

/** Every table the full demo writes to, with its row count. */
const TABLES = [
  'users',
  'properties',
  'property_members',
  'property_businesses',
  'orgs',
  'org_member_counts',
  'org_requests',
  'titles',
  'title_users',
  'user_sets',
  'user_set_users',
  'customers',
  'customer_users',
  'permission_sets',
  'permission_set_admins',
  'admin_scopes',
  'news',
  'flow_settings',
  'flow_steps',
  'flow_applications',
  'flow_pending',
  'flow_history',
] as const;

describeEachDb('the full demo seed (npm run seed:demo)', (env) => {
  let pno: string;
  const login = async (phone: string) => {
    const res = await env().call(
      'a/login',
      { account: phone, password: await env().encrypt(DEMO_PASSWORD) },
      { ip: freshIp() },
    );
    expect(res.status, res.msg).toBe(0);
    return res.data as { token: string; uid: string; propertyList: Array<{ pno: string; name: string }> };
  };
  // biome-ignore lint/suspicious/noExplicitAny: endpoint inputs are checked by the contract in the app.
  const call = (path: any, input: Record<string, unknown>, token: string, opts: CallOptions = {}) =>
    env().call(path, input, { token, pno, ...opts });
  const counts = async () => {
    const db = env().app.keel.db.withoutPlugins();
    const out: Record<string, number> = {};
    for (const t of TABLES) {
      const row = await db
        .selectFrom(t)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      out[t] = Number(row.n);
    }
    return out;
  };

  beforeAll(async () => {
    await seedFullDemo(env().app.keel);
    const owner = await login(DEMO_OWNER_PHONE);
    pno = owner.propertyList.find((p) => p.name === '演示物业')?.pno as string;
  });

  it('is idempotent: a second and third run change nothing', async () => {
    const first = await counts();
    env().advance(60_000);
    await seedFullDemo(env().app.keel);
    await seedFullDemo(env().app.keel);
    expect(await counts()).toEqual(first);
    expect(first).toMatchObject({
      titles: 5,
      user_sets: 3,
      customers: 3,
      permission_sets: 2,
      flow_steps: 2,
      flow_applications: 1,
    });
  });

  it('builds a four-level organisation of 22 nodes with the members placed on it', async () => {
    const { token } = await login(DEMO_OWNER_PHONE);
    const tree = await call('o/getMyOrgTreeList', {}, token);
    expect(tree.status, tree.msg).toBe(0);
    const root = tree.data[0] as OrgNode;
    let nodes = 0;
    let depth = 0;
    const walk = (n: OrgNode, level: number) => {
      depth = Math.max(depth, level);
      for (const c of n.children) {
        nodes += 1;
        walk(c, level + 1);
      }
    };
    walk(root, 0);
    expect({ nodes, depth }).toEqual({ nodes: 22, depth: 4 });
    // The owner and the ordinary member on the root, the 40 people on nodes.
    expect(root).toMatchObject({ userNum: 2, totalUserNum: DEMO_PEOPLE_COUNT + 2 });
    const users = await call('u/getUserList', { pageSize: 50 }, token);
    expect(users.data.total).toBe(DEMO_PEOPLE_COUNT + 2);
    const titles = await call('t/getTitleList', {}, token);
    expect(titles.data.list.every((t: { userCount: number }) => t.userCount > 0)).toBe(true);
    const requests = await call('o/getAuditUserList', { kind: 'join' }, token);
    expect(requests.data.total).toBe(1);
    // The join request goes through the member-join flow: the owner has it to do at its first step.
    const todo = await call('flowAudit/getAuditOrNoAuditList', { auditStatus: 0 }, token);
    expect(todo.data.list).toMatchObject([{ applyType: 'memberJoin', stepIndex: 1, stepNum: 2, stepName: '初审' }]);
  });

  it('gives the demo administrator unread messages', async () => {
    const { token } = await login(DEMO_OWNER_PHONE);
    const unread = await call('news/getMyUnreadNewsNum', {}, token);
    expect(unread.status, unread.msg).toBe(0);
    expect(unread.data.unreadNum).toBe(3);
  });

  it('has an account administrator, a read-only auditor, one limited to 华东区, and a plain member', async () => {
    const account = await login(DEMO_ACCOUNT_ADMIN_PHONE);
    expect((await call('o/getMyOrgTreeList', {}, account.token)).data[0].isRoot).toBe(1);
    const auditor = await login(DEMO_AUDITOR_PHONE);
    expect((await call('t/getTitleList', {}, auditor.token)).status).toBe(0);
    expect((await call('t/addOrUpdateTitle', { name: '审计不能建' }, auditor.token)).status).toBe(Status.forbidden);
    const region = await login(DEMO_REGION_ADMIN_PHONE);
    const regionTree = await call('o/getMyOrgTreeList', {}, region.token);
    expect(regionTree.data.map((n: OrgNode) => n.name)).toEqual(['华东区']);
    const member = await login(DEMO_MEMBER_PHONE);
    const held = await env()
      .app.keel.db.withoutPlugins()
      .selectFrom('permission_set_admins')
      .select('psid')
      .where('uid', '=', member.uid)
      .execute();
    expect(held).toEqual([]);
    expect((await call('o/getMyOrgTreeList', {}, member.token)).status).toBe(Status.forbidden);
  });
});
