import { PERMISSION_SET_PERMISSIONS as P, type PermissionTreeItem } from '@keel/contract/endpoints/permission';
import { permissionCatalogue } from '@keel/contract/permissions/catalogue';
import { buildTree, type PermissionTreeNode } from '@keel/contract/permissions/tree';
import type { Locale } from '@keel/contract/status';
import * as memberships from '../../platform/auth/members-repo';
import type { Db } from '../../platform/db/connect';
import { isUniqueViolation, nameKey } from '../../platform/db/sql-helpers';
import type { PropertyContext, SessionUser } from '../../platform/http/context';
import { AppError, invalidInput, notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import type { NewsFragment } from '../../platform/news/catalogue';
import { notify } from '../../platform/news/notify';
import {
  availableFor,
  isPropertyPermission,
  type Scope,
  setWithin,
  sortByCatalogue,
} from '../../platform/permissions/effective';
import * as repo from '../../platform/permissions/sets-repo';
import type { Services } from '../../platform/services';
import { propertyTenant, type Tenant } from '../../platform/tenancy/tenant';
import { nodeNames, orgScope } from '../org/reads';
import { spaceNames } from '../space/reads';

/**
 * The rules of permission sets and administrators (README.md). The property is the request's (`PropertyContext`,
 * checked by access): its queries run on `propertyTenant(pno)`. No SQL and no HTTP here.
 */

export { listAdminsOf, listMySets, listSetsOf } from './lists';

/** Takes every set and scope from a member (ownership, removal from the property), inside the caller's transaction. */
export const removeAdminRights = (trx: Db, tenant: Tenant, uid: string) => repo.removeAdminRights(trx, tenant, uid);

const within = (property: PropertyContext, ids: readonly string[]) =>
  setWithin(property.permissions, property.businesses, ids);

function assertWithin(property: PropertyContext, set: { name: string; permissions: readonly string[] }): void {
  if (!within(property, set.permissions)) throw new AppError('permissionSetBeyondYou', { name: set.name });
}

/** The grantable catalogue as a tree in the request's language. */
export function grantableTree(property: PropertyContext, locale: Locale): PermissionTreeItem[] {
  const nodes = permissionCatalogue.filter((n) => n.scope === 'property' && property.permissions.has(n.id));
  const map = (n: PermissionTreeNode): PermissionTreeItem => ({
    id: n.id,
    name: n.name[locale],
    kind: n.kind,
    ...(n.route ? { route: n.route } : {}),
    ...(n.business ? { business: n.business } : {}),
    children: n.children.map(map),
  });
  return buildTree(nodes).map(map);
}

export async function saveSet(
  s: Services,
  property: PropertyContext,
  user: SessionUser,
  input: { psid?: string; name: string; remark: string; permissionIdList: string[] },
): Promise<string> {
  const tenant = propertyTenant(property.pno);
  const unknown = input.permissionIdList.filter((id) => !isPropertyPermission(id));
  if (unknown.length > 0) throw invalidInput('permissionIdList');
  const notHeld = input.permissionIdList.filter((id) => !property.permissions.has(id));
  if (notHeld.length > 0) throw new AppError('permissionNotGrantable', { ids: notHeld.slice(0, 5).join(', ') });

  const key = nameKey(input.name);
  if (await repo.findSetByNameKey(s.db, tenant, key, input.psid)) throw new AppError('nameTaken', { name: input.name });
  const now = s.now();
  try {
    if (input.psid === undefined) {
      const psid = newId();
      const values = {
        name: input.name,
        nameKey: key,
        remark: input.remark,
        permissions: sortByCatalogue(input.permissionIdList),
      };
      await repo.insertSet(s.db, tenant, psid, values, user.uid, now);
      return psid;
    }
    const [existing] = await repo.findSets(s.db, tenant, [input.psid]);
    if (!existing) throw notFound('psid');
    assertWithin(property, existing);
    // Ids of switched-off businesses are dormant: nobody sees them in the tree, so an edit keeps them.
    const available = availableFor(property.businesses);
    const dormant = existing.permissions.filter((id) => !available.has(id));
    const permissions = sortByCatalogue([...input.permissionIdList, ...dormant]);
    await repo.updateSet(
      s.db,
      tenant,
      input.psid,
      { name: input.name, nameKey: key, remark: input.remark, permissions },
      now,
    );
    return input.psid;
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('nameTaken', { name: input.name });
    throw error;
  }
}

export async function deleteSet(s: Services, property: PropertyContext, psid: string, force: boolean) {
  const tenant = propertyTenant(property.pno);
  const [set] = await repo.findSets(s.db, tenant, [psid]);
  if (!set) throw notFound('psid');
  assertWithin(property, set);
  const admins = await repo.adminsOfSet(s.db, tenant, psid);
  if (admins.length > 0 && !force) throw new AppError('stillHasUsers', { count: admins.length });
  await repo.deleteSet(s.db, tenant, psid);
  for (const uid of admins) await tellRoleChanged(s, property, uid);
  return admins.length;
}

export async function assignSets(
  s: Services,
  property: PropertyContext,
  user: SessionUser,
  input: { uidList: string[]; psidList: string[]; mode: 'replace' | 'add' | 'remove' },
): Promise<number> {
  const tenant = propertyTenant(property.pno);
  if (input.uidList.includes(user.uid)) throw new AppError('notYourself');
  const members = await memberships.membersOf(s.db, tenant, input.uidList);
  if (members.length !== input.uidList.length) throw notFound('uid');
  if (members.some((m) => m.role === 'owner')) throw new AppError('ownerHoldsEverything');
  const roles = new Map(members.map((m) => [m.uid, m.role]));

  const current = new Map<string, Set<string>>(input.uidList.map((uid) => [uid, new Set()]));
  const stale = new Map<string, string[]>();
  for (const a of await repo.assignmentsOf(s.db, tenant, input.uidList)) {
    // Rows left behind for someone who is an ordinary member again are cleared without further checks.
    if (roles.get(a.uid) === 'member') stale.set(a.uid, [...(stale.get(a.uid) ?? []), a.psid]);
    else current.get(a.uid)?.add(a.psid);
  }

  const named = await repo.findSets(s.db, tenant, input.psidList);
  if (named.length !== input.psidList.length) throw notFound('psid');

  const changes: repo.AssignmentChange[] = [];
  const touched = new Set<string>();
  for (const uid of input.uidList) {
    const now = current.get(uid) ?? new Set<string>();
    const target =
      input.mode === 'replace'
        ? new Set(input.psidList)
        : input.mode === 'add'
          ? new Set([...now, ...input.psidList])
          : new Set([...now].filter((p) => !input.psidList.includes(p)));
    const add = [...target].filter((p) => !now.has(p));
    const remove = [...now].filter((p) => !target.has(p));
    for (const p of [...add, ...remove]) touched.add(p);
    const cleared = stale.get(uid) ?? [];
    if (add.length + remove.length + cleared.length > 0) changes.push({ uid, add, remove: [...remove, ...cleared] });
  }
  // Every set added or taken away must be within what the caller holds.
  for (const set of await repo.findSets(s.db, tenant, [...touched])) assertWithin(property, set);
  if (changes.length === 0) return 0;

  // An administrator limited to some organisations or spaces hands on no more than their own reach.
  const reach = property.role === 'owner' ? { orgs: null, spaces: null } : property.scopeOf(P.assign);
  await repo.applyAssignments(s.db, tenant, changes, reach, user.uid, s.now());
  for (const c of changes) await tellRoleChanged(s, property, c.uid);
  return changes.filter((c) => c.add.length + c.remove.length > 0).length;
}

export async function limitAssignment(
  s: Services,
  property: PropertyContext,
  user: SessionUser,
  input: { uid: string; psid: string; ids: string[] },
  kind: repo.ScopeKind,
): Promise<void> {
  const { pno } = property;
  const tenant = propertyTenant(pno);
  if (input.uid === user.uid) throw new AppError('notYourself');
  const [member] = await memberships.membersOf(s.db, tenant, [input.uid]);
  if (!member) throw notFound('uid');
  if (member.role === 'owner') throw new AppError('ownerHoldsEverything');
  const [set] = await repo.findSets(s.db, tenant, [input.psid]);
  if (!set) throw notFound('psid');
  assertWithin(property, set);
  if (member.role !== 'admin' || !(await repo.findAssignment(s.db, tenant, input.psid, input.uid))) {
    throw notFound('assignment');
  }
  let ids = input.ids;
  if (kind === 'org') {
    // The root node is the property itself: naming it lifts the limit.
    ids = ids.includes(`root-${pno}`) ? [] : ids;
    // Where each unit lies (itself, the units above it, the root), asked of the organisation module.
    const found = await orgScope.reach(s.db, pno, ids);
    if (found.size !== ids.length) throw notFound('oid');
    const reach = callerReach(property).orgs;
    if (reach !== null && (ids.length === 0 || ids.some((oid) => !found.get(oid)?.some((a) => reach.includes(a))))) {
      throw new AppError('scopeBeyondYou');
    }
  } else {
    // Space ids must name spaces of the property (modules/space); another property's is "not found".
    const found = await spaceNames(s.db, tenant, ids);
    if (found.size !== ids.length) throw notFound('sid');
    const reach = callerReach(property).spaces;
    if (reach !== null && (ids.length === 0 || ids.some((sid) => !reach.includes(sid)))) {
      throw new AppError('scopeBeyondYou');
    }
  }
  await repo.setScope(s.db, tenant, input.psid, input.uid, kind, ids);
  await tellRoleChanged(s, property, input.uid);
}

const callerReach = (property: PropertyContext): Scope =>
  property.role === 'owner' ? { orgs: null, spaces: null } : property.scopeOf(P.assign);

/**
 * A message to an administrator whose sets or scopes changed, saying what they hold now: each set with the units
 * or spaces it is limited to. One change made in several calls (add a set, then limit it) is one message.
 */
async function tellRoleChanged(s: Services, property: PropertyContext, uid: string): Promise<void> {
  const tenant = propertyTenant(property.pno);
  const held = await repo.assignmentDetails(s.db, tenant, [uid]);
  const orgNames = await nodeNames(s.db, tenant, [...new Set(held.flatMap((a) => a.oidList ?? []))]);
  const spaceNameOf = await spaceNames(s.db, tenant, [...new Set(held.flatMap((a) => a.sidList ?? []))]);
  const sets = held.map((a): NewsFragment => {
    const orgs = a.oidList?.length ? a.oidList.map((oid) => orgNames.get(oid) ?? oid) : null;
    const spaces = a.sidList?.length ? a.sidList.map((sid) => spaceNameOf.get(sid) ?? sid) : null;
    if (orgs && spaces) return { fragment: 'setInOrgsAndSpaces', params: { set: a.name, orgs, spaces } };
    if (orgs) return { fragment: 'setInOrgs', params: { set: a.name, orgs } };
    if (spaces) return { fragment: 'setInSpaces', params: { set: a.name, spaces } };
    return { fragment: 'setWhole', params: { set: a.name } };
  });
  await notify(s, {
    uid,
    pno: property.pno,
    type: 'role',
    ...(sets.length > 0
      ? { key: 'adminRightsChanged', params: { property: property.name, sets } }
      : { key: 'adminRightsRemoved', params: { property: property.name } }),
    link: { kind: 'property', id: property.pno },
    replacesRecent: true,
  });
}
