import type { Migration } from 'kysely';
import * as m0008 from './0008_news_keys';

/**
 * The migrations of the tables platform/news owns (its tables.ts). Names are the ones existing databases recorded:
 * never rename one. apps/server/src/migrations.ts runs every folder's list in name order; append only, never edit a
 * shipped migration.
 */
export const newsMigrations: Record<string, Migration> = {
  '0008_news_keys': m0008,
};
