import type { Endpoint, ScopeKind } from '@keel/contract/endpoint';
import { endpoints } from '@keel/contract/endpoints/index';
import type { FastifyInstance } from 'fastify';
import { issueAccessToken } from '../../platform/auth/access-tokens';
import { TENANT_TABLES } from '../../platform/db/schema';
import { DEMO_MEMBER_PHONE, DEMO_OWNER_PHONE, seedDemo } from '../../seed/demo';

/**
 * Time for a test that calls every endpoint of the contract in turn (hundreds of calls, more with each area; a
 * loaded 2-core machine took over 20 s with 140).
 */
export const EVERY_ENDPOINT_MS = 180_000;

/** Who the guard suite calls as: the demo tenant (owner, ordinary member), the operator, and the demo pno. */
export interface GuardWorld {
  demoPno: string;
  partnerPno: string;
  uid: { operator: string; owner: string; member: string };
  /** A fresh session of the user (a call may sign it out). */
  token(who: 'operator' | 'owner' | 'member'): Promise<string>;
  /** A personal access token of the demo owner (for endpoints taking one instead of a session), made once. */
  accessToken(): Promise<string>;
  /**
   * An administrator of the demo property holding every permission an endpoint with a declared scope needs
   * (access.scope), limited, for each scope kind, to `inside` (a unit, a space); `outside` is another of the demo,
   * `foreign` one of the partner property.
   */
  scoped: { uid: string; token(): Promise<string>; ids: Record<ScopeKind, ScopedIds> };
  /** Every property's tables and what a property's objects touch, but the volatile ones (compare two of these). */
  snapshot(): Promise<string>;
  /** The tables whose rows differ between two snapshots, each with a row of the later one the earlier lacks. */
  changes(before: string, after: string): string[];
}

/** Objects of one scope kind for the scoped administrator: in their scope, out of it, of another property. */
export interface ScopedIds {
  inside: string;
  outside: string;
  foreign: string;
}

/** Tables a refused call may still write: its audit row, the session it used, counters. */
const VOLATILE = new Set(['audit_log', 'sessions', 'counters', 'outbox', 'login_failures', 'codes', 'server_keys']);
/** Columns a call may write on a row it uses without changing the object: when a credential was last used. */
const VOLATILE_COLUMNS: Record<string, readonly string[]> = { access_tokens: ['last_used_at'] };
const withoutVolatile = (table: string, rows: Array<Record<string, unknown>>) => {
  const columns = VOLATILE_COLUMNS[table];
  if (!columns) return rows;
  return rows.map((row) => Object.fromEntries(Object.entries(row).filter(([k]) => !columns.includes(k))));
};
/** Every property's tables, and the other tables a property's objects touch. */
const TABLES = [...TENANT_TABLES, 'users', 'properties', 'device_credentials', 'news'] as const;

