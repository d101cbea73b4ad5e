import type { Kysely } from 'kysely';

/**
 * The operators' list of routed commands (`seclink/channel/getAllCmdRecordList`, README "Security routes and records"):
 * every property's commands newest first (`security_routed_commands_time`), or one property's without a space
 * (`security_routed_commands_property`; the space's list keeps `security_routed_commands_space`), and the due ones it
 * expires first across properties (`security_routed_commands_due`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('security_routed_commands_time')
    .on('security_routed_commands')
    .columns(['created_at', 'cmd_id'])
    .execute();
  await db.schema
    .createIndex('security_routed_commands_property')
    .on('security_routed_commands')
    .columns(['pno', 'created_at', 'cmd_id'])
    .execute();
  await db.schema
    .createIndex('security_routed_commands_due')
    .on('security_routed_commands')
    .columns(['state', 'expires_at'])
    .execute();
}
