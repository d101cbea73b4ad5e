import { z } from 'zod';
import { defineEndpoint, group } from '../endpoint';
import { flag, optionalText, pageOf, pageQuery } from '../envelope';
import { optionalRef, ref } from '../refs';
import { SMALL_UPLOAD_MAX } from './file';

/**
 * The temporary firmware service (`t/…Task…`, `f/`, `d/`): an engineer's quick path to try a build on a
 * few named devices outside the formal release flow — upload a file, add test devices by id, create a task, see
 * each device's result. A temporary file is a copy of a stored file's content (uploaded into a space through the
 * file module, or taken from a file already there); test devices are devices of the property, each member keeping
 * their own list (at most `TEMP_DEVICES_MAX`); a temporary task is a file and some of the caller's test devices, one
 * result per device. Model: apps/server/src/modules/firmware-temp/README.md.
 */

export const FIRMWARE_TEMP_PERMISSIONS = {
  /** Every call of the temporary firmware service (a function of the packages page). */
  temp: 'firmware.software.temp',
} as const;

/** Test devices one member keeps in a property. */
export const TEMP_DEVICES_MAX = 50;
/** Devices one temporary task may name. */
export const TEMP_TASK_DEVICES_MAX = TEMP_DEVICES_MAX;
export const TEMP_TASK_NAME_MAX = 100;
export const TEMP_REMARK_MAX = 500;

export const TEMP_TASK_STATES = ['running', 'finished', 'cancelled'] as const;
export type TempTaskState = (typeof TEMP_TASK_STATES)[number];
/** A device's result: waiting for its next poll, fetched, then succeeded or failed (or cancelled with the task). */
export const TEMP_RESULT_STATES = ['pending', 'delivered', 'succeeded', 'failed', 'cancelled'] as const;
export type TempResultState = (typeof TEMP_RESULT_STATES)[number];
/** Results still waiting for the device. */
export const TEMP_OPEN_STATES: readonly TempResultState[] = ['pending', 'delivered'];

export const tempFileItem = z.object({
  id: z.string(),
  /** The stored file it was taken from. */
  fid: z.string(),
  name: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  uploaderName: z.string(),
  /** Tasks that use it (running or not). */
  taskCount: z.number().int(),
  createTime: z.number().int(),
});
export type TempFileItem = z.output<typeof tempFileItem>;

export const tempDeviceItem = z.object({
  deviceId: z.string(),
  name: z.string(),
  modelName: z.string().nullable(),
  firmwareVersion: z.string().nullable(),
  online: flag(),
  lastSeenTime: z.number().int().nullable(),
  remark: z.string(),
  createTime: z.number().int(),
});
export type TempDeviceItem = z.output<typeof tempDeviceItem>;

const counts = z.object({
  pending: z.number().int(),
  delivered: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  cancelled: z.number().int(),
});

