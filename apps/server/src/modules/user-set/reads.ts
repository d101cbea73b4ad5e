import { AUTH_TYPES } from '@keel/contract/constants';
import type { Db } from '../../platform/db/connect';
import type { Tenant } from '../../platform/tenancy/tenant';
import { userSets } from './repo';

/**
 * The user set reads other modules build on (the signing module's and the workflow's subjects, the workflow's user
 * sets as auditors). This file imports no other module. No SQL here.
 */

/** The names of the property's user sets among `ids`, by id (unknown ids are left out). */
export const userSetNames = (db: Db, tenant: Tenant, ids: readonly string[]) => userSets.names(db, tenant, ids);

/** The ids of the property's user sets a user is a member of. */
export const userSetsOfUser = (db: Db, tenant: Tenant, uid: string) => userSets.groupsOfUser(db, tenant, uid);

/** The ids of the property's user sets whose name contains `text`, in any case. */
export const userSetIdsNamed = (db: Db, tenant: Tenant, text: string) => userSets.idsNamed(db, tenant, text);

/** How many users each of the property's user sets among `ids` has, by id (an empty set is left out). */
export const userSetUserCounts = (db: Db, tenant: Tenant, ids: readonly string[]) =>
  userSets.userCounts(db, tenant, ids);

/** The users of the property's user sets among `ids` together: distinct uids, in uid order, at most `limit`. */
export const userSetMemberUids = (db: Db, tenant: Tenant, ids: readonly string[], limit: number) =>
  userSets.memberUidsOf(db, tenant, ids, limit);

/** A user set as an auditor of the workflow, naming its users (routes.ts contributes it to `auditorGroups`). */
export const userSetAuditors = {
  authType: AUTH_TYPES.userSets,
  names: userSetNames,
  counts: userSetUserCounts,
  members: userSetMemberUids,
};
