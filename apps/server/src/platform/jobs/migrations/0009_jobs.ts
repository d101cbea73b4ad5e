import { type Kysely, sql } from 'kysely';

/**
 * The durable job queue (platform/jobs): one row per job. Workers claim due rows with a lease (`locked_until`);
 * a row whose lease ran out is claimed again. A dedupe key is unique among jobs not yet finished. Append-only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    // queued | running | done | failed
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('run_at', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('dedupe_key', 'text')
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', 'bigint')
    .addColumn('progress', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  // The claim reads due jobs by status and time.
  await db.schema.createIndex('jobs_due').on('jobs').columns(['status', 'run_at']).execute();
  await sql`create unique index jobs_dedupe on jobs (dedupe_key)
    where dedupe_key is not null and status in ('queued', 'running')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('jobs').execute();
}
