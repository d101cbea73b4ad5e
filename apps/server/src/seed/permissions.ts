import { permissionCatalogue } from '@keel/contract/permissions/catalogue';
import * as memberships from '../platform/auth/members-repo';
import { nameKey } from '../platform/db/sql-helpers';
import { newId } from '../platform/ids';
import * as repo from '../platform/permissions/sets-repo';
import type { Services } from '../platform/services';
import { propertyTenant } from '../platform/tenancy/tenant';

const under = (...roots: string[]) =>
  permissionCatalogue
    .filter((n) => n.scope === 'property' && roots.some((r) => n.id === r || n.id.startsWith(`${r}.`)))
    .map((n) => n.id);

/** The demo sets, by key. `ops` and `account` are the default pair (tests rely on their order and content). */
const SETS = {
  ops: {
    name: '运维管理员',
    remark: '固件升级、终端与文件空间的日常运维',
    permissions: under('firmware', 'terminals', 'files'),
  },
  account: {
    name: '账号管理员',
    remark: '组织、用户、职务、用户集与客户的维护（不含权限集与管理员）',
    permissions: [
      ...under('account.title', 'account.userSet', 'account.customer', 'manage.users'),
      'account.property',
      'account.property.org',
      'account.property.member',
    ].filter((id) => permissionCatalogue.some((n) => n.id === id)),
  },
  audit: {
    name: '只读审计',
    remark: '查看物业内的所有页面，不能新建、修改或删除',
    // Pages without their function nodes: every page can be read, nothing can be changed.
    permissions: permissionCatalogue.filter((n) => n.scope === 'property' && n.kind === 'page').map((n) => n.id),
  },
} satisfies Record<string, { name: string; remark: string; permissions: string[] }>;

export type DemoSetKey = keyof typeof SETS;

export interface DemoAssignments {
  /** Members given the `ops` set for the whole property. */
  opsUids?: readonly string[];
  /** Members given the `account` set for the whole property. */
  accountUids?: readonly string[];
  /** Members given the `audit` set for the whole property. */
  auditUids?: readonly string[];
  /** Assignments limited to organisation subtrees (`ps/assignMgeOrg`). */
  scoped?: ReadonlyArray<{ uid: string; set: DemoSetKey; oids: readonly string[] }>;
}

/**
 * Permission sets for a demo property (idempotent: existing names are kept, held assignments left as they are):
 * `keys` are created (by default `ops` then `account`, plus any set an assignment names) and their ids answered
 * in that order. Members who get a set become administrators; owners are left alone. For seed/demo.ts.
 */
export async function seedPermissionSets(
  s: Services,
  pno: string,
  by: string,
  assign: DemoAssignments = {},
  keys: readonly DemoSetKey[] = ['ops', 'account'],
): Promise<string[]> {
  const now = s.now();
  const wantedKeys = new Set<DemoSetKey>(keys);
  if (assign.opsUids?.length) wantedKeys.add('ops');
  if (assign.accountUids?.length) wantedKeys.add('account');
  if (assign.auditUids?.length) wantedKeys.add('audit');
  for (const a of assign.scoped ?? []) wantedKeys.add(a.set);
  const psidOf = new Map<DemoSetKey, string>();
  for (const [i, key] of [...wantedKeys].entries()) {
    const set = SETS[key];
    const nk = nameKey(set.name);
    let psid = (await repo.findSetByNameKey(s.db, propertyTenant(pno), nk))?.psid;
    if (!psid) {
      psid = newId();
      await repo.insertSet(
        s.db,
        propertyTenant(pno),
        psid,
        { name: set.name, nameKey: nk, remark: set.remark, permissions: set.permissions },
        by,
        now + i,
      );
    }
    psidOf.set(key, psid);
  }
  const psid = (key: DemoSetKey) => psidOf.get(key) as string;
  const whole = [
    ...(assign.opsUids ?? []).map((uid) => ({ uid, psid: psid('ops') })),
    ...(assign.accountUids ?? []).map((uid) => ({ uid, psid: psid('account') })),
    ...(assign.auditUids ?? []).map((uid) => ({ uid, psid: psid('audit') })),
  ];
  await assignMissing(s, pno, by, whole, { orgs: null, spaces: null });
  for (const a of assign.scoped ?? []) {
    await assignMissing(s, pno, by, [{ uid: a.uid, psid: psid(a.set) }], { orgs: a.oids, spaces: null });
  }
  return keys.map(psid);
}

/** Assigns the pairs not held yet, to members who are not the owner, with one scope. */
async function assignMissing(
  s: Services,
  pno: string,
  by: string,
  wanted: ReadonlyArray<{ uid: string; psid: string }>,
  scope: repo.NewScope,
) {
  const uids = [...new Set(wanted.map((w) => w.uid))];
  if (uids.length === 0) return;
  const members = new Map((await memberships.membersOf(s.db, propertyTenant(pno), uids)).map((m) => [m.uid, m.role]));
  const held = await repo.assignmentsOf(s.db, propertyTenant(pno), uids);
  const changes = uids
    .filter((uid) => members.has(uid) && members.get(uid) !== 'owner')
    .map((uid) => ({
      uid,
      add: wanted
        .filter((w) => w.uid === uid && !held.some((h) => h.uid === uid && h.psid === w.psid))
        .map((w) => w.psid),
      remove: [],
    }))
    .filter((c) => c.add.length > 0);
  if (changes.length > 0) await repo.applyAssignments(s.db, propertyTenant(pno), changes, scope, by, s.now());
}
