import { type Expression, expressionBuilder } from 'kysely';
import type { Db } from '../db/connect';
import type { Database } from '../db/schema';
import { containsAnyCi } from '../db/sql-helpers';
import type { PropertyRole } from '../permissions/effective';
import { propertyTenant, type Tenant, type TenantScope } from '../tenancy/tenant';
import { scopedDb, tenantDb } from '../tenancy/tenant-scope';

/** Memberships (`property_members`): who belongs to a property, in which role. SQL only. */

/** Adds a member to a property the caller made, named by its pno (the seed's and tests' way in). */
export const addMember = (db: Db, pno: string, uid: string, role: PropertyRole, now: number) =>
  tenantDb(db, propertyTenant(pno))
    .insertInto('property_members')
    .values({ uid, role, joined_at: now })
    .onConflict((oc) => oc.columns(['pno', 'uid']).doNothing())
    .execute();

export const findMember = (db: Db, tenant: Tenant, uid: string) =>
  tenantDb(db, tenant).selectFrom('property_members').select(['uid', 'role']).where('uid', '=', uid).executeTakeFirst();

/** The members among `uids` with their roles. */
export async function membersOf(db: Db, tenant: Tenant, uids: readonly string[]) {
  if (uids.length === 0) return [];
  return tenantDb(db, tenant).selectFrom('property_members').select(['uid', 'role']).where('uid', 'in', uids).execute();
}

/** Of `uids`, those that are members of the property `pno` (the lookup member groups and organisation rules start from). */
export async function memberUids(db: Db, pno: string, uids: readonly string[]): Promise<Set<string>> {
  if (uids.length === 0) return new Set();
  const rows = await db
    .selectFrom('property_members')
    .select('uid')
    // not a tenant filter: a declared platform read keyed by the property the caller resolved
    .where('pno', '=', pno)
    .where('uid', 'in', uids)
    .execute();
  return new Set(rows.map((r) => r.uid));
}

/** Of `uids`, those that are members of the property, in uid order. */
export async function memberUidsAmong(db: Db, tenant: Tenant, uids: readonly string[]): Promise<string[]> {
  if (uids.length === 0) return [];
  const rows = await tenantDb(db, tenant)
    .selectFrom('property_members')
    .select('uid')
    .where('uid', 'in', [...uids])
    .orderBy('uid')
    .execute();
  return rows.map((r) => r.uid);
}

/** The first `limit` members, in uid order: every member placed on one of `oids`, or (null) every member. */
export async function memberUidsPlaced(
  db: Db,
  tenant: Tenant,
  oids: readonly string[] | null,
  limit: number,
): Promise<string[]> {
  if (oids !== null && oids.length === 0) return [];
  const rows = await tenantDb(db, tenant)
    .selectFrom('property_members')
    .select('uid')
    .$if(oids !== null, (q) => q.where('oid', 'in', [...(oids ?? [])]))
    .orderBy('uid')
    .limit(limit)
    .execute();
  return rows.map((r) => r.uid);
}

/** The property's owner and administrators, in uid order. */
export const ownerAndAdmins = (db: Db, tenant: Tenant) =>
  tenantDb(db, tenant)
    .selectFrom('property_members')
    .select(['uid', 'role'])
    .where('role', 'in', ['owner', 'admin'])
    .orderBy('uid')
    .execute();

/** Gives those of `uids` whose role is `from` the role `to` (administrators made and unmade). */
export async function setMembersRole(
  db: Db,
  tenant: Tenant,
  uids: readonly string[],
  from: PropertyRole,
  to: PropertyRole,
): Promise<void> {
  if (uids.length === 0) return;
  await tenantDb(db, tenant)
    .updateTable('property_members')
    .set({ role: to })
    .where('uid', 'in', uids)
    .where('role', '=', from)
    .execute();
}

/**
 * Whether `uid` is a member of `pno` in one of `roles` (both columns of the caller's query): a condition for
 * queries that count or pick administrators, so that they stay one query.
 */
export function hasMemberRole(pno: Expression<string>, uid: Expression<string>, roles: readonly PropertyRole[]) {
  const eb = expressionBuilder<Database, never>();
  return eb.exists(
    eb
      .selectFrom('property_members as m')
      .select('m.uid')
      // not a tenant filter: the membership in the caller's row's own property
      .where('m.pno', '=', pno)
      .where('m.uid', '=', uid)
      .where('m.role', 'in', roles),
  );
}

export interface AdminFilter {
  str?: string;
}

/** Owners and administrators of a property (or, operators, of every property), the owner first, then by joining time. */
export async function listAdmins(db: Db, tenant: TenantScope, f: AdminFilter, pageNum: number, pageSize: number) {
  const base = scopedDb(db, tenant)
    .selectFrom('property_members as m')
    .innerJoin('users as u', 'u.uid', 'm.uid')
    .innerJoin('properties as p', 'p.pno', 'm.pno')
    .where('m.role', 'in', ['owner', 'admin'])
    .$if(Boolean(f.str), (q) => q.where(containsAnyCi(['u.name', 'u.phone'], f.str ?? '')));
  const [rows, total] = await Promise.all([
    base
      .select(['m.pno', 'm.uid', 'm.role', 'm.joined_at', 'u.name', 'u.phone', 'p.name as property_name'])
      .orderBy('m.pno')
      .orderBy('m.role', 'desc')
      .orderBy('m.joined_at')
      .orderBy('m.uid')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}
