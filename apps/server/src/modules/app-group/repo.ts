import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../platform/db/connect';
import { countOf, readPage } from '../../platform/db/paging';
import { containsCi } from '../../platform/db/sql-helpers';
import type { Tenant } from '../../platform/tenancy/tenant';
import { tenantDb } from '../../platform/tenancy/tenant-scope';
import type { AppGroupCategoriesTable, AppGroupsTable } from './tables';

/** The app groups' SQL (`app_groups`, `app_group_devices`, `app_group_categories`, `…_category_apps`), per tenant. */

// ---- groups --------------------------------------------------------------------------------------------------

export type GroupRow = Awaited<ReturnType<typeof findGroup>> & object;

export const findGroup = (db: Db, t: Tenant, groupId: string) =>
  tenantDb(db, t).selectFrom('app_groups').selectAll().where('group_id', '=', groupId).executeTakeFirst();

export const findGroupOfMaster = (db: Db, t: Tenant, masterAppId: string) =>
  tenantDb(db, t).selectFrom('app_groups').selectAll().where('master_app_id', '=', masterAppId).executeTakeFirst();

export const insertGroup = (db: Db, t: Tenant, row: Omit<Insertable<AppGroupsTable>, 'pno'>) =>
  tenantDb(db, t).insertInto('app_groups').values(row).execute();

export const updateGroup = (
  db: Db,
  t: Tenant,
  groupId: string,
  set: Omit<Updateable<AppGroupsTable>, 'pno' | 'group_id'>,
) => tenantDb(db, t).updateTable('app_groups').set(set).where('group_id', '=', groupId).execute();

