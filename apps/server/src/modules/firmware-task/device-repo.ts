import type { Insertable, Updateable } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/connect';
import { countOf, likePattern, readPage } from '../../platform/db/paging';
import type { FwTaskDevicesTable } from '../../platform/db/schema';
import type { Tenant } from '../../platform/tenancy/tenant';

/** A task's devices, the claims that keep a device in one active task per type, and the property's devices. */

const SLICE = 500;
const slices = <T>(list: readonly T[]) => {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += SLICE) out.push(list.slice(i, i + SLICE));
  return out;
};

/** What selection and exclusion need of a device. */
export interface CandidateRow {
  device_id: string;
  name: string;
  model_id: string | null;
  firmware_version: string;
  app_version: string;
  attributes: string;
  last_seen_at: number | null;
  created_at: number;
}

export interface DeviceQuery {
  ids?: readonly string[];
  sid?: string;
  groupIds?: readonly string[];
  modelIds?: readonly string[];
  label?: string;
  osType?: string;
  mockup?: 0 | 1 | null;
}

/** The property's accepted devices matching every given condition (ids in slices). */
export async function candidates(db: Db, tenant: Tenant, f: DeviceQuery): Promise<CandidateRow[]> {
  const run = (ids?: readonly string[]) => {
    let q = db
      .selectFrom('devices')
      .select([
        'device_id',
        'name',
        'model_id',
        'firmware_version',
        'app_version',
        'attributes',
        'last_seen_at',
        'created_at',
      ])
      .where('pno', '=', tenant.pno)
      .where('admission', '=', 'accepted');
    if (ids) q = q.where('device_id', 'in', ids.length > 0 ? [...ids] : ['']);
    if (f.sid) q = q.where('sid', '=', f.sid);
    if (f.groupIds && f.groupIds.length > 0) q = q.where('group_id', 'in', [...f.groupIds]);
    if (f.modelIds && f.modelIds.length > 0) q = q.where('model_id', 'in', [...f.modelIds]);
    if (f.label) q = q.where('label', '=', f.label);
    if (f.osType) q = q.where('os_type', '=', f.osType);
    if (f.mockup === 0 || f.mockup === 1) q = q.where('mockup', '=', f.mockup);
    return q.orderBy('created_at').orderBy('device_id').execute() as Promise<CandidateRow[]>;
  };
  if (!f.ids) return run();
  const out: CandidateRow[] = [];
  for (const part of slices(f.ids)) out.push(...(await run(part)));
  return out;
}

/** The ids of the property's devices among `ids`, whatever their admission (the others are "not found"). */
export async function knownDevices(db: Db, tenant: Tenant, ids: readonly string[]) {
  const out = new Set<string>();
  for (const part of slices(ids)) {
    const rows = await db
      .selectFrom('devices')
      .select('device_id')
      .where('pno', '=', tenant.pno)
      .where('device_id', 'in', [...part])
      .execute();
    for (const r of rows) out.add(r.device_id);
  }
  return out;
}

/** The groups of a space's tree (to take a group's subgroups with it). */
export const spaceGroups = (db: Db, tenant: Tenant, sid: string) =>
  db
    .selectFrom('space_groups')
    .select(['group_id', 'pid'])
    .where('pno', '=', tenant.pno)
    .where('sid', '=', sid)
    .execute();

// Task devices.

export type TaskDeviceRow = Awaited<ReturnType<typeof taskDevices>>[number];

export const taskDevices = (db: Db, tenant: Tenant, taskId: string) =>
  db
    .selectFrom('fw_task_devices')
    .selectAll()
    .where('pno', '=', tenant.pno)
    .where('task_id', '=', taskId)
    .orderBy('stage')
    .orderBy('ord')
    .execute();

export async function insertTaskDevices(db: Db, rows: readonly Insertable<FwTaskDevicesTable>[]) {
  for (const part of slices(rows)) await db.insertInto('fw_task_devices').values(part).execute();
}

export async function updateTaskDevices(
  db: Db,
  tenant: Tenant,
  taskId: string,
  deviceIds: readonly string[],
  patch: Updateable<FwTaskDevicesTable>,
) {
  for (const part of slices(deviceIds))
    await db
      .updateTable('fw_task_devices')
      .set(patch)
      .where('pno', '=', tenant.pno)
      .where('task_id', '=', taskId)
      .where('device_id', 'in', [...part])
      .execute();
}

