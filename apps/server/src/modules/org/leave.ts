import type { Db } from '../../platform/db/connect';
import { extensionPoint } from '../../platform/extension-points';
import type { Tenant } from '../../platform/tenancy/tenant';

/**
 * What a member leaving a property takes along in other modules: administrator rights (permission), titles, user
 * sets, customers, the devices bound to them. Each such module contributes a `memberLeavers` entry in its module
 * definition; leaveProperty runs them inside its transaction, in the order the modules are listed. Org never
 * imports them: they import org (they read its members and tree).
 */
export interface MemberLeaver {
  /** What it removes, for errors and readers: `adminRights`, `titles`, `devices`, … */
  what: string;
  leave(trx: Db, tenant: Tenant, uid: string): Promise<unknown>;
}

export const memberLeavers = extensionPoint<MemberLeaver>('org.memberLeavers');
