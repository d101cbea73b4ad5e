import type { Kysely } from 'kysely';

/**
 * Two follow-ups of the firmware work, append-only:
 *
 * - `signing_service_keys`: keys the signing service holds for a property's own signatures that no person
 *   requests (today the firmware manifest key, purpose `firmwareManifest`): the public key (SPKI PEM), its id and
 *   the private key sealed like every other (modules/signing `keystore.ts`, envelope encryption under the master
 *   key). A property's existing manifest key (`fw_keys.manifest_private`, migration 0021) is moved here, sealed, on
 *   its first use after this migration (sealing needs the master key, which migrations do not hold), so existing
 *   manifests stay verifiable with the same public key; the old column is then emptied.
 * - `customers.property_pno`: the customer property a customer record stands for (NULL: none). Packages shared with
 *   the record (`sw/pushSwToCustomer`) are listed, read-only, to that property.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('signing_service_keys')
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    // firmwareManifest
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('key_id', 'text', (c) => c.notNull())
    // ed25519
    .addColumn('algorithm', 'text', (c) => c.notNull())
    .addColumn('public_pem', 'text', (c) => c.notNull())
    .addColumn('sealed_key', 'text', (c) => c.notNull())
    // made | adopted (moved from where the key was kept before)
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('signing_service_keys_pk', ['pno', 'purpose'])
    .execute();

  await db.schema.alterTable('customers').addColumn('property_pno', 'text').execute();
  await db.schema.createIndex('customers_property').on('customers').columns(['property_pno']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('customers_property').execute();
  await db.schema.alterTable('customers').dropColumn('property_pno').execute();
  await db.schema.dropTable('signing_service_keys').execute();
}
