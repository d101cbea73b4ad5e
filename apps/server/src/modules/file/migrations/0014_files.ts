import type { Kysely } from 'kysely';

/**
 * Files (modules/file): a file kept in a space (and one group of its tree, or the space's root), its bytes
 * a blob held by owner `file:<fid>`; and the PC software store's common files, each a named, versioned copy of a
 * file's content held by owner `commonFile:<id>`. Both carry `pno` (tenant guard). Append-only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('files')
    .addColumn('fid', 'text', (c) => c.primaryKey())
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('sid', 'text', (c) => c.notNull().references('spaces.sid'))
    // A group of the space's tree; the sid for the root.
    .addColumn('group_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('uid', 'text', (c) => c.references('users.uid').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // Lists: a space's files (and a group's) newest first; every file of the property newest first.
  await db.schema.createIndex('files_space').on('files').columns(['pno', 'sid', 'created_at', 'fid']).execute();
  await db.schema
    .createIndex('files_group')
    .on('files')
    .columns(['pno', 'sid', 'group_id', 'created_at', 'fid'])
    .execute();
  await db.schema.createIndex('files_created').on('files').columns(['pno', 'created_at', 'fid']).execute();

  await db.schema
    .createTable('common_files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.uid').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('common_files_created').on('common_files').columns(['pno', 'created_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('common_files').execute();
  await db.schema.dropTable('files').execute();
}
