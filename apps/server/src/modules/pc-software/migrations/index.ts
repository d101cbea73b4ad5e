import type { Migration } from 'kysely';
import * as m0052 from './0052_pc_software';

/**
 * The migrations of the tables modules/pc-software owns (its tables.ts). Names are the ones existing databases
 * recorded: never rename one. apps/server/src/migrations.ts runs every folder's list in name order; append only,
 * never edit a shipped migration.
 */
export const pcSoftwareMigrations: Record<string, Migration> = {
  '0052_pc_software': m0052,
};
