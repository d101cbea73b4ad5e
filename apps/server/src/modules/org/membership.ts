import { ORG_PERMISSIONS, type OrgUser } from '@keel/contract/endpoints/org';
import { memberUids } from '../../platform/auth/members-repo';
import { bumpAclVersion } from '../../platform/auth/property-context';
import type { Db } from '../../platform/db/connect';
import type { RequestContext, SessionUser } from '../../platform/http/context';
import { AppError, forbidden, notFound } from '../../platform/http/errors';
import { notify } from '../../platform/news/notify';
import type { Services } from '../../platform/services';
import { propertyTenant, type Tenant } from '../../platform/tenancy/tenant';
import { announceLeave, standDown } from '../workflow/service';
import { memberLeavers } from './leave';
import { memberPage } from './reads';
import * as repo from './repo';
import { effectiveStatus } from './requests';
import { assertMembersInScope, type OrgProperty, resolveNode, rootId } from './scope';

/**
 * Members on the tree: listing, moving, removing, and where a person is (README "Members"). The node a call names
 * is checked against the caller's scope before it gets here (access.scope in the contract).
 */

type MemberRow = Awaited<ReturnType<typeof repo.memberRows>>[number];

export const toOrgUser = (pno: string, propertyName: string, r: MemberRow): OrgUser => ({
  uid: r.uid,
  name: r.name,
  phoneNum: r.phone,
  email: r.email,
  oid: r.oid ?? rootId(pno),
  orgName: r.org_name ?? propertyName,
  role: r.role,
  status: r.status === 1 ? 1 : 0,
  joinTime: r.joined_at,
});

/** The member filter for a node id of the console (`includeSub` on the root means the whole property). */
export async function memberFilter(
  db: Db,
  prop: { pno: string; name: string },
  oid: string,
  includeSub: boolean,
  field = 'oid',
): Promise<repo.MemberFilter> {
  const node = await resolveNode(db, prop, oid, field);
  if (node.oid === null) return includeSub ? {} : { oid: null };
  return { oid: node.oid, includeSub };
}

export async function listOrgUsers(
  s: Services,
  prop: OrgProperty,
  input: { oid: string; includeSub: 0 | 1; str?: string; pageNum: number; pageSize: number },
) {
  // The node is in the caller's scope (access.scope). A search looks through the whole subtree: whoever is
  // looked for may sit in a unit below.
  const filter = await memberFilter(s.db, prop, input.oid, input.includeSub === 1 || Boolean(input.str));
  return memberPage(s.db, propertyTenant(prop.pno), { ...filter, str: input.str || undefined }, input, (r) =>
    toOrgUser(prop.pno, prop.name, r),
  );
}

export async function moveUsers(
  s: Services,
  prop: OrgProperty,
  uids: string[],
  oid: string,
  permission: string = ORG_PERMISSIONS.members,
): Promise<number> {
  const tenant = propertyTenant(prop.pno);
  const target = await resolveNode(s.db, prop, oid);
  const members = await memberUids(s.db, prop.pno, uids);
  if (uids.some((u) => !members.has(u))) throw notFound('uid');
  // The target is declared (access.scope); where the members sit now is checked here.
  await assertMembersInScope(s.db, prop, permission, uids);
  // Under the tree lock, so that a concurrent delete of the target cannot leave members on a missing node.
  const { moved, changed } = await s.db.transaction().execute(async (trx) => {
    await repo.lockTree(trx, tenant);
    if (target.oid !== null && !(await repo.findNode(trx, tenant, target.oid))) throw notFound('oid');
    const before = await repo.memberNodes(trx, tenant, uids);
    const changed = uids.filter((uid) => (before.get(uid) ?? null) !== target.oid);
    return { moved: await repo.moveMembers(trx, tenant, uids, target.oid), changed };
  });
  // Those whose unit changed are told where they are now.
  for (const uid of changed) {
    await notify(s, {
      uid,
      pno: prop.pno,
      type: 'role',
      key: 'movedToUnit',
      params: { property: prop.name, org: target.name },
    });
  }
  return moved;
}

/**
 * Takes a user out of a property with everything that hangs on the membership: what the other modules contribute
 * to `memberLeavers` (administrator rights, titles, user sets, customers, the devices bound to them; leave.ts).
 * Every path that removes a member calls this inside its transaction, so no row of a non-member is left behind.
 */
export async function leaveProperty(s: Services, trx: Db, tenant: Tenant, uid: string, role: string): Promise<void> {
  await repo.removeMember(trx, tenant, uid);
  for (const leaver of s.extensions.all(memberLeavers)) await leaver.leave(trx, tenant, uid);
  // Cached permissions of the property are keyed by its ACL version; an administrator's change invalidates them.
  if (role === 'admin') await bumpAclVersion(trx, tenant.pno);
}

export async function removeUser(s: Services, ctx: RequestContext, prop: OrgProperty, oid: string, uid: string) {
  const tenant = propertyTenant(prop.pno);
  const node = await resolveNode(s.db, prop, oid);
  const member = await repo.findMember(s.db, tenant, uid);
  if (!member || (member.oid ?? null) !== node.oid) throw notFound('uid');
  if (member.role === 'owner') throw new AppError('ownerIsFixed');
  if (uid === ctx.user?.uid) throw new AppError('notYourself');
  const handed = await s.db.transaction().execute(async (trx) => {
    // Their waiting review steps go to others (modules/workflow), in the same transaction; applications are claimed
    // before the tree is locked, the order the engine's own actions take them in (a join's pass locks the tree).
    const changes = await standDown(s, trx, prop.pno, uid);
    await repo.lockTree(trx, tenant);
    // Re-read under the lock: a concurrent removal or move answers "not found" rather than half a removal.
    const current = await repo.findMember(trx, tenant, uid);
    if (!current || (current.oid ?? null) !== node.oid) throw notFound('uid');
    if (current.role === 'owner') throw new AppError('ownerIsFixed');
    await leaveProperty(s, trx, tenant, uid, current.role);
    return changes;
  });
  // An application that reached a step naming them while they were leaving.
  const late = await standDown(s, s.db, prop.pno, uid);
  await announceLeave(s, [...handed, ...late]);
  ctx.audit.target = uid;
  await notify(s, {
    uid,
    pno: prop.pno,
    type: 'role',
    key: 'removedFromProperty',
    params: { property: prop.name },
  });
}

export async function whereIs(s: Services, prop: OrgProperty, caller: SessionUser, phoneNum?: string) {
  const tenant = propertyTenant(prop.pno);
  let user: { uid: string } | undefined = caller;
  let invitePending = false;
  if (phoneNum !== undefined) {
    if (!prop.permissions.has(ORG_PERMISSIONS.members)) throw forbidden();
    user = await repo.findUserByPhone(s.db, phoneNum);
    const open = await repo.findOpenRequest(s.db, tenant, 'invite', phoneNum);
    invitePending = Boolean(open && effectiveStatus(open, s.now()) === 'pending');
  }
  const member = user ? await repo.findMember(s.db, tenant, user.uid) : undefined;
  const node = member?.oid ? await repo.findNode(s.db, tenant, member.oid) : undefined;
  return {
    ifOrgUser: member ? (1 as const) : (0 as const),
    uid: member && user ? user.uid : null,
    hasAccount: user ? (1 as const) : (0 as const),
    oid: member ? (member.oid ?? rootId(prop.pno)) : null,
    orgName: member ? (node?.name ?? prop.name) : null,
    invitePending: invitePending ? (1 as const) : (0 as const),
  };
}
