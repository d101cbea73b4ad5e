import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../platform/db/connect';
import { countOf, readPage } from '../../platform/db/paging';
import { containsCi } from '../../platform/db/sql-helpers';
import type { Tenant } from '../../platform/tenancy/tenant';
import { tenantDb } from '../../platform/tenancy/tenant-scope';
import type { SecurityGrantPoolsTable } from './tables';

/** The grant pools' SQL (`security_grant_pools`), per tenant. No rules here. */

export type PoolRow = Awaited<ReturnType<typeof findPool>> & object;

export const findPool = (db: Db, t: Tenant, poolId: string) =>
  tenantDb(db, t).selectFrom('security_grant_pools').selectAll().where('pool_id', '=', poolId).executeTakeFirst();

/** The pool of a function (at most one: `security_grant_pools_func`). */
export const poolOfFunc = (db: Db, t: Tenant, funcId: string) =>
  tenantDb(db, t).selectFrom('security_grant_pools').selectAll().where('func_id', '=', funcId).executeTakeFirst();

export const insertPool = (db: Db, t: Tenant, row: Omit<Insertable<SecurityGrantPoolsTable>, 'pno'>) =>
  tenantDb(db, t).insertInto('security_grant_pools').values(row).execute();

export const updatePool = (
  db: Db,
  t: Tenant,
  poolId: string,
  set: Omit<Updateable<SecurityGrantPoolsTable>, 'pno' | 'pool_id' | 'sid' | 'func_id'>,
) => tenantDb(db, t).updateTable('security_grant_pools').set(set).where('pool_id', '=', poolId).execute();

/** Deletes a pool (in the caller's transaction); answers the pools deleted. */
export async function deletePool(db: Db, t: Tenant, poolId: string): Promise<number> {
  const result = await tenantDb(db, t)
    .deleteFrom('security_grant_pools')
    .where('pool_id', '=', poolId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface PoolFilter {
  sid: string;
  str?: string;
  funcId?: string;
  poolId?: string;
}

const base = (db: Db, t: Tenant, f: PoolFilter) => {
  let q = tenantDb(db, t)
    .selectFrom('security_grant_pools as p')
    .innerJoin('security_funcs as f', 'f.func_id', 'p.func_id')
    .where('p.sid', '=', f.sid);
  if (f.funcId) q = q.where('p.func_id', '=', f.funcId);
  if (f.poolId) q = q.where('p.pool_id', '=', f.poolId);
  if (f.str) q = q.where(containsCi('f.search_text', f.str));
  return q;
};

/** A page of a space's pools, newest first (the index `security_grant_pools_space`), each with its function. */
export const pagePools = (db: Db, t: Tenant, f: PoolFilter, pageNum: number, pageSize: number) =>
  readPage(
    () => countOf(base(db, t, f)),
    (w) =>
      base(db, t, f)
        .selectAll('p')
        .select([
          'f.code as func_code',
          'f.name_zh as func_name_zh',
          'f.name_en as func_name_en',
          'f.risk as func_risk',
        ])
        .orderBy('p.created_at', w.dir)
        .orderBy('p.pool_id', w.dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    { pageNum, pageSize, order: 'desc' },
  );

export type ListedPoolRow = Awaited<ReturnType<typeof pagePools>>['rows'][number];
