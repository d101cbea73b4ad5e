import {
  findProperty,
  memberUidsAmong,
  memberUidsPlaced,
  ownerAndAdmins as propertyAdmins,
  userHeads,
} from '../../platform/auth/reads';
import type { Db } from '../../platform/db/connect';
import type { Tenant } from '../../platform/tenancy/tenant';
import { type TenantDb, tenantDb } from '../../platform/tenancy/tenant-scope';

/**
 * Resolving auditors to people (README "Auditors"): users, titles, user sets and organisation units of one property,
 * each answered as the property's members it names today (a unit: its members and those of every unit below it;
 * the root `root-<pno>`: every member), at most `limit` of them, in uid order. SQL only, on the property's scoped
 * handle (platform/tenancy/tenant-scope.ts); members, users and the property are read through platform/auth.
 */

const ROOT_PREFIX = 'root-';

export const membersAmong = (db: Db, t: Tenant, uids: readonly string[]): Promise<string[]> =>
  memberUidsAmong(db, t, uids);

export async function titleMembers(db: Db, t: Tenant, tids: readonly string[], limit: number): Promise<string[]> {
  if (tids.length === 0) return [];
  const rows = await tenantDb(db, t)
    .selectFrom('title_users')
    .select('uid')
    .distinct()
    .where('tid', 'in', [...tids])
    .orderBy('uid')
    .limit(limit)
    .execute();
  return rows.map((r) => r.uid);
}

export async function setMembers(db: Db, t: Tenant, usids: readonly string[], limit: number): Promise<string[]> {
  if (usids.length === 0) return [];
  const rows = await tenantDb(db, t)
    .selectFrom('user_set_users')
    .select('uid')
    .distinct()
    .where('usid', 'in', [...usids])
    .orderBy('uid')
    .limit(limit)
    .execute();
  return rows.map((r) => r.uid);
}

/** `sub`: the units and every unit below them, in the property (the scope adds it to both halves). */
const withSubtree = (scoped: TenantDb, oids: readonly string[]) =>
  scoped.withRecursive('sub(oid)', (qb) =>
    qb
      .selectFrom('orgs')
      .select('oid')
      .where('oid', 'in', [...oids])
      .union((eb) => eb.selectFrom('orgs as o').innerJoin('sub', 'sub.oid', 'o.pid').select('o.oid')),
  );

/** Members of the units and every unit below them (the root: every member). */
export async function unitMembers(db: Db, t: Tenant, oids: readonly string[], limit: number): Promise<string[]> {
  if (oids.length === 0) return [];
  if (oids.includes(`${ROOT_PREFIX}${t.pno}`)) return memberUidsPlaced(db, t, null, limit);
  const units = await withSubtree(tenantDb(db, t), oids).selectFrom('sub').select('sub.oid').execute();
  return memberUidsPlaced(
    db,
    t,
    units.map((u) => u.oid),
    limit,
  );
}

/** How many members a unit has with everything below it (the root: the property's total). */
export async function unitMemberCount(db: Db, t: Tenant, oid: string): Promise<number> {
  if (oid === `${ROOT_PREFIX}${t.pno}`) {
    const row = await tenantDb(db, t).selectFrom('org_member_totals').select('n').executeTakeFirst();
    return Number(row?.n ?? 0);
  }
  const row = await withSubtree(tenantDb(db, t), [oid])
    .selectFrom('org_member_counts as c')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('c.n'), eb.lit(0)).as('n'))
    .where('c.oid_key', 'in', (eb) => eb.selectFrom('sub').select('sub.oid'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function titleCounts(db: Db, t: Tenant, tids: readonly string[]): Promise<Map<string, number>> {
  if (tids.length === 0) return new Map();
  const rows = await tenantDb(db, t)
    .selectFrom('title_users')
    .select(['tid', (eb) => eb.fn.countAll<number>().as('n')])
    .where('tid', 'in', [...tids])
    .groupBy('tid')
    .execute();
  return new Map(rows.map((r) => [r.tid, Number(r.n)]));
}

export async function setCounts(db: Db, t: Tenant, usids: readonly string[]): Promise<Map<string, number>> {
  if (usids.length === 0) return new Map();
  const rows = await tenantDb(db, t)
    .selectFrom('user_set_users')
    .select(['usid', (eb) => eb.fn.countAll<number>().as('n')])
    .where('usid', 'in', [...usids])
    .groupBy('usid')
    .execute();
  return new Map(rows.map((r) => [r.usid, Number(r.n)]));
}

// Names.

export async function titleNames(db: Db, t: Tenant, tids: readonly string[]): Promise<Map<string, string>> {
  if (tids.length === 0) return new Map();
  const rows = await tenantDb(db, t)
    .selectFrom('titles')
    .select(['tid', 'name'])
    .where('tid', 'in', [...tids])
    .execute();
  return new Map(rows.map((r) => [r.tid, r.name]));
}

export async function setNames(db: Db, t: Tenant, usids: readonly string[]): Promise<Map<string, string>> {
  if (usids.length === 0) return new Map();
  const rows = await tenantDb(db, t)
    .selectFrom('user_sets')
    .select(['usid', 'name'])
    .where('usid', 'in', [...usids])
    .execute();
  return new Map(rows.map((r) => [r.usid, r.name]));
}

export async function unitNames(db: Db, t: Tenant, oids: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const root = `${ROOT_PREFIX}${t.pno}`;
  if (oids.includes(root)) {
    const p = await findProperty(db, t.pno);
    if (p) out.set(root, p.name);
  }
  const rest = oids.filter((o) => o !== root);
  if (rest.length > 0) {
    const rows = await tenantDb(db, t).selectFrom('orgs').select(['oid', 'name']).where('oid', 'in', rest).execute();
    for (const r of rows) out.set(r.oid, r.name);
  }
  return out;
}

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
