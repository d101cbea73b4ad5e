import { type Insertable, sql, type Updateable } from 'kysely';
import { insertRows } from '../../platform/db/bulk-insert';
import { type Db, readAside } from '../../platform/db/connect';
import { countOf, readPage } from '../../platform/db/paging';
import { containsCi } from '../../platform/db/sql-helpers';
import type { Tenant } from '../../platform/tenancy/tenant';
import { tenantDb } from '../../platform/tenancy/tenant-scope';
import {
  acceptedDevices,
  deviceIdsAmong,
  deviceNameMatches,
  listedDevices,
  menderDeviceIdsAmong,
} from '../device/reads';
import { groupTreeOf } from '../space/reads';
import type { FwTaskDevicesTable } from './tables';

/** A task's devices, the claims that keep a device in one active task per type, and the property's devices. */

const SLICE = 500;
const slices = <T>(list: readonly T[]) => {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += SLICE) out.push(list.slice(i, i + SLICE));
  return out;
};

/** What selection and exclusion need of a device, and the conditions it is selected by: the device module's. */
export type { CandidateQuery as DeviceQuery, CandidateRow } from '../device/reads';

/** The property's accepted devices matching every given condition (the device module's read). */
export const candidates = acceptedDevices;

/** The ids of the property's devices among `ids`, whatever their admission (the others are "not found"). */
export const knownDevices = deviceIdsAmong;

/** The groups of a space's tree (to take a group's subgroups with it). */
export const spaceGroups = (db: Db, tenant: Tenant, sid: string) => groupTreeOf(db, tenant, sid);

// Task devices.

export type TaskDeviceRow = Awaited<ReturnType<typeof taskDevices>>[number];

export const taskDevices = (db: Db, tenant: Tenant, taskId: string) =>
  tenantDb(db, tenant)
    .selectFrom('fw_task_devices')
    .selectAll()
    .where('task_id', '=', taskId)
    .orderBy('stage')
    .orderBy('ord')
    .execute();

/**
 * A task's devices in one of `states` (of groups up to `maxStage` when given), in group order, at most `limit`: the
 * engine's and the release's reads, which must not walk a task's every device (index `(task_id, stage, state)`).
 */
export function taskDevicesIn(
  db: Db,
  tenant: Tenant,
  taskId: string,
  states: readonly string[],
  opts: { maxStage?: number; limit?: number } = {},
) {
  let q = tenantDb(db, tenant)
    .selectFrom('fw_task_devices')
    .selectAll()
    .where('task_id', '=', taskId)
    .where('state', 'in', [...states]);
  if (opts.maxStage !== undefined) q = q.where('stage', '<=', opts.maxStage);
  q = q.orderBy('stage').orderBy('ord');
  if (opts.limit !== undefined) q = q.limit(opts.limit);
  return q.execute();
}

/**
 * A task's devices in `state`, in join order (group, then `ord`), each with its group and its device row (null columns
 * when the device is gone or no longer accepted): two reads for the release, the task's rows and their accepted
 * devices (by a query of the task's ids, not one read per slice of ids).
 */
export async function taskCandidates(db: Db, tenant: Tenant, taskId: string, state: string) {
  const inState = () =>
    tenantDb(db, tenant).selectFrom('fw_task_devices').where('task_id', '=', taskId).where('state', '=', state);
  const rows = await inState().select(['device_id', 'ord', 'stage']).orderBy('stage').orderBy('ord').execute();
  const devices = new Map(
    (await acceptedDevices(db, tenant, { idsOf: inState().select('device_id') })).map((d) => [d.device_id, d]),
  );
  return rows.map((r) => {
    const d = devices.get(r.device_id);
    return {
      ...r,
      found: d ? d.device_id : null,
      model_id: d ? d.model_id : null,
      firmware_version: d ? d.firmware_version : null,
      app_version: d ? d.app_version : null,
      attributes: d ? d.attributes : null,
      last_seen_at: d ? d.last_seen_at : null,
      created_at: d ? d.created_at : null,
    };
  });
}

/** The highest group of a task's devices (-1 when none is grouped). */
export async function maxStage(db: Db, tenant: Tenant, taskId: string): Promise<number> {
  const r = await tenantDb(db, tenant)
    .selectFrom('fw_task_devices')
    .select((eb) => eb.fn.max('stage').as('m'))
    .where('task_id', '=', taskId)
    .executeTakeFirst();
  return r?.m === null || r?.m === undefined ? -1 : Number(r.m);
}

/** Moves the pending devices whose `ord` is in [from, to] to group `stage` (the release's groups, in join order). */
export const stagePendingRange = (
  db: Db,
  tenant: Tenant,
  taskId: string,
  range: { from: number; to: number },
  stage: number,
  now: number,
) =>
  tenantDb(db, tenant)
    .updateTable('fw_task_devices')
    .set({ stage, updated_at: now })
    .where('task_id', '=', taskId)
    .where('state', '=', 'pending')
    .where('ord', '>=', range.from)
    .where('ord', '<=', range.to)
    .execute();

