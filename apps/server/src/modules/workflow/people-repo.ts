import { sql } from 'kysely';
import type { Db } from '../../platform/db/connect';
import type { Tenant } from '../../platform/tenancy/tenant';

/**
 * Resolving auditors to people (README "Auditors"): users, titles, user sets and organisation units of one property,
 * each answered as the property's members it names today (a unit: its members and those of every unit below it;
 * the root `root-<pno>`: every member), at most `limit` of them, in uid order. SQL only.
 */

const ROOT_PREFIX = 'root-';

export async function membersAmong(db: Db, t: Tenant, uids: readonly string[]): Promise<string[]> {
  if (uids.length === 0) return [];
  const rows = await db
    .selectFrom('property_members')
    .select('uid')
    .where('pno', '=', t.pno)
    .where('uid', 'in', [...uids])
    .orderBy('uid')
    .execute();
  return rows.map((r) => r.uid);
}

export async function titleMembers(db: Db, t: Tenant, tids: readonly string[], limit: number): Promise<string[]> {
  if (tids.length === 0) return [];
  const rows = await db
    .selectFrom('title_users')
    .select('uid')
    .distinct()
    .where('pno', '=', t.pno)
    .where('tid', 'in', [...tids])
    .orderBy('uid')
    .limit(limit)
    .execute();
  return rows.map((r) => r.uid);
}

export async function setMembers(db: Db, t: Tenant, usids: readonly string[], limit: number): Promise<string[]> {
  if (usids.length === 0) return [];
  const rows = await db
    .selectFrom('user_set_users')
    .select('uid')
    .distinct()
    .where('pno', '=', t.pno)
    .where('usid', 'in', [...usids])
    .orderBy('uid')
    .limit(limit)
    .execute();
  return rows.map((r) => r.uid);
}

/** Members of the units and every unit below them (the root: every member). */
export async function unitMembers(db: Db, t: Tenant, oids: readonly string[], limit: number): Promise<string[]> {
  if (oids.length === 0) return [];
  if (oids.includes(`${ROOT_PREFIX}${t.pno}`)) {
    const rows = await db
      .selectFrom('property_members')
      .select('uid')
      .where('pno', '=', t.pno)
      .orderBy('uid')
      .limit(limit)
      .execute();
    return rows.map((r) => r.uid);
  }
  const list = sql.join(oids.map((o) => sql`${o}`));
  const rows = await sql<{ uid: string }>`
    with recursive sub(oid) as (
      select oid from orgs where pno = ${t.pno} and oid in (${list})
      union
      select o.oid from orgs o join sub on o.pid = sub.oid where o.pno = ${t.pno}
    )
    select m.uid from property_members m
    where m.pno = ${t.pno} and m.oid in (select oid from sub)
    order by m.uid
    limit ${limit}`.execute(db);
  return rows.rows.map((r) => r.uid);
}

/** How many members a unit has with everything below it (the root: the property's total). */
export async function unitMemberCount(db: Db, t: Tenant, oid: string): Promise<number> {
  if (oid === `${ROOT_PREFIX}${t.pno}`) {
    const row = await db.selectFrom('org_member_totals').select('n').where('pno', '=', t.pno).executeTakeFirst();
    return Number(row?.n ?? 0);
  }
  const rows = await sql<{ n: number | string }>`
    with recursive sub(oid) as (
      select oid from orgs where pno = ${t.pno} and oid = ${oid}
      union
      select o.oid from orgs o join sub on o.pid = sub.oid where o.pno = ${t.pno}
    )
    select coalesce(sum(c.n), 0) as n from org_member_counts c
    where c.pno = ${t.pno} and c.oid_key in (select oid from sub)`.execute(db);
  return Number(rows.rows[0]?.n ?? 0);
}

