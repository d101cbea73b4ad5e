import type { Kysely } from 'kysely';

/**
 * A Mender device presenting a new key (a factory reset, a replaced secure element) no longer locks itself out: the
 * key waits in `pending_pubkey` (since `pending_at`) until an administrator accepts it, which replaces the enrolled
 * key and revokes the old key's tokens, or rejects it (modules/device/mender-service.ts). Append-only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mender_identities').addColumn('pending_pubkey', 'text').execute();
  await db.schema.alterTable('mender_identities').addColumn('pending_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mender_identities').dropColumn('pending_at').execute();
  await db.schema.alterTable('mender_identities').dropColumn('pending_pubkey').execute();
}
