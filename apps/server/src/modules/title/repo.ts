import type { Db } from '../../platform/db/connect';
import { type GroupValues, groupColumns, memberGroupRepo } from '../../platform/member-groups/repo';
import type { Tenant } from '../../platform/tenancy/tenant';

/** Titles and their holders (`titles`, `title_users`): the member-group SQL (platform/member-groups). */
export const titles = memberGroupRepo<'tid', { property_name: string }, GroupValues>({
  groups: 'titles',
  members: 'title_users',
  id: 'tid',
  listColumns: [],
  searchColumns: ['name', 'remark'],
  propertyName: true,
  columns: groupColumns,
});

export type TitleValues = GroupValues;

/** Another title of the property with the same name key, if any. */
export const findTitleByNameKey = (db: Db, tenant: Tenant, nameKey: string, exceptTid?: string) =>
  titles.findByKey(db, tenant, 'name_key', nameKey, exceptTid);

export const insertTitle = titles.insert;

/** Inserts the holdings that do not exist yet; answers how many were added. */
export const addTitleUsers = titles.addUsers;

/** Removes every title a user holds in the property (call when the user leaves it). */
export const removeUserFromTitles = (db: Db, tenant: Tenant, uid: string) =>
  titles.removeUserEverywhere(db, tenant, uid);
