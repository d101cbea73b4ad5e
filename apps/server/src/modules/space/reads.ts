import { SPACE_LIST_PAGE_SIZE } from '@keel/contract/constants';
import type { Db } from '../../platform/db/connect';
import { notFound } from '../../platform/http/errors';
import type { ScopeResolver } from '../../platform/http/scope';
import { propertyTenant, type Tenant } from '../../platform/tenancy/tenant';
import * as groupRepo from './group-repo';
import * as repo from './repo';

/**
 * The space reads other modules build on: permission names an administrator's spaces and checks that assigned ids
 * are the property's; devices and files check where they are placed. This file imports no other module, so any
 * module may use it without an import cycle. No SQL. Each takes the tenant of the property its caller works in
 * (the request's, a row's), never one from input.
 */
export function spaceNames(db: Db, tenant: Tenant, sids: readonly string[]): Promise<Map<string, string>> {
  return repo.spaceNames(db, tenant, sids);
}

/**
 * The rows, each with the name of the space its `sid` names as `space_name` ('' for a sid that names none): one
 * read for a page of files or packages, instead of a join in their lists.
 */
export async function withSpaceNames<R extends { sid: string }>(
  db: Db,
  tenant: Tenant,
  rows: readonly R[],
): Promise<(R & { space_name: string })[]> {
  const names = await repo.spaceNames(db, tenant, [...new Set(rows.map((r) => r.sid))]);
  return rows.map((r) => ({ ...r, space_name: names.get(r.sid) ?? '' }));
}

/**
 * Spaces as a scope kind (ps/assignMgeSpace): a space lies in a scope that names it; there is no enclosing space
 * and no root. Registered with the platform in routes.ts, so endpoints declare `scope: { space: 'sid' }`.
 */
export const spaceScopeResolver: ScopeResolver = {
  async reach(db, pno, ids) {
    const names = await repo.spaceNames(db, propertyTenant(pno), ids);
    return new Map([...names.keys()].map((sid) => [sid, [sid]]));
  },
};

/** Where an object of a space sits: the space, and a group of its tree (the space itself is the tree's root). */
export interface Placement {
  sid: string | null;
  groupId: string | null;
}

/**
 * Checks a placement names the property's own: the space one of its spaces ("not found", naming `sid`), the group
 * one of that space's groups or the space itself ("not found", naming `groupId`). A group needs a space.
 */
export async function assertPlacement(db: Db, tenant: Tenant, placement: Placement): Promise<void> {
  const { sid, groupId } = placement;
  if (sid === null) {
    if (groupId !== null) throw notFound('groupId');
    return;
  }
  if (!(await repo.spaceNames(db, tenant, [sid])).has(sid)) throw notFound('sid');
  if (groupId !== null) await assertGroupOf(db, tenant, sid, groupId);
}

/** Refuses ("not found", naming `groupId`) a group id that is neither space `sid` itself nor one of its groups. */
export async function assertGroupOf(db: Db, tenant: Tenant, sid: string, groupId: string): Promise<void> {
  if (groupId !== sid && (await spaceOfGroupId(db, tenant, groupId)) !== sid) throw notFound('groupId');
}

/** The space a group id names in the property (the files module checks a file's group): null when none. */
export async function spaceOfGroupId(db: Db, tenant: Tenant, groupId: string): Promise<string | null> {
  return (await groupRepo.spaceOfGroup(db, tenant, groupId))?.sid ?? null;
}

/** The property's groups among `groupIds`, each with its space and name (lists naming groups). */
export async function groupHeads(
  db: Db,
  tenant: Tenant,
  groupIds: readonly string[],
): Promise<Map<string, { sid: string; name: string }>> {
  const rows = await groupRepo.groupsIn(db, tenant, [...new Set(groupIds)]);
  return new Map(rows.map((g) => [g.group_id, { sid: g.sid, name: g.name }]));
}

/** The property's spaces a member owns (`uid`): the files module lists their files. */
export async function spacesOwnedBy(db: Db, tenant: Tenant, uid: string): Promise<string[]> {
  return repo.spacesOwnedBy(db, tenant, uid);
}

/** A space's groups with their parents (`group_id`, `pid`): firmware tasks take a group's subgroups with it. */
export async function groupTreeOf(db: Db, tenant: Tenant, sid: string): Promise<{ group_id: string; pid: string }[]> {
  return (await groupRepo.groupsOf(db, tenant, sid)).map((g) => ({ group_id: g.group_id, pid: g.pid }));
}

/** A space's name and business; null when `sid` names none of the property's spaces (a module checks it serves it). */
export async function spaceHead(
  db: Db,
  tenant: Tenant,
  sid: string,
): Promise<{ sid: string; name: string; business: string } | null> {
  const [row] = await repo.findSpaces(db, tenant, [sid]);
  return row ? { sid: row.sid, name: row.name, business: row.business } : null;
}

/** The property's spaces of a business, by name, among `sids` (null: all of them): the spaces a module works in. */
export async function spacesOfBusiness(
  db: Db,
  tenant: Tenant,
  business: string,
  sids: readonly string[] | null,
): Promise<{ sid: string; name: string }[]> {
  const { rows } = await repo.pageSpaces(db, tenant, { business, sids }, 1, SPACE_LIST_PAGE_SIZE);
  return rows.map((r) => ({ sid: r.sid, name: r.name })).sort((a, b) => a.name.localeCompare(b.name));
}
