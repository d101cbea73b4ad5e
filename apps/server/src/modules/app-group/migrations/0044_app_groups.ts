import type { Kysely } from 'kysely';

/**
 * App groups (modules/app-group): a group per master app with its devices (each in one group at most) and its
 * ordered categories of apps. Apps and devices are named by id, without foreign keys into their owners' tables: a
 * group reads them through those modules and leaves out what is gone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('app_groups')
    .addColumn('group_id', 'text', (c) => c.primaryKey())
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('master_app_id', 'text', (c) => c.notNull())
    .addColumn('name_zh', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('app_groups_master')
    .on('app_groups')
    .columns(['pno', 'master_app_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('app_groups_created')
    .on('app_groups')
    .columns(['pno', 'created_at', 'group_id'])
    .execute();

  await db.schema
    .createTable('app_group_devices')
    .addColumn('group_id', 'text', (c) => c.notNull().references('app_groups.group_id').onDelete('cascade'))
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('app_group_devices_pk', ['group_id', 'device_id'])
    .execute();
  await db.schema
    .createIndex('app_group_devices_device')
    .on('app_group_devices')
    .columns(['pno', 'device_id'])
    .unique()
    .execute();

  await db.schema
    .createTable('app_group_categories')
    .addColumn('category_id', 'text', (c) => c.primaryKey())
    .addColumn('group_id', 'text', (c) => c.notNull().references('app_groups.group_id').onDelete('cascade'))
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('name_zh', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('icon_fid', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('app_group_categories_group')
    .on('app_group_categories')
    .columns(['pno', 'group_id', 'position'])
    .execute();

  await db.schema
    .createTable('app_group_category_apps')
    .addColumn('category_id', 'text', (c) =>
      c.notNull().references('app_group_categories.category_id').onDelete('cascade'),
    )
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('app_id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('app_group_category_apps_pk', ['category_id', 'app_id'])
    .execute();
}
