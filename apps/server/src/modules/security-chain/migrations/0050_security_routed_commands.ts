import type { Kysely } from 'kysely';

/**
 * Routed security commands (modules/security-chain README "Security routes and records"): a member runs a function on
 * a device through the platform. Each row is one command: the token issued for it (its nonce and the issue's record),
 * the device action (modules/device-action, kind `securityCommand`) that carries it, where it stands, and the device's
 * answer (one of the function's response codes). Devices, users and actions are named by id without foreign keys
 * into their owners' tables.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('security_routed_commands')
    .addColumn('cmd_id', 'text', (c) => c.primaryKey())
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('sid', 'text', (c) => c.notNull())
    .addColumn('func_id', 'text', (c) => c.notNull())
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('argument', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('record_id', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('response_code', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('delivered_at', 'bigint')
    .addColumn('finished_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('security_routed_commands_space')
    .on('security_routed_commands')
    .columns(['pno', 'sid', 'created_at', 'cmd_id'])
    .execute();
  await db.schema
    .createIndex('security_routed_commands_device')
    .on('security_routed_commands')
    .columns(['pno', 'device_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('security_routed_commands_state')
    .on('security_routed_commands')
    .columns(['pno', 'state', 'expires_at'])
    .execute();
}
