import type { Insertable, Updateable } from 'kysely';
import { sql } from 'kysely';
import { insertRows } from '../../platform/db/bulk-insert';
import type { Db } from '../../platform/db/connect';
import { countOf, readPage } from '../../platform/db/paging';
import type { FwTaskAttemptsTable } from '../../platform/db/schema';
import type { Tenant } from '../../platform/tenancy/tenant';

/** Delivery attempts (the device API's actions) and the devices that have one open: SQL only. */

const ACTION_COUNTER = 'fw-task-action';

/**
 * The next action id, inside the caller's transaction: hawkBit clients (SWUpdate) read the action id as a 32-bit
 * integer, so it is a counter, not a random id.
 */
export async function nextActionId(db: Db): Promise<number> {
  await db
    .insertInto('counters')
    .values({ name: ACTION_COUNTER, value: 0 })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .updateTable('counters')
    .set({ value: sql`value + 1` })
    .where('name', '=', ACTION_COUNTER)
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(row.value);
}

/** `n` consecutive action ids (the first answered), reserved in one statement inside the caller's transaction. */
export async function nextActionIds(db: Db, n: number): Promise<number> {
  await db
    .insertInto('counters')
    .values({ name: ACTION_COUNTER, value: 0 })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .updateTable('counters')
    .set({ value: sql`value + ${n}` })
    .where('name', '=', ACTION_COUNTER)
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(row.value) - n + 1;
}

/** Many attempts, in as few statements as the database allows. */
export async function insertAttempts(db: Db, rows: readonly Insertable<FwTaskAttemptsTable>[]) {
  await insertRows(db, 'fw_task_attempts', rows);
}

export async function insertAttempt(db: Db, row: Insertable<FwTaskAttemptsTable>) {
  await db.insertInto('fw_task_attempts').values(row).execute();
}

export async function updateAttempt(db: Db, tenant: Tenant, actionId: number, patch: Updateable<FwTaskAttemptsTable>) {
  await db
    .updateTable('fw_task_attempts')
    .set(patch)
    .where('pno', '=', tenant.pno)
    .where('action_id', '=', actionId)
    .execute();
}

export const attemptByAction = (db: Db, tenant: Tenant, actionId: number) =>
  db
    .selectFrom('fw_task_attempts')
    .selectAll()
    .where('pno', '=', tenant.pno)
    .where('action_id', '=', actionId)
    .executeTakeFirst();

/**
 * The device's open actions: its rows in tasks that are running (or paused: in-flight devices finish) whose state
 * is offered or later and not final, with the task's package and mode.
 */
export const openActions = (db: Db, tenant: Tenant, deviceId: string) =>
  db
    .selectFrom('fw_task_devices as td')
    .innerJoin('fw_tasks as t', (j) => j.onRef('t.id', '=', 'td.task_id').on('t.pno', '=', tenant.pno))
    .select(['td.task_id', 'td.device_id', 'td.state', 'td.action_id', 'td.attempts'])
    .select(['t.sw_id', 't.sw_type', 't.sw_version', 't.mode', 't.execution', 't.state as task_state', 't.name'])
    .where('td.pno', '=', tenant.pno)
    .where('td.device_id', '=', deviceId)
    .where('td.state', 'in', ['offered', 'downloading', 'downloaded', 'installing', 'verifying'])
    .where('t.state', 'in', ['running', 'paused', 'cancelled', 'completed'])
    .where('td.action_id', 'is not', null)
    .orderBy('td.updated_at')
    .execute();

/** Every device of a property with an open action (the poll's cache is loaded from this). */
export const devicesWithActions = (db: Db, tenant: Tenant) =>
  db
    .selectFrom('fw_task_devices as td')
    .innerJoin('fw_tasks as t', (j) => j.onRef('t.id', '=', 'td.task_id').on('t.pno', '=', tenant.pno))
    .select('td.device_id')
    .distinct()
    .where('td.pno', '=', tenant.pno)
    .where('td.state', 'in', ['offered', 'downloading', 'downloaded', 'installing', 'verifying'])
    .where('t.state', 'in', ['running', 'paused', 'cancelled', 'completed'])
    .where('td.action_id', 'is not', null)
    .execute();

export interface DeliverFilter {
  taskId?: string;
  deviceId?: string;
  state?: string;
}

const deliverBase = (db: Db, tenant: Tenant, f: DeliverFilter) => {
  let q = db
    .selectFrom('fw_task_attempts as a')
    .innerJoin('fw_tasks as t', (j) => j.onRef('t.id', '=', 'a.task_id').on('t.pno', '=', tenant.pno))
    .leftJoin('devices as d', (j) => j.onRef('d.device_id', '=', 'a.device_id').on('d.pno', '=', tenant.pno))
    .where('a.pno', '=', tenant.pno);
  if (f.taskId) q = q.where('a.task_id', '=', f.taskId);
  if (f.deviceId) q = q.where('a.device_id', '=', f.deviceId);
  if (f.state) q = q.where('a.state', '=', f.state);
  return q;
};

export async function pageAttempts(db: Db, tenant: Tenant, f: DeliverFilter, pageNum: number, pageSize: number) {
  return readPage(
    () => countOf(deliverBase(db, tenant, f)),
    (w) =>
      deliverBase(db, tenant, f)
        .selectAll('a')
        .select(['t.name as task_name', 'd.name as device_name'])
        .orderBy('a.created_at', w.dir)
        .orderBy('a.action_id', w.dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    { pageNum, pageSize, order: 'desc' },
  );
}
