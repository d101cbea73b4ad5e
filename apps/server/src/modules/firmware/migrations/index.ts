import type { Migration } from 'kysely';
import * as m0021 from './0021_firmware';
import * as m0022 from './0022_firmware_delta';

/**
 * The migrations of the tables modules/firmware owns (its tables.ts). Names are the ones existing databases recorded:
 * never rename one. apps/server/src/migrations.ts runs every folder's list in name order; append only, never edit a
 * shipped migration.
 */
export const firmwareMigrations: Record<string, Migration> = {
  '0021_firmware': m0021,
  '0022_firmware_delta': m0022,
};
