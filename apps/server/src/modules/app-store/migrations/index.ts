import type { Migration } from 'kysely';
import * as m0041 from './0041_app_store';
import * as m0045 from './0045_platform_apps';
import * as m0046 from './0046_app_installs';

/**
 * The migrations of the tables modules/app-store owns (its tables.ts). Names are the ones existing databases recorded:
 * never rename one. apps/server/src/migrations.ts runs every folder's list in name order; append only, never edit a
 * shipped migration.
 */
export const appStoreMigrations: Record<string, Migration> = {
  '0041_app_store': m0041,
  '0045_platform_apps': m0045,
  '0046_app_installs': m0046,
};
