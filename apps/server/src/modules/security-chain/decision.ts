import type { TokenSource } from '@keel/contract/endpoints/security-tokens';
import type { Services } from '../../platform/services';
import type { Tenant } from '../../platform/tenancy/tenant';
import { devicePlacements } from '../device/reads';
import * as repo from './decision-repo';
import { groupsOfDevice } from './device-groups';
import { drawFromPool } from './pool-draw';
import { type FuncRow, findFunc } from './repo';
import { subjectKeysOf } from './subjects';

/**
 * The decision (README "The decision"): may user U use function F on device D at time t? Every grant counts within
 * its window (`start_time <= t < end_time`) and only while enabled.
 *
 * 1. D must be a device of the property (`deviceNotFound`); F a function of it (`funcNotFound`).
 * 2. U an active privileged user of F's space → allowed (`privileged`), drawing nothing.
 * 3. The user side: U white-listed for F, or a user authorisation of F naming U, one of U's titles or user sets, or
 *    U's organisation unit or one above it. The device side: D white-listed for F, or a device authorisation of F
 *    naming D, its group or a group above it. The user side missing → `funcNotGrantedUser`, else the device side
 *    missing → `funcNotGrantedDevice`.
 * 4. Either side by a white list → allowed (`whiteList`), drawing nothing.
 * 5. Otherwise F's pool, if it has one: disabled → `grantPoolDisabled`; with `draw`, one grant is drawn
 *    (`grantPoolEmpty` when none is left, with the end of its period). Allowed (`grant`).
 */

export type RefusalReason =
  | 'deviceNotFound'
  | 'funcNotFound'
  | 'funcNotGrantedUser'
  | 'funcNotGrantedDevice'
  | 'grantPoolEmpty'
  | 'grantPoolDisabled';

export type Decision =
  | { allowed: true; source: TokenSource; func: FuncRow; poolId: string | null }
  | {
      allowed: false;
      reason: RefusalReason;
      /** Null for `funcNotFound`. */
      func: FuncRow | null;
      /** `grantPoolEmpty`: when the pool refills (epoch ms), null for a pool that never does. */
      until?: number | null;
      poolId?: string | null;
    };

export interface DecisionInput {
  uid: string;
  funcId: string;
  deviceId: string;
  /** Epoch ms. */
  now: number;
  /** Whether an allowed decision drawing on a pool takes a grant (issuing) or not (checking a token again). */
  draw: boolean;
}

export async function decide(s: Services, t: Tenant, input: DecisionInput): Promise<Decision> {
  const { uid, funcId, deviceId, now } = input;
  const [func, [device]] = await Promise.all([findFunc(s.db, t, funcId), devicePlacements(s.db, t, [deviceId])]);
  if (!func) return { allowed: false, reason: 'funcNotFound', func: null };
  if (!device) return { allowed: false, reason: 'deviceNotFound', func };
  if (await repo.isPrivileged(s.db, t, func.sid, uid, now))
    return { allowed: true, source: 'privileged', func, poolId: null };

  const [white, subjects, groups] = await Promise.all([
    repo.whiteListed(s.db, t, funcId, uid, deviceId, now),
    subjectKeysOf(s, t, uid),
    groupsOfDevice(s, t, device.sid, device.group_id),
  ]);
  const userSide = white.user || (await repo.userGranted(s.db, t, funcId, subjects, now));
  if (!userSide) return { allowed: false, reason: 'funcNotGrantedUser', func };
  const deviceSide = white.device || (await repo.deviceGranted(s.db, t, funcId, deviceId, groups, now));
  if (!deviceSide) return { allowed: false, reason: 'funcNotGrantedDevice', func };
  if (white.user || white.device) return { allowed: true, source: 'whiteList', func, poolId: null };

  const pool = await repo.poolOfFunc(s.db, t, funcId);
  if (!pool) return { allowed: true, source: 'grant', func, poolId: null };
  if (!input.draw) {
    if (Number(pool.disabled) === 1) return { allowed: false, reason: 'grantPoolDisabled', func, poolId: pool.pool_id };
    return { allowed: true, source: 'grant', func, poolId: pool.pool_id };
  }
  const drawn = await drawFromPool(s.db, t, pool, now);
  if (!drawn.ok)
    return {
      allowed: false,
      reason: drawn.reason,
      func,
      poolId: pool.pool_id,
      ...(drawn.reason === 'grantPoolEmpty' ? { until: drawn.until } : {}),
    };
  return { allowed: true, source: 'grant', func, poolId: pool.pool_id };
}
