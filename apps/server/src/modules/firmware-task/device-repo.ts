import { type Insertable, sql, type Updateable } from 'kysely';
import { insertRows } from '../../platform/db/bulk-insert';
import { type Db, readAside } from '../../platform/db/connect';
import { countOf, readPage } from '../../platform/db/paging';
import { containsAnyCi } from '../../platform/db/sql-helpers';
import type { Tenant } from '../../platform/tenancy/tenant';
import { tenantDb } from '../../platform/tenancy/tenant-scope';
import type { FwTaskDevicesTable } from './tables';

/** A device's last-seen time (epoch ms) or null: the device module's `device_presence` row (migration 0034). */
const lastSeenOf = (deviceIdColumn: string) =>
  sql<number | null>`(select s.last_seen_at from device_presence s where s.device_id = ${sql.ref(deviceIdColumn)})`;

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
    let q = tenantDb(db, tenant)
      .selectFrom('devices')
      .select([
        'device_id',
        'name',
        'model_id',
        'firmware_version',
        'app_version',
        'attributes',
        lastSeenOf('devices.device_id').as('last_seen_at'),
        'created_at',
      ])
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
export const knownDevices = (db: Db, tenant: Tenant, ids: readonly string[]) => idsIn(db, 'devices', tenant, ids);

/** The ids among `ids` that have a row of the property in `table`. */
async function idsIn(db: Db, table: 'devices' | 'mender_identities', tenant: Tenant, ids: readonly string[]) {
  const out = new Set<string>();
  for (const part of slices(ids)) {
    const rows = await tenantDb(db, tenant)
      .selectFrom(table)
      .select('device_id')
      .where('device_id', 'in', [...part])
      .execute();
    for (const r of rows) out.add(r.device_id);
  }
  return out;
}

/** The groups of a space's tree (to take a group's subgroups with it). */
export const spaceGroups = (db: Db, tenant: Tenant, sid: string) =>
  tenantDb(db, tenant).selectFrom('space_groups').select(['group_id', 'pid']).where('sid', '=', sid).execute();

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
 * A task's devices in `state`, in join order (group, then `ord`), each with its group and its device row (null columns when the device is gone or
 * no longer accepted): one read for the release instead of one per slice of ids.
 */
export const taskCandidates = (db: Db, tenant: Tenant, taskId: string, state: string) =>
  tenantDb(db, tenant)
    .selectFrom('fw_task_devices as td')
    .leftJoin('devices as d', (j) => j.onRef('d.device_id', '=', 'td.device_id').on('d.admission', '=', 'accepted'))
    .select(['td.device_id', 'td.ord', 'td.stage', 'd.device_id as found'])
    .select(['d.model_id', 'd.firmware_version', 'd.app_version', 'd.attributes'])
    .select(lastSeenOf('d.device_id').as('last_seen_at'))
    .select('d.created_at')
    .where('td.task_id', '=', taskId)
    .where('td.state', '=', state)
    .orderBy('td.stage')
    .orderBy('td.ord')
    .execute();

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
  let q = tenantDb(db, tenant)
    .selectFrom('fw_task_devices as td')
    .leftJoin('devices as d', (j) => j.onRef('d.device_id', '=', 'td.device_id'))
    .leftJoin('device_models as m', (j) => j.onRef('m.model_id', '=', 'd.model_id'))
    .where('td.task_id', '=', taskId);
  if (f.state) q = q.where('td.state', '=', f.state);
  if (f.str) {
    q = q.where(containsAnyCi(['td.device_id', 'd.name'], f.str));
  }
  return q;
};

export async function pageAssigned(
  db: Db,
  tenant: Tenant,
  task: { id: string; device_rows: number },
  f: { state?: string; str?: string },
  pageNum: number,
  pageSize: number,
) {
  const taskId = task.id;
  // Without a filter the total is the task's row count, kept in the task (migration 0035); without a search the
  // joins change no count: count the task's rows alone (a task may hold 100 000 devices).
  const count = async () =>
    !f.str && !f.state
      ? Number(task.device_rows)
      : f.str
        ? countOf(assignedBase(db, tenant, taskId, f), db)
        : countOf(
            f.state
              ? tenantDb(db, tenant)
                  .selectFrom('fw_task_devices')
                  .where('task_id', '=', taskId)
                  .where('state', '=', f.state)
              : tenantDb(db, tenant).selectFrom('fw_task_devices').where('task_id', '=', taskId),
            db,
          );
  return readPage(
    count,
    (w) =>
      assignedBase(db, tenant, taskId, f)
        .selectAll('td')
        .select(['d.name as device_name', 'm.name as model_name', 'd.firmware_version', 'd.app_version'])
        .select(['d.attributes', lastSeenOf('d.device_id').as('last_seen_at')])
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

/** The devices among `ids` that authenticate over Mender's API (a `mender_identities` row): they get no deltas. */
export const menderDevices = (db: Db, tenant: Tenant, ids: readonly string[]) =>
  idsIn(db, 'mender_identities', tenant, ids);
