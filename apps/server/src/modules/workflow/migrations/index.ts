import type { Migration } from 'kysely';
import * as m0016 from './0016_workflow';
import * as m0023 from './0023_workflow_b';

/**
 * The migrations of the tables modules/workflow owns (its tables.ts). Names are the ones existing databases recorded:
 * never rename one. apps/server/src/migrations.ts runs every folder's list in name order; append only, never edit a
 * shipped migration.
 */
export const workflowMigrations: Record<string, Migration> = {
  '0016_workflow': m0016,
  '0023_workflow_b': m0023,
};
