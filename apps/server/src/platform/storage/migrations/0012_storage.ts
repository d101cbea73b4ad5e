import type { Kysely } from 'kysely';

/**
 * Stored files (platform/storage): `blobs` is one row per stored content (named by its SHA-256; the bytes live in
 * the BlobStore), `blob_refs` says who keeps each one (an owner string such as `file:<fid>`; a blob without any is
 * removed by the garbage collector after a grace period), and `uploads` tracks resumable (tus) uploads in flight:
 * who started one, through which mount, how large, what its mount remembered, and when it expires. Append-only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('blobs')
    .addColumn('sha256', 'text', (c) => c.primaryKey())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    // Set when the last reference went; null while any is held.
    .addColumn('orphaned_at', 'bigint')
    .execute();
  await db.schema.createIndex('blobs_orphaned').on('blobs').columns(['orphaned_at']).execute();
  await db.schema
    .createTable('blob_refs')
    .addColumn('sha256', 'text', (c) => c.notNull().references('blobs.sha256'))
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('blob_refs_pk', ['sha256', 'owner'])
    .execute();
  await db.schema.createIndex('blob_refs_owner').on('blob_refs').columns(['owner']).execute();
  await db.schema
    .createTable('uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('mount', 'text', (c) => c.notNull())
    .addColumn('uid', 'text', (c) => c.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('context', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uploads_expires').on('uploads').columns(['expires_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('uploads').execute();
  await db.schema.dropTable('blob_refs').execute();
  await db.schema.dropTable('blobs').execute();
}
