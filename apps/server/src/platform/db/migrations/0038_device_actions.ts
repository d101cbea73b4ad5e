import { type Kysely, sql } from 'kysely';

/**
 * One device-action model (modules/device-action): "this device should do this", of a kind (a temporary firmware
 * build, a command; firmware tasks next), with one state machine, per-device queue, cancel flow and history.
 * `device_actions` takes over the per-device rows of temporary firmware (`fw_temp_results`, whose action ids it
 * keeps) and of commands (`fw_command_targets`, which get ids from the platform-wide action counter, after the ones
 * in use), and those two tables go. A result still waiting for the device and one it is working on are `pending`
 * and `delivered`, as before; a command's progress note keeps it `delivered`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('device_actions')
    .addColumn('action_id', 'bigint', (c) => c.primaryKey())
    .addColumn('pno', 'text', (c) => c.notNull().references('properties.pno'))
    .addColumn('device_id', 'text', (c) => c.notNull())
    // tempFirmware | command
    .addColumn('kind', 'text', (c) => c.notNull())
    // The producer's campaign: a temporary task's id, a command's id.
    .addColumn('source_id', 'text', (c) => c.notNull())
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
    // pending | delivered | running | succeeded | failed | cancelled | expired
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('stage', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('protocol', 'text', (c) => c.notNull().defaultTo(''))
    // null | requested | confirmed | rejected
    .addColumn('cancel_state', 'text')
    .addColumn('expires_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('delivered_at', 'bigint')
    .addColumn('finished_at', 'bigint')
    .addColumn('cancel_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // A device's open actions (the poll's question, its flags), a campaign's actions in order, a device's cancels.
  await db.schema
    .createIndex('device_actions_device')
    .on('device_actions')
    .columns(['pno', 'device_id', 'state'])
    .execute();
  await db.schema
    .createIndex('device_actions_source')
    .on('device_actions')
    .columns(['pno', 'source_id', 'created_at', 'device_id'])
    .execute();
  await db.schema
    .createIndex('device_actions_cancel')
    .on('device_actions')
    .columns(['pno', 'cancel_state', 'device_id'])
    .execute();

  await sql`
    insert into device_actions (action_id, pno, device_id, kind, source_id, priority, state, progress, message,
      cancel_state, created_at, delivered_at, finished_at, cancel_at, updated_at)
    select action_id, pno, device_id, 'tempFirmware', task_id, 0, state, progress, message, cancel_state,
      created_at, delivered_at, finished_at, cancel_at, updated_at
    from fw_temp_results where action_id is not null`.execute(db);

  await sql`insert into counters (name, value) values ('fw-task-action', 0) on conflict (name) do nothing`.execute(db);
  await sql`
    insert into device_actions (action_id, pno, device_id, kind, source_id, priority, state, message, expires_at,
      created_at, delivered_at, finished_at, updated_at)
    select (select value from counters where name = 'fw-task-action')
        + row_number() over (order by c.created_at, t.cmd_id, t.device_id),
      t.pno, t.device_id, 'command', t.cmd_id, 0, t.state, t.message, c.expires_at, c.created_at, t.delivered_at,
      t.finished_at, t.updated_at
    from fw_command_targets t join fw_commands c on c.cmd_id = t.cmd_id`.execute(db);
  await sql`
    update counters set value = (select max(v) from (
        select value as v from counters where name = 'fw-task-action'
        union all select max(action_id) as v from device_actions) m)
    where name = 'fw-task-action'`.execute(db);

  await db.schema.dropTable('fw_temp_results').execute();
  await db.schema.dropTable('fw_command_targets').execute();
}

export async function down(): Promise<void> {
  throw new Error('0038_device_actions cannot be undone: the results and targets now live in device_actions');
}