/**
 * Marks `deviceIds` offered, each with the newest attempt of the task just inserted for it (attempt-repo
 * `insertAttempts`): one statement per slice, not one per device.
 */
export async function markOffered(db: Db, tenant: Tenant, taskId: string, deviceIds: readonly string[], now: number) {
  for (const part of slices(deviceIds))
    await tenantDb(db, tenant)
      .updateTable('fw_task_devices')
      .set((eb) => ({
        state: 'offered',
        action_id: eb
          .selectFrom('fw_task_attempts as a')
          .select((e) => e.fn.max('a.action_id').as('m'))
          .where('a.task_id', '=', taskId)
          .whereRef('a.device_id', '=', 'fw_task_devices.device_id'),
        attempts: sql<number>`attempts + 1`,
        error_code: '',
        next_at: null,
        updated_at: now,
      }))
      .where('task_id', '=', taskId)
      .where('device_id', 'in', [...part])
      .execute();
}

/** One device's row of a task, or undefined. */
export const taskDeviceOf = (db: Db, tenant: Tenant, taskId: string, deviceId: string) =>
  tenantDb(db, tenant)
    .selectFrom('fw_task_devices')
    .selectAll()
    .where('task_id', '=', taskId)
    .where('device_id', '=', deviceId)
    .executeTakeFirst();

