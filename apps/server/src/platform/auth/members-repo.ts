import { type Expression, expressionBuilder } from 'kysely';
import { type Db, precompile } from '../db/connect';
import type { PageWindow } from '../db/paging';
import type { Database } from '../db/schema';
import { containsAnyCi } from '../db/sql-helpers';
import type { PropertyRole } from '../permissions/effective';
import { acrossProperties } from '../tenancy/filters';
import { propertyTenant, type Tenant, type TenantScope } from '../tenancy/tenant';
import { scopedDb, type TenantDb, tenantDb } from '../tenancy/tenant-scope';

/**
 * Memberships (`property_members`): who belongs to a property, in which role, on which unit of its organisation
 * (`oid`, modules/org's nodes), and the member lists over them with their accounts (`users`). SQL only.
 */

/** Adds a member to a property the caller made, named by its pno (the seed's and tests' way in). */
export const addMember = (db: Db, pno: string, uid: string, role: PropertyRole, now: number) =>
  tenantDb(db, propertyTenant(pno))
    .insertInto('property_members')
    .values({ uid, role, joined_at: now })
    .onConflict((oc) => oc.columns(['pno', 'uid']).doNothing())
    .execute();

/** What a membership answers: the member, their role, their unit (`oid`, null: the root) and when they joined. */
const MEMBERSHIP = ['uid', 'role', 'oid', 'joined_at'] as const;

/** One membership of the property; undefined when the user is no member. */
export const findMember = (db: Db, tenant: Tenant, uid: string) =>
  tenantDb(db, tenant).selectFrom('property_members').select(MEMBERSHIP).where('uid', '=', uid).executeTakeFirst();

/** The memberships among `uids`, in one query (a user who is no member is simply missing). */
export async function membersOf(db: Db, tenant: Tenant, uids: readonly string[]) {
  if (uids.length === 0) return [];
  return tenantDb(db, tenant).selectFrom('property_members').select(MEMBERSHIP).where('uid', 'in', uids).execute();
}

/**
 * The members of the property among the holders of these phone numbers, with their phone, in one query (a phone of
 * no member, or of no account, is simply missing).
 */
export async function membersByPhone(db: Db, tenant: Tenant, phones: readonly string[]) {
  if (phones.length === 0) return [];
  return tenantDb(db, tenant)
    .selectFrom('property_members as m')
    .innerJoin('users as u', 'u.uid', 'm.uid')
    .select(['m.uid', 'u.phone'])
    .where('u.phone', 'in', phones)
    .execute();
}

