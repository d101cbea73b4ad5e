import type { Kysely } from 'kysely';

/**
 * The app store (modules/app-store): apps with a listing per language, versions (one analysed APK each) with their
 * compatible models, and the uploaded files (APKs and listing images). Every table carries `pno`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('apps')
    .addColumn('app_id', 'text', (c) => c.primaryKey())
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('owner_uid', 'text', (c) => c.notNull().references('users.uid'))
    .addColumn('package_name', 'text', (c) => c.notNull())
    .addColumn('free', 'integer', (c) => c.notNull())
    .addColumn('age_level', 'integer', (c) => c.notNull())
    .addColumn('app_type', 'integer', (c) => c.notNull())
    .addColumn('audit_status', 'integer', (c) => c.notNull())
    .addColumn('audit_comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('keystore', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ukey', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('part_key', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('apps_package').on('apps').columns(['pno', 'package_name']).unique().execute();
  await db.schema.createIndex('apps_created').on('apps').columns(['pno', 'created_at', 'app_id']).execute();
  await db.schema.createIndex('apps_owner').on('apps').columns(['pno', 'owner_uid', 'created_at', 'app_id']).execute();

  await db.schema
    .createTable('app_listings')
    .addColumn('app_id', 'text', (c) => c.notNull().references('apps.app_id').onDelete('cascade'))
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('app_name', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('icon_fid', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('screenshot_fids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('developer', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('developer_link', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('labels', 'text', (c) => c.notNull().defaultTo('[]'))
    .addPrimaryKeyConstraint('app_listings_pk', ['app_id', 'language'])
    .execute();

  await db.schema
    .createTable('app_versions')
    .addColumn('app_version_id', 'text', (c) => c.primaryKey())
    .addColumn('app_id', 'text', (c) => c.notNull().references('apps.app_id').onDelete('cascade'))
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('version_code', 'bigint', (c) => c.notNull())
    .addColumn('version_name', 'text', (c) => c.notNull())
    .addColumn('fid', 'text', (c) => c.notNull())
    .addColumn('support_plugin', 'integer', (c) => c.notNull())
    .addColumn('force_update', 'integer', (c) => c.notNull())
    .addColumn('privacy_statement', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('copyrights', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('audit_status', 'integer', (c) => c.notNull())
    .addColumn('audit_comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('demand_shelf_time', 'bigint')
    // 0 none, 1 shelf review, 2 waiting for demand_shelf_time, 3 shelf review rejected (contract SHELF_STATUS).
    .addColumn('shelf_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('shelf_comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('publish_time', 'bigint')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // versionCode rises strictly per app; a file is one version's.
  await db.schema
    .createIndex('app_versions_code')
    .on('app_versions')
    .columns(['pno', 'app_id', 'version_code'])
    .unique()
    .execute();
  await db.schema.createIndex('app_versions_fid').on('app_versions').columns(['pno', 'fid']).unique().execute();

  await db.schema
    .createTable('app_version_models')
    .addColumn('app_version_id', 'text', (c) =>
      c.notNull().references('app_versions.app_version_id').onDelete('cascade'),
    )
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('model_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('app_version_models_pk', ['app_version_id', 'model_id'])
    .execute();

  await db.schema
    .createTable('app_files')
    .addColumn('fid', 'text', (c) => c.primaryKey())
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('analysis', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('app_files_created').on('app_files').columns(['created_at']).execute();

  // The F-Droid repository: what it shows changes with each generation; its indexes are kept per scope.
  await db.schema
    .createTable('app_store_repos')
    .addColumn('pno', 'text', (c) => c.primaryKey().references('properties.pno'))
    .addColumn('generation', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('app_store_indexes')
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    // 'all', or a device model's id.
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('generation', 'bigint', (c) => c.notNull())
    // The repository address the index names (PUBLIC_URL, else the address it was first asked at).
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('app_store_indexes_pk', ['pno', 'scope'])
    .execute();
}
