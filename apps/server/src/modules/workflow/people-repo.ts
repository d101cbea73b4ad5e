import { findProperty, memberUidsAmong, ownerAndAdmins as propertyAdmins, userHeads } from '../../platform/auth/reads';
import type { Db } from '../../platform/db/connect';
import type { Tenant } from '../../platform/tenancy/tenant';
import { tenantDb } from '../../platform/tenancy/tenant-scope';

/**
 * The people behind auditors (README "Auditors"): which users are the property's members, their names and phones,
 * the property's owner and administrators (all through platform/auth), and auditors' to-do counts. Titles, user
 * sets and units are read by the modules that keep them (auditor-groups.ts). SQL only, on the property's scoped
 * handle (platform/tenancy/tenant-scope.ts).
 */

export const membersAmong = (db: Db, t: Tenant, uids: readonly string[]): Promise<string[]> =>
  memberUidsAmong(db, t, uids);

/** Users' names and phones (users are not a property's rows: any uid). */
export const userCards = (db: Db, uids: readonly string[]): Promise<Map<string, { name: string; phone: string }>> =>
  userHeads(db, uids);

/** The property's owner and administrators. */
export const ownerAndAdmins = (db: Db, t: Tenant) => propertyAdmins(db, t);

/** To-do counts of some auditors in the property. */
export async function todoCounts(db: Db, t: Tenant, uids: readonly string[]): Promise<Map<string, number>> {
  if (uids.length === 0) return new Map();
  const rows = await tenantDb(db, t)
    .selectFrom('flow_todo_counts')
    .select(['uid', (eb) => eb.fn.sum<number>('n').as('n')])
    .where('uid', 'in', [...uids])
    .groupBy('uid')
    .execute();
  return new Map(rows.map((r) => [r.uid, Number(r.n)]));
}

export const ownerOf = async (db: Db, t: Tenant) => (await findProperty(db, t.pno))?.owner_uid ?? null;