/** How many devices a task has (every state). */
export const countTaskDevices = async (db: Db, tenant: Tenant, taskId: string) =>
  Number(
    (
      await tenantDb(db, tenant)
        .selectFrom('fw_task_devices')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('task_id', '=', taskId)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Retries whose back-off ended go back in line (pending); answers how many. */
export async function requeueDueRetries(db: Db, tenant: Tenant, taskId: string, now: number) {
  const r = await tenantDb(db, tenant)
    .updateTable('fw_task_devices')
    .set({ state: 'pending', next_at: null, updated_at: now })
    .where('task_id', '=', taskId)
    .where('state', '=', 'retrying')
    .where('next_at', '<=', now)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function insertTaskDevices(db: Db, rows: readonly Insertable<FwTaskDevicesTable>[]) {
  await insertRows(db, 'fw_task_devices', rows);
}

export async function updateTaskDevices(
  db: Db,
  tenant: Tenant,
  taskId: string,
  deviceIds: readonly string[],
  patch: Updateable<FwTaskDevicesTable>,
) {
  for (const part of slices(deviceIds))
    await tenantDb(db, tenant)
      .updateTable('fw_task_devices')
      .set(patch)
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
  const r = await tenantDb(db, tenant)
    .updateTable('fw_task_devices')
    .set(patch)
    .where('task_id', '=', taskId)
    .where('state', 'in', [...states])
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function deleteTaskDevices(db: Db, tenant: Tenant, taskId: string, deviceIds: readonly string[]) {
  let n = 0;
  for (const part of slices(deviceIds)) {
    const r = await tenantDb(db, tenant)
      .deleteFrom('fw_task_devices')
      .where('task_id', '=', taskId)
      .where('device_id', 'in', [...part])
      .executeTakeFirst();
    n += Number(r.numDeletedRows);
  }
  return n;
}

/** Devices per task, stage and state (beside the requests: a task may hold 100 000 devices). */
export const stateCounts = (db: Db, tenant: Tenant, taskIds: readonly string[]) =>
  readAside(
    db,
    tenantDb(db, tenant)
      .selectFrom('fw_task_devices')
      .select(['task_id', 'stage', 'state'])
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('task_id', 'in', taskIds.length > 0 ? [...taskIds] : [''])
      .groupBy(['task_id', 'stage', 'state']),
  );

/** Devices per error code of a task (failed and retrying ones), beside the requests. */
export const errorCodes = (db: Db, tenant: Tenant, taskId: string) =>
  readAside(
    db,
    tenantDb(db, tenant)
      .selectFrom('fw_task_devices')
      .select('error_code')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('task_id', '=', taskId)
      .where('error_code', '!=', '')
      .where('state', 'in', ['failed', 'retrying'])
      .groupBy('error_code')
      .orderBy('n', 'desc')
      .limit(20),
  );

const assignedBase = (db: Db, tenant: Tenant, taskId: string, f: { state?: string; str?: string }) => {
  let q = tenantDb(db, tenant).selectFrom('fw_task_devices as td').where('td.task_id', '=', taskId);
  if (f.state) q = q.where('td.state', '=', f.state);
  const str = f.str;
  if (str)
    q = q.where((eb) => eb.or([containsCi('td.device_id', str), deviceNameMatches(eb.ref('td.device_id'), str)]));
  return q;
};

/**
 * A page of a task's devices, each with what the list shows of its device (null columns for a device that is gone):
 * the page's devices are read at once through the device module.
 */
export async function pageAssigned(
  db: Db,
  tenant: Tenant,
  task: { id: string; device_rows: number },
  f: { state?: string; str?: string },
  pageNum: number,
  pageSize: number,
) {
  const taskId = task.id;
  // Without a filter the total is the task's row count, kept in the task (migration 0035); a task may hold 100 000
  // devices.
  const count = async () =>
    !f.str && !f.state ? Number(task.device_rows) : countOf(assignedBase(db, tenant, taskId, f), db);
  const page = await readPage(
    count,
    (w) =>
      assignedBase(db, tenant, taskId, f)
        .selectAll('td')
        .orderBy('td.stage', w.dir)
        .orderBy('td.ord', w.dir)
        .orderBy('td.device_id', w.dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    { pageNum, pageSize, order: 'asc' },
  );
  const devices = new Map(
    (
      await listedDevices(
        db,
        tenant,
        page.rows.map((r) => r.device_id),
      )
    ).map((d) => [d.device_id, d]),
  );
  return {
    ...page,
    rows: page.rows.map((r) => {
      const d = devices.get(r.device_id);
      return {
        ...r,
        device_name: d?.name ?? null,
        model_name: d?.model_name ?? null,
        firmware_version: d?.firmware_version ?? null,
        app_version: d?.app_version ?? null,
        attributes: d?.attributes ?? null,
        last_seen_at: d?.last_seen_at ?? null,
      };
    }),
  };
}

// Claims.

/** Which other active task holds each pending device of task `taskId` for a software type (one join). */
export async function claimsOfPending(db: Db, tenant: Tenant, swType: string, taskId: string) {
  const rows = await tenantDb(db, tenant)
    .selectFrom('fw_task_claims as c')
    .innerJoin('fw_task_devices as td', (j) =>
      j.onRef('td.device_id', '=', 'c.device_id').on('td.task_id', '=', taskId),
    )
    .select(['c.device_id', 'c.task_id'])
    .where('c.sw_type', '=', swType)
    .where('td.state', '=', 'pending')
    .execute();
  return new Map(rows.map((r) => [r.device_id, r.task_id]));
}

/** Claims every pending device of the task that no task holds yet for the type (one statement). */
export const claimPending = (db: Db, tenant: Tenant, swType: string, taskId: string) =>
  tenantDb(db, tenant)
    .insertInto('fw_task_claims')
    .columns(['pno', 'sw_type', 'device_id', 'task_id'])
    .expression((eb) =>
      eb
        .selectFrom('fw_task_devices as td')
        .select(['td.pno', sql<string>`cast(${swType} as text)`.as('sw_type'), 'td.device_id', 'td.task_id'])
        .where('td.task_id', '=', taskId)
        .where('td.state', '=', 'pending')
        .where((w) =>
          w.not(
            w.exists(
              w
                .selectFrom('fw_task_claims as c')
                .select('c.device_id')
                .where('c.sw_type', '=', swType)
                .whereRef('c.device_id', '=', 'td.device_id'),
            ),
          ),
        ),
    )
    .execute();

/** Which active task holds each of `deviceIds` for a software type. */
export async function claimsOf(db: Db, tenant: Tenant, swType: string, deviceIds: readonly string[]) {
  const out = new Map<string, string>();
  for (const part of slices(deviceIds)) {
    const rows = await tenantDb(db, tenant)
      .selectFrom('fw_task_claims')
      .select(['device_id', 'task_id'])
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
    await tenantDb(db, tenant)
      .insertInto('fw_task_claims')
      .values(part.map((device_id) => ({ sw_type: swType, device_id, task_id: taskId })))
      .execute();
}

/** Releases a task's claims (all, or those of `deviceIds`). */
export async function releaseClaims(db: Db, tenant: Tenant, taskId: string, deviceIds?: readonly string[]) {
  if (!deviceIds) {
    await tenantDb(db, tenant).deleteFrom('fw_task_claims').where('task_id', '=', taskId).execute();
    return;
  }
  for (const part of slices(deviceIds))
    await tenantDb(db, tenant)
      .deleteFrom('fw_task_claims')
      .where('task_id', '=', taskId)
      .where('device_id', 'in', [...part])
      .execute();
}

export const claimedDevices = (db: Db, tenant: Tenant, taskId: string) =>
  tenantDb(db, tenant).selectFrom('fw_task_claims').select('device_id').where('task_id', '=', taskId).execute();

/** The devices among `ids` that authenticate over Mender's API (a Mender identity): they get no deltas. */
export const menderDevices = menderDeviceIdsAmong;
