import { SMALL_UPLOAD_MAX } from '@keel/contract/endpoints/file';
import {
  FIRMWARE_TEMP_PERMISSIONS as P,
  TEMP_DEVICES_MAX,
  TEMP_RESULT_STATES,
  type TempDeviceItem,
  type TempFileItem,
  type TempResultItem,
  type TempResultState,
  type TempTaskItem,
  type TempTaskState,
} from '@keel/contract/endpoints/firmware-temp';
import { type RequestContext, requireUser } from '../../platform/http/context';
import { AppError, notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import type { Services } from '../../platform/services';
import { type Tenant, tenantOf } from '../../platform/tenancy/tenant';
import { deviceSummaries, propertyDevices } from '../device/targets';
import * as actions from '../device-action/service';
import { readableFiles, uploadSmall } from '../file/service';
import { tempFirmwareActions as kind } from './actions';
import * as repo from './repo';

/**
 * The temporary firmware service (README.md): files, each member's test devices, temporary tasks and their results.
 * Files come through the file module (upload and rights); devices are the device module's; each device's part of a
 * task is a device action (modules/device-action, `tempFirmwareActions`). What the delivery path asks is
 * delivery.ts. No SQL and no HTTP here.
 */

/** The owner that holds a temporary file's blob (platform/storage). */
export const tempFileOwner = (id: string) => `fwTempFile:${id}`;

const fileItem = (r: repo.TempFileRow): TempFileItem => ({
  id: r.id,
  fid: r.fid,
  name: r.name,
  size: Number(r.size),
  sha256: r.sha256,
  uploaderName: r.uploader_name ?? '',
  taskCount: Number(r.task_count ?? 0),
  createTime: Number(r.created_at),
});

/**
 * `f/uploadFile`: a file uploaded into a space the caller writes into (the file module's upload: rights, quota,
 * size limit, content-addressed), or a stored file the caller may read (`fid`); its content is then held for the
 * temporary service by `fwTempFile:<id>`, so the file may leave its space without breaking a task.
 */
export async function addFile(
  s: Services,
  ctx: RequestContext,
  input: { sid?: string; groupId?: string; name?: string; fid?: string },
): Promise<TempFileItem> {
  const tenant = tenantOf(ctx);
  const file = input.fid
    ? ((await readableFiles(s, ctx, [input.fid]))[0] as Awaited<ReturnType<typeof readableFiles>>[number])
    : await uploadSmall(
        s,
        ctx,
        { sid: input.sid as string, groupId: input.groupId, name: input.name },
        SMALL_UPLOAD_MAX,
      );
  const id = newId();
  if (!(await s.blobs.addRef(file.sha256, tempFileOwner(id)))) throw notFound('fid');
  try {
    await repo.insertFile(
      s.db,
      tenant,
      {
        id,
        fid: file.fid,
        name: file.name,
        size: file.size,
        sha256: file.sha256,
        contentType: file.contentType,
        uid: requireUser(ctx).uid,
      },
      s.now(),
    );
  } catch (error) {
    await s.blobs.dropRef(file.sha256, tempFileOwner(id));
    throw error;
  }
  ctx.audit.target = id;
  return fileItem((await repo.findFile(s.db, tenant, id)) as repo.TempFileRow);
}

export async function listFiles(
  s: Services,
  ctx: RequestContext,
  input: { pageNum: number; pageSize: number; str?: string },
) {
  const { rows, total } = await repo.pageFiles(s.db, tenantOf(ctx), input.str, input.pageNum, input.pageSize);
  return { list: rows.map(fileItem), total, pageNum: input.pageNum, pageSize: input.pageSize };
}

/** `f/delFileInfo`: not while a running task uses it; ended tasks keep its name and digest; the blob's hold goes. */
export async function deleteFile(s: Services, ctx: RequestContext, id: string): Promise<number> {
  const tenant = tenantOf(ctx);
  ctx.audit.target = id;
  const row = await repo.findFile(s.db, tenant, id);
  if (!row) throw notFound('id');
  const deleted = await s.db.transaction().execute(async (trx) => {
    const running = await repo.runningTaskOfFile(trx, tenant, id);
    if (running) throw new AppError('tempFileInUse', { task: running.name });
    return repo.deleteFile(trx, tenant, id);
  });
  if (deleted) await s.blobs.dropRef(row.sha256, tempFileOwner(id));
  return deleted ? 1 : 0;
}

// Test devices.

export async function listDevices(
  s: Services,
  ctx: RequestContext,
  input: { pageNum: number; pageSize: number; str?: string },
) {
  const tenant = tenantOf(ctx);
  const { rows, total } = await repo.pageDevices(
    s.db,
    tenant,
    requireUser(ctx).uid,
    input.str,
    input.pageNum,
    input.pageSize,
  );
  const summaries = await deviceSummaries(
    s,
    tenant,
    rows.map((r) => r.device_id),
  );
  const list: TempDeviceItem[] = rows.map((r) => {
    const d = summaries.get(r.device_id);
    return {
      deviceId: r.device_id,
      name: d?.name ?? '',
      modelName: d?.modelName ?? null,
      firmwareVersion: d?.firmwareVersion ?? null,
      online: d?.online ?? 0,
      lastSeenTime: d?.lastSeenTime ?? null,
      remark: r.remark,
      createTime: Number(r.created_at),
    };
  });
  return { list, total, pageNum: input.pageNum, pageSize: input.pageSize };
}

/** `d/addDevice`: devices of the property (in the caller's space scope), at most TEMP_DEVICES_MAX in the list. */
export async function addDevices(s: Services, ctx: RequestContext, input: { deviceIdList: string[]; remark: string }) {
  const tenant = tenantOf(ctx);
  const uid = requireUser(ctx).uid;
  const devices = await propertyDevices(s, ctx, tenant, input.deviceIdList, P.temp);
  const ids = devices.map((d) => d.deviceId);
  ctx.audit.target = ids.join(',').slice(0, 200);
  return s.db.transaction().execute(async (trx) => {
    const listed = new Set(await repo.listedDevices(trx, tenant, uid, ids));
    const fresh = ids.filter((id) => !listed.has(id));
    const before = await repo.countDevices(trx, tenant, uid);
    if (before + fresh.length > TEMP_DEVICES_MAX) throw new AppError('tempDevicesFull', { max: TEMP_DEVICES_MAX });
    await repo.insertDevices(trx, tenant, uid, fresh, input.remark, s.now());
    return { added: fresh.length, total: before + fresh.length };
  });
}

export async function deleteDevice(s: Services, ctx: RequestContext, deviceId: string): Promise<number> {
  ctx.audit.target = deviceId;
  const deleted = await repo.deleteDevice(s.db, tenantOf(ctx), requireUser(ctx).uid, deviceId);
  if (deleted === 0) throw notFound('deviceId');
  return deleted;
}

// Tasks.

/** A device action's state as a task's result shows it: one the device is working on is `delivered`. */
const resultState = (state: string): TempResultState =>
  state === 'running' ? 'delivered' : (state as TempResultState);

function taskItem(r: repo.TaskRow, counts: Map<string, number> | undefined): TempTaskItem {
  const n = (state: TempResultState) =>
    (counts?.get(state) ?? 0) + (state === 'delivered' ? (counts?.get('running') ?? 0) : 0);
  const c = Object.fromEntries(TEMP_RESULT_STATES.map((st) => [st, n(st)])) as TempTaskItem['counts'];
  return {
    id: r.id,
    name: r.name,
    remark: r.remark,
    fileId: r.file_id,
    fileName: r.file_name,
    fileSize: Number(r.file_size),
    fileSha256: r.file_sha256,
    state: r.state as TempTaskState,
    total: TEMP_RESULT_STATES.reduce((sum, st) => sum + n(st), 0),
    counts: c,
    creatorUid: r.created_by,
    creatorName: r.creator_name ?? '',
    createTime: Number(r.created_at),
    updateTime: Number(r.updated_at),
    finishTime: r.finished_at === null ? null : Number(r.finished_at),
  };
}

async function taskOf(s: Services, tenant: Tenant, id: string): Promise<TempTaskItem> {
  const row = await repo.findTask(s.db, tenant, id);
  if (!row) throw notFound('taskId');
  return taskItem(row, (await actions.countsOf(s, tenant, kind, [id])).get(id));
}

export async function listTasks(
  s: Services,
  ctx: RequestContext,
  input: { pageNum: number; pageSize: number; str?: string; state?: TempTaskState },
  mine: boolean,
) {
  const tenant = tenantOf(ctx);
  const { rows, total } = await repo.pageTasks(
    s.db,
    tenant,
    { uid: mine ? requireUser(ctx).uid : undefined, state: input.state, str: input.str },
    input.pageNum,
    input.pageSize,
  );
  const counts = await actions.countsOf(
    s,
    tenant,
    kind,
    rows.map((r) => r.id),
  );
  return {
    list: rows.map((r) => taskItem(r, counts.get(r.id))),
    total,
    pageNum: input.pageNum,
    pageSize: input.pageSize,
  };
}

/**
 * The devices a task may be given: the property's (else "not found"), the caller's test devices (else
 * `tempDeviceNotListed`), and in no other running temporary task (else `tempDeviceBusy`). Checked in the transaction
 * that adds them.
 */
async function assignable(
  ctx: RequestContext,
  tenant: Tenant,
  db: Services['db'],
  ids: readonly string[],
  taskId?: string,
) {
  const listed = new Set(await repo.listedDevices(db, tenant, requireUser(ctx).uid, ids));
  const missing = ids.find((id) => !listed.has(id));
  if (missing !== undefined) throw new AppError('tempDeviceNotListed', { deviceId: missing });
  const busy = (await actions.busyDevices(db, tenant, kind, ids)).find((b) => b.source_id !== taskId);
  if (busy) {
    const task = (await repo.taskNames(db, tenant, [busy.source_id])).get(busy.source_id) ?? '';
    throw new AppError('tempDeviceBusy', { deviceId: busy.device_id, task });
  }
}

/** Gives the task's action to each device of `ids` it has none for yet (devices already in it are kept). */
async function addDevicesTo(db: Services['db'], tenant: Tenant, taskId: string, ids: readonly string[], now: number) {
  const have = new Set(await actions.devicesInCampaign(db, tenant, kind, taskId, ids));
  const fresh = ids.filter((id) => !have.has(id));
  await actions.enqueue(db, tenant, kind, { sourceId: taskId, deviceIds: fresh }, now);
}

/** A task the caller made (only its creator changes it). */
async function ownTask(s: Services, ctx: RequestContext, tenant: Tenant, taskId: string) {
  const row = await repo.findTask(s.db, tenant, taskId);
  if (!row) throw notFound('taskId');
  if (row.created_by !== requireUser(ctx).uid) throw new AppError('tempTaskNotYours');
  return row;
}

/** `t/addTask`: the file and the devices, one pending result each, written together; it runs at once. */
export async function addTask(
  s: Services,
  ctx: RequestContext,
  input: { name: string; fileId: string; deviceIdList: string[]; remark: string },
): Promise<TempTaskItem> {
  const tenant = tenantOf(ctx);
  const file = await repo.findFile(s.db, tenant, input.fileId);
  if (!file) throw notFound('fileId');
  const ids = (await propertyDevices(s, ctx, tenant, input.deviceIdList, P.temp)).map((d) => d.deviceId);
  const id = newId();
  const now = s.now();
  await s.db.transaction().execute(async (trx) => {
    await assignable(ctx, tenant, trx, ids);
    await repo.insertTask(
      trx,
      tenant,
      {
        id,
        name: input.name,
        remark: input.remark,
        fileId: file.id,
        fileName: file.name,
        fileSize: Number(file.size),
        fileSha256: file.sha256,
        uid: requireUser(ctx).uid,
      },
      now,
    );
    await addDevicesTo(trx, tenant, id, ids, now);
  });
  ctx.audit.target = id;
  await actions.devicesChanged(s, tenant, kind.kind, ids);
  return taskOf(s, tenant, id);
}

/** `t/assignTask`: more of the caller's test devices for a running task of theirs (ones already in it are kept). */
export async function assignTask(
  s: Services,
  ctx: RequestContext,
  input: { taskId: string; deviceIdList: string[] },
): Promise<TempTaskItem> {
  const tenant = tenantOf(ctx);
  ctx.audit.target = input.taskId;
  await ownTask(s, ctx, tenant, input.taskId);
  const ids = (await propertyDevices(s, ctx, tenant, input.deviceIdList, P.temp)).map((d) => d.deviceId);
  await s.db.transaction().execute(async (trx) => {
    const again = await repo.findTask(trx, tenant, input.taskId);
    if (again?.state !== 'running') throw new AppError('tempTaskNotRunning');
    await assignable(ctx, tenant, trx, ids, input.taskId);
    const now = s.now();
    await addDevicesTo(trx, tenant, input.taskId, ids, now);
    await repo.touchTask(trx, tenant, input.taskId, now);
  });
  await actions.devicesChanged(s, tenant, kind.kind, ids);
  return taskOf(s, tenant, input.taskId);
}

/** `t/cancelTask`: open results are cancelled with the task. */
export async function cancelTask(s: Services, ctx: RequestContext, taskId: string): Promise<TempTaskItem> {
  const tenant = tenantOf(ctx);
  ctx.audit.target = taskId;
  await ownTask(s, ctx, tenant, taskId);
  const now = s.now();
  // A device that fetched the action may be installing it: it is told (DDI cancelAction) until it answers.
  const devices = await s.db.transaction().execute(async (trx) => {
    if (!(await repo.endTask(trx, tenant, taskId, 'cancelled', now))) return null;
    const close = { sourceId: taskId, state: 'cancelled', tell: actions.HELD } as const;
    return actions.closeCampaign(trx, tenant, kind, close, now);
  });
  if (devices === null) throw new AppError('tempTaskNotRunning');
  await actions.devicesChanged(s, tenant, kind.kind, devices);
  await actions.cancelsChanged(s, tenant, kind, devices);
  return taskOf(s, tenant, taskId);
}

/** `t/delTask`: a task that is not running, with its results. */
export async function deleteTask(s: Services, ctx: RequestContext, taskId: string): Promise<number> {
  const tenant = tenantOf(ctx);
  ctx.audit.target = taskId;
  const row = await ownTask(s, ctx, tenant, taskId);
  if (row.state === 'running') throw new AppError('tempTaskRunning');
  const deleted = await s.db.transaction().execute(async (trx) => {
    const n = await repo.deleteTask(trx, tenant, taskId);
    if (n > 0) await actions.deleteCampaign(trx, tenant, kind, taskId);
    return n;
  });
  if (deleted === 0) throw new AppError('tempTaskRunning');
  // Its actions went, with any cancel still to be told.
  await actions.cancelFlags(s, kind.kind).changed(tenant.pno, null);
  return deleted;
}

export async function listResults(
  s: Services,
  ctx: RequestContext,
  input: { pageNum: number; pageSize: number; taskId: string; state?: TempResultState },
) {
  const tenant = tenantOf(ctx);
  if (!(await repo.findTask(s.db, tenant, input.taskId))) throw notFound('taskId');
  const states = input.state === 'delivered' ? (['delivered', 'running'] as const) : input.state && [input.state];
  const { rows, total } = await actions.pageOf(s, tenant, kind, input.taskId, states, input);
  const names = await deviceSummaries(
    s,
    tenant,
    rows.map((r) => r.device_id),
  );
  const list: TempResultItem[] = rows.map((r) => ({
    taskId: r.source_id,
    deviceId: r.device_id,
    deviceName: names.get(r.device_id)?.name ?? '',
    state: resultState(r.state),
    progress: Number(r.progress),
    message: r.message,
    createTime: Number(r.created_at),
    deliverTime: r.delivered_at === null ? null : Number(r.delivered_at),
    finishTime: r.finished_at === null ? null : Number(r.finished_at),
    updateTime: Number(r.updated_at),
  }));
  return { list, total, pageNum: input.pageNum, pageSize: input.pageSize };
}