export async function titleCounts(db: Db, t: Tenant, tids: readonly string[]): Promise<Map<string, number>> {
  if (tids.length === 0) return new Map();
  const rows = await db
    .selectFrom('title_users')
    .select(['tid', (eb) => eb.fn.countAll<number>().as('n')])
    .where('pno', '=', t.pno)
    .where('tid', 'in', [...tids])
    .groupBy('tid')
    .execute();
  return new Map(rows.map((r) => [r.tid, Number(r.n)]));
}

export async function setCounts(db: Db, t: Tenant, usids: readonly string[]): Promise<Map<string, number>> {
  if (usids.length === 0) return new Map();
  const rows = await db
    .selectFrom('user_set_users')
    .select(['usid', (eb) => eb.fn.countAll<number>().as('n')])
    .where('pno', '=', t.pno)
    .where('usid', 'in', [...usids])
    .groupBy('usid')
    .execute();
  return new Map(rows.map((r) => [r.usid, Number(r.n)]));
}

// Names.

export async function titleNames(db: Db, t: Tenant, tids: readonly string[]): Promise<Map<string, string>> {
  if (tids.length === 0) return new Map();
  const rows = await db
    .selectFrom('titles')
    .select(['tid', 'name'])
    .where('pno', '=', t.pno)
    .where('tid', 'in', [...tids])
    .execute();
  return new Map(rows.map((r) => [r.tid, r.name]));
}

export async function setNames(db: Db, t: Tenant, usids: readonly string[]): Promise<Map<string, string>> {
  if (usids.length === 0) return new Map();
  const rows = await db
    .selectFrom('user_sets')
    .select(['usid', 'name'])
    .where('pno', '=', t.pno)
    .where('usid', 'in', [...usids])
    .execute();
  return new Map(rows.map((r) => [r.usid, r.name]));
}

export async function unitNames(db: Db, t: Tenant, oids: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const root = `${ROOT_PREFIX}${t.pno}`;
  if (oids.includes(root)) {
    const p = await db.selectFrom('properties').select('name').where('pno', '=', t.pno).executeTakeFirst();
    if (p) out.set(root, p.name);
  }
  const rest = oids.filter((o) => o !== root);
  if (rest.length > 0) {
    const rows = await db
      .selectFrom('orgs')
      .select(['oid', 'name'])
      .where('pno', '=', t.pno)
      .where('oid', 'in', rest)
      .execute();
    for (const r of rows) out.set(r.oid, r.name);
  }
  return out;
}

/** Users' names and phones (users are not a property's rows: any uid). */
export async function userCards(
  db: Db,
  uids: readonly string[],
): Promise<Map<string, { name: string; phone: string }>> {
  if (uids.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['uid', 'name', 'phone'])
    .where('uid', 'in', [...new Set(uids)])
    .execute();
  return new Map(rows.map((r) => [r.uid, { name: r.name, phone: r.phone }]));
}

/** The property's owner and administrators. */
export const ownerAndAdmins = (db: Db, t: Tenant) =>
  db
    .selectFrom('property_members')
    .select(['uid', 'role'])
    .where('pno', '=', t.pno)
    .where('role', 'in', ['owner', 'admin'])
    .orderBy('uid')
    .execute();

/** To-do counts of some auditors in the property. */
export async function todoCounts(db: Db, t: Tenant, uids: readonly string[]): Promise<Map<string, number>> {
  if (uids.length === 0) return new Map();
  const rows = await db
    .selectFrom('flow_todo_counts')
    .select(['uid', (eb) => eb.fn.sum<number>('n').as('n')])
    .where('pno', '=', t.pno)
    .where('uid', 'in', [...uids])
    .groupBy('uid')
    .execute();
  return new Map(rows.map((r) => [r.uid, Number(r.n)]));
}

export const ownerOf = async (db: Db, t: Tenant) =>
  (await db.selectFrom('properties').select('owner_uid').where('pno', '=', t.pno).executeTakeFirst())?.owner_uid ??
  null;
