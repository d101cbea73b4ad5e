import type { Migration } from 'kysely';
import * as m0025 from './0025_firmware_temp';

/**
 * The migrations of the tables modules/firmware-temp owns (its tables.ts). Names are the ones existing databases
 * recorded: never rename one. apps/server/src/migrations.ts runs every folder's list in name order; append only, never
 * edit a shipped migration.
 */
export const firmwareTempMigrations: Record<string, Migration> = {
  '0025_firmware_temp': m0025,
};
