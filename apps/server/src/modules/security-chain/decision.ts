import type { TokenSource } from '@keel/contract/endpoints/security-tokens';
import type { Services } from '../../platform/services';
import type { Tenant } from '../../platform/tenancy/tenant';
import { devicePlacements } from '../device/reads';
import * as repo from './decision-repo';
import { groupsOfDevice } from './device-groups';
import { drawFromPool } from './pool-draw';
import type { FuncRow } from './repo';
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
  // The member's subjects and the device's groups are read through their owners; then the function, its pool and
  // every grant in one statement (decision-repo.ts `decisionFacts`), each read once and fresh per decision.
  const [[device], subjects] = await Promise.all([devicePlacements(s.db, t, [deviceId]), subjectKeysOf(s, t, uid)]);
  const groups = device ? await groupsOfDevice(s, t, device.sid, device.group_id) : [];
  const facts = await repo.decisionFacts(s.db, t, { funcId, uid, deviceId, subjects, groups, now });
  if (!facts) return { allowed: false, reason: 'funcNotFound', func: null };
  const { func, pool } = facts;
  if (!device) return { allowed: false, reason: 'deviceNotFound', func };
  if (facts.privileged) return { allowed: true, source: 'privileged', func, poolId: null };

  if (!facts.userWhite && !facts.userGrant) return { allowed: false, reason: 'funcNotGrantedUser', func };
  if (!facts.deviceWhite && !facts.deviceGrant) return { allowed: false, reason: 'funcNotGrantedDevice', func };
  if (facts.userWhite || facts.deviceWhite) return { allowed: true, source: 'whiteList', func, poolId: null };

  if (!pool) return { allowed: true, source: 'grant', func, poolId: null };
  if (!input.draw) {
    if (pool.disabled === 1) return { allowed: false, reason: 'grantPoolDisabled', func, poolId: pool.pool_id };
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
