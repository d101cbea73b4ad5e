import type { Kysely } from 'kysely';

/**
 * The operator's audit list (modules/audit, `audit/getAuditRecordList`) filters by actor and by time, newest first:
 * without these every such page scanned the whole chain. (The property filter uses `audit_log_pno` from 0001.)
 * Append-only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['actor_uid', 'seq']).execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').columns(['at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('audit_log_at').execute();
  await db.schema.dropIndex('audit_log_actor').execute();
}
