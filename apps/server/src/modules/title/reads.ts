import { AUTH_TYPES } from '@keel/contract/constants';
import type { Db } from '../../platform/db/connect';
import type { Tenant } from '../../platform/tenancy/tenant';
import { titles } from './repo';

/**
 * The title reads other modules build on (the signing module's and the workflow's subjects, the workflow's titles
 * as auditors). This file imports no other module. No SQL here.
 */

/** The names of the property's titles among `ids`, by id (unknown ids are left out). */
export const titleNames = (db: Db, tenant: Tenant, ids: readonly string[]) => titles.names(db, tenant, ids);

/** The ids of the property's titles whose name contains `text`, in any case. */
export const titleIdsNamed = (db: Db, tenant: Tenant, text: string) => titles.idsNamed(db, tenant, text);

/** The ids of the property's titles a user is a member of. */
export const titlesOfUser = (db: Db, tenant: Tenant, uid: string) => titles.groupsOfUser(db, tenant, uid);

/** How many users hold each of the property's titles among `ids`, by id (a title nobody holds is left out). */
export const titleUserCounts = (db: Db, tenant: Tenant, ids: readonly string[]) => titles.userCounts(db, tenant, ids);

/** The holders of the property's titles among `ids` together: distinct uids, in uid order, at most `limit`. */
export const titleHolderUids = (db: Db, tenant: Tenant, ids: readonly string[], limit: number) =>
  titles.memberUidsOf(db, tenant, ids, limit);

/** A title as an auditor of the workflow, naming its holders (routes.ts contributes it to `auditorGroups`). */
export const titleAuditors = {
  authType: AUTH_TYPES.titles,
  names: titleNames,
  counts: titleUserCounts,
  members: titleHolderUids,
};