/** Deletes a group with its devices, categories and their apps (in the caller's transaction). */
export async function deleteGroup(db: Db, t: Tenant, groupId: string): Promise<number> {
  const scoped = tenantDb(db, t);
  const categories = scoped.selectFrom('app_group_categories').select('category_id').where('group_id', '=', groupId);
  await scoped.deleteFrom('app_group_category_apps').where('category_id', 'in', categories).execute();
  await scoped.deleteFrom('app_group_categories').where('group_id', '=', groupId).execute();
  await scoped.deleteFrom('app_group_devices').where('group_id', '=', groupId).execute();
  const result = await scoped.deleteFrom('app_groups').where('group_id', '=', groupId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface GroupFilter {
  groupId?: string;
  str?: string;
}

const groupBase = (db: Db, t: Tenant, f: GroupFilter) => {
  let q = tenantDb(db, t).selectFrom('app_groups as g');
  if (f.groupId) q = q.where('g.group_id', '=', f.groupId);
  if (f.str) q = q.where(containsCi('g.search_text', f.str));
  return q;
};

/** A page of groups, newest first. */
export const pageGroups = (db: Db, t: Tenant, f: GroupFilter, pageNum: number, pageSize: number) =>
  readPage(
    () => countOf(groupBase(db, t, f)),
    (w) =>
      groupBase(db, t, f)
        .selectAll('g')
        .orderBy('g.created_at', w.dir)
        .orderBy('g.group_id', w.dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    { pageNum, pageSize, order: 'desc' },
  );

// ---- devices -------------------------------------------------------------------------------------------------

/** The devices of some groups, each group's by id. */
export async function devicesOf(db: Db, t: Tenant, groupIds: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (groupIds.length === 0) return out;
  const rows = await tenantDb(db, t)
    .selectFrom('app_group_devices')
    .select(['group_id', 'device_id'])
    .where('group_id', 'in', [...groupIds])
    .orderBy('device_id')
    .execute();
  for (const r of rows) out.set(r.group_id, [...(out.get(r.group_id) ?? []), r.device_id]);
  return out;
}

/** The group each of `deviceIds` is in (those in none are left out). */
export async function groupsOfDevices(db: Db, t: Tenant, deviceIds: readonly string[]) {
  if (deviceIds.length === 0) return new Map<string, string>();
  const rows = await tenantDb(db, t)
    .selectFrom('app_group_devices')
    .select(['device_id', 'group_id'])
    .where('device_id', 'in', [...deviceIds])
    .execute();
  return new Map(rows.map((r) => [r.device_id, r.group_id]));
}

/** Replaces a group's devices (in the caller's transaction). */
export async function replaceDevices(db: Db, t: Tenant, groupId: string, deviceIds: readonly string[]) {
  const scoped = tenantDb(db, t);
  await scoped.deleteFrom('app_group_devices').where('group_id', '=', groupId).execute();
  for (let i = 0; i < deviceIds.length; i += 500) {
    await scoped
      .insertInto('app_group_devices')
      .values(deviceIds.slice(i, i + 500).map((device_id) => ({ group_id: groupId, device_id })))
      .execute();
  }
}

/** The groups' names, by id. */
export async function groupsIn(db: Db, t: Tenant, groupIds: readonly string[]) {
  if (groupIds.length === 0) return new Map<string, GroupRow>();
  const rows = await tenantDb(db, t)
    .selectFrom('app_groups')
    .selectAll()
    .where('group_id', 'in', [...groupIds])
    .execute();
  return new Map(rows.map((r) => [r.group_id, r]));
}

// ---- categories ----------------------------------------------------------------------------------------------

export type CategoryRow = Awaited<ReturnType<typeof findCategory>> & object;

export const findCategory = (db: Db, t: Tenant, categoryId: string) =>
  tenantDb(db, t)
    .selectFrom('app_group_categories')
    .selectAll()
    .where('category_id', '=', categoryId)
    .executeTakeFirst();

/** A group's categories in order (position, then creation). */
export const categoriesOf = (db: Db, t: Tenant, groupId: string) =>
  tenantDb(db, t)
    .selectFrom('app_group_categories')
    .selectAll()
    .where('group_id', '=', groupId)
    .orderBy('position')
    .orderBy('created_at')
    .orderBy('category_id')
    .execute();

/** How many categories each group has. */
export async function categoryCounts(db: Db, t: Tenant, groupIds: readonly string[]): Promise<Map<string, number>> {
  if (groupIds.length === 0) return new Map();
  const rows = await tenantDb(db, t)
    .selectFrom('app_group_categories')
    .select((eb) => ['group_id', eb.fn.countAll<number>().as('n')])
    .where('group_id', 'in', [...groupIds])
    .groupBy('group_id')
    .execute();
  return new Map(rows.map((r) => [r.group_id, Number(r.n)]));
}

export const insertCategory = (db: Db, t: Tenant, row: Omit<Insertable<AppGroupCategoriesTable>, 'pno'>) =>
  tenantDb(db, t).insertInto('app_group_categories').values(row).execute();

export const updateCategory = (
  db: Db,
  t: Tenant,
  categoryId: string,
  set: Omit<Updateable<AppGroupCategoriesTable>, 'pno' | 'category_id' | 'group_id'>,
) => tenantDb(db, t).updateTable('app_group_categories').set(set).where('category_id', '=', categoryId).execute();

/** Sets the categories' places (in the caller's transaction). */
export async function setPositions(db: Db, t: Tenant, positions: ReadonlyMap<string, number>, now: number) {
  const scoped = tenantDb(db, t);
  for (const [categoryId, position] of positions) {
    await scoped
      .updateTable('app_group_categories')
      .set({ position, updated_at: now })
      .where('category_id', '=', categoryId)
      .where('position', '!=', position)
      .execute();
  }
}

export async function deleteCategory(db: Db, t: Tenant, categoryId: string): Promise<number> {
  const scoped = tenantDb(db, t);
  await scoped.deleteFrom('app_group_category_apps').where('category_id', '=', categoryId).execute();
  const result = await scoped
    .deleteFrom('app_group_categories')
    .where('category_id', '=', categoryId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The apps of some categories, each category's in order. */
export async function appsOf(db: Db, t: Tenant, categoryIds: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (categoryIds.length === 0) return out;
  const rows = await tenantDb(db, t)
    .selectFrom('app_group_category_apps')
    .select(['category_id', 'app_id'])
    .where('category_id', 'in', [...categoryIds])
    .orderBy('category_id')
    .orderBy('position')
    .execute();
  for (const r of rows) out.set(r.category_id, [...(out.get(r.category_id) ?? []), r.app_id]);
  return out;
}

/** Replaces a category's apps, in the order given (in the caller's transaction). */
export async function replaceApps(db: Db, t: Tenant, categoryId: string, appIds: readonly string[]) {
  const scoped = tenantDb(db, t);
  await scoped.deleteFrom('app_group_category_apps').where('category_id', '=', categoryId).execute();
  if (appIds.length > 0) {
    await scoped
      .insertInto('app_group_category_apps')
      .values(appIds.map((app_id, position) => ({ category_id: categoryId, app_id, position })))
      .execute();
  }
}
