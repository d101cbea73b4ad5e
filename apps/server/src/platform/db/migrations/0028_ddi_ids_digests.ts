import { type Kysely, sql } from 'kysely';

/**
 * (1) A temporary firmware result's device-API action id (`fw_temp_results.action_id`):
 * from the platform-wide action counter the formal tasks' attempts use (`counters` row `fw-task-action`), so that
 * SWUpdate, which reads action ids as 32-bit integers, takes temporary actions too; existing results are numbered
 * here. (2) SHA-1 and MD5 of a stored blob (`blobs.sha1`, `blobs.md5`, null until first needed), which hawkBit DDI
 * artifacts carry besides SHA-256. Append-only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('fw_temp_results').addColumn('action_id', 'integer').execute();
  await db.schema
    .createIndex('fw_temp_results_action')
    .on('fw_temp_results')
    .columns(['pno', 'action_id'])
    .unique()
    .execute();
  const rows = await sql<{ task_id: string; device_id: string }>`
    select task_id, device_id from fw_temp_results order by created_at, task_id, device_id`.execute(db);
  if (rows.rows.length > 0) {
    await sql`insert into counters (name, value) values ('fw-task-action', 0) on conflict (name) do nothing`.execute(
      db,
    );
    const start = await sql<{ value: number | string }>`
      select value from counters where name = 'fw-task-action'`.execute(db);
    let next = Number(start.rows[0]?.value ?? 0);
    for (const r of rows.rows) {
      next += 1;
      await sql`update fw_temp_results set action_id = ${next}
        where task_id = ${r.task_id} and device_id = ${r.device_id}`.execute(db);
    }
    await sql`update counters set value = ${next} where name = 'fw-task-action'`.execute(db);
  }
  await db.schema.alterTable('blobs').addColumn('sha1', 'text').execute();
  await db.schema.alterTable('blobs').addColumn('md5', 'text').execute();
}
