import type { Kysely } from 'kysely';

/**
 * Mender's device API (modules/device/mender-service.ts): the identity and public key a device
 * authenticates with, one per device. `id_hash` is the SHA-256 of the identity's canonical JSON, unique in the
 * property; `generation` is carried by the device tokens (JWT) issued and bumped to revoke them all (credential
 * reset, rejection). Deleting the device deletes its row. Append-only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mender_identities')
    .addColumn('device_id', 'text', (c) => c.primaryKey().references('devices.device_id').onDelete('cascade'))
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('id_hash', 'text', (c) => c.notNull())
    .addColumn('id_data', 'text', (c) => c.notNull())
    .addColumn('pubkey', 'text', (c) => c.notNull())
    .addColumn('generation', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('mender_identities_identity')
    .on('mender_identities')
    .columns(['pno', 'id_hash'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mender_identities').execute();
}
