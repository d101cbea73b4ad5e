import type { Kysely } from 'kysely';

/**
 * Firmware update tasks and their rollouts (modules/firmware-task): a task (one published package, its
 * execution settings, its state), its devices (one row per device: staged group, delivery state, attempts), the
 * claims that keep a device in at most one active task per software type (primary key), every delivery attempt
 * (the device API's action), saved rules and progress samples. Every table carries `pno` (tenant guard).
 * Append-only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('fw_tasks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    // The package, and what it was when the task was made (a final task outlives its package).
    .addColumn('sw_id', 'text', (c) => c.notNull())
    .addColumn('sw_type', 'text', (c) => c.notNull())
    .addColumn('sw_name', 'text', (c) => c.notNull())
    .addColumn('sw_version', 'text', (c) => c.notNull())
    // draft | pendingApproval | scheduled | running | paused | completed | cancelled | invalidated | disabled
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('pause_reason', 'text')
    .addColumn('disabled_from', 'text')
    .addColumn('mode', 'text', (c) => c.notNull())
    // The execution settings (the contract's taskExecution, JSON).
    .addColumn('execution', 'text', (c) => c.notNull())
    .addColumn('stage_count', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('current_stage', 'integer', (c) => c.notNull().defaultTo(-1))
    // When each group opened and was done (JSON arrays of epoch ms or null).
    .addColumn('stage_times', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('apply_id', 'text')
    // Bumped by every change of state: two changes at once, the second sees it and is refused.
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'text', (c) => c.references('users.uid').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('scheduled_at', 'bigint')
    .addColumn('started_at', 'bigint')
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema.createIndex('fw_tasks_created').on('fw_tasks').columns(['pno', 'created_at', 'id']).execute();
  await db.schema.createIndex('fw_tasks_package').on('fw_tasks').columns(['pno', 'sw_id', 'state']).execute();
  // The rollout engine's question: tasks in a state (scheduled, running) across properties.
  await db.schema.createIndex('fw_tasks_state').on('fw_tasks').columns(['state', 'scheduled_at']).execute();

  await db.schema
    .createTable('fw_task_devices')
    .addColumn('task_id', 'text', (c) => c.notNull().references('fw_tasks.id').onDelete('cascade'))
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('device_id', 'text', (c) => c.notNull())
    // list | group | model | rule
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('rule_id', 'text')
    // 0-based staged group; -1 until the groups are formed at release.
    .addColumn('stage', 'integer', (c) => c.notNull().defaultTo(-1))
    .addColumn('ord', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('exclude_reason', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    // The current attempt's action id (fw_task_attempts.action_id), or null.
    .addColumn('action_id', 'integer')
    .addColumn('error_code', 'text', (c) => c.notNull().defaultTo(''))
    // When a retry is due, or the deadline for confirming the new version.
    .addColumn('next_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('fw_task_devices_pk', ['task_id', 'device_id'])
    .execute();
  await db.schema
    .createIndex('fw_task_devices_stage')
    .on('fw_task_devices')
    .columns(['task_id', 'stage', 'state'])
    .execute();
  await db.schema.createIndex('fw_task_devices_device').on('fw_task_devices').columns(['pno', 'device_id']).execute();

  // A device is held by at most one active task per software type: the primary key says so.
  await db.schema
    .createTable('fw_task_claims')
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('sw_type', 'text', (c) => c.notNull())
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('task_id', 'text', (c) => c.notNull().references('fw_tasks.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('fw_task_claims_pk', ['pno', 'sw_type', 'device_id'])
    .execute();
  await db.schema.createIndex('fw_task_claims_task').on('fw_task_claims').columns(['task_id']).execute();

  await db.schema
    .createTable('fw_task_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('task_id', 'text', (c) => c.notNull().references('fw_tasks.id').onDelete('cascade'))
    .addColumn('device_id', 'text', (c) => c.notNull())
    // The device API's action id (hawkBit actionId, Mender deployment id): a small integer, platform-unique.
    .addColumn('action_id', 'integer', (c) => c.notNull().unique())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('error_code', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('from_version', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('to_version', 'text', (c) => c.notNull())
    .addColumn('delta_id', 'text')
    .addColumn('bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('protocol', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('offer_at', 'bigint')
    .addColumn('download_at', 'bigint')
    .addColumn('install_at', 'bigint')
    .addColumn('finish_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('fw_task_attempts_task')
    .on('fw_task_attempts')
    .columns(['pno', 'task_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('fw_task_attempts_device')
    .on('fw_task_attempts')
    .columns(['pno', 'device_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('fw_task_rules')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('task_id', 'text', (c) => c.notNull().references('fw_tasks.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('filter', 'text', (c) => c.notNull())
    .addColumn('matched', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('fw_task_rules_task').on('fw_task_rules').columns(['pno', 'task_id']).execute();

  await db.schema
    .createTable('fw_task_samples')
    .addColumn('task_id', 'text', (c) => c.notNull().references('fw_tasks.id').onDelete('cascade'))
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('counts', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('fw_task_samples_pk', ['task_id', 'at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'fw_task_samples',
    'fw_task_rules',
    'fw_task_attempts',
    'fw_task_claims',
    'fw_task_devices',
    'fw_tasks',
  ])
    await db.schema.dropTable(t).execute();
}