/** Changes the devices of a task in one of `states` (all of them without `deviceIds`); answers how many. */
export async function updateInStates(
  db: Db,
  tenant: Tenant,
  taskId: string,
  states: readonly string[],
  patch: Updateable<FwTaskDevicesTable>,
) {
  const r = await db
    .updateTable('fw_task_devices')
    .set(patch)
    .where('pno', '=', tenant.pno)
    .where('task_id', '=', taskId)
    .where('state', 'in', [...states])
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function deleteTaskDevices(db: Db, tenant: Tenant, taskId: string, deviceIds: readonly string[]) {
  let n = 0;
  for (const part of slices(deviceIds)) {
    const r = await db
      .deleteFrom('fw_task_devices')
      .where('pno', '=', tenant.pno)
      .where('task_id', '=', taskId)
      .where('device_id', 'in', [...part])
      .executeTakeFirst();
    n += Number(r.numDeletedRows);
  }
  return n;
}

/** Devices per task, stage and state. */
export const stateCounts = (db: Db, tenant: Tenant, taskIds: readonly string[]) =>
  db
    .selectFrom('fw_task_devices')
    .select(['task_id', 'stage', 'state'])
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('pno', '=', tenant.pno)
    .where('task_id', 'in', taskIds.length > 0 ? [...taskIds] : [''])
    .groupBy(['task_id', 'stage', 'state'])
    .execute();

/** Devices per error code of a task (failed and retrying ones). */
export const errorCodes = (db: Db, tenant: Tenant, taskId: string) =>
  db
    .selectFrom('fw_task_devices')
    .select('error_code')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('pno', '=', tenant.pno)
    .where('task_id', '=', taskId)
    .where('error_code', '!=', '')
    .where('state', 'in', ['failed', 'retrying'])
    .groupBy('error_code')
    .orderBy('n', 'desc')
    .limit(20)
    .execute();

const assignedBase = (db: Db, tenant: Tenant, taskId: string, f: { state?: string; str?: string }) => {
  let q = db
    .selectFrom('fw_task_devices as td')
    .leftJoin('devices as d', (j) => j.onRef('d.device_id', '=', 'td.device_id').on('d.pno', '=', tenant.pno))
    .leftJoin('device_models as m', (j) => j.onRef('m.model_id', '=', 'd.model_id').on('m.pno', '=', tenant.pno))
    .where('td.pno', '=', tenant.pno)
    .where('td.task_id', '=', taskId);
  if (f.state) q = q.where('td.state', '=', f.state);
  if (f.str) {
    const pattern = likePattern(f.str);
    q = q.where((eb) =>
      eb.or([
        sql<boolean>`lower(td.device_id) like ${pattern} escape '\\'`,
        sql<boolean>`lower(d.name) like ${pattern} escape '\\'`,
      ]),
    );
  }
  return q;
};

export async function pageAssigned(
  db: Db,
  tenant: Tenant,
  taskId: string,
  f: { state?: string; str?: string },
  pageNum: number,
  pageSize: number,
) {
  return readPage(
    () => countOf(assignedBase(db, tenant, taskId, f)),
    (w) =>
      assignedBase(db, tenant, taskId, f)
        .selectAll('td')
        .select(['d.name as device_name', 'm.name as model_name', 'd.firmware_version', 'd.app_version'])
        .select(['d.attributes', 'd.last_seen_at'])
        .orderBy('td.stage', w.dir)
        .orderBy('td.ord', w.dir)
        .orderBy('td.device_id', w.dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    { pageNum, pageSize, order: 'asc' },
  );
}

// Claims.

/** Which active task holds each of `deviceIds` for a software type. */
export async function claimsOf(db: Db, tenant: Tenant, swType: string, deviceIds: readonly string[]) {
  const out = new Map<string, string>();
  for (const part of slices(deviceIds)) {
    const rows = await db
      .selectFrom('fw_task_claims')
      .select(['device_id', 'task_id'])
      .where('pno', '=', tenant.pno)
      .where('sw_type', '=', swType)
      .where('device_id', 'in', [...part])
      .execute();
    for (const r of rows) out.set(r.device_id, r.task_id);
  }
  return out;
}

export async function insertClaims(
  db: Db,
  tenant: Tenant,
  swType: string,
  taskId: string,
  deviceIds: readonly string[],
) {
  for (const part of slices(deviceIds))
    await db
      .insertInto('fw_task_claims')
      .values(part.map((device_id) => ({ pno: tenant.pno, sw_type: swType, device_id, task_id: taskId })))
      .execute();
}

/** Releases a task's claims (all, or those of `deviceIds`). */
export async function releaseClaims(db: Db, tenant: Tenant, taskId: string, deviceIds?: readonly string[]) {
  if (!deviceIds) {
    await db.deleteFrom('fw_task_claims').where('pno', '=', tenant.pno).where('task_id', '=', taskId).execute();
    return;
  }
  for (const part of slices(deviceIds))
    await db
      .deleteFrom('fw_task_claims')
      .where('pno', '=', tenant.pno)
      .where('task_id', '=', taskId)
      .where('device_id', 'in', [...part])
      .execute();
}

export const claimedDevices = (db: Db, tenant: Tenant, taskId: string) =>
  db
    .selectFrom('fw_task_claims')
    .select('device_id')
    .where('pno', '=', tenant.pno)
    .where('task_id', '=', taskId)
    .execute();
