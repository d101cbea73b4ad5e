import type { Kysely } from 'kysely';

/**
 * Service keys may carry a certificate (modules/signing service-keys.ts): the app store's index key signs JARs, which
 * name their signer by an X.509 certificate. Empty for keys without one (the firmware manifest's Ed25519 key).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('signing_service_keys')
    .addColumn('certificate_pem', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}
