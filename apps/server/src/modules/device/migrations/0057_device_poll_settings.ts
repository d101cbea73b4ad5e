import type { Kysely } from 'kysely';

/**
 * How often devices poll, per property, within bounds the operator sets (modules/device README "Polling interval").
 * `device_poll_settings`: one row per property that set its intervals (`poll_seconds`, `rollout_poll_seconds` used
 * while the device is offered a deployment; null: the default). `device_poll_bounds`: the platform's one row (`id`
 * 'platform') of the shortest and longest interval a property may set; absent: the defaults of poll-settings.ts.
 * Append-only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('device_poll_settings')
    .addColumn('pno', 'text', (c) => c.primaryKey().references('properties.pno'))
    .addColumn('poll_seconds', 'integer')
    .addColumn('rollout_poll_seconds', 'integer')
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('device_poll_bounds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('min_seconds', 'integer', (c) => c.notNull())
    .addColumn('max_seconds', 'integer', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('device_poll_bounds').execute();
  await db.schema.dropTable('device_poll_settings').execute();
}
