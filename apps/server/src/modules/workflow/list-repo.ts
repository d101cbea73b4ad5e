import type { Compilable } from 'kysely';
import { userHeads, userMatches, userNames, withPropertyNames } from '../../platform/auth/reads';
import { type Db, precompile } from '../../platform/db/connect';
import type { PageWindow } from '../../platform/db/paging';
import { acrossProperties } from '../../platform/tenancy/filters';
import { propertyTenant, type Tenant } from '../../platform/tenancy/tenant';
import { type TenantDb, tenantDb } from '../../platform/tenancy/tenant-scope';

/**
 * The lists' SQL (README "Lists"): a page's application ids are read from one index (the to-do list from
 * `flow_pending (pno, uid, created_at, apply_id)` and its type and applicant variants, the done list from
 * `flow_done`, the others from `flow_applications`), from whichever end of the ordering is nearer, then the page's
 * rows in full. The unfiltered to-do total is a sum of at most eight `flow_todo_counts` rows. A property's lists
 * run on its scoped handle (platform/tenancy/tenant-scope.ts); the personal scope reads the applicant's own
 * applications across properties. People's and properties' names come from platform/auth, one read per page; a
 * search by the applicant's name or phone stays in SQL (`userMatches`).
 */

export interface ListFilter {
  applyType?: string;
  applicantUid?: string;
  /** The applicant's name or phone. */
  str?: string;
  startTime?: number;
  endTime?: number;
  state?: string;
}

function todoBase(db: Db, t: Tenant, uid: string, f: ListFilter) {
  let q = tenantDb(db, t).selectFrom('flow_pending as p').where('p.uid', '=', uid);
  if (f.applyType) q = q.where('p.apply_type', '=', f.applyType);
  if (f.applicantUid) q = q.where('p.applicant_uid', '=', f.applicantUid);
  if (f.startTime !== undefined) q = q.where('p.created_at', '>=', f.startTime);
  if (f.endTime !== undefined) q = q.where('p.created_at', '<', f.endTime);
  if (f.str) {
    const str = f.str;
    q = q.where((eb) => userMatches(eb.ref('p.applicant_uid'), str));
  }
  return q;
}

