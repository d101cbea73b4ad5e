import { z } from 'zod';
import { defineEndpoint, group } from '../endpoint';
import { flag, pageOf, pageQuery } from '../envelope';
import { optionalRef, ref } from '../refs';
import { osType } from './device-common';
import { SW_TYPES } from './firmware';

/**
 * Firmware update tasks and their rollouts (`task/` of the firmware service). A task installs one
 * published package on a set of devices: chosen by list, by space group, by model (assigned once), or by a saved
 * rule (a filter: devices matching it now and later join by themselves). Its execution settings say when it starts
 * (now or at a time), in which daily maintenance window devices are offered the update, how the devices are staged
 * in groups (by count or percent), the success share of a group that opens the next one, the failure share that
 * pauses the task at the group boundary, the mode (soft, forced, download only) and the retry policy.
 *
 * States: `draft` → (`pendingApproval`: the property's approval flow for "firmware task release", when it has one)
 * → `scheduled` → `running` → `paused` / `completed` / `cancelled`; `invalidated` (withdrawn: every unfinished
 * device is cancelled, in-flight ones told to stop) and `disabled` (switched off, reversible). Completed,
 * cancelled and invalidated are final. A device belongs to at most one active task (pendingApproval, scheduled,
 * running, paused, disabled) per software type. `task/resumeTask` and `task/cancelTask` are the app store's
 * calls (spec group "App tasks"); firmware tasks continue with `task/continueTask` and stop with `task/stopTask`.
 * Model: apps/server/src/modules/firmware-task/README.md.
 */

export const FIRMWARE_TASK_PERMISSIONS = {
  /** The tasks page (FotaTaskPage): read tasks, their devices, delivery history, previews and progress. */
  task: 'firmware.task',
  /** Create and edit draft tasks, assign and remove devices, save rules, delete drafts. */
  taskEdit: 'firmware.task.edit',
  /** Release (start or submit for approval), pause, continue, stop, invalidate, disable tasks. */
  taskRun: 'firmware.task.run',
} as const;

export const TASK_STATES = [
  'draft',
  'pendingApproval',
  'scheduled',
  'running',
  'paused',
  'completed',
  'cancelled',
  'invalidated',
  'disabled',
] as const;
export type TaskState = (typeof TASK_STATES)[number];
/** States a task never leaves. */
export const TASK_FINAL_STATES: readonly TaskState[] = ['completed', 'cancelled', 'invalidated'];
/** States in which a task holds its devices (no other active task of the same software type may take them). */
export const TASK_ACTIVE_STATES: readonly TaskState[] = [
  'pendingApproval',
  'scheduled',
  'running',
  'paused',
  'disabled',
];

export const TASK_STATE_NAMES: Record<TaskState, { 'zh-cn': string; en: string }> = {
  draft: { 'zh-cn': '草稿', en: 'Draft' },
  pendingApproval: { 'zh-cn': '待审批', en: 'Awaiting approval' },
  scheduled: { 'zh-cn': '待开始', en: 'Scheduled' },
  running: { 'zh-cn': '进行中', en: 'Running' },
  paused: { 'zh-cn': '已暂停', en: 'Paused' },
  completed: { 'zh-cn': '已完成', en: 'Completed' },
  cancelled: { 'zh-cn': '已取消', en: 'Cancelled' },
  invalidated: { 'zh-cn': '已作废', en: 'Invalidated' },
  disabled: { 'zh-cn': '已停用', en: 'Disabled' },
};

/** soft: the device installs when it chooses; forced: at once; downloadOnly: download, install later by hand. */
export const TASK_MODES = ['soft', 'forced', 'downloadOnly'] as const;
export type TaskMode = (typeof TASK_MODES)[number];
export const TASK_MODE_NAMES: Record<TaskMode, { 'zh-cn': string; en: string; descZh: string; descEn: string }> = {
  soft: {
    'zh-cn': '普通升级',
    en: 'Soft update',
    descZh: '终端在合适的时候下载并安装',
    descEn: 'The device downloads and installs when it suits it',
  },
  forced: {
    'zh-cn': '强制升级',
    en: 'Forced update',
    descZh: '终端收到后立即下载并安装',
    descEn: 'The device downloads and installs at once',
  },
  downloadOnly: {
    'zh-cn': '仅下载',
    en: 'Download only',
    descZh: '终端只下载，不安装',
    descEn: 'The device downloads the update but does not install it',
  },
};

