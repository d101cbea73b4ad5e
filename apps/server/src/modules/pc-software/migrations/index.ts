import type { Migration } from 'kysely';
import * as m0052 from './0052_pc_software';
import * as m0053 from './0053_soft_installers_format';
import * as m0054 from './0054_soft_terminals_by_soft';

/**
 * The migrations of the tables modules/pc-software owns (its tables.ts). Names are the ones existing databases
 * recorded: never rename one. apps/server/src/migrations.ts runs every folder's list in name order; append only,
 * never edit a shipped migration.
 */
export const pcSoftwareMigrations: Record<string, Migration> = {
  '0052_pc_software': m0052,
  '0053_soft_installers_format': m0053,
  '0054_soft_terminals_by_soft': m0054,
};
