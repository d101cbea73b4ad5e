import type { Kysely } from 'kysely';

/**
 * Messages are stored as a catalogue key and JSON parameters (platform/news/catalogue.ts) and rendered in the
 * reader's language when read. Rows written before this keep `news_key` null and are read from `title` and
 * `content` as they were written. Append-only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('news').addColumn('news_key', 'text').execute();
  await db.schema.alterTable('news').addColumn('params', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('news').dropColumn('params').execute();
  await db.schema.alterTable('news').dropColumn('news_key').execute();
}
