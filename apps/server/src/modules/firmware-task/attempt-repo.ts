import type { Insertable, Updateable } from 'kysely';
import { sql } from 'kysely';
import { insertRows } from '../../platform/db/bulk-insert';
import type { Db } from '../../platform/db/connect';
import { countOf, readPage } from '../../platform/db/paging';
import type { FwTaskAttemptsTable } from '../../platform/db/schema';
import type { Tenant } from '../../platform/tenancy/tenant';

/** Delivery attempts (the device API's actions) and the devices that have one open: SQL only. */

/** Action ids (platform/db/counters.ts): a counter, not a random id, as SWUpdate reads it as an integer. */
export { nextActionId, nextActionIds } from '../../platform/db/counters';

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
    .select([
      't.sw_id',
      't.sw_pno',
      't.pno',
      't.sw_type',
      't.sw_version',
      't.mode',
      't.execution',
      't.state as task_state',
    ])
    .select('t.name')
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
    () => countOf(deliverBase(db, tenant, f), db),
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

// DDI cancelAction (README "Device side"): an action cancelled while the device may hold it is told until answered.

/** Attempt states in which the device may hold the action and be installing it (not yet closed by it). */
const HELD = ['offered', 'downloading', 'downloaded', 'installing'];

/**
 * Cancels a task's in-flight attempts (of these devices, or all): those the device may hold get a cancel to tell it
 * (`cancel_state` requested, the state they had kept) unless they went over Mender, which has no cancel (the action
 * simply stops being offered); the rest (verifying: the device has closed it) just end. In the caller's transaction.
 */
export async function cancelAttempts(
  db: Db,
  tenant: Tenant,
  taskId: string,
  deviceIds: readonly string[] | null,
  now: number,
) {
  if (deviceIds?.length === 0) return;
  let told = db
    .updateTable('fw_task_attempts')
    .set({
      state: 'cancelled',
      cancel_state: 'requested',
      cancel_from: sql<string>`state`,
      finish_at: now,
      updated_at: now,
    })
    .where('pno', '=', tenant.pno)
    .where('task_id', '=', taskId)
    .where('state', 'in', HELD)
    .where('protocol', '!=', 'mender');
  if (deviceIds) told = told.where('device_id', 'in', deviceIds);
  await told.execute();
  let rest = db
    .updateTable('fw_task_attempts')
    .set({ state: 'cancelled', finish_at: now, updated_at: now })
    .where('pno', '=', tenant.pno)
    .where('task_id', '=', taskId)
    .where('state', 'in', [...HELD, 'verifying']);
  if (deviceIds) rest = rest.where('device_id', 'in', deviceIds);
  await rest.execute();
}

/** The device's oldest cancelled action it has not answered yet, or undefined. */
export const requestedCancelOf = (db: Db, tenant: Tenant, deviceId: string) =>
  db
    .selectFrom('fw_task_attempts')
    .select('action_id')
    .where('pno', '=', tenant.pno)
    .where('cancel_state', '=', 'requested')
    .where('device_id', '=', deviceId)
    .orderBy('action_id')
    .limit(1)
    .executeTakeFirst();

/** Every device of a property with a cancel to answer. */
export const devicesWithRequestedCancels = async (db: Db, tenant: Tenant) =>
  (
    await db
      .selectFrom('fw_task_attempts')
      .select('device_id')
      .distinct()
      .where('pno', '=', tenant.pno)
      .where('cancel_state', '=', 'requested')
      .execute()
  ).map((r) => r.device_id);

// DDI installedBase: the device's last installed action (a full install's success; a download-only task installs
// nothing).

const installedBase = (db: Db, tenant: Tenant) =>
  db
    .selectFrom('fw_task_attempts as a')
    .innerJoin('fw_tasks as t', (j) => j.onRef('t.id', '=', 'a.task_id').on('t.pno', '=', tenant.pno))
    .where('a.pno', '=', tenant.pno)
    .where('a.state', '=', 'succeeded')
    .where('t.mode', '!=', 'downloadOnly');

/** The device's installed actions' ids, newest first (at most `limit`). */
export const installedActionsOf = async (db: Db, tenant: Tenant, deviceId: string, limit = 1) =>
  (
    await installedBase(db, tenant)
      .select('a.action_id')
      .where('a.device_id', '=', deviceId)
      .orderBy('a.action_id', 'desc')
      .limit(limit)
      .execute()
  ).map((r) => Number(r.action_id));

/** One attempt with its task's package and mode (an installed action's deployment). */
export const attemptWithTask = (db: Db, tenant: Tenant, actionId: number) =>
  db
    .selectFrom('fw_task_attempts as a')
    .innerJoin('fw_tasks as t', (j) => j.onRef('t.id', '=', 'a.task_id').on('t.pno', '=', tenant.pno))
    .select(['a.task_id', 'a.device_id', 'a.state', 'a.action_id', 'a.attempt as attempts', 'a.cancel_state'])
    .select(['t.sw_id', 't.sw_pno', 't.pno', 't.sw_type', 't.sw_version', 't.mode', 't.execution', 't.name'])
    .where('a.pno', '=', tenant.pno)
    .where('a.action_id', '=', actionId)
    .executeTakeFirst();
