import type { Kysely } from 'kysely';

/**
 * A task's devices read by property and task (every query names both: the tenant guard asks for `pno`), so that
 * a task of 100 000 devices (bench/firmware.ts) is counted and paged from one index alone:
 * `fw_task_devices_order (pno, task_id, stage, ord, device_id, state)` replaces `(task_id, stage, state)`, with which
 * SQLite read each of the task's rows for its `pno`. It gives `task/getAssignedDeviceList` its count and its page in
 * group order from the nearer end (instead of sorting the task's every device), and covers the per-group and
 * per-state counts (every engine pass, `task/getTaskInfo`, the task list). One index, not two: each one costs the
 * release (100 000 rows inserted, then their group set) its share of writes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('fw_task_devices_stage').execute();
  await db.schema
    .createIndex('fw_task_devices_order')
    .on('fw_task_devices')
    .columns(['pno', 'task_id', 'stage', 'ord', 'device_id', 'state'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('fw_task_devices_order').execute();
  await db.schema
    .createIndex('fw_task_devices_stage')
    .on('fw_task_devices')
    .columns(['task_id', 'stage', 'state'])
    .execute();
}
