import type { Db } from '../../platform/db/connect';
import type { Tenant } from '../../platform/tenancy/tenant';
import { userSets } from './repo';

/**
 * The user set reads other modules build on (the signing module's and the workflow's subjects). This file imports
 * no other module. No SQL here.
 */

/** The names of the property's user sets among `ids`, by id (unknown ids are left out). */
export const userSetNames = (db: Db, tenant: Tenant, ids: readonly string[]) => userSets.names(db, tenant, ids);

/** The ids of the property's user sets a user is a member of. */
export const userSetsOfUser = (db: Db, tenant: Tenant, uid: string) => userSets.groupsOfUser(db, tenant, uid);

/** The ids of the property's user sets whose name contains `text`, in any case. */
export const userSetIdsNamed = (db: Db, tenant: Tenant, text: string) => userSets.idsNamed(db, tenant, text);
