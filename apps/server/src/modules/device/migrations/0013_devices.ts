import type { Kysely } from 'kysely';

/**
 * Devices (modules/device): the device catalogue of a property (types, platforms, models), the device
 * registry with what devices report, and each property's enrolment key. Every table carries `pno`. `sid` and
 * `group_id` name a space and a group of its tree as plain ids (spaces come with their own migration). The
 * device credential stays in `device_credentials` (migration 0010), keyed by the same device id. Append-only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    { table: 'device_types', id: 'type_id', os: false },
    { table: 'device_platforms', id: 'platform_id', os: true },
  ] as const) {
    let create = db.schema
      .createTable(t.table)
      .addColumn(t.id, 'text', (c) => c.primaryKey())
      .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('name_key', 'text', (c) => c.notNull())
      .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''));
    if (t.os) create = create.addColumn('os_type', 'text', (c) => c.notNull());
    await create
      .addColumn('created_by', 'text', (c) => c.references('users.uid'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex(`${t.table}_name`).on(t.table).columns(['pno', 'name_key']).unique().execute();
  }

  await db.schema
    .createTable('device_models')
    .addColumn('model_id', 'text', (c) => c.primaryKey())
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('type_id', 'text', (c) => c.references('device_types.type_id'))
    .addColumn('platform_id', 'text', (c) => c.references('device_platforms.platform_id'))
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'text', (c) => c.references('users.uid'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('device_models_name').on('device_models').columns(['pno', 'name_key']).unique().execute();
  await db.schema.createIndex('device_models_type').on('device_models').columns(['pno', 'type_id']).execute();
  await db.schema.createIndex('device_models_platform').on('device_models').columns(['pno', 'platform_id']).execute();

  await db.schema
    .createTable('devices')
    .addColumn('device_id', 'text', (c) => c.primaryKey())
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('label', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('business', 'text', (c) => c.notNull())
    .addColumn('model_id', 'text', (c) => c.references('device_models.model_id'))
    .addColumn('os_type', 'text', (c) => c.notNull())
    .addColumn('mockup', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sid', 'text')
    .addColumn('group_id', 'text')
    .addColumn('uid', 'text', (c) => c.references('users.uid'))
    .addColumn('bound_at', 'bigint')
    .addColumn('admission', 'text', (c) => c.notNull())
    .addColumn('enrolment', 'text', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('firmware_version', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('app_version', 'text', (c) => c.notNull().defaultTo(''))
    // JSON object of the reported attributes (hawkBit configData).
    .addColumn('attributes', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('attributes_at', 'bigint')
    .addColumn('first_seen_at', 'bigint')
    .addColumn('last_seen_at', 'bigint')
    .addColumn('last_address', 'text')
    .addColumn('created_by', 'text', (c) => c.references('users.uid'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // The list, newest first, in a property and (operators) across properties; the filters it offers; the devices
  // of a model; a user's own devices.
  const indexes: Array<[string, string[]]> = [
    ['devices_created', ['pno', 'created_at', 'device_id']],
    ['devices_created_all', ['created_at', 'device_id']],
    ['devices_model', ['pno', 'model_id', 'created_at']],
    ['devices_os', ['pno', 'os_type', 'created_at']],
    ['devices_label', ['pno', 'label', 'created_at']],
    ['devices_space', ['pno', 'sid', 'group_id']],
    ['devices_admission', ['pno', 'admission', 'created_at']],
    ['devices_user', ['uid', 'created_at', 'device_id']],
  ];
  for (const [name, columns] of indexes) await db.schema.createIndex(name).on('devices').columns(columns).execute();

  await db.schema
    .createTable('device_enrolment_keys')
    .addColumn('pno', 'text', (c) => c.primaryKey().references('properties.pno'))
    // The key is shown once when issued; only its SHA-256 is kept.
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('hint', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.uid'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['device_enrolment_keys', 'devices', 'device_models', 'device_platforms', 'device_types']) {
    await db.schema.dropTable(table).execute();
  }
}
