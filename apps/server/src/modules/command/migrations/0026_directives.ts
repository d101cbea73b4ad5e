import type { Kysely } from 'kysely';

/**
 * Directives (modules/directive): commands (reboot, log upload, factory reset, config push, custom) sent
 * to devices of a property, delivered on their next poll, and one target row per device with its state (pending →
 * delivered → succeeded | failed | expired | cancelled) and the device's message. Every table carries `pno`.
 * Append-only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('fw_commands')
    .addColumn('cmd_id', 'text', (c) => c.primaryKey())
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    // reboot | logUpload | factoryReset | configPush | custom
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    // JSON object text ('{}' when none).
    .addColumn('payload', 'text', (c) => c.notNull().defaultTo('{}'))
    // The group the devices were chosen by ('' when named by id).
    .addColumn('group_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('total', 'integer', (c) => c.notNull())
    // active | finished | cancelled
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.uid').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('fw_commands_created')
    .on('fw_commands')
    .columns(['pno', 'created_at', 'cmd_id'])
    .execute();

  await db.schema
    .createTable('fw_command_targets')
    .addColumn('cmd_id', 'text', (c) => c.notNull().references('fw_commands.cmd_id').onDelete('cascade'))
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('device_id', 'text', (c) => c.notNull())
    // pending | delivered | succeeded | failed | expired | cancelled
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('delivered_at', 'bigint')
    .addColumn('finished_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('fw_command_targets_pk', ['cmd_id', 'device_id'])
    .execute();
  // A device's open commands (its poll link and keelCommands), and a command's targets by state.
  await db.schema
    .createIndex('fw_command_targets_device')
    .on('fw_command_targets')
    .columns(['pno', 'state', 'device_id'])
    .execute();
  await db.schema
    .createIndex('fw_command_targets_state')
    .on('fw_command_targets')
    .columns(['cmd_id', 'state'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('fw_command_targets').execute();
  await db.schema.dropTable('fw_commands').execute();
}
