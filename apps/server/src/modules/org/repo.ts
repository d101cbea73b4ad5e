import { type Insertable, sql } from 'kysely';
import { lockProperty } from '../../platform/auth/properties-repo';
import {
  allPropertyNames,
  findProperty as findPropertyRow,
  findUserByUid,
  findUserByPhone as findUserOfPhone,
  ownerAndAdmins,
  userMatches,
  userNames,
} from '../../platform/auth/reads';
import { type Db, precompile } from '../../platform/db/connect';
import { countOf, pageWindow, readPage } from '../../platform/db/paging';
import { containsAnyCi, containsCi } from '../../platform/db/sql-helpers';
import { acrossProperties } from '../../platform/tenancy/filters';
import { type AllTenants, propertyTenant, type Tenant } from '../../platform/tenancy/tenant';
import { type TenantDb, tenantDb } from '../../platform/tenancy/tenant-scope';
import type { OrgRequestsTable, OrgsTable } from './tables';

/**
 * SQL for organisation trees, members and requests. Every query of one property runs on its scoped handle, which
 * adds the property (architecture §5, platform/tenancy/tenant-scope.ts); the operators' overviews and the lookups keyed by
 * a user's own uid read across properties, marked. No rules here.
 */

export const rootId = (pno: string) => `root-${pno}`;

// ---- nodes -------------------------------------------------------------------------------------------------

export const listNodes = (db: Db, tenant: Tenant) =>
  tenantDb(db, tenant)
    .selectFrom('orgs')
    .select(['oid', 'pid', 'name', 'sort'])
    .orderBy('sort')
    .orderBy('name')
    .orderBy('oid')
    .execute();

/** Members per node (null: the root), from the trigger-maintained counts. */
export async function memberCounts(db: Db, tenant: Tenant): Promise<Map<string | null, number>> {
  const rows = await tenantDb(db, tenant).selectFrom('org_member_counts').select(['oid_key', 'n']).execute();
  return new Map(rows.map((r) => [r.oid_key === '' ? null : r.oid_key, Number(r.n)]));
}

