import type { Kysely } from 'kysely';

/**
 * Firmware packages (modules/firmware): a package (one version of a software type in a space and group,
 * the models and platforms it fits, release notes, published state, its signed manifest), its files (stored files
 * of the file module, in order, with what was read from `.swu`/`.mender` artifacts), the customers it is shared
 * with, the property's keys (the Ed25519 manifest key, the vendor verification keys) and devices' upgrade
 * records. Every table carries `pno` (tenant guard). Append-only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('fw_packages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('sid', 'text', (c) => c.notNull().references('spaces.sid'))
    .addColumn('group_id', 'text', (c) => c.notNull())
    .addColumn('sw_type', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    // Sorts like the contract's compareVersions (numbers zero-padded).
    .addColumn('version_key', 'text', (c) => c.notNull())
    // JSON arrays of device model and platform ids.
    .addColumn('models', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('platforms', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('notes_zh', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('notes_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('published_at', 'bigint')
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    // The signed manifest: its exact text, the signature (base64) and the key's id.
    .addColumn('manifest', 'text', (c) => c.notNull())
    .addColumn('manifest_sig', 'text', (c) => c.notNull())
    .addColumn('manifest_key', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.uid').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('fw_packages_version')
    .on('fw_packages')
    .columns(['pno', 'sw_type', 'version_key'])
    .unique()
    .execute();
  await db.schema.createIndex('fw_packages_space').on('fw_packages').columns(['pno', 'sid', 'group_id']).execute();
  await db.schema.createIndex('fw_packages_created').on('fw_packages').columns(['pno', 'created_at', 'id']).execute();

  await db.schema
    .createTable('fw_package_files')
    .addColumn('package_id', 'text', (c) => c.notNull().references('fw_packages.id').onDelete('cascade'))
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('ord', 'integer', (c) => c.notNull())
    .addColumn('fid', 'text', (c) => c.notNull().references('files.fid'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    // raw | swu | mender, what was read from the artifact (JSON) and its signature state (none | verified).
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('artifact', 'text')
    .addColumn('signature', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('fw_package_files_pk', ['package_id', 'ord'])
    .execute();
  // "Which package uses this file" (the file module refuses to delete a file in use).
  await db.schema.createIndex('fw_package_files_fid').on('fw_package_files').columns(['pno', 'fid']).execute();

  await db.schema
    .createTable('fw_package_customers')
    .addColumn('package_id', 'text', (c) => c.notNull().references('fw_packages.id').onDelete('cascade'))
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('cid', 'text', (c) => c.notNull().references('customers.cid').onDelete('cascade'))
    .addColumn('added_by', 'text', (c) => c.references('users.uid').onDelete('set null'))
    .addColumn('added_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('fw_package_customers_pk', ['package_id', 'cid'])
    .execute();
  await db.schema.createIndex('fw_package_customers_cid').on('fw_package_customers').columns(['pno', 'cid']).execute();

  await db.schema
    .createTable('fw_keys')
    .addColumn('pno', 'text', (c) => c.primaryKey().references('properties.pno'))
    // The manifest signing key (Ed25519): SPKI and PKCS#8 PEM, and its id (SHA-256 of the SPKI, 16 hex digits).
    .addColumn('manifest_public', 'text', (c) => c.notNull())
    .addColumn('manifest_private', 'text', (c) => c.notNull())
    .addColumn('manifest_key_id', 'text', (c) => c.notNull())
    // Vendor verification keys, PEM ('' when none).
    .addColumn('swu_certificate', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('mender_public_key', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('fw_upgrade_records')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('package_id', 'text', (c) => c.notNull())
    .addColumn('sw_type', 'text', (c) => c.notNull())
    .addColumn('sw_name', 'text', (c) => c.notNull())
    .addColumn('from_version', 'text', (c) => c.notNull())
    .addColumn('to_version', 'text', (c) => c.notNull())
    .addColumn('delta', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('error_code', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('fw_upgrade_records_device')
    .on('fw_upgrade_records')
    .columns(['pno', 'device_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('fw_upgrade_records_package')
    .on('fw_upgrade_records')
    .columns(['pno', 'package_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('fw_upgrade_records_created')
    .on('fw_upgrade_records')
    .columns(['pno', 'created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['fw_upgrade_records', 'fw_keys', 'fw_package_customers', 'fw_package_files', 'fw_packages'])
    await db.schema.dropTable(t).execute();
}
