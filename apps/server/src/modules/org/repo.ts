import { PAGE_SIZE_MAX } from '@keel/contract/constants';
import { type Insertable, sql } from 'kysely';
import {
  addMemberAt as addMembershipAt,
  removeMember as endMembership,
  moveMembers as placeMembers,
} from '../../platform/auth/members-repo';
import { lockProperty } from '../../platform/auth/properties-repo';
import {
  memberRows as accountRows,
  allPropertyNames,
  countMembers,
  filtersAccounts,
  findMember as findMembership,
  findProperty as findPropertyRow,
  findUserByUid,
  findUserByPhone as findUserOfPhone,
  type MemberListFilter,
  memberPageUids,
  membersOf,
  membersByPhone as membersOfPhones,
  ownerAndAdmins,
  userMatches,
  userNames,
} from '../../platform/auth/reads';
import { type Db, precompile } from '../../platform/db/connect';
import { countOf, pageWindow, readPage } from '../../platform/db/paging';
import { containsCi } from '../../platform/db/sql-helpers';
import { acrossProperties } from '../../platform/tenancy/filters';
import { type AllTenants, propertyTenant, type Tenant } from '../../platform/tenancy/tenant';
import { type TenantDb, tenantDb } from '../../platform/tenancy/tenant-scope';
import type { OrgRequestsTable, OrgsTable } from './tables';

/**
 * SQL for organisation trees and requests, and the member lists built on platform/auth's memberships (whose SQL is
 * platform/auth/members-repo.ts). Every query of one property runs on its scoped handle, which adds the property
 * (architecture §5, platform/tenancy/tenant-scope.ts); the operators' overviews and the lookups keyed by a user's
 * own uid read across properties, marked. No rules here.
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

/*
 * Memberships and accounts are platform/auth's rows (`property_members`, `users`), read and written through its
 * functions; this module adds what is its own: the nodes, their counts and names.
 */

export const findMember = (db: Db, tenant: Tenant, uid: string) => findMembership(db, tenant, uid);

/** The memberships of several users in the property, in one query (absent users are simply missing). */
export const findMembers = (db: Db, tenant: Tenant, uids: readonly string[]) => membersOf(db, tenant, uids);

/** The members of the property among the holders of these phone numbers (a phone of no member is simply missing). */
export const membersByPhone = (db: Db, tenant: Tenant, phones: readonly string[]) =>
  membersOfPhones(db, tenant, phones);

/** Adds a member on a node; false when the user already is one. */
export const addMemberAt = (db: Db, tenant: Tenant, uid: string, oid: string | null, now: number) =>
  addMembershipAt(db, tenant, uid, oid, now);

/** The unit (null: the root) each of `uids` sits on in the property; non-members are absent. */
export async function memberNodes(
  db: Db,
  tenant: Tenant,
  uids: readonly string[],
): Promise<Map<string, string | null>> {
  const rows = await membersOf(db, tenant, uids);
  return new Map(rows.map((r) => [r.uid, r.oid ?? null]));
}

export const moveMembers = (db: Db, tenant: Tenant, uids: string[], oid: string | null) =>
  placeMembers(db, tenant, uids, oid);

export const removeMember = (db: Db, tenant: Tenant, uid: string) => endMembership(db, tenant, uid);

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

/**
 * A page of a property's members, ordered by joining time. A subtree is resolved to its node ids here; the total
 * comes from the trigger-kept counts unless the filter reads the accounts; the page's ids are found on the
 * membership index first, then the page's rows are read in full (platform/auth/members-repo.ts).
 */
export async function pageMembers(db: Db, tenant: Tenant, filter: MemberFilter, pageNum: number, pageSize: number) {
  let f = filter;
  if (typeof f.oid === 'string' && f.includeSub) {
    const sub = await subtreeIds(db, tenant, f.oid);
    const scope = f.oids ? new Set(f.oids) : null;
    f = { ...f, oids: scope ? sub.filter((o) => scope.has(o)) : sub };
  }
  // With `includeSub` the node is the whole property (the root) or arrived resolved into `oids`.
  const listed: MemberListFilter = {
    oid: f.includeSub ? undefined : f.oid,
    oids: f.oids,
    str: f.str,
    status: f.status,
  };
  let total: number;
  if (filtersAccounts(listed)) total = await countMembers(db, tenant, listed);
  else {
    // Node filters only: the total is a sum of per-node counts (the same filter as the page's).
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
  const uids = await memberPageUids(db, tenant, listed, w);
  if (uids.length === 0) return { rows: [], total };
  const rows = await memberRows(db, tenant, uids);
  const byUid = new Map(rows.map((r) => [r.uid, r]));
  return { rows: uids.flatMap((u) => byUid.get(u) ?? []), total };
}

/**
 * The full rows of a page's members (platform/auth's, with how many properties each belongs to), each with the
 * name of its node as `org_name` (null on the root): one read of the page's node names.
 */
export async function memberRows(db: Db, tenant: Tenant, uids: readonly string[]) {
  const rows = await accountRows(db, tenant, uids);
  const names = await nodeNames(
    db,
    tenant,
    rows.flatMap((r) => (r.oid ? [r.oid] : [])),
  );
  return rows.map((r) => ({ ...r, org_name: r.oid ? (names.get(r.oid) ?? null) : null }));
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

/**
 * The handle a precompiled read (`precompile`) is built on: scoped to the marker of its `pno` parameter, so the
 * scope writes the property's conditions with a parameter for the value and each run binds its tenant's pno. A
 * marker, never an input: only `precompile` sees it.
 */
const scopedToParam = (db: Db, param: (name: 'pno') => string) => tenantDb(db, propertyTenant(param('pno')));

type OidParam = `o${number}`;
const nodeNamesQueries = new WeakMap<Db, Map<number, ReturnType<typeof compileNodeNames>>>();
function compileNodeNames(db: Db, length: number) {
  return precompile(db, (param: (name: 'pno' | OidParam) => string) =>
    scopedToParam(db, param)
      .selectFrom('orgs')
      .select(['oid', 'name'])
      .where(
        'oid',
        'in',
        Array.from({ length }, (_, i) => param(`o${i}`)),
      ),
  );
}

/**
 * The names of a property's nodes, by id (unknown ids are left out). Up to a page's worth of ids (every page of
 * the member lists reads its nodes' names) with a statement compiled once per database and number of ids.
 */
export async function nodeNames(db: Db, tenant: Tenant, oids: readonly string[]): Promise<Map<string, string>> {
  const ids = [...new Set(oids)];
  if (ids.length === 0) return new Map();
  if (ids.length > PAGE_SIZE_MAX) {
    const rows = await tenantDb(db, tenant)
      .selectFrom('orgs')
      .select(['oid', 'name'])
      .where('oid', 'in', ids)
      .execute();
    return new Map(rows.map((r) => [r.oid, r.name]));
  }
  let byLength = nodeNamesQueries.get(db);
  if (!byLength) {
    byLength = new Map();
    nodeNamesQueries.set(db, byLength);
  }
  let query = byLength.get(ids.length);
  if (!query) {
    query = compileNodeNames(db, ids.length);
    byLength.set(ids.length, query);
  }
  const values: Record<string, unknown> = { pno: tenant.pno };
  for (const [i, oid] of ids.entries()) values[`o${i}`] = oid;
  const rows = await query(values as Record<'pno' | OidParam, unknown>);
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
