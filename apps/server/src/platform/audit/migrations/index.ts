import type { Migration } from 'kysely';
import * as m0007 from './0007_audit_filters';

/**
 * The migrations of the tables platform/audit owns (its tables.ts). Names are the ones existing databases recorded:
 * never rename one. apps/server/src/migrations.ts runs every folder's list in name order; append only, never edit a
 * shipped migration.
 */
export const auditMigrations: Record<string, Migration> = {
  '0007_audit_filters': m0007,
};
