import { withUserName, withUserNames } from '../../platform/auth/reads';
import type { Db } from '../../platform/db/connect';
import { countOf, readPage } from '../../platform/db/paging';
import { containsAnyCi, containsCi } from '../../platform/db/sql-helpers';
import type { Tenant } from '../../platform/tenancy/tenant';
import { tenantDb } from '../../platform/tenancy/tenant-scope';

/**
 * The temporary firmware service's files, test devices and tasks: SQL only, on the tenant's scoped handle. Each
 * device's part of a task is a device action (modules/device-action).
 */

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
  tenantDb(db, tenant)
    .insertInto('fw_temp_files')
    .values({
      id: f.id,
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
  let q = tenantDb(db, tenant).selectFrom('fw_temp_files as f');
  if (str) {
    q = q.where((eb) => eb.or([containsCi('f.name', str), eb('f.sha256', '=', str)]));
  }
  return q;
};

const fileColumns = (q: ReturnType<typeof fileBase>) =>
  q.select(['f.id', 'f.fid', 'f.name', 'f.size', 'f.sha256', 'f.content_type', 'f.created_at', 'f.uid']).select((eb) =>
    eb
      .selectFrom('fw_temp_tasks as t')
      .select((e) => e.fn.countAll<number>().as('n'))
      .whereRef('t.file_id', '=', 'f.id')
      .as('task_count'),
  );

export type TempFileRow = Awaited<ReturnType<typeof findFile>> & object;

export async function pageFiles(db: Db, tenant: Tenant, str: string | undefined, pageNum: number, pageSize: number) {
  const page = await readPage(
    () => countOf(fileBase(db, tenant, str)),
    (w) =>
      fileColumns(fileBase(db, tenant, str))
        .orderBy('f.created_at', w.dir)
        .orderBy('f.id', w.dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    { pageNum, pageSize, order: 'desc' },
  );
  return { ...page, rows: await withUserNames(db, page.rows, 'uid', 'uploader_name') };
}

export const findFile = async (db: Db, tenant: Tenant, id: string) =>
  withUserName(
    db,
    await fileColumns(fileBase(db, tenant, undefined))
      .where('f.id', '=', id)
      .executeTakeFirst(),
    'uid',
    'uploader_name',
  );

/** A running task that uses the file, if any. */
export const runningTaskOfFile = (db: Db, tenant: Tenant, fileId: string) =>
  tenantDb(db, tenant)
    .selectFrom('fw_temp_tasks')
    .select(['id', 'name'])
    .where('file_id', '=', fileId)
    .where('state', '=', 'running')
    .executeTakeFirst();

/** Deletes a file row; the tasks that used it keep its name and digest. */
export async function deleteFile(db: Db, tenant: Tenant, id: string): Promise<boolean> {
  await tenantDb(db, tenant).updateTable('fw_temp_tasks').set({ file_id: null }).where('file_id', '=', id).execute();
  const done = await tenantDb(db, tenant).deleteFrom('fw_temp_files').where('id', '=', id).executeTakeFirst();
  return Number(done.numDeletedRows) > 0;
}

// Test devices.

const deviceBase = (db: Db, tenant: Tenant, uid: string, str: string | undefined) => {
  let q = tenantDb(db, tenant).selectFrom('fw_temp_devices').where('uid', '=', uid);
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
        await tenantDb(db, tenant)
          .selectFrom('fw_temp_devices')
          .select('device_id')
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
    : tenantDb(db, tenant)
        .insertInto('fw_temp_devices')
        .values(ids.map((deviceId) => ({ uid, device_id: deviceId, remark, created_at: now })))
        .onConflict((oc) => oc.columns(['pno', 'uid', 'device_id']).doNothing())
        .execute()
        .then(() => undefined);

export async function deleteDevice(db: Db, tenant: Tenant, uid: string, deviceId: string): Promise<number> {
  const done = await tenantDb(db, tenant)
    .deleteFrom('fw_temp_devices')
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
  tenantDb(db, tenant)
    .insertInto('fw_temp_tasks')
    .values({
      id: t.id,
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

export interface TaskFilter {
  uid?: string;
  state?: string;
  str?: string;
}

const taskBase = (db: Db, tenant: Tenant, f: TaskFilter) => {
  let q = tenantDb(db, tenant).selectFrom('fw_temp_tasks as t');
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
] as const;

export type TaskRow = Awaited<ReturnType<typeof findTask>> & object;

export async function pageTasks(db: Db, tenant: Tenant, f: TaskFilter, pageNum: number, pageSize: number) {
  const page = await readPage(
    () => countOf(taskBase(db, tenant, f)),
    (w) =>
      taskBase(db, tenant, f)
        .select(TASK_COLUMNS)
        .orderBy('t.created_at', w.dir)
        .orderBy('t.id', w.dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    { pageNum, pageSize, order: 'desc' },
  );
  return { ...page, rows: await withUserNames(db, page.rows, 'created_by', 'creator_name') };
}

export const findTask = async (db: Db, tenant: Tenant, id: string) =>
  withUserName(
    db,
    await tenantDb(db, tenant)
      .selectFrom('fw_temp_tasks as t')
      .select(TASK_COLUMNS)
      .where('t.id', '=', id)
      .executeTakeFirst(),
    'created_by',
    'creator_name',
  );

/** The names of the property's tasks of `ids`. */
export const taskNames = async (db: Db, tenant: Tenant, ids: readonly string[]) =>
  new Map(
    (ids.length === 0
      ? []
      : await tenantDb(db, tenant)
          .selectFrom('fw_temp_tasks')
          .select(['id', 'name'])
          .where('id', 'in', [...ids])
          .execute()
    ).map((r) => [r.id, r.name]),
  );

/** A running task with its file, as a device is offered it (undefined once it has ended or its file went). */
export const runningTaskWithFile = (db: Db, tenant: Tenant, taskId: string) =>
  tenantDb(db, tenant)
    .selectFrom('fw_temp_tasks as t')
    .innerJoin('fw_temp_files as f', (j) => j.onRef('f.id', '=', 't.file_id'))
    .select([
      't.id as task_id',
      't.name as task_name',
      'f.id as file_id',
      'f.name as file_name',
      'f.size as file_size',
      'f.sha256 as file_sha256',
      'f.content_type',
    ])
    .where('t.id', '=', taskId)
    .where('t.state', '=', 'running')
    .executeTakeFirst();

/** Ends a running task (its devices' actions are closed by the caller, device-action). False when not running. */
export async function endTask(db: Db, tenant: Tenant, taskId: string, state: 'cancelled' | 'finished', now: number) {
  const done = await tenantDb(db, tenant)
    .updateTable('fw_temp_tasks')
    .set({ state, finished_at: now, updated_at: now })
    .where('id', '=', taskId)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return Number(done.numUpdatedRows) > 0;
}

export const touchTask = (db: Db, tenant: Tenant, taskId: string, now: number) =>
  tenantDb(db, tenant).updateTable('fw_temp_tasks').set({ updated_at: now }).where('id', '=', taskId).execute();

/** Deletes a task that is not running (its devices' actions go with it, by the caller). */
export async function deleteTask(db: Db, tenant: Tenant, taskId: string): Promise<number> {
  const done = await tenantDb(db, tenant)
    .deleteFrom('fw_temp_tasks')
    .where('id', '=', taskId)
    .where('state', '!=', 'running')
    .executeTakeFirst();
  return Number(done.numDeletedRows);
}