/** The to-do total: the kept counts when only the type filters, a count of the index range otherwise. */
export async function countTodo(db: Db, t: Tenant, uid: string, f: ListFilter): Promise<number> {
  if (!f.applicantUid && !f.str && f.startTime === undefined && f.endTime === undefined) {
    const rows = f.applyType
      ? await compiled(db).todoTypeTotal({ pno: t.pno, uid, type: f.applyType })
      : await compiled(db).todoTotal({ pno: t.pno, uid });
    return Number(rows[0]?.n ?? 0);
  }
  const row = await todoBase(db, t, uid, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function todoIds(db: Db, t: Tenant, uid: string, f: ListFilter, w: PageWindow): Promise<string[]> {
  const dir = w.reverse ? 'asc' : 'desc';
  if (!f.applicantUid && !f.str && f.startTime === undefined && f.endTime === undefined) {
    const window = { pno: t.pno, uid, limit: w.limit, offset: w.offset };
    const rows = f.applyType
      ? await compiled(db).todoTypePage[dir]({ ...window, type: f.applyType })
      : await compiled(db).todoPage[dir](window);
    const ids = rows.map((r) => r.apply_id);
    return w.reverse ? ids.reverse() : ids;
  }
  const rows = await todoBase(db, t, uid, f)
    .select('p.apply_id')
    .orderBy('p.created_at', dir)
    .orderBy('p.apply_id', dir)
    .limit(w.limit)
    .offset(w.offset)
    .execute();
  const ids = rows.map((r) => r.apply_id);
  return w.reverse ? ids.reverse() : ids;
}

function doneBase(db: Db, t: Tenant, uid: string, f: ListFilter) {
  let q = tenantDb(db, t).selectFrom('flow_done as d').where('d.uid', '=', uid);
  if (f.applyType) q = q.where('d.apply_type', '=', f.applyType);
  if (f.applicantUid) q = q.where('d.applicant_uid', '=', f.applicantUid);
  if (f.startTime !== undefined) q = q.where('d.created_at', '>=', f.startTime);
  if (f.endTime !== undefined) q = q.where('d.created_at', '<', f.endTime);
  if (f.str) {
    const str = f.str;
    q = q.where((eb) => userMatches(eb.ref('d.applicant_uid'), str));
  }
  return q;
}

export async function countDone(db: Db, t: Tenant, uid: string, f: ListFilter): Promise<number> {
  const row = await doneBase(db, t, uid, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function doneIds(db: Db, t: Tenant, uid: string, f: ListFilter, w: PageWindow): Promise<string[]> {
  const dir = w.reverse ? 'asc' : 'desc';
  const rows = await doneBase(db, t, uid, f)
    .select('d.apply_id')
    .orderBy('d.acted_at', dir)
    .orderBy('d.apply_id', dir)
    .limit(w.limit)
    .offset(w.offset)
    .execute();
  const ids = rows.map((r) => r.apply_id);
  return w.reverse ? ids.reverse() : ids;
}

function appsBase(db: Db, t: Tenant, f: ListFilter) {
  let q = tenantDb(db, t).selectFrom('flow_applications as a');
  if (f.applyType) q = q.where('a.apply_type', '=', f.applyType);
  if (f.state) q = q.where('a.state', '=', f.state);
  if (f.applicantUid) q = q.where('a.applicant_uid', '=', f.applicantUid);
  if (f.startTime !== undefined) q = q.where('a.created_at', '>=', f.startTime);
  if (f.endTime !== undefined) q = q.where('a.created_at', '<', f.endTime);
  if (f.str) {
    const str = f.str;
    q = q.where((eb) => userMatches(eb.ref('a.applicant_uid'), str));
  }
  return q;
}

export async function countApps(db: Db, t: Tenant, f: ListFilter): Promise<number> {
  const row = await appsBase(db, t, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function appIds(db: Db, t: Tenant, f: ListFilter, w: PageWindow): Promise<string[]> {
  const dir = w.reverse ? 'asc' : 'desc';
  const rows = await appsBase(db, t, f)
    .select('a.apply_id')
    .orderBy('a.created_at', dir)
    .orderBy('a.apply_id', dir)
    .limit(w.limit)
    .offset(w.offset)
    .execute();
  const ids = rows.map((r) => r.apply_id);
  return w.reverse ? ids.reverse() : ids;
}

const APPLICATION_COLUMNS = [
  'a.apply_id',
  'a.pno',
  'a.apply_type',
  'a.applicant_uid',
  'a.subject_id',
  'a.subject_name',
  'a.snapshot',
  'a.flow',
  'a.step_index',
  'a.step_num',
  'a.state',
  'a.reason',
  'a.version',
  'a.created_at',
  'a.updated_at',
  'a.finished_at',
] as const;

const applicationRowsQuery = (scoped: TenantDb, ids: readonly string[]) =>
  scoped
    .selectFrom('flow_applications as a')
    .select(APPLICATION_COLUMNS)
    .where('a.apply_id', 'in', [...ids]);

const waitingQuery = (scoped: TenantDb, ids: readonly string[]) =>
  scoped
    .selectFrom('flow_pending as p')
    .select(['p.apply_id', 'p.uid'])
    .where('p.apply_id', 'in', [...ids])
    .orderBy('p.since')
    .orderBy('p.uid');

type IdParam = 'pno' | `i${number}`;

/**
 * The handle a hot read is built on: scoped to a stand-in property whose pno is the read's `pno` parameter, so that
 * the scope writes the property's condition with a parameter for its value and each call binds its tenant's pno
 * (`{ pno: t.pno }`). The stand-in is `precompile`'s marker, never an input.
 */
const scopedByParam = (db: Db, param: (name: 'pno') => string) => tenantDb(db, propertyTenant(param('pno')));

/**
 * The lists' hot reads, compiled once per database (`precompile`; the by-id reads once per page length), not once
 * per property: building and compiling them with Kysely cost more than running them, on every page of every list.
 */
function compileAll(db: Db) {
  const page = (dir: 'asc' | 'desc') =>
    precompile(db, (param: (name: 'pno' | 'uid' | 'limit' | 'offset') => string) =>
      scopedByParam(db, param)
        .selectFrom('flow_pending as p')
        .select('p.apply_id')
        .where('p.uid', '=', param('uid'))
        .orderBy('p.created_at', dir)
        .orderBy('p.apply_id', dir)
        .limit(param('limit') as unknown as number)
        .offset(param('offset') as unknown as number),
    );
  const typePage = (dir: 'asc' | 'desc') =>
    precompile(db, (param: (name: 'pno' | 'uid' | 'type' | 'limit' | 'offset') => string) =>
      scopedByParam(db, param)
        .selectFrom('flow_pending as p')
        .select('p.apply_id')
        .where('p.uid', '=', param('uid'))
        .where('p.apply_type', '=', param('type'))
        .orderBy('p.created_at', dir)
        .orderBy('p.apply_id', dir)
        .limit(param('limit') as unknown as number)
        .offset(param('offset') as unknown as number),
    );
  const byLength = <R>(build: (scoped: TenantDb, ids: string[]) => Compilable<R>) => {
    const cache = new Map<
      number,
      (values: Readonly<Record<IdParam, unknown>>) => Promise<readonly R[]> | readonly R[]
    >();
    return (t: Tenant, ids: readonly string[]) => {
      let query = cache.get(ids.length);
      if (!query) {
        query = precompile(db, (param: (name: IdParam) => string) =>
          build(
            scopedByParam(db, param),
            Array.from({ length: ids.length }, (_, i) => param(`i${i}`)),
          ),
        );
        cache.set(ids.length, query);
      }
      const values: Record<string, unknown> = { pno: t.pno };
      for (const [i, id] of ids.entries()) values[`i${i}`] = id;
      return query(values as Record<IdParam, unknown>);
    };
  };
  return {
    todoTotal: precompile(db, (param: (name: 'pno' | 'uid') => string) =>
      scopedByParam(db, param)
        .selectFrom('flow_todo_counts')
        .select((eb) => eb.fn.sum<number>('n').as('n'))
        .where('uid', '=', param('uid')),
    ),
    todoTypeTotal: precompile(db, (param: (name: 'pno' | 'uid' | 'type') => string) =>
      scopedByParam(db, param)
        .selectFrom('flow_todo_counts')
        .select('n')
        .where('uid', '=', param('uid'))
        .where('apply_type', '=', param('type')),
    ),
    todoPage: { asc: page('asc'), desc: page('desc') },
    todoTypePage: { asc: typePage('asc'), desc: typePage('desc') },
    applicationRows: byLength(applicationRowsQuery),
    waiting: byLength(waitingQuery),
  };
}

const compiledQueries = new WeakMap<Db, ReturnType<typeof compileAll>>();
function compiled(db: Db) {
  let queries = compiledQueries.get(db);
  if (!queries) {
    queries = compileAll(db);
    compiledQueries.set(db, queries);
  }
  return queries;
}

/** The applications of a page in full, with their applicants. */
export async function applicationRows(db: Db, t: Tenant, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const rows = await compiled(db).applicationRows(t, ids);
  const people = await userHeads(
    db,
    rows.map((r) => r.applicant_uid),
  );
  return rows.map((r) => ({
    ...r,
    applicant_name: people.get(r.applicant_uid)?.name ?? '',
    applicant_phone: people.get(r.applicant_uid)?.phone ?? '',
  }));
}

export type ApplicationListRow = Awaited<ReturnType<typeof applicationRows>>[number];

/** The waiting auditors of some applications, with their names. */
export async function waitingOf(db: Db, t: Tenant, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const rows = await compiled(db).waiting(t, ids);
  const names = await userNames(
    db,
    rows.map((r) => r.uid),
  );
  return rows.map((r) => ({ ...r, name: names.get(r.uid) ?? '' }));
}

/** A user's last action on some applications. */
export async function doneRows(db: Db, t: Tenant, uid: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return tenantDb(db, t)
    .selectFrom('flow_done')
    .select(['apply_id', 'action', 'acted_at'])
    .where('uid', '=', uid)
    .where('apply_id', 'in', [...ids])
    .execute();
}

/** Whether the user appears in the application's history (as actor or target) or waits on it. */
export async function takesPart(db: Db, t: Tenant, applyId: string, uid: string): Promise<boolean> {
  const scoped = tenantDb(db, t);
  const waiting = await scoped
    .selectFrom('flow_pending')
    .select('uid')
    .where('apply_id', '=', applyId)
    .where('uid', '=', uid)
    .executeTakeFirst();
  if (waiting) return true;
  const done = await scoped
    .selectFrom('flow_done')
    .select('uid')
    .where('apply_id', '=', applyId)
    .where('uid', '=', uid)
    .executeTakeFirst();
  if (done) return true;
  const named = await scoped
    .selectFrom('flow_history')
    .select('id')
    .where('apply_id', '=', applyId)
    .where('targets', 'like', `%"${uid.replace(/[\\%_"]/g, '')}"%`)
    .executeTakeFirst();
  return Boolean(named);
}

// The personal scope: one applicant's own applications in every property, from `(applicant_uid, created_at, apply_id)`.

function mineBase(db: Db, uid: string, f: ListFilter) {
  let q = db.selectFrom('flow_applications as a').where(acrossProperties('own-uid')).where('a.applicant_uid', '=', uid);
  if (f.applyType) q = q.where('a.apply_type', '=', f.applyType);
  if (f.state) q = q.where('a.state', '=', f.state);
  return q;
}

export async function countMine(db: Db, uid: string, f: ListFilter): Promise<number> {
  const row = await mineBase(db, uid, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A page of the applicant's own applications: their ids with their properties and the properties' names. */
export async function mineIds(db: Db, uid: string, f: ListFilter, w: PageWindow) {
  const dir = w.reverse ? 'asc' : 'desc';
  const rows = await mineBase(db, uid, f)
    .select(['a.apply_id', 'a.pno'])
    .orderBy('a.created_at', dir)
    .orderBy('a.apply_id', dir)
    .limit(w.limit)
    .offset(w.offset)
    .execute();
  return withPropertyNames(db, w.reverse ? rows.reverse() : rows, 'pno', 'property_name');
}

/** One application of the applicant's own, in any property, with its property's name. */
export const findMine = async (db: Db, uid: string, applyId: string) => {
  const row = await db
    .selectFrom('flow_applications as a')
    .select(['a.apply_id', 'a.pno'])
    .where(acrossProperties('own-uid'))
    .where('a.apply_id', '=', applyId)
    .where('a.applicant_uid', '=', uid)
    .executeTakeFirst();
  return row && (await withPropertyNames(db, [row], 'pno', 'property_name'))[0];
};