/** Why a task is paused. */
export const PAUSE_REASONS = ['manual', 'errorThreshold', 'successThreshold'] as const;

/**
 * A device's delivery in a task: `pending` (its group not open yet, or outside the maintenance window), `offered`
 * (the device is told at its next poll), `downloading`, `downloaded` (download-only tasks end there), `installing`,
 * `verifying` (installed; waiting for the device to report the new version after its reboot), `retrying` (failed,
 * waiting for its back-off), then final: `succeeded`, `failed`, `cancelled`; `excluded` (never offered; see
 * `EXCLUDE_REASONS`).
 */
export const DELIVERY_STATES = [
  'pending',
  'offered',
  'downloading',
  'downloaded',
  'installing',
  'verifying',
  'retrying',
  'succeeded',
  'failed',
  'cancelled',
  'excluded',
] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];
export const DELIVERY_FINAL_STATES: readonly DeliveryState[] = ['succeeded', 'failed', 'cancelled', 'excluded'];
export const DELIVERY_STATE_NAMES: Record<DeliveryState, { 'zh-cn': string; en: string }> = {
  pending: { 'zh-cn': '等待中', en: 'Pending' },
  offered: { 'zh-cn': '已下发', en: 'Offered' },
  downloading: { 'zh-cn': '下载中', en: 'Downloading' },
  downloaded: { 'zh-cn': '已下载', en: 'Downloaded' },
  installing: { 'zh-cn': '安装中', en: 'Installing' },
  verifying: { 'zh-cn': '待确认版本', en: 'Confirming version' },
  retrying: { 'zh-cn': '等待重试', en: 'Waiting to retry' },
  succeeded: { 'zh-cn': '成功', en: 'Succeeded' },
  failed: { 'zh-cn': '失败', en: 'Failed' },
  cancelled: { 'zh-cn': '已取消', en: 'Cancelled' },
  excluded: { 'zh-cn': '已排除', en: 'Excluded' },
};

/**
 * Why a device is left out: its model does not fit the package (`incompatible`), it already runs the version or a
 * newer one (`alreadyOnVersion`), it has not been seen for the task's `offlineDays` (`offlineDays`), another active
 * task of the same software type holds it (`inOtherTask`).
 */
export const EXCLUDE_REASONS = ['incompatible', 'alreadyOnVersion', 'offlineDays', 'inOtherTask'] as const;
export type ExcludeReason = (typeof EXCLUDE_REASONS)[number];
export const EXCLUDE_REASON_NAMES: Record<ExcludeReason, { 'zh-cn': string; en: string }> = {
  incompatible: { 'zh-cn': '型号不适配', en: 'Incompatible model' },
  alreadyOnVersion: { 'zh-cn': '已是该版本', en: 'Already on the version' },
  offlineDays: { 'zh-cn': '长期离线', en: 'Offline too long' },
  inOtherTask: { 'zh-cn': '在其他任务中', en: 'In another task' },
};

/**
 * When a device's update counts as succeeded (README "Success rules" of modules/firmware-task): `versionReport` — the
 * device must report the new version after its client reported success (within `confirmMinutes`); `clientReport` —
 * the client's success report is trusted at once, as hawkBit does. Chosen per task; a task that does not name one
 * takes the property's default (`task/getTaskSettings`). Under `versionReport` a device that never reported any
 * version is trusted too: a stock SWUpdate reports none unless its configuration has an `identify` section.
 */
export const SUCCESS_RULES = ['versionReport', 'clientReport'] as const;
export type SuccessRule = (typeof SUCCESS_RULES)[number];

/**
 * What decided a device's success: it reported the new version (`version`), a Mender device reported the artifact
 * name Keel offered (`artifactName`), the task trusts the client (`clientReport`), or the device never reported a
 * version, so the client was trusted (`noVersion`).
 */
export const SUCCESS_BASES = ['version', 'artifactName', 'clientReport', 'noVersion'] as const;
export type SuccessBasis = (typeof SUCCESS_BASES)[number];

