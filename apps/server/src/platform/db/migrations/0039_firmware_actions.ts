import { type Kysely, sql } from 'kysely';

/**
 * Firmware tasks' attempts join the device-action model (modules/device-action): each attempt's device side (the
 * action offered, what the device did with it, the cancel it is told of) becomes a `device_actions` row of kind
 * `firmware` with the attempt's action id, its campaign the task; the attempt keeps the rollout's side (its verdict
 * — verifying until the device reports the new version —, versions, delta, bytes, times, the state a cancelled
 * attempt had). An offered attempt is a pending action; one being downloaded or installed is running (its step the
 * stage); a verifying one is an action the device closed with success. The cancel columns move over.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    insert into device_actions (action_id, pno, device_id, kind, source_id, priority, state, stage, progress,
      message, protocol, cancel_state, created_at, delivered_at, finished_at, cancel_at, updated_at)
    select action_id, pno, device_id, 'firmware', task_id, 10,
      case state
        when 'offered' then 'pending'
        when 'downloading' then 'running'
        when 'downloaded' then 'running'
        when 'installing' then 'running'
        when 'verifying' then 'succeeded'
        else state
      end,
      case when state in ('downloading', 'downloaded', 'installing') then state else '' end,
      progress, detail, protocol, cancel_state, created_at, download_at, finish_at, cancel_at, updated_at
    from fw_task_attempts`.execute(db);
  await db.schema.dropIndex('fw_task_attempts_cancel').execute();
  await db.schema.alterTable('fw_task_attempts').dropColumn('cancel_state').execute();
  await db.schema.alterTable('fw_task_attempts').dropColumn('cancel_at').execute();
}

export async function down(): Promise<void> {
  throw new Error('0039_firmware_actions cannot be undone: the attempts’ device side now lives in device_actions');
}
