import type { Migration } from 'kysely';
import * as m0026 from './0026_directives';

/**
 * The migrations of the tables modules/command owns (its tables.ts). Names are the ones existing databases recorded:
 * never rename one. apps/server/src/migrations.ts runs every folder's list in name order; append only, never edit a
 * shipped migration.
 */
export const commandMigrations: Record<string, Migration> = {
  '0026_directives': m0026,
};
