import type { Db } from '../../platform/db/connect';
import { nextActionId } from '../../platform/db/counters';
import { countOf, readPage } from '../../platform/db/paging';
import { containsAnyCi, containsCi, countsByState } from '../../platform/db/sql-helpers';
import type { Tenant } from '../../platform/tenancy/tenant';

/** The temporary firmware service's files, test devices, tasks and results: SQL only, filtered by `pno`. */

const OPEN = ['pending', 'delivered'];

// Files.

export interface TempFileInsert {
  id: string;
  fid: string;
  name: string;
  size: number;
  sha256: string;
  contentType: string;
  uid: string;
}

export const insertFile = (db: Db, tenant: Tenant, f: TempFileInsert, now: number) =>
  db
    .insertInto('fw_temp_files')
    .values({
      id: f.id,
      pno: tenant.pno,
      fid: f.fid,
      name: f.name,
      size: f.size,
      sha256: f.sha256,
      content_type: f.contentType,
      uid: f.uid,
      created_at: now,
    })
    .execute();

const fileBase = (db: Db, tenant: Tenant, str: string | undefined) => {
  let q = db.selectFrom('fw_temp_files as f').where('f.pno', '=', tenant.pno);
  if (str) {
    q = q.where((eb) => eb.or([containsCi('f.name', str), eb('f.sha256', '=', str)]));
  }
  return q;
};

const fileColumns = (q: ReturnType<typeof fileBase>, tenant: Tenant) =>
  q
    .leftJoin('users as u', 'u.uid', 'f.uid')
    .select([
      'f.id',
      'f.fid',
      'f.name',
      'f.size',
      'f.sha256',
      'f.content_type',
      'f.created_at',
      'u.name as uploader_name',
    ])
    .select((eb) =>
      eb
        .selectFrom('fw_temp_tasks as t')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('t.pno', '=', tenant.pno)
        .whereRef('t.file_id', '=', 'f.id')
        .as('task_count'),
    );

export type TempFileRow = Awaited<ReturnType<typeof findFile>> & object;

