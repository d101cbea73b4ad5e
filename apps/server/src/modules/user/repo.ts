import type { Db } from '../../platform/db/connect';
import { acrossProperties } from '../../platform/tenancy/filters';
import type { AllTenants } from '../../platform/tenancy/tenant';

/** SQL the user module runs itself; accounts are read and written through platform/auth/users-repo.ts. */

/** The property a node id belongs to (operators filtering by node without naming the property). */
export const propertyOfNode = (db: Db, _operator: AllTenants, oid: string) =>
  db.selectFrom('orgs').select('pno').where(acrossProperties('operator')).where('oid', '=', oid).executeTakeFirst();
