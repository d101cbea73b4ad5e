import type { Services } from '../../platform/services';
import type { Tenant } from '../../platform/tenancy/tenant';
import type { DeliveredKind, Deployment } from '../device-action/kinds';
import * as actions from '../device-action/service';
import { tempFirmwareActions as kind } from './actions';
import * as repo from './repo';

/**
 * Temporary firmware to devices (README.md "Delivery"): each device's action is a device action (modules/device-action)
 * of a running task, which the device-action delivery gives as a hawkBit deployment (DDI `deploymentBase`, Mender
 * `deployments/next`) of the task's one file (`tempDeployments`), and whose reports it records. The task's own view
 * of a device's action and of its reports is here too.
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
  return action ? actionOf(s, tenant, action) : null;
}

/** What an open action of a running task offers, or null when its task no longer runs. */
async function actionOf(s: Services, tenant: Tenant, action: actions.ActionRow): Promise<TempAction | null> {
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

/**
 * Records what a device reports about its temporary action, in the task's terms (a device's DDI or Mender report
 * takes the device-action delivery's path to the same `report`). False when the task has no open action for the
 * device (cancelled, already ended, unknown). The task whose last open action ends is finished
 * (`tempFirmwareActions`).
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
    await actions.fetched(s, tenant, deviceId, [actionId]);
    return true;
  }
  const message = report.message?.slice(0, tempActionKind.messageMax);
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

/** A task's action as a deployment: forced, one `os` chunk named after the task, its one file. */
function deploymentOf(a: TempAction): Deployment {
  const f = a.file;
  const file = { filename: f.name, sha256: f.sha256, size: f.size, contentType: f.contentType };
  return {
    download: 'forced',
    update: 'forced',
    part: 'os',
    version: a.taskName,
    name: a.taskName,
    metadata: [],
    artifacts: [file],
    // A `.mender` file is offered to Mender devices too, of any device type.
    mender: f.name.toLowerCase().endsWith('.mender')
      ? { ...file, artifactName: f.name.replace(/\.mender$/i, ''), deviceTypes: [] }
      : null,
  };
}

/** Temporary tasks' actions as the device-action delivery gives them (contributed in routes.ts). */
export const tempActionKind: DeliveredKind = {
  ...kind,
  business: 'firmware',
  messageMax: 2000,
  delivery: {
    as: 'deployment',
    async describe(s, tenant, action) {
      const a = await actionOf(s, tenant, action);
      return a && deploymentOf(a);
    },
  },
};
