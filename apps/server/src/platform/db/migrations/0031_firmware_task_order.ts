import type { Kysely } from 'kysely';

/**
 * A task's devices in group order (`task/getAssignedDeviceList`'s page: stage, ord, device id), read from an index
 * from the nearer end instead of sorting a task's every device (a task may hold 100 000; bench/firmware.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('fw_task_devices_order')
    .on('fw_task_devices')
    .columns(['task_id', 'stage', 'ord', 'device_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('fw_task_devices_order').execute();
}
