import type { Kysely } from 'kysely';

/** The message centre and each user's language, so that messages are written in it. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('zh-cn'))
    .execute();

  await db.schema
    .createTable('news')
    .addColumn('nid', 'text', (c) => c.primaryKey())
    .addColumn('uid', 'text', (c) => c.notNull().references('users.uid'))
    .addColumn('pno', 'text')
    .addColumn('news_type', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('link', 'text')
    .addColumn('read_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('news_uid_created').on('news').columns(['uid', 'created_at']).execute();
  await db.schema.createIndex('news_uid_unread').on('news').columns(['uid', 'read_at']).execute();
  await db.schema.createIndex('news_created').on('news').columns(['created_at']).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are append-only');
}
