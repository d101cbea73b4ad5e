import type { Db } from '../../platform/db/connect';
import type { ScopeResolver } from '../../platform/http/scope';
import { propertyTenant, type Tenant } from '../../platform/tenancy/tenant';
import * as repo from './repo';

/**
 * The organisation reads other modules build on: members (user), node names and where a node lies (permission,
 * and the platform's scope checks through `orgScope`). This file imports no other module, so any module may use
 * it without an import cycle (the removal cascade in membership.ts imports permission). They take the tenant of a
 * property the caller resolved (the selected one, or one the server found) and read on its scoped handle;
 * `findProperty` reads a property's own row by its key. No SQL here.
 */

export type MemberFilter = repo.MemberFilter;
export type MemberRow = Awaited<ReturnType<typeof repo.memberRows>>[number];

export const rootId = repo.rootId;

/** A page of the property's members under a filter, each shaped by `item`: what the organisation and user lists share. */
export async function memberPage<T>(
  db: Db,
  tenant: Tenant,
  filter: MemberFilter,
  page: { pageNum: number; pageSize: number },
  item: (row: MemberRow) => T,
) {
  const { rows, total } = await repo.pageMembers(db, tenant, filter, page.pageNum, page.pageSize);
  return { list: rows.map(item), total, pageNum: page.pageNum, pageSize: page.pageSize };
}
/** Several memberships in one query. */
export const findMembers = (db: Db, tenant: Tenant, uids: readonly string[]) => repo.findMembers(db, tenant, uids);
/** Members of the property by phone, in one query: a phone of no member (or of no account) is simply missing. */
export const membersByPhone = (db: Db, tenant: Tenant, phones: readonly string[]) =>
  repo.membersByPhone(db, tenant, phones);
export const findMember = (db: Db, tenant: Tenant, uid: string) => repo.findMember(db, tenant, uid);
export const findProperty = (db: Db, pno: string) => repo.findProperty(db, pno);

/** The names of a property's nodes, by id (unknown ids are left out; the root has no row). */
export const nodeNames = (db: Db, tenant: Tenant, oids: readonly string[]) => repo.nodeNames(db, tenant, oids);

/** The ids of a property's nodes whose name contains `text`, in any case. */
export const nodeIdsNamed = (db: Db, tenant: Tenant, text: string) => repo.nodeIdsNamed(db, tenant, text);

/**
 * A member's unit and every unit above it, nearest first, up to (not including) the root: none for a member at the
 * root or a user who is no member.
 */
export async function unitsAbove(db: Db, tenant: Tenant, uid: string): Promise<string[]> {
  const member = await repo.findMember(db, tenant, uid);
  return unitsFrom(db, tenant, member?.oid ?? null);
}

/** The unit `oid` and every unit above it, nearest first, up to (not including) the root: none for no unit. */
export async function unitsFrom(db: Db, tenant: Tenant, oid: string | null): Promise<string[]> {
  if (!oid) return [];
  return (await repo.nodeChains(db, tenant, [oid])).get(oid) ?? [];
}

/** The property a node id belongs to, for operators filtering by node without naming the property. */
export const propertyOfNode = repo.propertyOfNode;

/**
 * Organisation units as a scope kind (ps/assignMgeOrg): a node lies in the subtrees of itself, its ancestors and
 * the root (`root-<pno>`, the whole property). Registered with the platform in routes.ts; also what other modules
 * check a list of node ids against (one query whatever their number).
 */
export const orgScope: ScopeResolver = {
  root: rootId,
  async reach(db, pno, ids) {
    const root = rootId(pno);
    const chains = await repo.nodeChains(
      db,
      propertyTenant(pno),
      ids.filter((id) => id !== root),
    );
    const out = new Map<string, readonly string[]>();
    for (const id of ids) {
      if (id === root) out.set(id, [root]);
      else {
        const chain = chains.get(id);
        if (chain) out.set(id, [...chain, root]);
      }
    }
    return out;
  },
};
