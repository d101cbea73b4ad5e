import type { Kysely } from 'kysely';

/**
 * Device credentials (access kind `device`, platform/auth/device-credentials.ts): a device of a property calls the
 * device API with its own token, stored only as its SHA-256. A disabled credential is refused. Append-only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('device_credentials')
    .addColumn('device_id', 'text', (c) => c.primaryKey())
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('device_credentials_pno').on('device_credentials').columns(['pno']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('device_credentials').execute();
}
