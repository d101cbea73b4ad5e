import type { Migration } from 'kysely';
import * as m0011 from './0011_spaces';

/**
 * The migrations of the tables modules/space owns (its tables.ts). Names are the ones existing databases recorded:
 * never rename one. apps/server/src/migrations.ts runs every folder's list in name order; append only, never edit a
 * shipped migration.
 */
export const spaceMigrations: Record<string, Migration> = {
  '0011_spaces': m0011,
};