export const pageFiles = (db: Db, tenant: Tenant, str: string | undefined, pageNum: number, pageSize: number) =>
  readPage(
    () => countOf(fileBase(db, tenant, str)),
    (w) =>
      fileColumns(fileBase(db, tenant, str), tenant)
        .orderBy('f.created_at', w.dir)
        .orderBy('f.id', w.dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    { pageNum, pageSize, order: 'desc' },
  );

export const findFile = (db: Db, tenant: Tenant, id: string) =>
  fileColumns(fileBase(db, tenant, undefined), tenant)
    .where('f.id', '=', id)
    .executeTakeFirst();

/** A running task that uses the file, if any. */
export const runningTaskOfFile = (db: Db, tenant: Tenant, fileId: string) =>
  db
    .selectFrom('fw_temp_tasks')
    .select(['id', 'name'])
    .where('pno', '=', tenant.pno)
    .where('file_id', '=', fileId)
    .where('state', '=', 'running')
    .executeTakeFirst();

/** Deletes a file row; the tasks that used it keep its name and digest. */
export async function deleteFile(db: Db, tenant: Tenant, id: string): Promise<boolean> {
  await db
    .updateTable('fw_temp_tasks')
    .set({ file_id: null })
    .where('pno', '=', tenant.pno)
    .where('file_id', '=', id)
    .execute();
  const done = await db
    .deleteFrom('fw_temp_files')
    .where('pno', '=', tenant.pno)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(done.numDeletedRows) > 0;
}

// Test devices.

const deviceBase = (db: Db, tenant: Tenant, uid: string, str: string | undefined) => {
  let q = db.selectFrom('fw_temp_devices').where('pno', '=', tenant.pno).where('uid', '=', uid);
  if (str) q = q.where(containsCi('device_id', str));
  return q;
};

export const pageDevices = (
  db: Db,
  tenant: Tenant,
  uid: string,
  str: string | undefined,
  pageNum: number,
  pageSize: number,
) =>
  readPage(
    () => countOf(deviceBase(db, tenant, uid, str)),
    (w) =>
      deviceBase(db, tenant, uid, str)
        .select(['device_id', 'remark', 'created_at'])
        .orderBy('created_at', w.dir)
        .orderBy('device_id', w.dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    { pageNum, pageSize, order: 'desc' },
  );

/** Which of `ids` are the member's test devices. */
export const listedDevices = async (db: Db, tenant: Tenant, uid: string, ids: readonly string[]) =>
  ids.length === 0
    ? []
    : (
        await db
          .selectFrom('fw_temp_devices')
          .select('device_id')
          .where('pno', '=', tenant.pno)
          .where('uid', '=', uid)
          .where('device_id', 'in', [...ids])
          .execute()
      ).map((r) => r.device_id);

export const countDevices = (db: Db, tenant: Tenant, uid: string) => countOf(deviceBase(db, tenant, uid, undefined));

export const insertDevices = (
  db: Db,
  tenant: Tenant,
  uid: string,
  ids: readonly string[],
  remark: string,
  now: number,
) =>
  ids.length === 0
    ? Promise.resolve()
    : db
        .insertInto('fw_temp_devices')
        .values(ids.map((deviceId) => ({ pno: tenant.pno, uid, device_id: deviceId, remark, created_at: now })))
        .onConflict((oc) => oc.columns(['pno', 'uid', 'device_id']).doNothing())
        .execute()
        .then(() => undefined);

export async function deleteDevice(db: Db, tenant: Tenant, uid: string, deviceId: string): Promise<number> {
  const done = await db
    .deleteFrom('fw_temp_devices')
    .where('pno', '=', tenant.pno)
    .where('uid', '=', uid)
    .where('device_id', '=', deviceId)
    .executeTakeFirst();
  return Number(done.numDeletedRows);
}

// Tasks and results.

export interface TaskInsert {
  id: string;
  name: string;
  remark: string;
  fileId: string;
  fileName: string;
  fileSize: number;
  fileSha256: string;
  uid: string;
}

export const insertTask = (db: Db, tenant: Tenant, t: TaskInsert, now: number) =>
  db
    .insertInto('fw_temp_tasks')
    .values({
      id: t.id,
      pno: tenant.pno,
      name: t.name,
      remark: t.remark,
      file_id: t.fileId,
      file_name: t.fileName,
      file_size: t.fileSize,
      file_sha256: t.fileSha256,
      state: 'running',
      created_by: t.uid,
      created_at: now,
      updated_at: now,
    })
    .execute();

/**
 * A task's devices, pending, each with its device-API action id from the platform-wide action counter (SWUpdate
 * reads action ids as integers; formal tasks' attempts draw from the same counter, so an id names one or the other).
 * Devices already in the task are kept as they are.
 */
export async function insertResults(db: Db, tenant: Tenant, taskId: string, ids: readonly string[], now: number) {
  if (ids.length === 0) return;
  const have = new Set(
    (
      await db
        .selectFrom('fw_temp_results')
        .select('device_id')
        .where('pno', '=', tenant.pno)
        .where('task_id', '=', taskId)
        .where('device_id', 'in', ids)
        .execute()
    ).map((r) => r.device_id),
  );
  const fresh = ids.filter((id) => !have.has(id));
  if (fresh.length === 0) return;
  const rows = [];
  for (const deviceId of fresh)
    rows.push({
      task_id: taskId,
      pno: tenant.pno,
      device_id: deviceId,
      state: 'pending',
      action_id: await nextActionId(db),
      created_at: now,
      updated_at: now,
    });
  await db
    .insertInto('fw_temp_results')
    .values(rows)
    .onConflict((oc) => oc.columns(['task_id', 'device_id']).doNothing())
    .execute();
}

export interface TaskFilter {
  uid?: string;
  state?: string;
  str?: string;
}

const taskBase = (db: Db, tenant: Tenant, f: TaskFilter) => {
  let q = db.selectFrom('fw_temp_tasks as t').where('t.pno', '=', tenant.pno);
  if (f.uid) q = q.where('t.created_by', '=', f.uid);
  if (f.state) q = q.where('t.state', '=', f.state);
  if (f.str) {
    q = q.where(containsAnyCi(['t.name', 't.file_name'], f.str));
  }
  return q;
};

const TASK_COLUMNS = [
  't.id',
  't.name',
  't.remark',
  't.file_id',
  't.file_name',
  't.file_size',
  't.file_sha256',
  't.state',
  't.created_by',
  't.created_at',
  't.updated_at',
  't.finished_at',
  'u.name as creator_name',
] as const;

export type TaskRow = Awaited<ReturnType<typeof findTask>> & object;

export const pageTasks = (db: Db, tenant: Tenant, f: TaskFilter, pageNum: number, pageSize: number) =>
  readPage(
    () => countOf(taskBase(db, tenant, f)),
    (w) =>
      taskBase(db, tenant, f)
        .leftJoin('users as u', 'u.uid', 't.created_by')
        .select(TASK_COLUMNS)
        .orderBy('t.created_at', w.dir)
        .orderBy('t.id', w.dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    { pageNum, pageSize, order: 'desc' },
  );

export const findTask = (db: Db, tenant: Tenant, id: string) =>
  db
    .selectFrom('fw_temp_tasks as t')
    .leftJoin('users as u', 'u.uid', 't.created_by')
    .select(TASK_COLUMNS)
    .where('t.pno', '=', tenant.pno)
    .where('t.id', '=', id)
    .executeTakeFirst();

/** Each task's results counted by state. */
export async function countsOf(db: Db, tenant: Tenant, taskIds: readonly string[]) {
  if (taskIds.length === 0) return new Map<string, Map<string, number>>();
  const rows = await db
    .selectFrom('fw_temp_results')
    .select(['task_id as owner', 'state', (eb) => eb.fn.countAll<number>().as('n')])
    .where('pno', '=', tenant.pno)
    .where('task_id', 'in', [...taskIds])
    .groupBy(['task_id', 'state'])
    .execute();
  return countsByState(rows);
}

/** Devices of `ids` with an open result in a running task: the device and the task's name. */
export const busyDevices = (db: Db, tenant: Tenant, ids: readonly string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('fw_temp_results as r')
        .innerJoin('fw_temp_tasks as t', (j) => j.onRef('t.id', '=', 'r.task_id').on('t.pno', '=', tenant.pno))
        .select(['r.device_id', 't.id as task_id', 't.name as task_name'])
        .where('r.pno', '=', tenant.pno)
        .where('r.device_id', 'in', [...ids])
        .where('r.state', 'in', OPEN)
        .where('t.state', '=', 'running')
        .execute();

const resultBase = (db: Db, tenant: Tenant, taskId: string, state: string | undefined) => {
  let q = db.selectFrom('fw_temp_results as r').where('r.pno', '=', tenant.pno).where('r.task_id', '=', taskId);
  if (state) q = q.where('r.state', '=', state);
  return q;
};

export const pageResults = (
  db: Db,
  tenant: Tenant,
  taskId: string,
  state: string | undefined,
  pageNum: number,
  pageSize: number,
) =>
  readPage(
    () => countOf(resultBase(db, tenant, taskId, state)),
    (w) =>
      resultBase(db, tenant, taskId, state)
        .leftJoin('devices as d', (j) => j.onRef('d.device_id', '=', 'r.device_id').on('d.pno', '=', tenant.pno))
        .select([
          'r.task_id',
          'r.device_id',
          'r.state',
          'r.progress',
          'r.message',
          'r.created_at',
          'r.delivered_at',
          'r.finished_at',
          'r.updated_at',
          'd.name as device_name',
        ])
        .orderBy('r.created_at', w.dir)
        .orderBy('r.device_id', w.dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    { pageNum, pageSize, order: 'asc' },
  );

/** The devices of a task whose results are open. */
export const openResultDevices = async (db: Db, tenant: Tenant, taskId: string) =>
  (
    await db
      .selectFrom('fw_temp_results')
      .select('device_id')
      .where('pno', '=', tenant.pno)
      .where('task_id', '=', taskId)
      .where('state', 'in', OPEN)
      .execute()
  ).map((r) => r.device_id);

/** Ends a running task (cancelled: its open results too). False when it was not running. */
export async function endTask(db: Db, tenant: Tenant, taskId: string, state: 'cancelled' | 'finished', now: number) {
  const done = await db
    .updateTable('fw_temp_tasks')
    .set({ state, finished_at: now, updated_at: now })
    .where('pno', '=', tenant.pno)
    .where('id', '=', taskId)
    .where('state', '=', 'running')
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) === 0) return false;
  if (state === 'cancelled') {
    // A device that fetched the action may be installing it: it is told (DDI cancelAction) until it answers.
    await db
      .updateTable('fw_temp_results')
      .set({ state: 'cancelled', cancel_state: 'requested', finished_at: now, updated_at: now })
      .where('pno', '=', tenant.pno)
      .where('task_id', '=', taskId)
      .where('state', '=', 'delivered')
      .execute();
    await db
      .updateTable('fw_temp_results')
      .set({ state: 'cancelled', finished_at: now, updated_at: now })
      .where('pno', '=', tenant.pno)
      .where('task_id', '=', taskId)
      .where('state', 'in', OPEN)
      .execute();
  }
  return true;
}

export const touchTask = (db: Db, tenant: Tenant, taskId: string, now: number) =>
  db
    .updateTable('fw_temp_tasks')
    .set({ updated_at: now })
    .where('pno', '=', tenant.pno)
    .where('id', '=', taskId)
    .execute();

export async function deleteTask(db: Db, tenant: Tenant, taskId: string): Promise<number> {
  await db.deleteFrom('fw_temp_results').where('pno', '=', tenant.pno).where('task_id', '=', taskId).execute();
  const done = await db
    .deleteFrom('fw_temp_tasks')
    .where('pno', '=', tenant.pno)
    .where('id', '=', taskId)
    .where('state', '!=', 'running')
    .executeTakeFirst();
  return Number(done.numDeletedRows);
}

// The delivery path.

export const devicesWithOpenResults = async (db: Db, tenant: Tenant) =>
  (
    await db
      .selectFrom('fw_temp_results')
      .select('device_id')
      .distinct()
      .where('pno', '=', tenant.pno)
      .where('state', 'in', OPEN)
      .execute()
  ).map((r) => r.device_id);

/** The device's open result in a running task, with the task's file (oldest first: there is at most one). */
export const openActionOf = (db: Db, tenant: Tenant, deviceId: string) =>
  db
    .selectFrom('fw_temp_results as r')
    .innerJoin('fw_temp_tasks as t', (j) => j.onRef('t.id', '=', 'r.task_id').on('t.pno', '=', tenant.pno))
    .innerJoin('fw_temp_files as f', (j) => j.onRef('f.id', '=', 't.file_id').on('f.pno', '=', tenant.pno))
    .select([
      'r.task_id',
      'r.state',
      'r.action_id',
      't.name as task_name',
      'f.id as file_id',
      'f.name as file_name',
      'f.size as file_size',
      'f.sha256 as file_sha256',
      'f.content_type',
      'r.created_at',
    ])
    .where('r.pno', '=', tenant.pno)
    .where('r.device_id', '=', deviceId)
    .where('r.state', 'in', OPEN)
    .where('t.state', '=', 'running')
    .orderBy('r.created_at')
    .limit(1)
    .executeTakeFirst();

/** Moves a device's open result on; false when it is not open (or the task is not running). */
export async function updateResult(
  db: Db,
  tenant: Tenant,
  taskId: string,
  deviceId: string,
  change: { state?: string; progress?: number; message?: string; deliveredAt?: number; finishedAt?: number },
  now: number,
): Promise<boolean> {
  const done = await db
    .updateTable('fw_temp_results')
    .set({
      ...(change.state ? { state: change.state } : {}),
      ...(change.progress !== undefined ? { progress: change.progress } : {}),
      ...(change.message !== undefined ? { message: change.message } : {}),
      ...(change.deliveredAt !== undefined ? { delivered_at: change.deliveredAt } : {}),
      ...(change.finishedAt !== undefined ? { finished_at: change.finishedAt } : {}),
      updated_at: now,
    })
    .where('pno', '=', tenant.pno)
    .where('task_id', '=', taskId)
    .where('device_id', '=', deviceId)
    .where('state', 'in', OPEN)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('fw_temp_tasks as t')
          .select('t.id')
          .where('t.pno', '=', tenant.pno)
          .where('t.id', '=', taskId)
          .where('t.state', '=', 'running'),
      ),
    )
    .executeTakeFirst();
  return Number(done.numUpdatedRows) > 0;
}

/** Whether a task still has open results. */
export const hasOpenResults = async (db: Db, tenant: Tenant, taskId: string) =>
  (await db
    .selectFrom('fw_temp_results')
    .select('device_id')
    .where('pno', '=', tenant.pno)
    .where('task_id', '=', taskId)
    .where('state', 'in', OPEN)
    .limit(1)
    .executeTakeFirst()) !== undefined;

/** Whether the task has (or had) a result for the device. */
export const hasResult = async (db: Db, tenant: Tenant, taskId: string, deviceId: string) =>
  Boolean(
    await db
      .selectFrom('fw_temp_results')
      .select('task_id')
      .where('pno', '=', tenant.pno)
      .where('task_id', '=', taskId)
      .where('device_id', '=', deviceId)
      .executeTakeFirst(),
  );

/** The task of the device's result with this device-API action id (any state), or undefined. */
export const resultByAction = (db: Db, tenant: Tenant, deviceId: string, actionId: number) =>
  db
    .selectFrom('fw_temp_results')
    .select(['task_id', 'state', 'cancel_state'])
    .where('pno', '=', tenant.pno)
    .where('action_id', '=', actionId)
    .where('device_id', '=', deviceId)
    .executeTakeFirst();

/** The device's oldest cancelled action it has not answered yet (DDI cancelAction), or undefined. */
export const requestedCancelOf = (db: Db, tenant: Tenant, deviceId: string) =>
  db
    .selectFrom('fw_temp_results')
    .select(['task_id', 'action_id'])
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
      .selectFrom('fw_temp_results')
      .select('device_id')
      .distinct()
      .where('pno', '=', tenant.pno)
      .where('cancel_state', '=', 'requested')
      .execute()
  ).map((r) => r.device_id);

/** Records the device's answer to a cancel it was told; false when none was waiting. */
export async function answerCancel(
  db: Db,
  tenant: Tenant,
  deviceId: string,
  actionId: number,
  answer: 'confirmed' | 'rejected',
  message: string,
  now: number,
): Promise<boolean> {
  const done = await db
    .updateTable('fw_temp_results')
    .set({ cancel_state: answer, cancel_at: now, updated_at: now, ...(message ? { message } : {}) })
    .where('pno', '=', tenant.pno)
    .where('action_id', '=', actionId)
    .where('device_id', '=', deviceId)
    .where('cancel_state', '=', 'requested')
    .executeTakeFirst();
  return Number(done.numUpdatedRows) > 0;
}
