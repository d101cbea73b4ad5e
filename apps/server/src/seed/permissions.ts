import { permissionCatalogue } from '@keel/contract/permissions/catalogue';
import * as repo from '../modules/permission/repo';
import { nameKey } from '../platform/db/sql-helpers';
import { newId } from '../platform/ids';
import type { Services } from '../platform/services';

const under = (...roots: string[]) =>
  permissionCatalogue
    .filter((n) => n.scope === 'property' && roots.some((r) => n.id === r || n.id.startsWith(`${r}.`)))
    .map((n) => n.id);

const SETS: Array<{ name: string; remark: string; permissions: string[] }> = [
  {
    name: '运维管理员',
    remark: '固件升级、终端与文件空间的日常运维',
    permissions: under('firmware', 'terminals', 'files'),
  },
  {
    name: '账号管理员',
    remark: '组织、用户、职务、用户集与客户的维护（不含权限集与管理员）',
    permissions: [
      ...under('account.title', 'account.userSet', 'account.customer', 'manage.users'),
      'account.property',
      'account.property.org',
      'account.property.member',
    ].filter((id) => permissionCatalogue.some((n) => n.id === id)),
  },
];

/**
 * Two permission sets for a demo property (idempotent: existing names are kept); the first is assigned to each of
 * `opsUids`, the second to each of `accountUids` (members who hold no set yet become administrators). For
 * seed/demo.ts.
 */
export async function seedPermissionSets(
  s: Services,
  pno: string,
  by: string,
  assign: { opsUids?: readonly string[]; accountUids?: readonly string[] } = {},
): Promise<string[]> {
  const now = s.now();
  const psids: string[] = [];
  for (const [i, set] of SETS.entries()) {
    const key = nameKey(set.name);
    let psid = (await repo.findSetByNameKey(s.db, pno, key))?.psid;
    if (!psid) {
      psid = newId();
      await repo.insertSet(
        s.db,
        pno,
        psid,
        { name: set.name, nameKey: key, remark: set.remark, permissions: set.permissions },
        by,
        now + i,
      );
    }
    psids.push(psid);
  }
  const wanted = [
    ...(assign.opsUids ?? []).map((uid) => ({ uid, psid: psids[0] })),
    ...(assign.accountUids ?? []).map((uid) => ({ uid, psid: psids[1] })),
  ];
  const uids = [...new Set(wanted.map((w) => w.uid))];
  const members = new Map((await repo.membersOf(s.db, pno, uids)).map((m) => [m.uid, m.role]));
  const held = await repo.assignmentsOf(s.db, pno, uids);
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
  if (changes.length > 0) await repo.applyAssignments(s.db, pno, changes, { orgs: null, spaces: null }, by, now);
  return psids;
}
