import type { PoolPeriod } from '@keel/contract/endpoints/security-pools';
import type { Db } from '../../platform/db/connect';
import type { Tenant } from '../../platform/tenancy/tenant';
import { type DrawnPool, drawPool, rollPool } from './decision-repo';
import { periodEndOf, periodStartOf } from './pool-period';

/**
 * Drawing one grant from a function's pool (README "Grant pools and white lists"): a period that ended is rolled
 * first (`used` 0 from the current period's start; conditional, so only one caller rolls it), then one conditional
 * update takes a grant while `used < quota` in the current period. Racing callers therefore never take more than the
 * quota, on either database.
 */

export type DrawResult =
  | { ok: true }
  | { ok: false; reason: 'grantPoolDisabled' }
  | { ok: false; reason: 'grantPoolEmpty'; until: number | null };

export async function drawFromPool(db: Db, t: Tenant, pool: DrawnPool, now: number): Promise<DrawResult> {
  if (Number(pool.disabled) === 1) return { ok: false, reason: 'grantPoolDisabled' };
  const period = pool.period as PoolPeriod;
  const start = periodStartOf(period, now);
  if (Number(pool.period_start) < start) await rollPool(db, t, pool.pool_id, start);
  if (await drawPool(db, t, pool.pool_id, start)) return { ok: true };
  // Nothing left, or the pool was disabled meanwhile.
  return { ok: false, reason: 'grantPoolEmpty', until: periodEndOf(period, start) };
}
