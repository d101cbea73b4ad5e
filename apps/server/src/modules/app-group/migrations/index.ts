import type { Migration } from 'kysely';
import * as m0044 from './0044_app_groups';

/**
 * The migrations of the tables modules/app-group owns (its tables.ts). Names are the ones existing databases recorded:
 * never rename one. apps/server/src/migrations.ts runs every folder's list in name order; append only, never edit a
 * shipped migration.
 */
export const appGroupMigrations: Record<string, Migration> = {
  '0044_app_groups': m0044,
};
