import { type Kysely, sql } from 'kysely';

/**
 * `fw_tasks.device_rows`: how many rows the task has in `fw_task_devices` (every state, excluded ones too), kept by
 * the statements that insert and delete them (modules/firmware-task `joinDevices`, `task/notAssignToDevice`), so that
 * `task/getAssignedDeviceList` without a filter answers its total without counting a task's 100 000 rows on every
 * call (bench/firmware.ts: about 18 ms of CPU a call). Existing tasks are counted once here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('fw_tasks')
    .addColumn('device_rows', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update fw_tasks set device_rows = (select count(*) from fw_task_devices td where td.task_id = fw_tasks.id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('fw_tasks').dropColumn('device_rows').execute();
}
