import type { Services } from '../../platform/services';
import type { Tenant } from '../../platform/tenancy/tenant';
import { tempCancelFlags, tempFlags } from './flags';
import * as repo from './repo';

/**
 * What the device delivery path asks of the temporary firmware service (README.md "Delivery"): the action waiting
 * for a device, and recording what the device reports. The formal delivery (DDI `deploymentBase`, Mender
 * `deployments/next`, modules/device) calls these; this module serves no device route itself.
 */

export interface TempAction {
  /**
   * The action id to offer the device (deploymentBase/{actionId}, a Mender deployment id): the result's integer from
   * the platform-wide action counter (formal tasks' attempts draw from it too, so an id names one or the other).
   */
  actionId: string;
  taskId: string;
  taskName: string;
  /** pending: not offered yet; delivered: the device has fetched it. */
  state: 'pending' | 'delivered';
  /** The file to install: its blob (`sha256` in the BlobStore, held by `fwTempFile:<fileId>`), name, size, type. */
  file: { id: string; name: string; size: number; sha256: string; contentType: string };
}

/**
 * The temporary task a device's action id belongs to (any state of its result), or null when the id is not one of
 * the device's temporary actions (a formal task's, another device's, unknown).
 */
export async function tempTaskOf(s: Services, tenant: Tenant, deviceId: string, actionId: string) {
  if (!/^\d{1,15}$/.test(actionId)) return null;
  return (await repo.resultByAction(s.db, tenant, deviceId, Number(actionId)))?.task_id ?? null;
}

/**
 * The temporary action waiting for a device (a running task's open result), or null. Answers from memory for a
 * device with none (flags.ts), so it may sit on the poll path.
 */
export async function tempActionFor(s: Services, tenant: Tenant, deviceId: string): Promise<TempAction | null> {
  if (!(await tempFlags(s).has(tenant.pno, deviceId))) return null;
  const row = await repo.openActionOf(s.db, tenant, deviceId);
  if (!row) {
    await tempFlags(s).changed(tenant.pno, [deviceId]);
    return null;
  }
  return {
    actionId: String(row.action_id),
    taskId: row.task_id,
    taskName: row.task_name,
    state: row.state === 'delivered' ? 'delivered' : 'pending',
    file: {
      id: row.file_id,
      name: row.file_name,
      size: Number(row.file_size),
      sha256: row.file_sha256,
      contentType: row.content_type,
    },
  };
}

export type TempReport =
  /** The device fetched the action (deploymentBase answered, a Mender deployment handed out). */
  | { state: 'delivered' }
  /** Progress (downloading, installing): a percentage and/or a message. */
  | { state: 'proceeding'; progress?: number; message?: string }
  /** The end: the device reports success or failure, with its message. */
  | { state: 'succeeded' | 'failed'; message?: string };

const MESSAGE_MAX = 2000;

/**
 * Records what a device reports about its temporary action. False when the task has no open result for the device
 * (cancelled, already ended, unknown): the delivery path then answers the device as for a closed action. A task
 * whose last open result ends is finished.
 */
export async function recordTempResult(
  s: Services,
  tenant: Tenant,
  deviceId: string,
  taskId: string,
  report: TempReport,
): Promise<boolean> {
  const now = s.now();
  const message =
    'message' in report && report.message !== undefined ? report.message.slice(0, MESSAGE_MAX) : undefined;
  if (report.state === 'delivered') {
    return s.db.transaction().execute(async (trx) => {
      const open = await repo.updateResult(
        trx,
        tenant,
        taskId,
        deviceId,
        { state: 'delivered', deliveredAt: now },
        now,
      );
      return open;
    });
  }
  if (report.state === 'proceeding') {
    const progress =
      report.progress === undefined ? undefined : Math.max(0, Math.min(100, Math.round(report.progress)));
    return repo.updateResult(s.db, tenant, taskId, deviceId, { state: 'delivered', progress, message }, now);
  }
  const ended = await s.db.transaction().execute(async (trx) => {
    const done = await repo.updateResult(
      trx,
      tenant,
      taskId,
      deviceId,
      {
        state: report.state,
        ...(report.state === 'succeeded' ? { progress: 100 } : {}),
        message: message ?? '',
        finishedAt: now,
      },
      now,
    );
    if (!done) return false;
    if (!(await repo.hasOpenResults(trx, tenant, taskId))) await repo.endTask(trx, tenant, taskId, 'finished', now);
    else await repo.touchTask(trx, tenant, taskId, now);
    return true;
  });
  if (ended) await tempFlags(s).changed(tenant.pno, [deviceId]);
  return ended;
}

/** Whether a temporary task was ever meant for the device (a late report on its ended action is still its own). */
export const isTempTarget = (s: Services, tenant: Tenant, deviceId: string, taskId: string) =>
  repo.hasResult(s.db, tenant, taskId, deviceId);

// DDI cancelAction: a cancelled task's device that had fetched its action is told until it answers.

/** The device's temporary action it must be told is cancelled, or null (from memory for a device with none). */
export async function tempCancelFor(s: Services, tenant: Tenant, deviceId: string): Promise<string | null> {
  if (!(await tempCancelFlags(s).has(tenant.pno, deviceId))) return null;
  const row = await repo.requestedCancelOf(s.db, tenant, deviceId);
  return row?.action_id == null ? null : String(row.action_id);
}

/**
 * Whether the action is one of the device's temporary actions cancelled while it held it (answered or not): the
 * cancelAction resource exists for it.
 */
export async function isTempCancel(s: Services, tenant: Tenant, deviceId: string, actionId: string) {
  if (!/^\d{1,15}$/.test(actionId)) return false;
  const row = await repo.resultByAction(s.db, tenant, deviceId, Number(actionId));
  return row?.cancel_state != null;
}

/**
 * The device's answer to a cancel: `confirmed` (it stopped) or `rejected` (it went on; the task has ended, so only
 * the answer and its message are kept). False when no cancel of the device's was waiting.
 */
export async function answerTempCancel(
  s: Services,
  tenant: Tenant,
  deviceId: string,
  actionId: string,
  answer: 'confirmed' | 'rejected',
  message: string,
): Promise<boolean> {
  const done = await repo.answerCancel(
    s.db,
    tenant,
    deviceId,
    Number(actionId),
    answer,
    message.slice(0, MESSAGE_MAX),
    s.now(),
  );
  if (done) await tempCancelFlags(s).changed(tenant.pno, [deviceId]);
  return done;
}