export const tempTaskItem = z.object({
  id: z.string(),
  name: z.string(),
  remark: z.string(),
  /** The file (null once it was deleted after the task ended), and what it was when the task was made. */
  fileId: z.string().nullable(),
  fileName: z.string(),
  fileSize: z.number().int(),
  fileSha256: z.string(),
  state: z.enum(TEMP_TASK_STATES),
  total: z.number().int(),
  counts,
  creatorUid: z.string().nullable(),
  creatorName: z.string(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
  finishTime: z.number().int().nullable(),
});
export type TempTaskItem = z.output<typeof tempTaskItem>;

export const tempResultItem = z.object({
  taskId: z.string(),
  deviceId: z.string(),
  deviceName: z.string(),
  state: z.enum(TEMP_RESULT_STATES),
  /** 0–100 as the device reported it. */
  progress: z.number().int(),
  /** What the device said (its failure reason), or ''. */
  message: z.string(),
  createTime: z.number().int(),
  deliverTime: z.number().int().nullable(),
  finishTime: z.number().int().nullable(),
  updateTime: z.number().int(),
});
export type TempResultItem = z.output<typeof tempResultItem>;

const deviceIdList = z.array(ref('device')).min(1).max(TEMP_TASK_DEVICES_MAX);
const taskState = z
  .union([z.enum(TEMP_TASK_STATES), z.literal('')])
  .optional()
  .transform((v) => v || undefined);
const taskListInput = pageQuery().extend({ str: optionalText(100), state: taskState });

export const firmwareTempEndpoints = group(
  defineEndpoint({
    method: 'GET',
    path: 't/getTaskList',
    summary: "The property's temporary tasks, newest first (`str` searches name and file name, `state` filters)",
    access: { kind: 'property', permission: FIRMWARE_TEMP_PERMISSIONS.temp },
    input: taskListInput,
    output: pageOf(tempTaskItem),
  }),
  defineEndpoint({
    method: 'GET',
    path: 't/getMyTaskList',
    summary: "The caller's own temporary tasks in the property, newest first",
    access: { kind: 'property', permission: FIRMWARE_TEMP_PERMISSIONS.temp },
    input: taskListInput,
    output: pageOf(tempTaskItem),
  }),
  defineEndpoint({
    method: 'POST',
    path: 't/addTask',
    summary:
      "Create a temporary task: a temporary file tried on some of the caller's test devices (each device in at most one running temporary task); it runs at once, each device getting it at its next poll",
    access: { kind: 'property', permission: FIRMWARE_TEMP_PERMISSIONS.temp },
    input: z.object({
      name: z.string().trim().min(1).max(TEMP_TASK_NAME_MAX),
      fileId: ref('fwTempFile'),
      deviceIdList,
      remark: z.string().trim().max(TEMP_REMARK_MAX).default(''),
    }),
    output: tempTaskItem,
  }),
  defineEndpoint({
    method: 'POST',
    path: 't/assignTask',
    summary: "Add more of the caller's test devices to a running temporary task of theirs",
    access: { kind: 'property', permission: FIRMWARE_TEMP_PERMISSIONS.temp },
    input: z.object({ taskId: ref('fwTempTask'), deviceIdList }),
    output: tempTaskItem,
  }),
  defineEndpoint({
    method: 'POST',
    path: 't/cancelTask',
    summary: 'Cancel a running temporary task: devices that have not finished are cancelled (only its creator)',
    access: { kind: 'property', permission: FIRMWARE_TEMP_PERMISSIONS.temp },
    input: z.object({ taskId: ref('fwTempTask') }),
    output: tempTaskItem,
  }),
  defineEndpoint({
    method: 'GET',
    path: 't/delTask',
    summary: 'Delete a temporary task that is not running, with its results (only its creator)',
    access: { kind: 'property', permission: FIRMWARE_TEMP_PERMISSIONS.temp },
    mutates: true,
    input: z.object({ taskId: ref('fwTempTask') }),
    output: z.object({ deleted: z.number().int() }),
  }),
  defineEndpoint({
    method: 'GET',
    path: 't/getTaskResultList',
    summary: "A temporary task's result per device (`state` filters), in the order they were added",
    access: { kind: 'property', permission: FIRMWARE_TEMP_PERMISSIONS.temp },
    input: pageQuery(50).extend({
      taskId: ref('fwTempTask'),
      state: z
        .union([z.enum(TEMP_RESULT_STATES), z.literal('')])
        .optional()
        .transform((v) => v || undefined),
    }),
    output: pageOf(tempResultItem),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'f/uploadFile',
    upload: { maxBytes: SMALL_UPLOAD_MAX },
    summary:
      'Add a temporary file: upload one (multipart/form-data, one part `file`, at most 32 MiB, into the space `sid` the caller writes into, as fis/fi/uploadFile; `sid`, `groupId`, `name` in the query string) or name a stored file the caller may read (`fid`, e.g. a large build uploaded with tus); its content is kept for the temporary service',
    access: { kind: 'property', permission: FIRMWARE_TEMP_PERMISSIONS.temp },
    input: z
      .object({
        sid: optionalRef('space'),
        groupId: optionalRef('spaceGroup'),
        name: z
          .string()
          .trim()
          .max(200)
          .optional()
          .transform((v) => v || undefined),
        fid: optionalRef('file'),
      })
      .refine((v) => Boolean(v.sid) !== Boolean(v.fid), 'sid'),
    output: tempFileItem,
  }),
  defineEndpoint({
    method: 'GET',
    path: 'f/getFileInfoList',
    summary: "The property's temporary files, newest first (`str` searches the name and the SHA-256)",
    access: { kind: 'property', permission: FIRMWARE_TEMP_PERMISSIONS.temp },
    input: pageQuery().extend({ str: optionalText(100) }),
    output: pageOf(tempFileItem),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'f/delFileInfo',
    summary:
      'Delete a temporary file (not while a running task uses it; ended tasks keep its name and digest). The stored file it came from stays in its space',
    access: { kind: 'property', permission: FIRMWARE_TEMP_PERMISSIONS.temp },
    mutates: true,
    input: z.object({ id: ref('fwTempFile') }),
    output: z.object({ deleted: z.number().int() }),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'd/getDeviceList',
    summary: `The caller's test devices in the property (at most ${TEMP_DEVICES_MAX}), with their model, reported firmware version and whether they are online`,
    access: { kind: 'property', permission: FIRMWARE_TEMP_PERMISSIONS.temp },
    input: pageQuery(TEMP_DEVICES_MAX).extend({ str: optionalText(64) }),
    output: pageOf(tempDeviceItem),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'd/addDevice',
    summary: `Add devices of the property to the caller's test devices by id (at most ${TEMP_DEVICES_MAX} in all; one already there is kept)`,
    access: { kind: 'property', permission: FIRMWARE_TEMP_PERMISSIONS.temp },
    input: z.object({ deviceIdList, remark: z.string().trim().max(TEMP_REMARK_MAX).default('') }),
    output: z.object({ added: z.number().int(), total: z.number().int() }),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'd/delDevice',
    summary: "Remove a device from the caller's test devices (its results in tasks stay)",
    access: { kind: 'property', permission: FIRMWARE_TEMP_PERMISSIONS.temp },
    mutates: true,
    input: z.object({ deviceId: ref('device') }),
    output: z.object({ deleted: z.number().int() }),
  }),
);
