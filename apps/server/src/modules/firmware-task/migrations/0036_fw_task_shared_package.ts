import { type Kysely, sql } from 'kysely';

/**
 * A task's package may be one another property shared with the task's (customer) property (modules/firmware-task
 * README "Shared packages"): `fw_tasks.sw_pno` names the property owning the package — the task's own for every
 * task before this migration — so that delivery reads its files, deltas and manifest there. The index counts the
 * tasks, in any property, that use one property's package (deleting, withdrawing or unsharing it is refused then).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('fw_tasks').addColumn('sw_pno', 'text').execute();
  await sql`update fw_tasks set sw_pno = pno`.execute(db);
  await db.schema.createIndex('fw_tasks_sw_owner').on('fw_tasks').columns(['sw_pno', 'sw_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('fw_tasks_sw_owner').execute();
  await db.schema.alterTable('fw_tasks').dropColumn('sw_pno').execute();
}
