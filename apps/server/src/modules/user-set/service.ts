import type { Db } from '../../platform/db/connect';
import { memberGroupService, plainGroupRules } from '../../platform/member-groups/service';
import type { Tenant } from '../../platform/tenancy/tenant';
import { removeUserFromUserSets, userSets } from './repo';

export type { Scope } from '../../platform/member-groups/service';

/**
 * The rules of user sets (README.md): those of every member group (platform/member-groups) — a unique name, delete
 * refused while the set has users unless forced, users are members of the set's property, operators reach any
 * property's sets from the back office.
 */
export const userSetService = memberGroupService(userSets, plainGroupRules);

/** Removes the user from every one of these groups in the property (they leave it; called in its transaction). */
export const removeUserFromUserSetsOf = (db: Db, tenant: Tenant, uid: string) =>
  removeUserFromUserSets(db, tenant, uid);
