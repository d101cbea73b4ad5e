import type { Kysely } from 'kysely';

/**
 * The PC software store (modules/pc-software README "Model"): software of a property kept in one of its software
 * spaces, main tools and their child tools, versions with installers per platform and change records, release
 * managers and trial users per software, platform main tools granted to other properties, and what installed clients
 * report (the machines that checked for updates, and checks and downloads counted per version, platform and day).
 * Spaces, files, users and sign modules are named by id without foreign keys into their owners' tables.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('soft_infos')
    .addColumn('soft_id', 'text', (c) => c.primaryKey())
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('sid', 'text', (c) => c.notNull())
    .addColumn('public_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('icon_fid', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('auth_type', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('platform_main', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sign_module_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('soft_infos_public_id').on('soft_infos').column('public_id').unique().execute();
  await db.schema.createIndex('soft_infos_name').on('soft_infos').columns(['pno', 'name']).unique().execute();
  await db.schema.createIndex('soft_infos_list').on('soft_infos').columns(['pno', 'updated_at', 'soft_id']).execute();
  await db.schema.createIndex('soft_infos_platform').on('soft_infos').columns(['platform_main', 'soft_id']).execute();

  await db.schema
    .createTable('soft_relations')
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('child_soft_id', 'text', (c) => c.primaryKey())
    .addColumn('main_soft_id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('soft_relations_main')
    .on('soft_relations')
    .columns(['pno', 'main_soft_id', 'position'])
    .execute();

  await db.schema
    .createTable('soft_platform_grants')
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('soft_id', 'text', (c) => c.notNull())
    .addColumn('granted_by', 'text', (c) => c.notNull())
    .addColumn('granted_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('soft_platform_grants_pk', ['pno', 'soft_id'])
    .execute();
  await db.schema.createIndex('soft_platform_grants_soft').on('soft_platform_grants').column('soft_id').execute();

  await db.schema
    .createTable('soft_versions')
    .addColumn('version_id', 'text', (c) => c.primaryKey())
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('soft_id', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('version_key', 'text', (c) => c.notNull())
    .addColumn('notes_zh', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('notes_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('channel', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('pending_channel', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('apply_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('reject_reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('released_by', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('released_at', 'bigint')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('soft_versions_version')
    .on('soft_versions')
    .columns(['soft_id', 'version'])
    .unique()
    .execute();
  await db.schema
    .createIndex('soft_versions_latest')
    .on('soft_versions')
    .columns(['soft_id', 'channel', 'version_key'])
    .execute();
  await db.schema
    .createIndex('soft_versions_released')
    .on('soft_versions')
    .columns(['channel', 'released_at', 'version_id'])
    .execute();

  await db.schema
    .createTable('soft_installers')
    .addColumn('installer_id', 'text', (c) => c.primaryKey())
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('soft_id', 'text', (c) => c.notNull())
    .addColumn('version_id', 'text', (c) => c.notNull())
    .addColumn('os', 'text', (c) => c.notNull())
    .addColumn('arch', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('fid', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('signature', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('signer_cert_sha256', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('soft_installers_platform')
    .on('soft_installers')
    .columns(['version_id', 'os', 'arch', 'format'])
    .unique()
    .execute();

  await db.schema
    .createTable('soft_change_records')
    .addColumn('record_id', 'text', (c) => c.primaryKey())
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('soft_id', 'text', (c) => c.notNull())
    .addColumn('version_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('content_zh', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('soft_change_records_version')
    .on('soft_change_records')
    .columns(['version_id', 'position'])
    .execute();

  await db.schema
    .createTable('soft_release_managers')
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('soft_id', 'text', (c) => c.notNull())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('channels', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('soft_release_managers_pk', ['soft_id', 'uid'])
    .execute();
  await db.schema
    .createIndex('soft_release_managers_user')
    .on('soft_release_managers')
    .columns(['pno', 'uid'])
    .execute();

  await db.schema
    .createTable('soft_trial_users')
    .addColumn('trial_id', 'text', (c) => c.primaryKey())
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('soft_id', 'text', (c) => c.notNull())
    .addColumn('install_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('soft_trial_users_install')
    .on('soft_trial_users')
    .columns(['soft_id', 'install_id'])
    .unique()
    .execute();

  await db.schema
    .createTable('soft_terminals')
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('soft_id', 'text', (c) => c.notNull())
    .addColumn('install_id', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('os', 'text', (c) => c.notNull())
    .addColumn('arch', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('check_count', 'bigint', (c) => c.notNull().defaultTo(1))
    .addColumn('first_seen', 'bigint', (c) => c.notNull())
    .addColumn('last_seen', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('soft_terminals_pk', ['soft_id', 'install_id'])
    .execute();
  await db.schema
    .createIndex('soft_terminals_seen')
    .on('soft_terminals')
    .columns(['pno', 'last_seen', 'soft_id', 'install_id'])
    .execute();

  await db.schema
    .createTable('soft_download_stats')
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('soft_id', 'text', (c) => c.notNull())
    .addColumn('version_id', 'text', (c) => c.notNull())
    .addColumn('os', 'text', (c) => c.notNull())
    .addColumn('arch', 'text', (c) => c.notNull())
    .addColumn('day', 'bigint', (c) => c.notNull())
    .addColumn('checks', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('downloads', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('soft_download_stats_pk', ['version_id', 'os', 'arch', 'day'])
    .execute();
  await db.schema
    .createIndex('soft_download_stats_soft')
    .on('soft_download_stats')
    .columns(['pno', 'soft_id', 'day'])
    .execute();
}
