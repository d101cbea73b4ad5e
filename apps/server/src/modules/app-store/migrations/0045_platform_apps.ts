import type { Kysely } from 'kysely';

/**
 * Platform apps (README "Platform apps"): the apps the operator offers every property, each naming the property that
 * holds it, and the platform-wide generation every property's F-Droid index is kept under beside its own. Platform
 * tables: no `pno` column.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('platform_apps')
    .addColumn('app_id', 'text', (c) => c.primaryKey())
    .addColumn('app_pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('package_name', 'text', (c) => c.notNull())
    .addColumn('added_by', 'text', (c) => c.notNull().references('users.uid'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('platform_apps_package').on('platform_apps').column('package_name').unique().execute();
  await db.schema.createIndex('platform_apps_created').on('platform_apps').columns(['created_at', 'app_id']).execute();
  await db.schema.createIndex('platform_apps_pno').on('platform_apps').column('app_pno').execute();

  await db.schema
    .createTable('platform_app_repo')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('generation', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}
