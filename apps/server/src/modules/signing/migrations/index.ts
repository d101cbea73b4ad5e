import type { Migration } from 'kysely';
import * as m0020 from './0020_signing';
import * as m0042 from './0042_service_key_certificates';

/**
 * The migrations of the tables modules/signing owns (its tables.ts). Names are the ones existing databases recorded:
 * never rename one. apps/server/src/migrations.ts runs every folder's list in name order; append only, never edit a
 * shipped migration.
 */
export const signingMigrations: Record<string, Migration> = {
  '0020_signing': m0020,
  '0042_service_key_certificates': m0042,
};
