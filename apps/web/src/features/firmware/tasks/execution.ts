import { TASK_STAGES_MAX, type TaskExecution, taskExecution } from '@keel/contract/endpoints/firmware-task';

/** FotaTaskExecuteDialog's form values: the execution settings as the form edits them. */
export interface ExecutionValues {
  startMode: 'now' | 'at';
  /** `datetime-local` text (local time), when starting at a time. */
  startAt?: string;
  windowOn: boolean;
  windowStart: string;
  windowEnd: string;
  timeZone: string;
  stagesBy: 'count' | 'percent';
  /** Sizes of the groups but the last (which takes the rest), as typed: "10, 30". */
  stageSizes: string;
  successThreshold: number;
  errorThreshold: number;
  mode: TaskExecution['mode'];
  retryAttempts: number;
  backoffSec: number;
  backoffFactor: number;
  retryCodes: string[];
  confirmMinutes: number;
  offlineDays: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A time (ms) as `datetime-local` text in the browser's time zone. */
export function localInput(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Group sizes typed as "10, 30 60": whole positive numbers, or null when something else is there. */
export function parseSizes(text: string): number[] | null {
  const parts = text.split(/[\s,，;；]+/).filter(Boolean);
  const sizes = parts.map(Number);
  return sizes.every((n) => Number.isInteger(n) && n >= 1) ? sizes : null;
}

/** Why group sizes cannot be used (a message key and its values), or null. */
export function sizesProblem(by: 'count' | 'percent', text: string): { key: string; max?: number } | null {
  const sizes = parseSizes(text);
  if (sizes === null) return { key: 'firmware.exec.sizesInvalid' };
  if (sizes.length > TASK_STAGES_MAX - 1) return { key: 'firmware.exec.sizesTooMany', max: TASK_STAGES_MAX - 1 };
  if (by === 'percent' && sizes.reduce((a, b) => a + b, 0) >= 100) return { key: 'firmware.exec.sizesOver' };
  return null;
}

export const defaultExecution = (): TaskExecution => taskExecution.parse({});

export function toValues(e: TaskExecution): ExecutionValues {
  return {
    startMode: e.startMode,
    startAt: e.startAt ? localInput(e.startAt) : undefined,
    windowOn: e.maintenanceWindow !== null,
    windowStart: e.maintenanceWindow?.start ?? '01:00',
    windowEnd: e.maintenanceWindow?.end ?? '05:00',
    timeZone: e.maintenanceWindow?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone ?? 'Asia/Shanghai',
    stagesBy: e.stages.by,
    stageSizes: e.stages.sizes.join(', '),
    successThreshold: e.successThreshold,
    errorThreshold: e.errorThreshold,
    mode: e.mode,
    retryAttempts: e.retry.attempts,
    backoffSec: e.retry.backoffSec,
    backoffFactor: e.retry.backoffFactor,
    retryCodes: e.retry.errorCodes,
    confirmMinutes: e.confirmMinutes,
    offlineDays: e.offlineDays,
  };
}

export function toExecution(v: ExecutionValues): TaskExecution {
  return {
    startMode: v.startMode,
    startAt: v.startMode === 'at' && v.startAt ? new Date(v.startAt).getTime() : null,
    maintenanceWindow: v.windowOn ? { start: v.windowStart, end: v.windowEnd, timeZone: v.timeZone } : null,
    stages: { by: v.stagesBy, sizes: parseSizes(v.stageSizes) ?? [] },
    successThreshold: v.successThreshold,
    errorThreshold: v.errorThreshold,
    mode: v.mode,
    retry: {
      attempts: v.retryAttempts,
      backoffSec: v.backoffSec,
      backoffFactor: v.backoffFactor,
      errorCodes: v.retryCodes,
    },
    confirmMinutes: v.confirmMinutes,
    offlineDays: v.offlineDays,
  };
}
