import type { Migration } from 'kysely';
import * as m0043 from './0043_app_review';

/**
 * The migrations of the tables modules/app-review owns (its tables.ts). Names are the ones existing databases recorded:
 * never rename one. apps/server/src/migrations.ts runs every folder's list in name order; append only, never edit a
 * shipped migration.
 */
export const appReviewMigrations: Record<string, Migration> = {
  '0043_app_review': m0043,
};
