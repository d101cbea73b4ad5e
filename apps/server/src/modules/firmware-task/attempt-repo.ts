import type { Insertable, Updateable } from 'kysely';
import { sql } from 'kysely';
import { insertRows } from '../../platform/db/bulk-insert';
import type { Db } from '../../platform/db/connect';
import { countOf, readPage } from '../../platform/db/paging';
import type { Tenant } from '../../platform/tenancy/tenant';
import { tenantDb } from '../../platform/tenancy/tenant-scope';
import { withDeviceNames } from '../device/reads';
import type { FwTaskAttemptsTable } from './tables';

/** Delivery attempts (the rollout's side of the device API's actions, modules/device-action): SQL only. */

/** Many attempts, in as few statements as the database allows. */
export async function insertAttempts(db: Db, rows: readonly Insertable<FwTaskAttemptsTable>[]) {
  await insertRows(db, 'fw_task_attempts', rows);
}

export async function updateAttempt(db: Db, tenant: Tenant, actionId: number, patch: Updateable<FwTaskAttemptsTable>) {
  await tenantDb(db, tenant).updateTable('fw_task_attempts').set(patch).where('action_id', '=', actionId).execute();
}

export const attemptByAction = (db: Db, tenant: Tenant, actionId: number) =>
  tenantDb(db, tenant).selectFrom('fw_task_attempts').selectAll().where('action_id', '=', actionId).executeTakeFirst();

export interface DeliverFilter {
  taskId?: string;
  deviceId?: string;
  state?: string;
}

const deliverBase = (db: Db, tenant: Tenant, f: DeliverFilter) => {
  let q = tenantDb(db, tenant)
    .selectFrom('fw_task_attempts as a')
    .innerJoin('fw_tasks as t', (j) => j.onRef('t.id', '=', 'a.task_id'));
  if (f.taskId) q = q.where('a.task_id', '=', f.taskId);
  if (f.deviceId) q = q.where('a.device_id', '=', f.deviceId);
  if (f.state) q = q.where('a.state', '=', f.state);
  return q;
};

/** A page of attempts, newest first, each with its task's name and its device's (modules/device, one read). */
export async function pageAttempts(db: Db, tenant: Tenant, f: DeliverFilter, pageNum: number, pageSize: number) {
  const page = await readPage(
    () => countOf(deliverBase(db, tenant, f), db),
    (w) =>
      deliverBase(db, tenant, f)
        .selectAll('a')
        .select(['t.name as task_name'])
        .orderBy('a.created_at', w.dir)
        .orderBy('a.action_id', w.dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    { pageNum, pageSize, order: 'desc' },
  );
  return { ...page, rows: await withDeviceNames(db, tenant, page.rows) };
}

/** Attempt states in which the device may hold the action and be installing it (not yet closed by it). */
const HELD = ['offered', 'downloading', 'downloaded', 'installing'];

/**
 * Cancels a task's in-flight attempts (of these devices, or all), in the caller's transaction: each keeps the state
 * it had (`cancel_from`), which a device that rejects the cancel goes back to (delivery.ts `answerCancel`). Their
 * actions are closed by the caller (device-action, which tells the devices).
 */
export async function cancelAttempts(
  db: Db,
  tenant: Tenant,
  taskId: string,
  deviceIds: readonly string[] | null,
  now: number,
) {
  if (deviceIds?.length === 0) return;
  let q = tenantDb(db, tenant)
    .updateTable('fw_task_attempts')
    .set({ state: 'cancelled', cancel_from: sql<string>`state`, finish_at: now, updated_at: now })
    .where('task_id', '=', taskId)
    .where('state', 'in', [...HELD, 'verifying']);
  if (deviceIds) q = q.where('device_id', 'in', deviceIds);
  await q.execute();
}

// DDI installedBase: the device's last installed action (a full install's success; a download-only task installs
// nothing).

const installedBase = (db: Db, tenant: Tenant) =>
  tenantDb(db, tenant)
    .selectFrom('fw_task_attempts as a')
    .innerJoin('fw_tasks as t', (j) => j.onRef('t.id', '=', 'a.task_id'))
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
  tenantDb(db, tenant)
    .selectFrom('fw_task_attempts as a')
    .innerJoin('fw_tasks as t', (j) => j.onRef('t.id', '=', 'a.task_id'))
    .select(['a.task_id', 'a.device_id', 'a.state', 'a.action_id', 'a.attempt as attempts'])
    .select(['t.sw_id', 't.sw_pno', 't.pno', 't.sw_type', 't.sw_version', 't.mode', 't.execution', 't.name'])
    .select('t.state as task_state')
    .where('a.action_id', '=', actionId)
    .executeTakeFirst();
