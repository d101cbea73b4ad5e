import type { Kysely } from 'kysely';

/**
 * The installations of one piece of software, last seen first (TerminalListPage filtered by software, and the trial
 * users' last check): `soft_id` leads, so the list reads that software's rows in order instead of scanning the
 * property's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('soft_terminals_soft_seen')
    .on('soft_terminals')
    .columns(['soft_id', 'last_seen', 'install_id'])
    .execute();
}