export async function buildWorld(app: FastifyInstance): Promise<GuardWorld> {
  const s = app.keel;
  await seedDemo(s);
  const uidOf = async (phone: string) =>
    (await s.db.selectFrom('users').select('uid').where('phone', '=', phone).executeTakeFirstOrThrow()).uid;
  const pnoOf = async (name: string) =>
    (await s.db.selectFrom('properties').select('pno').where('name', '=', name).executeTakeFirstOrThrow()).pno;
  const uid = {
    operator: await uidOf('13800000000'),
    owner: await uidOf(DEMO_OWNER_PHONE),
    member: await uidOf(DEMO_MEMBER_PHONE),
  };
  const demoPno = await pnoOf('演示物业');
  const partnerPno = await pnoOf('合作物业');

  const call = async (path: keyof typeof endpoints, input: Record<string, unknown>, as: string, pno: string) => {
    const def: Endpoint = endpoints[path];
    const res = await app.inject({
      method: def.method,
      url: `/api/${path}`,
      headers: { token: await s.sessions.issue(as), ...(pno ? { pno } : {}) },
      ...(def.method === 'GET' ? { query: input as Record<string, string> } : { payload: input }),
    });
    const body = res.json() as { status: number; msg: string; data: Record<string, string> };
    if (body.status !== 0) throw new Error(`guard world: ${path}: ${body.msg}`);
    return body.data;
  };
  const asOwner = (path: keyof typeof endpoints, input: Record<string, unknown>) =>
    call(path, input, uid.owner, demoPno);

  // The scoped administrator: a set with every permission a scope-declaring endpoint names, limited to `inside`.
  const scopedPermissions = new Set<string>();
  for (const def of Object.values(endpoints) as Endpoint[]) {
    if (def.access.kind === 'property' && def.access.scope) {
      for (const p of [def.access.permission ?? []].flat()) scopedPermissions.add(p);
    }
  }
  const unit = async (name: string, pno: string, as: string) =>
    (await call('o/addOrUpdateOrg', { pid: `root-${pno}`, name }, as, pno)).oid as string;
  const orgs: ScopedIds = {
    inside: await unit('Guard inside', demoPno, uid.owner),
    outside: await unit('Guard outside', demoPno, uid.owner),
    foreign: await unit('Guard partner', partnerPno, uid.operator),
  };
  // The partner property may hold terminal spaces too.
  await call(
    'pro/authPropertyBusiness',
    { pno: partnerPno, businessList: ['firmware', 'appstore', 'terminal'] },
    uid.operator,
    '',
  );
  const space = async (name: string, pno: string, as: string) =>
    (await call('space/addSpace', { name, business: 'terminal', category: 'terminal', quota: 1 << 30 }, as, pno))
      .sid as string;
  const spaces: ScopedIds = {
    inside: await space('Guard inside', demoPno, uid.owner),
    outside: await space('Guard outside', demoPno, uid.owner),
    foreign: await space('Guard partner', partnerPno, uid.operator),
  };
  const admin = (
    await asOwner('o/registerOrgUser', { phoneNum: '13899990001', name: 'Guard scoped', oid: orgs.inside })
  ).uid as string;
  const set = await asOwner('ps/addOrUpdatePerSet', { name: 'Guard scoped', permissionIdList: [...scopedPermissions] });
  await asOwner('ps/assignPerSet', { uidList: [admin], psidList: [set.psid] });
  await asOwner('ps/assignMgeOrg', { uid: admin, psid: set.psid, oidList: [orgs.inside] });
  await asOwner('ps/assignMgeSpace', { uid: admin, psid: set.psid, sidList: [spaces.inside] });

  let accessToken: string | undefined;
  return {
    demoPno,
    partnerPno,
    uid,
    token: (who) => s.sessions.issue(uid[who]),
    accessToken: async () => {
      accessToken ??= (
        await issueAccessToken(s.db, { pno: demoPno, uid: uid.owner, name: 'Guard', days: 1, now: s.now() })
      ).token;
      return accessToken;
    },
    scoped: { uid: admin, token: () => s.sessions.issue(admin), ids: { org: orgs, space: spaces } },
    changes(before, after) {
      const a = JSON.parse(before) as Record<string, unknown[]>;
      const b = JSON.parse(after) as Record<string, unknown[]>;
      return Object.keys(b).flatMap((table) => {
        const was = new Set((a[table] ?? []).map((r) => JSON.stringify(r)));
        const now = (b[table] ?? []).map((r) => JSON.stringify(r));
        if (was.size === now.length && now.every((r) => was.has(r))) return [];
        return [`${table}: ${now.find((r) => !was.has(r)) ?? '(a row gone)'}`];
      });
    },
    async snapshot() {
      // Whole tables across properties on purpose: the tenant guard would refuse these reads.
      const db = s.db.withoutPlugins();
      const out: Record<string, unknown> = {};
      for (const table of TABLES)
        if (!VOLATILE.has(table)) out[table] = withoutVolatile(table, await db.selectFrom(table).selectAll().execute());
      return JSON.stringify(out);
    },
  };
}
