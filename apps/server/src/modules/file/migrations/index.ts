import type { Migration } from 'kysely';
import * as m0014 from './0014_files';

/**
 * The migrations of the tables modules/file owns (its tables.ts). Names are the ones existing databases recorded: never
 * rename one. apps/server/src/migrations.ts runs every folder's list in name order; append only, never edit a shipped
 * migration.
 */
export const fileMigrations: Record<string, Migration> = {
  '0014_files': m0014,
};
