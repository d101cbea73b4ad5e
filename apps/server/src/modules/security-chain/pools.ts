import type { FuncRisk } from '@keel/contract/endpoints/security-chain';
import type { GrantPoolItem, PoolPeriod } from '@keel/contract/endpoints/security-pools';
import { nameIn } from '@keel/contract/format';
import { isForeignKeyViolation, isUniqueViolation } from '../../platform/db/sql-helpers';
import { AppError, notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import type { Services } from '../../platform/services';
import { assertReach, type Caller } from './caller';
import { funcOf } from './funcs';
import { periodEndOf, periodStartOf } from './pool-period';
import * as repo from './pool-repo';
import { adjustAuthCount } from './repo';
import { assertSecuritySpace } from './spaces';

/**
 * Grant pools (README "Grant pools and white lists"): a number of grants of one function per period. Here the
 * administration: set up, edit, disable, reset, delete; drawing is `pool-draw.ts`'s. A pool counts in its
 * function's `auth_count`, so a function with a pool cannot be deleted.
 */

/** What a pool shows at `now`: a period that ended counts as the current one with nothing used (nothing written). */
export function currentOf(row: Pick<repo.PoolRow, 'period' | 'used' | 'period_start'>, now: number) {
  const period = row.period as PoolPeriod;
  const start = periodStartOf(period, now);
  const used = Number(row.period_start) < start ? 0 : Number(row.used);
  return { used, periodStart: start, refillTime: periodEndOf(period, start) };
}

function item(c: Caller, r: repo.ListedPoolRow, now: number): GrantPoolItem {
  return {
    poolId: r.pool_id,
    sid: r.sid,
    funcId: r.func_id,
    funcCode: r.func_code,
    funcName: nameIn({ name_zh: r.func_name_zh, name_en: r.func_name_en }, c.locale),
    risk: r.func_risk as FuncRisk,
    period: r.period as PoolPeriod,
    quota: Number(r.quota),
    ...currentOf(r, now),
    disabled: Number(r.disabled) === 1 ? 1 : 0,
    remark: r.remark,
    createTime: Number(r.created_at),
    updateTime: Number(r.updated_at),
  };
}

export async function listPools(
  s: Services,
  c: Caller,
  input: { sid: string; str?: string; funcId?: string; poolId?: string; pageNum: number; pageSize: number },
) {
  await assertSecuritySpace(s, c, input.sid);
  const { rows, total } = await repo.pagePools(s.db, c.t, input, input.pageNum, input.pageSize);
  const now = s.now();
  return { list: rows.map((r) => item(c, r, now)), total, pageNum: input.pageNum, pageSize: input.pageSize };
}

async function poolOf(s: Services, c: Caller, poolId: string) {
  const row = await repo.findPool(s.db, c.t, poolId);
  if (!row) throw notFound('poolId');
  return row;
}

/** The pool as the list answers it. */
async function poolItem(s: Services, c: Caller, pool: repo.PoolRow): Promise<GrantPoolItem> {
  const { rows } = await repo.pagePools(s.db, c.t, { sid: pool.sid, poolId: pool.pool_id }, 1, 1);
  if (!rows[0]) throw notFound('poolId');
  return item(c, rows[0], s.now());
}

export interface PoolSaveInput {
  poolId?: string;
  sid: string;
  funcId: string;
  period: PoolPeriod;
  quota: number;
  remark: string;
  disabled: 0 | 1;
}

/**
 * Sets up a function's pool (one per function: `grantPoolExists`, also when two calls race) or edits one. A pool
 * stays in its space and with its function; a changed period starts afresh (nothing used from the current period's
 * start), a changed quota keeps what is used.
 */
export async function savePool(s: Services, c: Caller, input: PoolSaveInput) {
  await assertSecuritySpace(s, c, input.sid);
  const func = await funcOf(s, c, input.funcId);
  if (func.sid !== input.sid) throw notFound('funcId');
  const exists = () => new AppError('grantPoolExists', { func: `${func.code} ${nameIn(func, c.locale)}` });
  const now = s.now();

  if (input.poolId) {
    const pool = await poolOf(s, c, input.poolId);
    if (pool.sid !== input.sid) throw notFound('poolId');
    if (pool.func_id !== input.funcId) {
      const own = await funcOf(s, c, pool.func_id);
      throw new AppError('grantPoolFuncFixed', { func: `${own.code} ${nameIn(own, c.locale)}` });
    }
    const restart = pool.period !== input.period;
    await repo.updatePool(s.db, c.t, pool.pool_id, {
      period: input.period,
      quota: input.quota,
      remark: input.remark,
      disabled: input.disabled,
      updated_at: now,
      ...(restart ? { used: 0, period_start: periodStartOf(input.period, now) } : {}),
    });
    return poolItem(s, c, pool);
  }

  if (await repo.poolOfFunc(s.db, c.t, input.funcId)) throw exists();
  const poolId = newId();
  try {
    await s.db.transaction().execute(async (trx) => {
      await repo.insertPool(trx, c.t, {
        pool_id: poolId,
        sid: input.sid,
        func_id: input.funcId,
        period: input.period,
        quota: input.quota,
        used: 0,
        period_start: periodStartOf(input.period, now),
        disabled: input.disabled,
        remark: input.remark,
        created_by: c.uid,
        created_at: now,
        updated_at: now,
      });
      await adjustAuthCount(trx, c.t, input.funcId, 1);
    });
  } catch (error) {
    // Another call set up the function's pool meanwhile (the unique index of migration 0049).
    if (isUniqueViolation(error)) throw exists();
    // The function was deleted meanwhile.
    if (isForeignKeyViolation(error)) throw notFound('funcId');
    throw error;
  }
  return poolItem(s, c, await poolOf(s, c, poolId));
}

export async function setPoolDisabled(
  s: Services,
  c: Caller,
  input: { poolId: string; disabled: 0 | 1 },
  permissions: readonly string[],
) {
  const pool = await poolOf(s, c, input.poolId);
  assertReach(c, permissions, pool.sid);
  await repo.updatePool(s.db, c.t, pool.pool_id, { disabled: input.disabled, updated_at: s.now() });
  return poolItem(s, c, pool);
}

/** Gives a pool its whole quota again: nothing used from the current period's start. */
export async function resetPool(s: Services, c: Caller, poolId: string, permissions: readonly string[]) {
  const pool = await poolOf(s, c, poolId);
  assertReach(c, permissions, pool.sid);
  const now = s.now();
  await repo.updatePool(s.db, c.t, pool.pool_id, {
    used: 0,
    period_start: periodStartOf(pool.period as PoolPeriod, now),
    updated_at: now,
  });
  return poolItem(s, c, pool);
}

/** Deletes a pool, counting one authorisation fewer on its function (once, when two calls race). */
export async function deletePool(s: Services, c: Caller, poolId: string, permissions: readonly string[]) {
  const pool = await poolOf(s, c, poolId);
  assertReach(c, permissions, pool.sid);
  return s.db.transaction().execute(async (trx) => {
    const deleted = await repo.deletePool(trx, c.t, poolId);
    if (deleted > 0) await adjustAuthCount(trx, c.t, pool.func_id, -1);
    return deleted;
  });
}
