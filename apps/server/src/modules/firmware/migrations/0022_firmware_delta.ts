import type { Kysely } from 'kysely';

/**
 * Differential packages (modules/firmware): a bsdiff 4 patch from a source package's main file to a
 * target's, made by the job `firmware.delta` in a worker thread; its bytes are a blob held by `fwDelta:<id>`.
 * Append-only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('fw_deltas')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('sw_type', 'text', (c) => c.notNull())
    .addColumn('source_id', 'text', (c) => c.notNull().references('fw_packages.id').onDelete('cascade'))
    .addColumn('target_id', 'text', (c) => c.notNull().references('fw_packages.id').onDelete('cascade'))
    .addColumn('source_version', 'text', (c) => c.notNull())
    .addColumn('target_version', 'text', (c) => c.notNull())
    // The main files' digests the delta was made from and to.
    .addColumn('source_sha256', 'text', (c) => c.notNull())
    .addColumn('target_sha256', 'text', (c) => c.notNull())
    // queued | running | ready | failed | refused; why (a message key and its params, JSON) when refused/failed.
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('format', 'text', (c) => c.notNull().defaultTo('bsdiff4'))
    .addColumn('size', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('sha256', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('full_size', 'bigint', (c) => c.notNull())
    .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('job_id', 'text')
    .addColumn('created_by', 'text', (c) => c.references('users.uid').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('fw_deltas_pair')
    .on('fw_deltas')
    .columns(['pno', 'source_id', 'target_id'])
    .unique()
    .execute();
  await db.schema.createIndex('fw_deltas_target').on('fw_deltas').columns(['pno', 'target_id', 'state']).execute();
  await db.schema.createIndex('fw_deltas_created').on('fw_deltas').columns(['pno', 'created_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('fw_deltas').execute();
}
