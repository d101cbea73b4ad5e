import type { Kysely } from 'kysely';

/**
 * Apps on devices (modules/app-store README "Devices"): what each device reports it has installed, one row per
 * package, and pushes, each a campaign of device actions of kind `appInstall` (their rows are device-action's).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('installed_apps')
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('device_id', 'text', (c) => c.notNull().references('devices.device_id').onDelete('cascade'))
    .addColumn('package_name', 'text', (c) => c.notNull())
    .addColumn('version_code', 'bigint', (c) => c.notNull())
    .addColumn('version_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('reported_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('installed_apps_pk', ['device_id', 'package_name'])
    .execute();
  // How many devices have a package (an app's installs).
  await db.schema
    .createIndex('installed_apps_package')
    .on('installed_apps')
    .columns(['pno', 'package_name', 'version_code'])
    .execute();

  await db.schema
    .createTable('app_pushes')
    .addColumn('push_id', 'text', (c) => c.primaryKey())
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('app_id', 'text', (c) => c.notNull().references('apps.app_id').onDelete('cascade'))
    .addColumn('app_version_id', 'text', (c) =>
      c.notNull().references('app_versions.app_version_id').onDelete('cascade'),
    )
    .addColumn('force', 'integer', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    // active → finished (no device left to answer) | cancelled
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('app_pushes_app')
    .on('app_pushes')
    .columns(['pno', 'app_id', 'created_at', 'push_id'])
    .execute();
}
