import type { Insertable } from 'kysely';
import { userMatches } from '../../platform/auth/reads';
import type { Db } from '../../platform/db/connect';
import { countOf, readPage } from '../../platform/db/paging';
import { containsCi } from '../../platform/db/sql-helpers';
import type { Tenant } from '../../platform/tenancy/tenant';
import { tenantDb } from '../../platform/tenancy/tenant-scope';
import type { SecurityUserAuthsTable } from './tables';

/** The user authorisations' SQL (`security_user_auths`), per tenant. No rules here. */

export type UserAuthRow = Awaited<ReturnType<typeof findUserAuth>> & object;

export const findUserAuth = (db: Db, t: Tenant, authId: string) =>
  tenantDb(db, t).selectFrom('security_user_auths').selectAll().where('auth_id', '=', authId).executeTakeFirst();

/** The authorisations of a function naming some subjects of one type. */
export const authsOfSubjects = (db: Db, t: Tenant, funcId: string, subjectType: number, ids: readonly string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : tenantDb(db, t)
        .selectFrom('security_user_auths')
        .selectAll()
        .where('func_id', '=', funcId)
        .where('subject_type', '=', subjectType)
        .where('subject_id', 'in', [...ids])
        .execute();

export const insertUserAuths = (db: Db, t: Tenant, rows: Omit<Insertable<SecurityUserAuthsTable>, 'pno'>[]) =>
  tenantDb(db, t).insertInto('security_user_auths').values(rows).execute();

export const setDisabled = (db: Db, t: Tenant, authId: string, disabled: 0 | 1, now: number) =>
  tenantDb(db, t)
    .updateTable('security_user_auths')
    .set({ disabled, updated_at: now })
    .where('auth_id', '=', authId)
    .execute();

/** An authorisation a passed application extends: its window, enabled, the application that extended it. */
export const extendUserAuth = (
  db: Db,
  t: Tenant,
  authId: string,
  set: { start_time: number | null; end_time: number | null; apply_id: string; updated_at: number },
) =>
  tenantDb(db, t)
    .updateTable('security_user_auths')
    .set({ ...set, disabled: 0 })
    .where('auth_id', '=', authId)
    .execute();

export async function deleteUserAuth(db: Db, t: Tenant, authId: string): Promise<number> {
  const result = await tenantDb(db, t)
    .deleteFrom('security_user_auths')
    .where('auth_id', '=', authId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface UserAuthFilter {
  sid: string;
  funcId?: string;
  subjectType?: number;
  /** Searches the function's code and names, and the subjects' names: `subjectsNamed` (titles, user sets, units found by the name elsewhere) and the users' name and phone. */
  str?: string;
  subjectsNamed?: ReadonlyArray<{ type: number; ids: readonly string[] }>;
}

const base = (db: Db, t: Tenant, f: UserAuthFilter) => {
  let q = tenantDb(db, t)
    .selectFrom('security_user_auths as a')
    .innerJoin('security_funcs as f', 'f.func_id', 'a.func_id')
    .where('a.sid', '=', f.sid);
  if (f.funcId) q = q.where('a.func_id', '=', f.funcId);
  if (f.subjectType !== undefined) q = q.where('a.subject_type', '=', f.subjectType);
  if (f.str) {
    const str = f.str;
    const named = (f.subjectsNamed ?? []).filter((n) => n.ids.length > 0);
    q = q.where((eb) =>
      eb.or([
        containsCi('f.search_text', str),
        eb.and([eb('a.subject_type', '=', 1), userMatches(eb.ref('a.subject_id'), str)]),
        ...named.map((n) => eb.and([eb('a.subject_type', '=', n.type), eb('a.subject_id', 'in', [...n.ids])])),
      ]),
    );
  }
  return q;
};

/** A page of a space's user authorisations, newest first (the index `security_user_auths_created`), with their functions. */
export const pageUserAuths = (db: Db, t: Tenant, f: UserAuthFilter, pageNum: number, pageSize: number) =>
  readPage(
    () => countOf(base(db, t, f)),
    (w) =>
      base(db, t, f)
        .selectAll('a')
        .select([
          'f.code as func_code',
          'f.name_zh as func_name_zh',
          'f.name_en as func_name_en',
          'f.risk as func_risk',
        ])
        .orderBy('a.created_at', w.dir)
        .orderBy('a.auth_id', w.dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    { pageNum, pageSize, order: 'desc' },
  );

/** Some authorisations by id, with their functions (the rows a change answers). */
export const userAuthsWithFuncs = (db: Db, t: Tenant, authIds: readonly string[]) =>
  authIds.length === 0
    ? Promise.resolve([])
    : tenantDb(db, t)
        .selectFrom('security_user_auths as a')
        .innerJoin('security_funcs as f', 'f.func_id', 'a.func_id')
        .selectAll('a')
        .select([
          'f.code as func_code',
          'f.name_zh as func_name_zh',
          'f.name_en as func_name_en',
          'f.risk as func_risk',
        ])
        .where('a.auth_id', 'in', [...authIds])
        .orderBy('a.created_at', 'desc')
        .orderBy('a.auth_id', 'desc')
        .execute();

export type UserAuthListRow = Awaited<ReturnType<typeof userAuthsWithFuncs>>[number];

const applyFuncBase = (db: Db, t: Tenant, f: { sids: readonly string[]; str?: string }) => {
  let q = tenantDb(db, t)
    .selectFrom('security_funcs as f')
    .where('f.sid', 'in', f.sids.length > 0 ? [...f.sids] : ['']);
  if (f.str) q = q.where(containsCi('f.search_text', f.str));
  return q;
};

/** A page of the functions of some spaces, by space and code: what a member may apply for. */
export const pageApplyFuncs = (
  db: Db,
  t: Tenant,
  f: { sids: readonly string[]; str?: string },
  pageNum: number,
  pageSize: number,
) =>
  readPage(
    () => countOf(applyFuncBase(db, t, f)),
    (w) =>
      applyFuncBase(db, t, f)
        .selectAll('f')
        .orderBy('f.sid', w.dir)
        .orderBy('f.code', w.dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    { pageNum, pageSize, order: 'asc' },
  );
