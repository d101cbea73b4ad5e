import type { Migration } from 'kysely';
import * as m0010 from './0010_device_credentials';

/**
 * The migrations of the tables platform/auth owns (its tables.ts). Names are the ones existing databases recorded:
 * never rename one. apps/server/src/migrations.ts runs every folder's list in name order; append only, never edit a
 * shipped migration.
 */
export const platformAuthMigrations: Record<string, Migration> = {
  '0010_device_credentials': m0010,
};
