import type { Migration } from 'kysely';
import * as m0024 from './0024_firmware_tasks';
import * as m0031 from './0031_firmware_task_order';
import * as m0035 from './0035_firmware_task_rows';
import * as m0036 from './0036_fw_task_shared_package';
import * as m0056 from './0056_fw_task_success_rule';

/**
 * The migrations of the tables modules/firmware-task owns (its tables.ts). Names are the ones existing databases
 * recorded: never rename one. apps/server/src/migrations.ts runs every folder's list in name order; append only, never
 * edit a shipped migration.
 */
export const firmwareTaskMigrations: Record<string, Migration> = {
  '0024_firmware_tasks': m0024,
  '0031_firmware_task_order': m0031,
  '0035_firmware_task_rows': m0035,
  '0036_fw_task_shared_package': m0036,
  '0056_fw_task_success_rule': m0056,
};
