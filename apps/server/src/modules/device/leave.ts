import type { Db } from '../../platform/db/connect';
import { propertyTenant } from '../../platform/tenancy/tenant';
import { unbindUser } from './repo';

/**
 * What a member leaving a property takes with them: the property's devices bound to them are unbound. Called by
 * org's leaveProperty inside its transaction (a file of its own, importing only the repo of this module, so that
 * org may call it while the device service reads org's members).
 */
export const unbindDevicesOfLeaver = (trx: Db, pno: string, uid: string) =>
  unbindUser(trx, propertyTenant(pno), uid, Date.now());
