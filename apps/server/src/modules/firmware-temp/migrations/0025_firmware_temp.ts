import type { Kysely } from 'kysely';

/**
 * The temporary firmware service (modules/firmware-temp): an engineer's quick path to try a build on a few
 * named devices outside the formal release flow. A temporary file (a copy of a stored file's content, its blob held
 * by `fwTempFile:<id>`), each member's test devices (devices of the property, at most 50 each), temporary tasks (a
 * file and some of those devices) and one result per device of a task. Every table carries `pno`. Append-only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('fw_temp_files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    // The stored file it was taken from (it may be deleted since: the content is held by the temporary file).
    .addColumn('fid', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('uid', 'text', (c) => c.references('users.uid').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('fw_temp_files_created')
    .on('fw_temp_files')
    .columns(['pno', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('fw_temp_devices')
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('uid', 'text', (c) => c.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('device_id', 'text', (c) => c.notNull().references('devices.device_id').onDelete('cascade'))
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('fw_temp_devices_pk', ['pno', 'uid', 'device_id'])
    .execute();

  await db.schema
    .createTable('fw_temp_tasks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    // The file, and what it was when the task was made (the file may be deleted once the task is over).
    .addColumn('file_id', 'text', (c) => c.references('fw_temp_files.id').onDelete('set null'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('file_size', 'bigint', (c) => c.notNull())
    .addColumn('file_sha256', 'text', (c) => c.notNull())
    // running | finished | cancelled
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.uid').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('fw_temp_tasks_created')
    .on('fw_temp_tasks')
    .columns(['pno', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('fw_temp_tasks_mine')
    .on('fw_temp_tasks')
    .columns(['pno', 'created_by', 'created_at'])
    .execute();
  await db.schema.createIndex('fw_temp_tasks_file').on('fw_temp_tasks').columns(['pno', 'file_id']).execute();

  await db.schema
    .createTable('fw_temp_results')
    .addColumn('task_id', 'text', (c) => c.notNull().references('fw_temp_tasks.id').onDelete('cascade'))
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('device_id', 'text', (c) => c.notNull())
    // pending | delivered | succeeded | failed | cancelled
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('delivered_at', 'bigint')
    .addColumn('finished_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('fw_temp_results_pk', ['task_id', 'device_id'])
    .execute();
  // A device's open temporary action (the delivery path's question), and a task's results by state.
  await db.schema
    .createIndex('fw_temp_results_device')
    .on('fw_temp_results')
    .columns(['pno', 'device_id', 'state'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('fw_temp_results').execute();
  await db.schema.dropTable('fw_temp_tasks').execute();
  await db.schema.dropTable('fw_temp_devices').execute();
  await db.schema.dropTable('fw_temp_files').execute();
}
