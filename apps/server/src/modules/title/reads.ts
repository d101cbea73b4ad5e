import type { Db } from '../../platform/db/connect';
import type { Tenant } from '../../platform/tenancy/tenant';
import { titles } from './repo';

/**
 * The title reads other modules build on (the signing module's and the workflow's subjects). This file imports
 * no other module. No SQL here.
 */

/** The names of the property's titles among `ids`, by id (unknown ids are left out). */
export const titleNames = (db: Db, tenant: Tenant, ids: readonly string[]) => titles.names(db, tenant, ids);

/** The ids of the property's titles whose name contains `text`, in any case. */
export const titleIdsNamed = (db: Db, tenant: Tenant, text: string) => titles.idsNamed(db, tenant, text);

/** The ids of the property's titles a user is a member of. */
export const titlesOfUser = (db: Db, tenant: Tenant, uid: string) => titles.groupsOfUser(db, tenant, uid);
