import type { Services } from '../../platform/services';
import type { Tenant } from '../../platform/tenancy/tenant';
import * as actions from '../device-action/service';
import { tempFirmwareActions as kind } from './actions';
import * as repo from './repo';

/**
 * What the device delivery path asks of the temporary firmware service (README.md "Delivery"): the action waiting
 * for a device, and recording what the device reports. Each is a device action (modules/device-action) of a running
 * task; the formal delivery (DDI `deploymentBase`, Mender `deployments/next`) calls these.
 */

export interface TempAction {
  /** The action id to offer the device (deploymentBase/{actionId}, a Mender deployment id). */
  actionId: string;
  taskId: string;
  taskName: string;
  /** pending: not offered yet; delivered: the device has fetched it. */
  state: 'pending' | 'delivered';
  /** The file to install: its blob (`sha256` in the BlobStore, held by `fwTempFile:<fileId>`), name, size, type. */
  file: { id: string; name: string; size: number; sha256: string; contentType: string };
}

/** The action's number, when the text is one. */
const actionNumber = (actionId: string) => (/^\d{1,15}$/.test(actionId) ? Number(actionId) : null);

/**
 * The temporary task a device's action id belongs to (any state), or null when the id is not one of the device's
 * temporary actions (a formal task's, another device's, unknown).
 */
export async function tempTaskOf(s: Services, tenant: Tenant, deviceId: string, actionId: string) {
  const id = actionNumber(actionId);
  if (id === null) return null;
  return (await actions.actionOf(s, tenant, kind, deviceId, id))?.source_id ?? null;
}

/**
 * The temporary action waiting for a device (its queue's first, of a running task), or null. From memory for a
 * device with none, so it may sit on the poll path.
 */
export async function tempActionFor(s: Services, tenant: Tenant, deviceId: string): Promise<TempAction | null> {
  const [action] = await actions.queueOf(s, tenant, kind, deviceId, 1);
  if (!action) return null;
  const task = await repo.runningTaskWithFile(s.db, tenant, action.source_id);
  if (!task) return null;
  return {
    actionId: String(action.action_id),
    taskId: task.task_id,
    taskName: task.task_name,
    state: action.state === 'pending' ? 'pending' : 'delivered',
    file: {
      id: task.file_id,
      name: task.file_name,
      size: Number(task.file_size),
      sha256: task.file_sha256,
      contentType: task.content_type,
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
 * Records what a device reports about its temporary action. False when the task has no open action for the device
 * (cancelled, already ended, unknown): the delivery path then answers the device as for a closed action. The task
 * whose last open action ends is finished (`tempFirmwareActions`).
 */
export async function recordTempResult(
  s: Services,
  tenant: Tenant,
  deviceId: string,
  taskId: string,
  report: TempReport,
): Promise<boolean> {
  const action = await actions.actionOfCampaign(s, tenant, kind, taskId, deviceId);
  if (!action || !['pending', 'delivered', 'running'].includes(action.state)) return false;
  const actionId = Number(action.action_id);
  if (report.state === 'delivered') {
    await actions.fetched(s, tenant, [actionId]);
    return true;
  }
  const message = report.message?.slice(0, MESSAGE_MAX);
  const outcome =
    report.state === 'proceeding'
      ? await actions.report(s, tenant, kind, deviceId, actionId, {
          event: 'progress',
          progress: report.progress,
          message,
        })
      : await actions.report(s, tenant, kind, deviceId, actionId, {
          event: report.state === 'succeeded' ? 'success' : 'failure',
          message: message ?? '',
        });
  return outcome === 'recorded';
}

/** Whether a temporary task was ever meant for the device (a late report on its ended action is still its own). */
export const isTempTarget = (s: Services, tenant: Tenant, deviceId: string, taskId: string) =>
  actions.hadAction(s, tenant, kind, taskId, deviceId);

// DDI cancelAction: a cancelled task's device that had fetched its action is told until it answers.

/** The device's temporary action it must be told is cancelled, or null (from memory for a device with none). */
export async function tempCancelFor(s: Services, tenant: Tenant, deviceId: string): Promise<string | null> {
  const row = await actions.cancelToTell(s, tenant, kind, deviceId);
  return row ? String(row.action_id) : null;
}

/**
 * Whether the action is one of the device's temporary actions cancelled while it held it (answered or not): the
 * cancelAction resource exists for it.
 */
export async function isTempCancel(s: Services, tenant: Tenant, deviceId: string, actionId: string) {
  const id = actionNumber(actionId);
  if (id === null) return false;
  return ((await actions.actionOf(s, tenant, kind, deviceId, id))?.cancel_state ?? null) !== null;
}

/**
 * The device's answer to a cancel: `confirmed` (it stopped) or `rejected` (it went on; the task has ended, so only
 * the answer and its message are kept). False when no cancel of the device's was waiting.
 */
export const answerTempCancel = (
  s: Services,
  tenant: Tenant,
  deviceId: string,
  actionId: string,
  answer: 'confirmed' | 'rejected',
  message: string,
): Promise<boolean> =>
  actions.answerCancel(s, tenant, kind, deviceId, Number(actionId), answer, message.slice(0, MESSAGE_MAX));
