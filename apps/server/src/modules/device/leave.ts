import type { Db } from '../../platform/db/connect';
import { contribution } from '../../platform/extension-points';
import { memberLeavers } from '../org/leave';
import { unbindUser } from './repo';

/**
 * What a member leaving a property takes with them: the property's devices bound to them are unbound. Run by org's
 * leaveProperty inside its transaction (org/leave.ts; the device module definition contributes it).
 */
export const devicesOfLeaver = contribution(memberLeavers, {
  what: 'devices',
  leave: (trx: Db, tenant, uid) => unbindUser(trx, tenant, uid, Date.now()),
});