/** Members of the property, from the trigger-maintained total (migration 0006). */
async function propertyMemberTotal(db: Db, tenant: Tenant): Promise<number> {
  const row = await tenantDb(db, tenant).selectFrom('org_member_totals').select('n').executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Members on these nodes (null: the root), or in the whole property without `keys`. */
async function countOnNodes(db: Db, tenant: Tenant, keys?: Array<string | null>): Promise<number> {
  if (keys && keys.length === 0) return 0;
  if (!keys) return propertyMemberTotal(db, tenant);
  const row = await tenantDb(db, tenant)
    .selectFrom('org_member_counts')
    .select((eb) => eb.fn.sum<number>('n').as('n'))
    .where(
      'oid_key',
      'in',
      keys.map((k) => k ?? ''),
    )
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export const findNode = (db: Db, tenant: Tenant, oid: string) =>
  tenantDb(db, tenant).selectFrom('orgs').selectAll().where('oid', '=', oid).executeTakeFirst();

export async function countNodes(db: Db, tenant: Tenant): Promise<number> {
  const row = await tenantDb(db, tenant)
    .selectFrom('orgs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const findSiblingByName = (db: Db, tenant: Tenant, pid: string, name: string) =>
  tenantDb(db, tenant)
    .selectFrom('orgs')
    .select('oid')
    .where('pid', '=', pid)
    .where('name', '=', name)
    .executeTakeFirst();

/*
 * Recursive steps name the working table first and CROSS JOIN the nodes: SQLite then always drives from the
 * few rows of the step into the (pno, pid) index instead of scanning the property's nodes per step (seconds at
 * 5 000 nodes); PostgreSQL reads CROSS JOIN with a join condition as an inner join. The step joins the property's
 * nodes as a derived table, whose `where` the scoped handle writes: a joined table would get the property in its
 * join's `on`, which a CROSS JOIN cannot have on PostgreSQL. SQLite flattens the derived table into the step and
 * keeps the order.
 */

/** The node and its ancestors up to (not including) the root, nearest first. */
export async function ancestorIds(db: Db, tenant: Tenant, oid: string): Promise<string[]> {
  const scoped = tenantDb(db, tenant);
  const rows = await scoped
    .withRecursive('anc(oid, pid, lvl)', (qb) =>
      qb
        .selectFrom('orgs')
        .select(['oid', 'pid', sql<number>`0`.as('lvl')])
        .where('oid', '=', oid)
        .unionAll((eb) =>
          eb
            .selectFrom('anc')
            .crossJoin((e) => e.selectFrom('orgs').select(['oid', 'pid']).as('o'))
            .select(['o.oid', 'o.pid', sql<number>`anc.lvl + 1`.as('lvl')])
            .whereRef('o.oid', '=', 'anc.pid')
            .where('anc.lvl', '<', 100),
        ),
    )
    .selectFrom('anc')
    .select(['oid', 'lvl'])
    .orderBy('lvl')
    .execute();
  return rows.map((r) => r.oid);
}

/**
 * Each of `oids` that is a node of the property, with itself and its ancestors up to (not including) the root,
 * nearest first: the subtrees it lies in. One query for all of them.
 */
export async function nodeChains(db: Db, tenant: Tenant, oids: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (oids.length === 0) return out;
  const scoped = tenantDb(db, tenant);
  const rows = await scoped
    .withRecursive('chain(start, oid, pid, lvl)', (qb) =>
      qb
        .selectFrom('orgs')
        .select(['oid as start', 'oid', 'pid', sql<number>`0`.as('lvl')])
        .where('oid', 'in', oids)
        .unionAll((eb) =>
          eb
            .selectFrom('chain')
            .crossJoin((e) => e.selectFrom('orgs').select(['oid', 'pid']).as('o'))
            .select(['chain.start', 'o.oid', 'o.pid', sql<number>`chain.lvl + 1`.as('lvl')])
            .whereRef('o.oid', '=', 'chain.pid')
            .where('chain.lvl', '<', 100),
        ),
    )
    .selectFrom('chain')
    .select(['start', 'oid', 'lvl'])
    .orderBy('start')
    .orderBy('lvl')
    .execute();
  for (const r of rows) out.set(r.start, [...(out.get(r.start) ?? []), r.oid]);
  return out;
}

/** Levels below the node (0 for a leaf). */
export async function subtreeHeight(db: Db, tenant: Tenant, oid: string): Promise<number> {
  const scoped = tenantDb(db, tenant);
  const row = await scoped
    .withRecursive('sub(oid, lvl)', (qb) =>
      qb
        .selectFrom('orgs')
        .select(['oid', sql<number>`0`.as('lvl')])
        .where('oid', '=', oid)
        .unionAll((eb) =>
          eb
            .selectFrom('sub')
            .crossJoin((e) => e.selectFrom('orgs').select(['oid', 'pid']).as('o'))
            .select(['o.oid', sql<number>`sub.lvl + 1`.as('lvl')])
            .whereRef('o.pid', '=', 'sub.oid')
            .where('sub.lvl', '<', 100),
        ),
    )
    .selectFrom('sub')
    .select((eb) => eb.fn.max<number>('lvl').as('h'))
    .executeTakeFirst();
  return Number(row?.h ?? 0);
}

export const insertNode = (db: Db, tenant: Tenant, node: Omit<Insertable<OrgsTable>, 'pno'>) =>
  tenantDb(db, tenant).insertInto('orgs').values(node).execute();

export const updateNode = (
  db: Db,
  tenant: Tenant,
  oid: string,
  set: { pid: string; name: string; sort: number; updated_at: number },
) => tenantDb(db, tenant).updateTable('orgs').set(set).where('oid', '=', oid).execute();

/**
 * Serialises tree changes of one property inside a transaction: every writer first touches the same row (the
 * property's), so two concurrent moves cannot both pass the cycle check on PostgreSQL; SQLite writes are serial.
 */
export const lockTree = (db: Db, tenant: Tenant) => lockProperty(db, tenant);

export async function childCount(db: Db, tenant: Tenant, oid: string): Promise<number> {
  const row = await tenantDb(db, tenant)
    .selectFrom('orgs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('pid', '=', oid)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const nodeMemberCount = (db: Db, tenant: Tenant, oid: string) => countOnNodes(db, tenant, [oid]);

/** Deletes a node; open requests aimed at it fall back to the root. */
export async function deleteNode(db: Db, tenant: Tenant, oid: string): Promise<void> {
  const scoped = tenantDb(db, tenant);
  await scoped.updateTable('org_requests').set({ oid: null }).where('oid', '=', oid).execute();
  await scoped.deleteFrom('orgs').where('oid', '=', oid).execute();
}

/** Every property's root, for the operator's overview. */
/** Every property's root, top-level node count and member total: the back office's lazy tree (operators). */
export const listPropertyRoots = (db: Db, operator: AllTenants) => allPropertyNames(db, operator);

export async function topLevelCounts(db: Db, _operator: AllTenants): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('orgs')
    .select(['pno', (eb) => eb.fn.countAll<number>().as('n')])
    .where(acrossProperties('operator'))
    .where('pid', 'like', 'root-%')
    .groupBy('pno')
    .execute();
  return new Map(rows.map((r) => [r.pno, Number(r.n)]));
}

export async function propertyMemberTotals(db: Db, _operator: AllTenants): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('org_member_totals')
    .select(['pno', 'n'])
    .where(acrossProperties('operator'))
    .execute();
  return new Map(rows.map((r) => [r.pno, Number(r.n)]));
}

export const findProperty = (db: Db, pno: string) => findPropertyRow(db, pno);

// ---- members -----------------------------------------------------------------------------------------------

export const findMember = (db: Db, tenant: Tenant, uid: string) =>
  tenantDb(db, tenant)
    .selectFrom('property_members')
    .select(['uid', 'role', 'oid', 'joined_at'])
    .where('uid', '=', uid)
    .executeTakeFirst();

/** The memberships of several users in the property, in one query (absent users are simply missing). */
export const findMembers = (db: Db, tenant: Tenant, uids: readonly string[]) =>
  uids.length === 0
    ? Promise.resolve([])
    : tenantDb(db, tenant)
        .selectFrom('property_members')
        .select(['uid', 'role', 'oid', 'joined_at'])
        .where('uid', 'in', uids)
        .execute();

/** The members of the property among the holders of these phone numbers (a phone of no member is simply missing). */
export const membersByPhone = (db: Db, tenant: Tenant, phones: readonly string[]) =>
  phones.length === 0
    ? Promise.resolve([])
    : tenantDb(db, tenant)
        .selectFrom('property_members as m')
        .innerJoin('users as u', 'u.uid', 'm.uid')
        .select(['m.uid', 'u.phone'])
        .where('u.phone', 'in', phones)
        .execute();

/** Adds a member on a node; false when the user already is one. */
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

/** The unit (null: the root) each of `uids` sits on in the property; non-members are absent. */
export async function memberNodes(
  db: Db,
  tenant: Tenant,
  uids: readonly string[],
): Promise<Map<string, string | null>> {
  if (uids.length === 0) return new Map();
  const rows = await tenantDb(db, tenant)
    .selectFrom('property_members')
    .select(['uid', 'oid'])
    .where('uid', 'in', uids)
    .execute();
  return new Map(rows.map((r) => [r.uid, r.oid ?? null]));
}

export async function moveMembers(db: Db, tenant: Tenant, uids: string[], oid: string | null): Promise<number> {
  const r = await tenantDb(db, tenant)
    .updateTable('property_members')
    .set({ oid })
    .where('uid', 'in', uids)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export const removeMember = (db: Db, tenant: Tenant, uid: string) =>
  tenantDb(db, tenant).deleteFrom('property_members').where('uid', '=', uid).execute();

export interface MemberFilter {
  /** A node; null the root. Absent: the whole property. */
  oid?: string | null;
  /** With a non-root `oid`: the node and everything below it. */
  includeSub?: boolean;
  str?: string;
  status?: number;
  /** Only members placed on these nodes (an administrator's scope). */
  oids?: string[];
}

const subtreeOf = (db: TenantDb, oid: string) =>
  db
    .withRecursive('sub(oid)', (qb) =>
      qb
        .selectFrom('orgs')
        .select('oid')
        .where('oid', '=', oid)
        .unionAll((eb) =>
          eb
            .selectFrom('sub')
            .crossJoin((e) => e.selectFrom('orgs').select(['oid', 'pid']).as('o'))
            .select('o.oid')
            .whereRef('o.pid', '=', 'sub.oid'),
        ),
    )
    .selectFrom('sub')
    .select('sub.oid');

/** Ids of a node and every node below it. */
export async function subtreeIds(db: Db, tenant: Tenant, oid: string): Promise<string[]> {
  return (await subtreeOf(tenantDb(db, tenant), oid).execute()).map((r) => r.oid);
}

type MemberQb = ReturnType<typeof memberBase>;
const memberBase = (db: TenantDb) => db.selectFrom('property_members as m').innerJoin('users as u', 'u.uid', 'm.uid');

function applyMemberFilter(q: MemberQb, f: MemberFilter): MemberQb {
  let out = q;
  if (f.oid === null && !f.includeSub) out = out.where('m.oid', 'is', null);
  else if (typeof f.oid === 'string' && !f.includeSub) out = out.where('m.oid', '=', f.oid);
  // Subtrees arrive resolved into `oids` (pageMembers): a list the planner uses the node index with.
  if (f.oids) out = out.where('m.oid', 'in', f.oids.length > 0 ? f.oids : ['']);
  if (f.status !== undefined) out = out.where('u.status', '=', f.status);
  if (f.str) {
    out = out.where(containsAnyCi(['u.name', 'u.phone', 'u.email'], f.str));
  }
  return out;
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
 * A page of a property's members, ordered by joining time. The page's ids are found on the membership index
 * first (joining users only when a filter needs them), then the page's rows are read in full.
 */
export async function pageMembers(db: Db, tenant: Tenant, filter: MemberFilter, pageNum: number, pageSize: number) {
  const scoped = tenantDb(db, tenant);
  let f = filter;
  if (typeof f.oid === 'string' && f.includeSub) {
    const sub = await subtreeIds(db, tenant, f.oid);
    const scope = f.oids ? new Set(f.oids) : null;
    f = { ...f, oids: scope ? sub.filter((o) => scope.has(o)) : sub };
  }
  const needsUsers = Boolean(f.str) || f.status !== undefined;
  const idsQuery = () => {
    if (needsUsers) return applyMemberFilter(memberBase(scoped), f);
    // Without user filters the users table is not needed (the foreign key guarantees the row).
    return applyMemberFilter(scoped.selectFrom('property_members as m') as unknown as MemberQb, f);
  };
  let total: number;
  if (needsUsers) {
    const countRow = await idsQuery()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    total = Number(countRow.n);
  } else {
    // Node filters only: the total is a sum of per-node counts (the same filter as applyMemberFilter).
    let keys: Array<string | null> | undefined;
    if (f.oid === null && !f.includeSub) keys = [null];
    else if (typeof f.oid === 'string' && !f.includeSub) keys = [f.oid];
    if (f.oids) {
      const allowed = new Set(f.oids);
      keys = keys ? keys.filter((k) => k !== null && allowed.has(k)) : f.oids;
    }
    total = await countOnNodes(db, tenant, keys);
  }
  const w = pageWindow(total, pageNum, pageSize);
  if (!w) return { rows: [], total };
  const dir = w.reverse ? 'desc' : 'asc';
  const unfiltered = !needsUsers && f.oid === undefined && !f.oids;
  const ids = unfiltered
    ? await wholePropertyPage(db, dir)({ pno: tenant.pno, limit: w.limit, offset: w.offset })
    : await idsQuery()
        .select('m.uid')
        .orderBy('m.joined_at', dir)
        .orderBy('m.uid', dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute();
  const uids = ids.map((r) => r.uid);
  if (w.reverse) uids.reverse();
  if (uids.length === 0) return { rows: [], total };
  const rows = await memberRows(db, tenant, uids);
  const byUid = new Map(rows.map((r) => [r.uid, r]));
  return { rows: uids.flatMap((u) => byUid.get(u) ?? []), total };
}

const memberRowsQuery = (db: TenantDb, uids: readonly string[]) =>
  db
    .selectFrom('property_members as m')
    .innerJoin('users as u', 'u.uid', 'm.uid')
    .leftJoin('orgs as o', 'o.oid', 'm.oid')
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
      'o.name as org_name',
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
 * The full rows of a page's members, with how many properties each belongs to. Compiled once per database and page
 * length (`precompile`): building and compiling this join with Kysely cost more than running it, on every page of
 * the member and user lists.
 */
export async function memberRows(db: Db, tenant: Tenant, uids: readonly string[]) {
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

// ---- users ---------------------------------------------------------------------------------------------------

export const findUserByPhone = (db: Db, phone: string) => findUserOfPhone(db, phone);

export const findUser = (db: Db, uid: string) => findUserByUid(db, uid);

// ---- invitations and join requests ---------------------------------------------------------------------------

export const insertRequest = (db: Db, tenant: Tenant, r: Omit<Insertable<OrgRequestsTable>, 'pno'>) =>
  tenantDb(db, tenant).insertInto('org_requests').values(r).execute();

export const findOpenRequest = (db: Db, tenant: Tenant, kind: 'invite' | 'join', phone: string) =>
  tenantDb(db, tenant)
    .selectFrom('org_requests')
    .selectAll()
    .where('kind', '=', kind)
    .where('phone', '=', phone)
    .where('status', '=', 'pending')
    .executeTakeFirst();

export const refreshRequest = (
  db: Db,
  tenant: Tenant,
  id: string,
  set: {
    oid: string | null;
    inviter_uid: string | null;
    remark: string;
    created_at: number;
    expires_at: number | null;
  },
) =>
  tenantDb(db, tenant)
    .updateTable('org_requests')
    .set(set)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();

export const findRequest = (db: Db, tenant: Tenant, id: string) =>
  tenantDb(db, tenant).selectFrom('org_requests').selectAll().where('id', '=', id).executeTakeFirst();

export const findRequestsIn = (db: Db, tenant: Tenant, ids: string[]) =>
  tenantDb(db, tenant).selectFrom('org_requests').selectAll().where('id', 'in', ids).execute();

/** An invitation addressed to a user (by account or, before it was linked, by phone). */
/** An invitation addressed to this user (by account, or by phone before it was linked), in whatever property. */
export const findInviteFor = (db: Db, id: string, uid: string, phone: string) =>
  db
    .selectFrom('org_requests')
    .selectAll()
    .where(acrossProperties('own-uid'))
    .where('id', '=', id)
    .where('kind', '=', 'invite')
    .where((eb) => eb.or([eb('uid', '=', uid), eb.and([eb('uid', 'is', null), eb('phone', '=', phone)])]))
    .executeTakeFirst();

/** Closes a pending request; false when another call closed it first. */
export async function decideRequest(
  db: Db,
  tenant: Tenant,
  id: string,
  set: { status: string; reviewer_uid: string | null; decided_at: number; uid?: string; oid?: string | null },
): Promise<boolean> {
  const r = await tenantDb(db, tenant)
    .updateTable('org_requests')
    .set(set)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Links the open invitations of a phone to the account that now has it; answers them. */
export async function linkInvitations(db: Db, uid: string, phone: string) {
  const open = await db
    .selectFrom('org_requests')
    .selectAll()
    .where(acrossProperties('own-uid'))
    .where('phone', '=', phone)
    .where('kind', '=', 'invite')
    .where('status', '=', 'pending')
    .where('uid', 'is', null)
    .execute();
  if (open.length > 0) {
    await db
      .updateTable('org_requests')
      .set({ uid })
      .where(acrossProperties('own-uid'))
      .where(
        'id',
        'in',
        open.map((r) => r.id),
      )
      .execute();
  }
  return open;
}

export interface RequestFilter {
  kind?: 'invite' | 'join';
  statuses: string[];
  /** Pending invitations past this time count as expired. */
  now: number;
  /** Target nodes (null: the root). Absent: any. */
  oids?: Array<string | null>;
  uids?: string[];
  str?: string;
}

const requestBase = (db: TenantDb) => db.selectFrom('org_requests as r');

function applyRequestFilter(q: ReturnType<typeof requestBase>, f: RequestFilter) {
  let out = q;
  if (f.kind) out = out.where('r.kind', '=', f.kind);
  const expired = f.statuses.includes('expired');
  const pending = f.statuses.includes('pending');
  const plain = f.statuses.filter((s) => s !== 'expired' && s !== 'pending');
  out = out.where((eb) => {
    const ors = [];
    if (plain.length > 0) ors.push(eb('r.status', 'in', plain));
    if (pending)
      ors.push(
        eb.and([
          eb('r.status', '=', 'pending'),
          eb.or([eb('r.expires_at', 'is', null), eb('r.expires_at', '>', f.now)]),
        ]),
      );
    if (expired) ors.push(eb.and([eb('r.status', '=', 'pending'), eb('r.expires_at', '<=', f.now)]));
    return eb.or(ors);
  });
  if (f.oids) {
    const named = f.oids.filter((o): o is string => o !== null);
    const root = f.oids.includes(null);
    out = out.where((eb) =>
      eb.or([
        ...(named.length > 0 ? [eb('r.oid', 'in', named)] : []),
        ...(root ? [eb('r.oid', 'is', null)] : []),
        ...(named.length === 0 && !root ? [sql<boolean>`1 = 0`] : []),
      ]),
    );
  }
  if (f.uids) out = out.where('r.uid', 'in', f.uids.length > 0 ? f.uids : ['']);
  if (f.str) {
    const str = f.str;
    out = out.where((eb) => eb.or([containsCi('r.phone', str), userMatches(eb.ref('r.uid'), str, ['name'])]));
  }
  return out;
}

export async function pageRequests(db: Db, tenant: Tenant, f: RequestFilter, pageNum: number, pageSize: number) {
  const scoped = tenantDb(db, tenant);
  return readPage(
    () => countOf(applyRequestFilter(requestBase(scoped), f)),
    (w) =>
      applyRequestFilter(requestBase(scoped), f)
        .selectAll('r')
        .orderBy('r.created_at', w.dir)
        .orderBy('r.id', w.dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    { pageNum, pageSize, order: 'desc' },
  );
}

/** Names of users, for rendering requests. */
export const namesOf = (db: Db, uids: string[]): Promise<Map<string, string>> => userNames(db, uids);

/** The names of a property's nodes, by id (unknown ids are left out). */
export async function nodeNames(db: Db, tenant: Tenant, oids: readonly string[]): Promise<Map<string, string>> {
  if (oids.length === 0) return new Map();
  const rows = await tenantDb(db, tenant).selectFrom('orgs').select(['oid', 'name']).where('oid', 'in', oids).execute();
  return new Map(rows.map((r) => [r.oid, r.name]));
}

/** The ids of a property's nodes whose name contains `text`, in any case (a search by subject names). */
export async function nodeIdsNamed(db: Db, tenant: Tenant, text: string): Promise<string[]> {
  const rows = await tenantDb(db, tenant).selectFrom('orgs').select('oid').where(containsCi('name', text)).execute();
  return rows.map((r) => r.oid);
}

/** Owner and administrators: who hears about join requests. */
export const reviewersOf = (db: Db, tenant: Tenant) => ownerAndAdmins(db, tenant);

/** The property a node id belongs to, across properties (operators filtering by node without naming the property). */
export const propertyOfNode = (db: Db, _operator: AllTenants, oid: string) =>
  db.selectFrom('orgs').select('pno').where(acrossProperties('operator')).where('oid', '=', oid).executeTakeFirst();
