import type { Kysely } from 'kysely';

/**
 * Approval workflows (modules/workflow): default flows per property and apply type with their steps, who
 * may audit which types, applications with the flow as submitted and an append-only history, the current step's
 * resolved auditors (the to-do list, one indexed row per waiting auditor) with per-auditor counts, and what each
 * auditor acted on (the done list). Every table carries `pno` (tenant guard). Append-only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('flow_settings')
    .addColumn('flow_id', 'text', (c) => c.primaryKey())
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('apply_type', 'text', (c) => c.notNull())
    // Bumped by every edit of the flow or its steps (a stale edit is refused by comparing it).
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_by', 'text', (c) => c.references('users.uid').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('flow_settings_type')
    .on('flow_settings')
    .columns(['pno', 'apply_type'])
    .unique()
    .execute();

  await db.schema
    .createTable('flow_steps')
    .addColumn('step_id', 'text', (c) => c.primaryKey())
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('flow_id', 'text', (c) => c.notNull().references('flow_settings.flow_id'))
    .addColumn('apply_type', 'text', (c) => c.notNull())
    // 1-based position in the flow.
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    // any | all
    .addColumn('rule', 'text', (c) => c.notNull())
    .addColumn('skip_applicant', 'integer', (c) => c.notNull().defaultTo(0))
    // JSON [{ t: 1 | 2 | 3 | 4, id }]: users, titles, user sets, units (SPEC §3 authorisation types).
    .addColumn('auditors', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('flow_steps_flow').on('flow_steps').columns(['pno', 'apply_type', 'sort']).execute();

  await db.schema
    .createTable('apply_type_auditors')
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('apply_type', 'text', (c) => c.notNull())
    .addColumn('auth_type', 'integer', (c) => c.notNull())
    .addColumn('ref_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('apply_type_auditors_pk', ['pno', 'apply_type', 'auth_type', 'ref_id'])
    .execute();

  await db.schema
    .createTable('flow_applications')
    .addColumn('apply_id', 'text', (c) => c.primaryKey())
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('apply_type', 'text', (c) => c.notNull())
    .addColumn('applicant_uid', 'text', (c) => c.notNull().references('users.uid'))
    // The area's object (a join request, a space application, …).
    .addColumn('subject_id', 'text')
    .addColumn('subject_name', 'text', (c) => c.notNull().defaultTo(''))
    // JSON: what was applied for, as the area recorded it.
    .addColumn('snapshot', 'text', (c) => c.notNull())
    // JSON: the steps as they were at submission (auditors as named; resolved when a step is reached).
    .addColumn('flow', 'text', (c) => c.notNull())
    .addColumn('step_index', 'integer', (c) => c.notNull())
    .addColumn('step_num', 'integer', (c) => c.notNull())
    // pending | passed | rejected | withdrawn
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    // Bumped by every change: actions update on the version they read (one result for concurrent actions).
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    // History entries so far (the next one's seq is this + 1).
    .addColumn('history_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  // A page's rows by id within the property (so that no planner reads the property's whole range instead).
  await db.schema
    .createIndex('flow_applications_id')
    .on('flow_applications')
    .columns(['pno', 'apply_id'])
    .unique()
    .execute();
  // An applicant's own applications; every application of the property (by type, by state); an area's subject.
  await db.schema
    .createIndex('flow_applications_applicant')
    .on('flow_applications')
    .columns(['pno', 'applicant_uid', 'created_at', 'apply_id'])
    .execute();
  await db.schema
    .createIndex('flow_applications_created')
    .on('flow_applications')
    .columns(['pno', 'created_at', 'apply_id'])
    .execute();
  await db.schema
    .createIndex('flow_applications_type')
    .on('flow_applications')
    .columns(['pno', 'apply_type', 'state', 'created_at', 'apply_id'])
    .execute();
  await db.schema
    .createIndex('flow_applications_state')
    .on('flow_applications')
    .columns(['pno', 'state', 'created_at', 'apply_id'])
    .execute();
  await db.schema
    .createIndex('flow_applications_subject')
    .on('flow_applications')
    .columns(['pno', 'apply_type', 'subject_id'])
    .execute();

  // The current step's auditors who have not acted yet: the to-do lists.
  await db.schema
    .createTable('flow_pending')
    .addColumn('apply_id', 'text', (c) => c.notNull().references('flow_applications.apply_id'))
    .addColumn('uid', 'text', (c) => c.notNull().references('users.uid'))
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('apply_type', 'text', (c) => c.notNull())
    .addColumn('applicant_uid', 'text', (c) => c.notNull())
    // The application's submission time (the list's order and time filter).
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    // When it reached this auditor.
    .addColumn('since', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('flow_pending_pk', ['pno', 'apply_id', 'uid'])
    .execute();
  await db.schema
    .createIndex('flow_pending_todo')
    .on('flow_pending')
    .columns(['pno', 'uid', 'created_at', 'apply_id'])
    .execute();
  await db.schema
    .createIndex('flow_pending_type')
    .on('flow_pending')
    .columns(['pno', 'uid', 'apply_type', 'created_at', 'apply_id'])
    .execute();
  await db.schema
    .createIndex('flow_pending_applicant')
    .on('flow_pending')
    .columns(['pno', 'uid', 'applicant_uid', 'created_at', 'apply_id'])
    .execute();

  // Rows of flow_pending per auditor and type, kept in the same transactions (the to-do total without counting).
  await db.schema
    .createTable('flow_todo_counts')
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('apply_type', 'text', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('flow_todo_counts_pk', ['pno', 'uid', 'apply_type'])
    .execute();

  // What each auditor acted on (their last action per application): the done lists.
  await db.schema
    .createTable('flow_done')
    .addColumn('apply_id', 'text', (c) => c.notNull().references('flow_applications.apply_id'))
    .addColumn('uid', 'text', (c) => c.notNull().references('users.uid'))
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('apply_type', 'text', (c) => c.notNull())
    .addColumn('applicant_uid', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('acted_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('flow_done_pk', ['pno', 'apply_id', 'uid'])
    .execute();
  await db.schema
    .createIndex('flow_done_list')
    .on('flow_done')
    .columns(['pno', 'uid', 'acted_at', 'apply_id'])
    .execute();
  await db.schema
    .createIndex('flow_done_type')
    .on('flow_done')
    .columns(['pno', 'uid', 'apply_type', 'acted_at', 'apply_id'])
    .execute();

  // The history: append-only, numbered per application (a repeated number is refused by the unique index).
  await db.schema
    .createTable('flow_history')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('apply_id', 'text', (c) => c.notNull().references('flow_applications.apply_id'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('step_index', 'integer', (c) => c.notNull())
    .addColumn('actor_uid', 'text')
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    // JSON array of uids a transmit, assign, fallback or a reached step named.
    .addColumn('targets', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('flow_history_seq').on('flow_history').columns(['apply_id', 'seq']).unique().execute();
  await db.schema.createIndex('flow_history_app').on('flow_history').columns(['pno', 'apply_id', 'seq']).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are append-only');
}
