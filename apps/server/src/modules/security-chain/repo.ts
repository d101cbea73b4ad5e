import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../platform/db/connect';
import { countOf, readPage } from '../../platform/db/paging';
import { containsCi } from '../../platform/db/sql-helpers';
import type { Tenant } from '../../platform/tenancy/tenant';
import { tenantDb } from '../../platform/tenancy/tenant-scope';
import type { SecurityFuncResponsesTable, SecurityFuncsTable } from './tables';

/** The security chain's SQL (`security_funcs`, `security_func_responses`), per tenant. No rules here. */

// ---- functions -----------------------------------------------------------------------------------------------

export type FuncRow = Awaited<ReturnType<typeof findFunc>> & object;

export const findFunc = (db: Db, t: Tenant, funcId: string) =>
  tenantDb(db, t).selectFrom('security_funcs').selectAll().where('func_id', '=', funcId).executeTakeFirst();

export const findFuncByCode = (db: Db, t: Tenant, sid: string, code: string) =>
  tenantDb(db, t)
    .selectFrom('security_funcs')
    .selectAll()
    .where('sid', '=', sid)
    .where('code', '=', code)
    .executeTakeFirst();

export const insertFunc = (db: Db, t: Tenant, row: Omit<Insertable<SecurityFuncsTable>, 'pno'>) =>
  tenantDb(db, t).insertInto('security_funcs').values(row).execute();

export const updateFunc = (
  db: Db,
  t: Tenant,
  funcId: string,
  set: Omit<Updateable<SecurityFuncsTable>, 'pno' | 'func_id' | 'sid' | 'auth_count'>,
) => tenantDb(db, t).updateTable('security_funcs').set(set).where('func_id', '=', funcId).execute();

/**
 * Deletes a function with its responses (in the caller's transaction), only while no authorisation names it
 * (`auth_count` 0): a grant made meanwhile keeps it. Answers the functions deleted.
 */
export async function deleteUnusedFunc(db: Db, t: Tenant, funcId: string): Promise<number> {
  const scoped = tenantDb(db, t);
  const result = await scoped
    .deleteFrom('security_funcs')
    .where('func_id', '=', funcId)
    .where('auth_count', '=', 0)
    .executeTakeFirst();
  const deleted = Number(result.numDeletedRows);
  if (deleted > 0) await scoped.deleteFrom('security_func_responses').where('func_id', '=', funcId).execute();
  return deleted;
}

/**
 * Counts an authorisation more (`delta` 1) or fewer (-1) on a function, in the grant's own transaction: the count
 * `func/getFuncList` filters on (`filterAuth`) and that keeps a function in use from being deleted.
 */
export const adjustAuthCount = (db: Db, t: Tenant, funcId: string, delta: 1 | -1) =>
  tenantDb(db, t)
    .updateTable('security_funcs')
    .set((eb) => ({ auth_count: eb('auth_count', '+', delta) }))
    .where('func_id', '=', funcId)
    .execute();

export interface FuncFilter {
  sid: string;
  funcId?: string;
  str?: string;
  /** Only functions with at least one authorisation. */
  authorised?: boolean;
}

const funcBase = (db: Db, t: Tenant, f: FuncFilter) => {
  let q = tenantDb(db, t).selectFrom('security_funcs as f').where('f.sid', '=', f.sid);
  if (f.funcId) q = q.where('f.func_id', '=', f.funcId);
  if (f.str) q = q.where(containsCi('f.search_text', f.str));
  if (f.authorised) q = q.where('f.auth_count', '>', 0);
  return q;
};

/** A page of a space's functions by code (the index `security_funcs_code`). */
export const pageFuncs = (db: Db, t: Tenant, f: FuncFilter, pageNum: number, pageSize: number) =>
  readPage(
    () => countOf(funcBase(db, t, f)),
    (w) => funcBase(db, t, f).selectAll('f').orderBy('f.code', w.dir).limit(w.limit).offset(w.offset).execute(),
    { pageNum, pageSize, order: 'asc' },
  );

/** Functions by id. */
export async function funcsIn(db: Db, t: Tenant, funcIds: readonly string[]): Promise<Map<string, FuncRow>> {
  if (funcIds.length === 0) return new Map();
  const rows = await tenantDb(db, t)
    .selectFrom('security_funcs')
    .selectAll()
    .where('func_id', 'in', [...funcIds])
    .execute();
  return new Map(rows.map((r) => [r.func_id, r]));
}

// ---- responses -----------------------------------------------------------------------------------------------

export type ResponseRow = Awaited<ReturnType<typeof findResponse>> & object;

export const findResponse = (db: Db, t: Tenant, responseId: string) =>
  tenantDb(db, t)
    .selectFrom('security_func_responses')
    .selectAll()
    .where('response_id', '=', responseId)
    .executeTakeFirst();

/** The responses of some functions, each function's by code. */
export async function responsesOf(db: Db, t: Tenant, funcIds: readonly string[]): Promise<Map<string, ResponseRow[]>> {
  const out = new Map<string, ResponseRow[]>();
  if (funcIds.length === 0) return out;
  const rows = await tenantDb(db, t)
    .selectFrom('security_func_responses')
    .selectAll()
    .where('func_id', 'in', [...funcIds])
    .orderBy('func_id')
    .orderBy('code')
    .execute();
  for (const r of rows) out.set(r.func_id, [...(out.get(r.func_id) ?? []), r]);
  return out;
}

export const insertResponses = (db: Db, t: Tenant, rows: Omit<Insertable<SecurityFuncResponsesTable>, 'pno'>[]) =>
  rows.length === 0 ? Promise.resolve() : tenantDb(db, t).insertInto('security_func_responses').values(rows).execute();

export const updateResponse = (
  db: Db,
  t: Tenant,
  responseId: string,
  set: Omit<Updateable<SecurityFuncResponsesTable>, 'pno' | 'response_id' | 'func_id' | 'sid'>,
) => tenantDb(db, t).updateTable('security_func_responses').set(set).where('response_id', '=', responseId).execute();

export async function deleteResponse(db: Db, t: Tenant, responseId: string): Promise<number> {
  const result = await tenantDb(db, t)
    .deleteFrom('security_func_responses')
    .where('response_id', '=', responseId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface ResponseFilter {
  sid: string;
  funcId?: string;
  str?: string;
}

const responseBase = (db: Db, t: Tenant, f: ResponseFilter) => {
  let q = tenantDb(db, t)
    .selectFrom('security_func_responses as r')
    .innerJoin('security_funcs as f', 'f.func_id', 'r.func_id')
    .where('r.sid', '=', f.sid);
  if (f.funcId) q = q.where('r.func_id', '=', f.funcId);
  if (f.str) {
    const str = f.str;
    q = q.where((eb) => eb.or([containsCi('r.search_text', str), containsCi('f.search_text', str)]));
  }
  return q;
};

/** A page of a space's responses, by function code, then response code. */
export const pageResponses = (db: Db, t: Tenant, f: ResponseFilter, pageNum: number, pageSize: number) =>
  readPage(
    () => countOf(responseBase(db, t, f)),
    (w) =>
      responseBase(db, t, f)
        .selectAll('r')
        .orderBy('f.code', w.dir)
        .orderBy('r.code', w.dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    { pageNum, pageSize, order: 'asc' },
  );
