import type { Db } from '../../platform/db/connect';
import { type GroupValues, groupColumns, memberGroupRepo } from '../../platform/member-groups/repo';
import type { Tenant } from '../../platform/tenancy/tenant';

/** User sets and their members (`user_sets`, `user_set_users`): the member-group SQL (platform/member-groups). */
export const userSets = memberGroupRepo<'usid', { property_name: string }, GroupValues>({
  groups: 'user_sets',
  members: 'user_set_users',
  id: 'usid',
  listColumns: [],
  searchColumns: ['name', 'remark'],
  propertyName: true,
  columns: groupColumns,
});

export type UserSetValues = GroupValues;

/** Another user set of the property with the same name key, if any. */
export const findUserSetByNameKey = (db: Db, tenant: Tenant, nameKey: string, exceptUsid?: string) =>
  userSets.findByKey(db, tenant, 'name_key', nameKey, exceptUsid);

export const insertUserSet = userSets.insert;

/** Inserts the memberships that do not exist yet; answers how many were added. */
export const addUserSetUsers = userSets.addUsers;

/** Removes a user from every set of the property (call when the user leaves it). */
export const removeUserFromUserSets = (db: Db, tenant: Tenant, uid: string) =>
  userSets.removeUserEverywhere(db, tenant, uid);
