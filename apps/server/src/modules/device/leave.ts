import type { Db } from '../../platform/db/connect';
import { unbindUser } from './repo';

/**
 * What a member leaving a property takes with them: the property's devices bound to them are unbound. Called by
 * org's leaveProperty inside its transaction (a file of its own, importing only the repo, so that org may call it
 * while the device service reads org's members).
 */
export const unbindDevicesOfLeaver = (trx: Db, pno: string, uid: string) => unbindUser(trx, pno, uid, Date.now());
