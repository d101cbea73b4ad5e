import type { Kysely } from 'kysely';

/**
 * hawkBit DDI `cancelAction` (modules/firmware-task README "Device side"): an action cancelled while the
 * device may hold it is linked as `cancelAction/{id}` until the device answers. `cancel_state`: null (no cancel to
 * tell), `requested` (linked), `confirmed` (the device stopped it), `rejected` (the device went on: hawkBit's
 * "back to running"). `cancel_from`: the attempt's state when it was cancelled (a rejected cancel returns to it).
 * `cancel_at`: when the device answered. Append-only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('fw_task_attempts').addColumn('cancel_state', 'text').execute();
  await db.schema.alterTable('fw_task_attempts').addColumn('cancel_from', 'text').execute();
  await db.schema.alterTable('fw_task_attempts').addColumn('cancel_at', 'bigint').execute();
  // The devices with a cancel to tell (the poll's flags, loaded per property).
  await db.schema
    .createIndex('fw_task_attempts_cancel')
    .on('fw_task_attempts')
    .columns(['pno', 'cancel_state', 'device_id'])
    .execute();
  await db.schema.alterTable('fw_temp_results').addColumn('cancel_state', 'text').execute();
  await db.schema.alterTable('fw_temp_results').addColumn('cancel_at', 'bigint').execute();
  await db.schema
    .createIndex('fw_temp_results_cancel')
    .on('fw_temp_results')
    .columns(['pno', 'cancel_state', 'device_id'])
    .execute();
}