/** The property's task settings: the success rule of tasks that do not name one. */
export const taskSettings = z.object({
  successRule: z.enum(SUCCESS_RULES),
  /** When it was last saved; null: never (the built-in default, `versionReport`). */
  updateTime: z.number().int().nullable(),
});

/** How a device joined a task. */
export const JOIN_SOURCES = ['list', 'group', 'model', 'rule'] as const;

export const TASK_NAME_MAX = 100;
export const TASK_REMARK_MAX = 1000;
export const TASK_STAGES_MAX = 10;
/** Devices listed by id in one call (a rule brings in at most this many per pass too). */
export const TASK_ASSIGN_MAX = 5000;
/** Devices one selection (listed ids, space groups, models) may bring into a task at once. */
export const TASK_SELECT_MAX = 100_000;
export const TASK_RULES_MAX = 20;
export const RETRY_ATTEMPTS_MAX = 10;
export const ERROR_CODE_MAX = 64;

const hhmm = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'time');

/** A daily window (local time of `timeZone`, an IANA name) in which devices are offered the update; may wrap midnight. */
export const maintenanceWindow = z.object({
  start: hhmm,
  end: hhmm,
  timeZone: z.string().trim().min(1).max(64).default('Asia/Shanghai'),
});

/** Staged groups: `by` count (devices per group) or percent (of the task's devices); the last group takes the rest. */
export const taskStages = z.object({
  by: z.enum(['count', 'percent']).default('percent'),
  sizes: z
    .array(z.number().int().min(1).max(1_000_000))
    .max(TASK_STAGES_MAX - 1)
    .default([]),
});

export const retryPolicy = z.object({
  /** Further attempts after a failure (0: none). */
  attempts: z.number().int().min(0).max(RETRY_ATTEMPTS_MAX).default(0),
  /** Seconds before the first retry; each next one waits `backoffFactor` times longer. */
  backoffSec: z.number().int().min(0).max(86_400).default(300),
  backoffFactor: z.number().min(1).max(10).default(2),
  /** The error codes worth a retry; empty: every failure. */
  errorCodes: z.array(z.string().trim().min(1).max(ERROR_CODE_MAX)).max(50).default([]),
});

/** FotaTaskExecuteDialog's settings. Percentages are whole numbers 0–100. */
export const taskExecution = z.object({
  /** `now`: starts as soon as it is released (and approved); `at`: at `startAt` (ms). */
  startMode: z.enum(['now', 'at']).default('now'),
  startAt: z.number().int().nullable().default(null),
  maintenanceWindow: maintenanceWindow.nullable().default(null),
  stages: taskStages.default({ by: 'percent', sizes: [] }),
  /** Share of a group that must have succeeded before the next group opens. */
  successThreshold: z.number().int().min(1).max(100).default(90),
  /** Share of a group's devices that failed at which the task pauses (checked at the group boundary). */
  errorThreshold: z.number().int().min(1).max(100).default(10),
  mode: z.enum(TASK_MODES).default('soft'),
  retry: retryPolicy.default({ attempts: 0, backoffSec: 300, backoffFactor: 2, errorCodes: [] }),
  /** Minutes a device has, after it reports installing, to report the new version (after its reboot). */
  confirmMinutes: z.number().int().min(1).max(10_080).default(60),
  /** Devices not seen for this many days are left out (0: keep them). */
  offlineDays: z.number().int().min(0).max(365).default(7),
});
export type TaskExecution = z.output<typeof taskExecution>;

/** A saved rule's filter: devices of the property matching every given condition. */
export const ruleFilter = z.object({
  modelIdList: z.array(ref('deviceModel')).max(200).default([]),
  /** A space and (optionally) groups of its tree, their subgroups included. */
  sid: optionalRef('space'),
  groupIdList: z.array(ref('spaceGroup')).max(200).default([]),
  label: z.string().trim().max(64).default(''),
  osType: z.union([osType(), z.literal('')]).default(''),
  /** Only devices reporting one of these versions (empty: any version older than the package's). */
  fromVersionList: z.array(z.string().trim().min(1).max(64)).max(50).default([]),
  /** 1: sample devices only, 0: production only, null: both. */
  mockup: z
    .union([z.literal(0), z.literal(1)])
    .nullable()
    .default(null),
});
export type RuleFilter = z.output<typeof ruleFilter>;