/** Adds a member placed on a unit (`oid`; null: the root); false when the user already is one. */
export async function addMemberAt(
  db: Db,
  tenant: Tenant,
  uid: string,
  oid: string | null,
  now: number,
): Promise<boolean> {
  const r = await tenantDb(db, tenant)
    .insertInto('property_members')
    .values({ uid, role: 'member', joined_at: now, oid })
    .onConflict((oc) => oc.columns(['pno', 'uid']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Places these members on a unit (`oid`; null: the root); answers how many memberships it updated. */
export async function moveMembers(db: Db, tenant: Tenant, uids: readonly string[], oid: string | null) {
  if (uids.length === 0) return 0;
  const r = await tenantDb(db, tenant)
    .updateTable('property_members')
    .set({ oid })
    .where('uid', 'in', uids)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Ends a membership (the organisation's removal cascade, modules/org, runs around it). */
export const removeMember = (db: Db, tenant: Tenant, uid: string) =>
  tenantDb(db, tenant).deleteFrom('property_members').where('uid', '=', uid).execute();

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

// ---- the member list (modules/org's member pages, and the user list built on them) ------------------------------

/** Which members a list shows. Absent fields do not filter. */
export interface MemberListFilter {
  /** Only members placed on this unit; null: on the root. */
  oid?: string | null;
  /** Only members placed on one of these units (a subtree, an administrator's scope); none for an empty list. */
  oids?: readonly string[];
  /** Name, phone number or e-mail contains this, in any case. */
  str?: string;
  /** The account's status (1 enabled, 0 disabled). */
  status?: number;
}

/** Whether a filter reads the accounts (`users`): without, the memberships' own index answers it. */
export const filtersAccounts = (f: MemberListFilter) => Boolean(f.str) || f.status !== undefined;

const withAccounts = (db: TenantDb) => db.selectFrom('property_members as m').innerJoin('users as u', 'u.uid', 'm.uid');
type ListedQb = ReturnType<typeof withAccounts>;

function listedMembers(db: TenantDb, f: MemberListFilter): ListedQb {
  // Without account filters the users table is not needed (the foreign key guarantees the row).
  let out = filtersAccounts(f) ? withAccounts(db) : (db.selectFrom('property_members as m') as unknown as ListedQb);
  if (f.oid === null) out = out.where('m.oid', 'is', null);
  else if (f.oid !== undefined) out = out.where('m.oid', '=', f.oid);
  // A subtree arrives as its units' ids: a list the planner uses the (pno, oid, joined_at, uid) index with.
  if (f.oids) out = out.where('m.oid', 'in', f.oids.length > 0 ? [...f.oids] : ['']);
  if (f.status !== undefined) out = out.where('u.status', '=', f.status);
  if (f.str) out = out.where(containsAnyCi(['u.name', 'u.phone', 'u.email'], f.str));
  return out;
}

/**
 * How many members a filter shows, counted on the memberships (joined with the accounts when the filter reads
 * them). Lists filtered by units only take their totals from the organisation's trigger-kept counts instead.
 */
export async function countMembers(db: Db, tenant: Tenant, f: MemberListFilter): Promise<number> {
  const row = await listedMembers(tenantDb(db, tenant), f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The handle a precompiled read (`precompile`) is built on: scoped to the marker of its `pno` parameter, so the
 * scope writes the property's conditions with a parameter for the value and each run binds its tenant's pno. A
 * marker, never an input: only `precompile` sees it.
 */
const scopedToParam = (db: Db, param: (name: 'pno') => string) => tenantDb(db, propertyTenant(param('pno')));

const wholePropertyPages = new WeakMap<Db, Record<'asc' | 'desc', ReturnType<typeof compileWholePropertyPage>>>();
function compileWholePropertyPage(db: Db, dir: 'asc' | 'desc') {
  return precompile(db, (param: (name: 'pno' | 'limit' | 'offset') => string) =>
    scopedToParam(db, param)
      .selectFrom('property_members as m')
      .select('m.uid')
      .orderBy('m.joined_at', dir)
      .orderBy('m.uid', dir)
      .limit(param('limit') as unknown as number)
      .offset(param('offset') as unknown as number),
  );
}

/** The ids of a page of the whole property (no filter: the lists' first view), compiled once per database. */
function wholePropertyPage(db: Db, dir: 'asc' | 'desc') {
  let queries = wholePropertyPages.get(db);
  if (!queries) {
    queries = { asc: compileWholePropertyPage(db, 'asc'), desc: compileWholePropertyPage(db, 'desc') };
    wholePropertyPages.set(db, queries);
  }
  return queries[dir];
}

/**
 * The uids of a page of the members a filter shows (`w`, platform/db/paging.ts `pageWindow`), in joining order
 * (then uid). Found on the membership index alone, accounts joined only when the filter reads them; the whole
 * property's page (no filter) with a statement compiled once per database.
 */
export async function memberPageUids(db: Db, tenant: Tenant, f: MemberListFilter, w: PageWindow): Promise<string[]> {
  const dir = w.reverse ? 'desc' : 'asc';
  const unfiltered = !filtersAccounts(f) && f.oid === undefined && !f.oids;
  const ids = unfiltered
    ? await wholePropertyPage(db, dir)({ pno: tenant.pno, limit: w.limit, offset: w.offset })
    : await listedMembers(tenantDb(db, tenant), f)
        .select('m.uid')
        .orderBy('m.joined_at', dir)
        .orderBy('m.uid', dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute();
  const uids = ids.map((r) => r.uid);
  if (w.reverse) uids.reverse();
  return uids;
}

const memberRowsQuery = (db: TenantDb, uids: readonly string[]) =>
  withAccounts(db)
    .select([
      'm.uid',
      'm.role',
      'm.oid',
      'm.joined_at',
      'u.name',
      'u.phone',
      'u.email',
      'u.status',
      'u.is_operator',
      'u.created_at',
    ])
    .where('m.uid', 'in', uids);

/**
 * How many properties each of `uids` belongs to: keyed by their uids, across properties by design (so on the plain
 * handle: the scoped one would count this property only).
 */
const propertyNumsQuery = (db: Db, uids: readonly string[]) =>
  db
    .selectFrom('property_members')
    .select(['uid', (eb) => eb.fn.countAll<number>().as('n')])
    .where(acrossProperties('own-uid'))
    .where('uid', 'in', uids)
    .groupBy('uid');

type UidParam = `u${number}`;
type MemberRowsParam = 'pno' | UidParam;
const memberRowsQueries = new WeakMap<Db, Map<number, ReturnType<typeof compileMemberRows>>>();
function compileMemberRows(db: Db, length: number) {
  const uids = (param: (name: UidParam) => string) => Array.from({ length }, (_, i) => param(`u${i}`));
  return {
    rows: precompile(db, (param: (name: MemberRowsParam) => string) =>
      memberRowsQuery(scopedToParam(db, param), uids(param)),
    ),
    propertyNums: precompile(db, (param: (name: UidParam) => string) => propertyNumsQuery(db, uids(param))),
  };
}

/**
 * The full rows of a page's members (membership and account), with how many properties each belongs to, in no
 * particular order; a uid of no member is missing. Compiled once per database and page length (`precompile`):
 * building and compiling this join with Kysely cost more than running it, on every page of the member and user
 * lists.
 */
export async function memberRows(db: Db, tenant: Tenant, uids: readonly string[]) {
  if (uids.length === 0) return [];
  let byLength = memberRowsQueries.get(db);
  if (!byLength) {
    byLength = new Map();
    memberRowsQueries.set(db, byLength);
  }
  let query = byLength.get(uids.length);
  if (!query) {
    query = compileMemberRows(db, uids.length);
    byLength.set(uids.length, query);
  }
  const values: Record<string, unknown> = { pno: tenant.pno };
  for (const [i, uid] of uids.entries()) values[`u${i}`] = uid;
  const [rows, nums] = await Promise.all([
    query.rows(values as Record<MemberRowsParam, unknown>),
    query.propertyNums(values as Record<UidParam, unknown>),
  ]);
  const numOf = new Map(nums.map((r) => [r.uid, Number(r.n)]));
  return rows.map((r) => ({ ...r, property_num: numOf.get(r.uid) ?? 0 }));
}
