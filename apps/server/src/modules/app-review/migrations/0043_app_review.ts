import type { Kysely } from 'kysely';

/**
 * The app review tasks (modules/app-review): main tasks (one app's review, at most one open per app: `open_key`),
 * their sub-tasks (one workflow application each) and records. Every table carries `pno`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('app_review_tasks')
    .addColumn('task_id', 'text', (c) => c.primaryKey())
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('app_id', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('open_key', 'text')
    .addColumn('reviewer_uid', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('conclusion', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('record_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  // Nulls are distinct on both databases: many closed tasks per app, one open.
  await db.schema
    .createIndex('app_review_tasks_open')
    .on('app_review_tasks')
    .columns(['pno', 'open_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('app_review_tasks_created')
    .on('app_review_tasks')
    .columns(['pno', 'created_at', 'task_id'])
    .execute();
  await db.schema
    .createIndex('app_review_tasks_reviewer')
    .on('app_review_tasks')
    .columns(['pno', 'reviewer_uid', 'created_at', 'task_id'])
    .execute();
  await db.schema.createIndex('app_review_tasks_app').on('app_review_tasks').columns(['pno', 'app_id']).execute();

  await db.schema
    .createTable('app_review_subtasks')
    .addColumn('sub_task_id', 'text', (c) => c.primaryKey())
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('task_id', 'text', (c) => c.notNull().references('app_review_tasks.task_id'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('apply_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('decided_uid', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('decided_at', 'bigint')
    .addColumn('submit_uid', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('app_review_subtasks_apply')
    .on('app_review_subtasks')
    .columns(['pno', 'apply_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('app_review_subtasks_task')
    .on('app_review_subtasks')
    .columns(['pno', 'task_id', 'seq'])
    .execute();

  await db.schema
    .createTable('app_review_records')
    .addColumn('record_id', 'text', (c) => c.primaryKey())
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('task_id', 'text', (c) => c.notNull().references('app_review_tasks.task_id'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('actor_uid', 'text', (c) => c.notNull())
    .addColumn('sub_task_type', 'text')
    .addColumn('subject', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('app_review_records_seq')
    .on('app_review_records')
    .columns(['pno', 'task_id', 'seq'])
    .unique()
    .execute();
}
