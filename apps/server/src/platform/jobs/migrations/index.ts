import type { Migration } from 'kysely';
import * as m0009 from './0009_jobs';

/**
 * The migrations of the tables platform/jobs owns (its tables.ts). Names are the ones existing databases recorded:
 * never rename one. apps/server/src/migrations.ts runs every folder's list in name order; append only, never edit a
 * shipped migration.
 */
export const jobsMigrations: Record<string, Migration> = {
  '0009_jobs': m0009,
};
