import type { Migration } from 'kysely';
import * as m0012 from './0012_storage';

/**
 * The migrations of the tables platform/storage owns (its tables.ts). Names are the ones existing databases recorded:
 * never rename one. apps/server/src/migrations.ts runs every folder's list in name order; append only, never edit a
 * shipped migration.
 */
export const storageMigrations: Record<string, Migration> = {
  '0012_storage': m0012,
};