/** Devices to assign to a task at once: listed, in space groups, of models (a union). */
const selection = {
  deviceIdList: z.array(ref('device')).max(TASK_ASSIGN_MAX).default([]),
  sid: optionalRef('space'),
  groupIdList: z.array(ref('spaceGroup')).max(200).default([]),
  modelIdList: z.array(ref('deviceModel')).max(200).default([]),
};

const stateCounts = z.record(z.enum(DELIVERY_STATES), z.number().int());

export const taskItem = z.object({
  id: z.string(),
  name: z.string(),
  remark: z.string(),
  swId: z.string(),
  swName: z.string(),
  swType: z.enum(SW_TYPES),
  swVersion: z.string(),
  state: z.enum(TASK_STATES),
  /** When paused: why; else null. */
  pauseReason: z.enum(PAUSE_REASONS).nullable(),
  /** When disabled: the state it returns to when enabled again; else null. */
  disabledFrom: z.enum(TASK_STATES).nullable(),
  mode: z.enum(TASK_MODES),
  execution: taskExecution,
  successRule: z.enum(SUCCESS_RULES),
  /** Devices in the task (excluded ones not counted). */
  deviceTotal: z.number().int(),
  /** Devices per delivery state (every state present, excluded included). */
  counts: stateCounts,
  /** 0–100: final devices of `deviceTotal`. */
  progress: z.number().int(),
  /** The open group (0-based) while running, else the last one opened, or -1 before the start. */
  currentStage: z.number().int(),
  stageCount: z.number().int(),
  ruleCount: z.number().int(),
  /** The approval application while pending approval (and after), else null. */
  applyId: z.string().nullable(),
  creatorName: z.string(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
  /** When it is due to start (startAt, or the release time), null while a draft. */
  scheduledTime: z.number().int().nullable(),
  startTime: z.number().int().nullable(),
  finishTime: z.number().int().nullable(),
});
export type TaskItem = z.output<typeof taskItem>;

export const taskStage = z.object({
  index: z.number().int(),
  /** Devices in the group. */
  size: z.number().int(),
  state: z.enum(['waiting', 'open', 'done']),
  counts: stateCounts,
  openTime: z.number().int().nullable(),
  doneTime: z.number().int().nullable(),
});

export const ruleItem = z.object({
  id: z.string(),
  taskId: z.string(),
  name: z.string(),
  filter: ruleFilter,
  /** Devices it has brought into the task. */
  matched: z.number().int(),
  createTime: z.number().int(),
});

/** What the task page's buttons may do now (each transition the state machine allows from the task's state). */
export const taskActions = z.object({
  edit: flag(),
  assign: flag(),
  release: flag(),
  pause: flag(),
  continue: flag(),
  stop: flag(),
  invalidate: flag(),
  disable: flag(),
  enable: flag(),
  delete: flag(),
});

export const taskInfo = taskItem.extend({
  stages: z.array(taskStage),
  rules: z.array(ruleItem),
  can: taskActions,
  /** Devices per delivery error code (failed and retrying), most first. */
  errorCodes: z.array(z.object({ errorCode: z.string(), count: z.number().int() })),
});

export const assignedDevice = z.object({
  deviceId: z.string(),
  name: z.string(),
  modelName: z.string().nullable(),
  online: flag(),
  /** What the device reports now. */
  firmwareVersion: z.string(),
  source: z.enum(JOIN_SOURCES),
  /** 0-based group; -1 before the groups are formed. */
  stage: z.number().int(),
  state: z.enum(DELIVERY_STATES),
  excludeReason: z.enum(EXCLUDE_REASONS).nullable(),
  attempts: z.number().int(),
  errorCode: z.string(),
  /** What decided its success (`SUCCESS_BASES`); null until it succeeded. */
  successBy: z.enum(SUCCESS_BASES).nullable(),
  updateTime: z.number().int(),
});

/** One attempt of one device in one task: FirmwareUpgradeHistoryDialog's rows. */
export const deliverRecord = z.object({
  id: z.string(),
  taskId: z.string(),
  taskName: z.string(),
  deviceId: z.string(),
  deviceName: z.string(),
  /** The device API's action id (hawkBit `actionId`, Mender deployment id). */
  actionId: z.string(),
  /** 1-based attempt number. */
  attempt: z.number().int(),
  state: z.enum(DELIVERY_STATES),
  errorCode: z.string(),
  /** What the device said last (its feedback details, trimmed). */
  detail: z.string(),
  fromVersion: z.string(),
  toVersion: z.string(),
  /** 1 when a differential package was offered. */
  delta: flag(),
  /** Bytes offered (the delta's or the full file's). */
  bytes: z.number().int(),
  /** 0–100 download/install progress the device reported. */
  progress: z.number().int(),
  protocol: z.enum(['ddi', 'mender', 'sim', '']),
  createTime: z.number().int(),
  offerTime: z.number().int().nullable(),
  downloadTime: z.number().int().nullable(),
  installTime: z.number().int().nullable(),
  finishTime: z.number().int().nullable(),
  updateTime: z.number().int(),
});

export const taskPreview = z.object({
  /** Devices that would be offered the update, in total and per staged group. */
  matched: z.number().int(),
  groups: z.array(
    z.object({
      index: z.number().int(),
      size: z.number().int(),
      /** Up to 20 of its devices. */
      sample: z.array(z.string()),
    }),
  ),
  excluded: z.array(
    z.object({
      reason: z.enum(EXCLUDE_REASONS),
      count: z.number().int(),
      /** Up to 20 of the devices. */
      sample: z.array(z.string()),
    }),
  ),
  /** Bytes every matched device downloading the full package. */
  fullBytes: z.number().int(),
  /** Bytes with differential packages where one fits the version a device reports. */
  deltaBytes: z.number().int(),
  /** Matched devices that would get a delta. */
  deltaDevices: z.number().int(),
  /** The polling interval the estimate assumes (seconds). */
  pollSeconds: z.number().int(),
  /** When the last group would be done if every device updates at its next polls, from the start time. */
  expectedFinish: z.number().int().nullable(),
});
export type TaskPreview = z.output<typeof taskPreview>;

export const progressSample = z.object({ time: z.number().int(), counts: stateCounts });

const optionalState = z
  .union([z.enum(TASK_STATES), z.literal('')])
  .optional()
  .transform((v) => v || undefined);
const optionalDeliveryState = z
  .union([z.enum(DELIVERY_STATES), z.literal('')])
  .optional()
  .transform((v) => v || undefined);
const optionalSwType = z
  .union([z.enum(SW_TYPES), z.literal('')])
  .optional()
  .transform((v) => v || undefined);
const search = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((v) => v || undefined);

const taskFields = {
  name: z.string().trim().min(1).max(TASK_NAME_MAX),
  remark: z.string().trim().max(TASK_REMARK_MAX).default(''),
  execution: taskExecution.default(taskExecution.parse({})),
  /** Omitted: the property's default when the task is made, the task's own when it is edited. */
  successRule: z.enum(SUCCESS_RULES).optional(),
};

const P = FIRMWARE_TASK_PERMISSIONS;
const byId = z.object({ id: ref('firmwareTask') });

export const firmwareTaskEndpoints = group(
  defineEndpoint({
    method: 'GET',
    path: 'task/getTaskList',
    summary:
      "The property's firmware tasks (one state, one software type, one package with `swId`), `str` searching the name; newest first, with per-state device counts",
    access: { kind: 'property', permission: P.task },
    input: pageQuery().extend({
      state: optionalState,
      swType: optionalSwType,
      swId: optionalRef('firmware'),
      str: search,
    }),
    output: pageOf(taskItem),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'task/getTaskInfo',
    ours: true,
    summary:
      'One task with its execution settings, staged groups and their counts, rules, error codes and the transitions allowed now (added: not in the spec)',
    access: { kind: 'property', permission: P.task },
    input: byId,
    output: taskInfo,
  }),
  defineEndpoint({
    method: 'GET',
    path: 'task/getWorkTypeList',
    summary: 'The update modes a task may use (soft, forced, download only), with their names and descriptions',
    access: { kind: 'property', permission: P.task },
    input: z.object({}),
    output: z.array(z.object({ workType: z.enum(TASK_MODES), name: z.string(), description: z.string() })),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'task/addTask',
    summary:
      'Create a draft task for a published package with its execution settings, optionally assigning devices at once (listed, in space groups, of models)',
    access: { kind: 'property', permission: P.taskEdit },
    input: z.object({ swId: ref('firmware'), ...taskFields, ...selection }),
    output: taskItem,
  }),
  defineEndpoint({
    method: 'POST',
    path: 'task/editTask',
    ours: true,
    summary: "Change a draft task's name, remark, package and execution settings (added: not in the spec)",
    access: { kind: 'property', permission: P.taskEdit },
    input: z.object({ id: ref('firmwareTask'), swId: ref('firmware'), ...taskFields }),
    output: taskItem,
  }),
  defineEndpoint({
    method: 'GET',
    path: 'task/delTask',
    ours: true,
    summary: 'Delete a draft task (and its rules and device list) (added: not in the spec)',
    access: { kind: 'property', permission: P.taskEdit },
    mutates: true,
    input: byId,
    output: z.object({ deleted: z.number().int() }),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'task/assignToDevice',
    summary:
      'Add devices to a task that is not final (listed, in space groups, of models); those that do not fit, already run the version, or are held by another active task of the same type are reported, not added',
    access: { kind: 'property', permission: P.taskEdit },
    input: z.object({ id: ref('firmwareTask'), ...selection }),
    output: z.object({
      added: z.number().int(),
      /** Already in the task. */
      present: z.number().int(),
      excluded: z.array(z.object({ reason: z.enum(EXCLUDE_REASONS), count: z.number().int() })),
      deviceTotal: z.number().int(),
    }),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'task/notAssignToDevice',
    summary:
      'Take devices out of a task that is not final: those not yet offered leave; one in flight is told to cancel; finished ones stay as history',
    access: { kind: 'property', permission: P.taskEdit },
    input: z.object({ id: ref('firmwareTask'), deviceIdList: z.array(ref('device')).min(1).max(TASK_ASSIGN_MAX) }),
    output: z.object({ removed: z.number().int(), cancelled: z.number().int(), kept: z.number().int() }),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'task/getAssignedDeviceList',
    summary:
      "A task's devices with their current delivery state (one state; `str` searching device id and name), in group order",
    access: { kind: 'property', permission: P.task },
    input: pageQuery().extend({ id: ref('firmwareTask'), state: optionalDeliveryState, str: search }),
    output: pageOf(assignedDevice),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'task/getTaskDeliverList',
    summary:
      "Delivery attempts, newest first: one task's (with `id`), one device's across tasks (with `deviceId`, FirmwareUpgradeHistoryDialog), or both; one state",
    access: { kind: 'property', permission: P.task },
    input: pageQuery().extend({
      id: optionalRef('firmwareTask'),
      deviceId: optionalRef('device'),
      state: optionalDeliveryState,
    }),
    output: pageOf(deliverRecord),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'task/previewTask',
    ours: true,
    summary:
      'What releasing a task would do now: matching devices per staged group, excluded ones by reason, full and differential download volume and the expected finish at the polling interval (added: not in the spec)',
    access: { kind: 'property', permission: P.task },
    input: byId,
    output: taskPreview,
  }),
  defineEndpoint({
    method: 'GET',
    path: 'task/getTaskProgress',
    ours: true,
    summary: "A task's device counts per state over time (sampled while it runs), for the live chart (added)",
    access: { kind: 'property', permission: P.task },
    input: byId,
    output: z.array(progressSample),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'task/releaseTask',
    ours: true,
    summary:
      'Release a draft: submitted for approval when the property has a flow for "firmware task release", else scheduled (started at once with `now`); excluded devices are marked (added: not in the spec)',
    access: { kind: 'property', permission: P.taskRun },
    input: byId,
    output: taskItem,
  }),
  defineEndpoint({
    method: 'GET',
    path: 'task/pauseTask',
    ours: true,
    summary:
      'Pause a scheduled or running task: no device is offered the update any more (those in flight finish) (added)',
    access: { kind: 'property', permission: P.taskRun },
    mutates: true,
    input: byId,
    output: taskItem,
  }),
  defineEndpoint({
    method: 'GET',
    path: 'task/continueTask',
    ours: true,
    summary:
      "Continue a paused task (a group paused on its error threshold opens the next group) (added; `task/resumeTask` is the app store's)",
    access: { kind: 'property', permission: P.taskRun },
    mutates: true,
    input: byId,
    output: taskItem,
  }),
  defineEndpoint({
    method: 'GET',
    path: 'task/stopTask',
    ours: true,
    summary:
      "Cancel a scheduled, running or paused task: devices not yet offered are cancelled, in-flight ones finish (added; `task/cancelTask` is the app store's)",
    access: { kind: 'property', permission: P.taskRun },
    mutates: true,
    input: byId,
    output: taskItem,
  }),
  defineEndpoint({
    method: 'GET',
    path: 'task/invalidateTask',
    summary:
      'Invalidate a task that is not final: its approval is withdrawn, every unfinished device cancelled and told to stop; kept as history',
    access: { kind: 'property', permission: P.taskRun },
    mutates: true,
    input: byId,
    output: taskItem,
  }),
  defineEndpoint({
    method: 'GET',
    path: 'task/setDisable',
    summary:
      'Disable a task (1: nothing is offered, rules add nobody; it keeps its devices) or enable it again (0: back to the state it had)',
    access: { kind: 'property', permission: P.taskRun },
    mutates: true,
    input: z.object({ id: ref('firmwareTask'), disable: flag() }),
    output: taskItem,
  }),
  defineEndpoint({
    method: 'POST',
    path: 'task/addRule',
    ours: true,
    summary:
      'Save a rule on a task that is not final: devices matching its filter join now and whenever they match later (added: not in the spec)',
    access: { kind: 'property', permission: P.taskEdit },
    input: z.object({ id: ref('firmwareTask'), name: z.string().trim().min(1).max(TASK_NAME_MAX), filter: ruleFilter }),
    output: ruleItem.extend({ added: z.number().int() }),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'task/getTaskSettings',
    ours: true,
    summary: "The property's task settings: the success rule of tasks that do not name one (added: not in the spec)",
    access: { kind: 'property', permission: P.task },
    input: z.object({}),
    output: taskSettings,
  }),
  defineEndpoint({
    method: 'POST',
    path: 'task/saveTaskSettings',
    ours: true,
    summary:
      "Save the property's task settings: the success rule new tasks take when they do not name one (added: not in the spec)",
    access: { kind: 'property', permission: P.taskEdit },
    input: z.object({ successRule: z.enum(SUCCESS_RULES) }),
    output: taskSettings,
  }),
  defineEndpoint({
    method: 'GET',
    path: 'task/getRuleList',
    ours: true,
    summary: "A task's saved rules (added: not in the spec)",
    access: { kind: 'property', permission: P.task },
    input: byId,
    output: z.array(ruleItem),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'task/delRule',
    ours: true,
    summary: 'Delete a rule: no more devices join by it; those it brought stay (added: not in the spec)',
    access: { kind: 'property', permission: P.taskEdit },
    mutates: true,
    input: z.object({ ruleId: ref('firmwareTaskRule') }),
    output: z.object({ deleted: z.number().int() }),
  }),
);

/** The transitions, named for `taskTransitionRefused` ("cannot be {action}") and the task page's buttons. */
export const TASK_ACTION_NAMES: Record<keyof z.output<typeof taskActions>, { 'zh-cn': string; en: string }> = {
  edit: { 'zh-cn': '编辑', en: 'edited' },
  assign: { 'zh-cn': '分配终端', en: 'given devices' },
  release: { 'zh-cn': '发布', en: 'released' },
  pause: { 'zh-cn': '暂停', en: 'paused' },
  continue: { 'zh-cn': '继续', en: 'continued' },
  stop: { 'zh-cn': '终止', en: 'stopped' },
  invalidate: { 'zh-cn': '作废', en: 'invalidated' },
  disable: { 'zh-cn': '停用', en: 'disabled' },
  enable: { 'zh-cn': '启用', en: 'enabled' },
  delete: { 'zh-cn': '删除', en: 'deleted' },
};
