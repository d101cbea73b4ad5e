import {
  type DdiActionFeedback,
  type DdiDeploymentBase,
  ddiActionFeedback,
} from '@keel/contract/device-api/ddi-deployment';
import type { Services } from '../../platform/services';
import { propertyTenant } from '../../platform/tenancy/tenant';
import { error } from '../device/ddi-service';
import type { DdiExtensionAnswer, DdiExtensionCall, PollLinks } from '../device/extensions';
import * as actions from '../device-action/service';
import { packageOf } from '../firmware/service';
import {
  answerTempCancel,
  isTempCancel,
  isTempTarget,
  recordTempResult,
  type TempAction,
  type TempReport,
  tempActionFor,
  tempCancelFor,
  tempTaskOf,
} from '../firmware-temp/delivery';
import { firmwareActions } from './actions';
import {
  answerCancel,
  type CancelAnswer,
  currentAction,
  type DeviceAction,
  type DeviceReport,
  installedAction,
  isCancelOf,
  report,
} from './delivery';
import { legacyDigests } from './digests';
import { installed } from './installed';

/**
 * hawkBit DDI deployments (README.md "Device side"), mounted on the device API through its extension hook
 * (modules/device/extensions.ts): the poll's `cancelAction`, `deploymentBase` and `installedBase` links, the
 * deployment, the cancellation, the installed deployment, their feedback and the artifact downloads, for formal
 * tasks' actions (delivery.ts) and temporary tasks' (modules/firmware-temp). Action ids are integers from one
 * platform-wide counter, so an id names a formal attempt or a temporary result. No SQL and no HTTP objects here.
 */

export type Delivery =
  | { kind: 'task'; id: string; action: DeviceAction }
  | { kind: 'temp'; id: string; action: TempAction };

/**
 * The action to offer the device: a formal task's (not once the device has closed it and the task waits for its
 * version), else a temporary task's. From memory for a device with none (both caches).
 */
export async function deliveryFor(s: Services, pno: string, deviceId: string): Promise<Delivery | null> {
  const action = await currentAction(s, pno, deviceId);
  if (action && action.state !== 'verifying') return { kind: 'task', id: String(action.actionId), action };
  const temp = await tempActionFor(s, propertyTenant(pno), deviceId);
  return temp ? { kind: 'temp', id: temp.actionId, action: temp } : null;
}

/**
 * The device's cancelled action it has not answered yet (formal first, then temporary), or null. From memory for a
 * device with none (both cancel flags).
 */
async function cancelFor(s: Services, pno: string, deviceId: string): Promise<string | null> {
  const row = await actions.cancelToTell(s, propertyTenant(pno), firmwareActions, deviceId);
  if (row) return String(row.action_id);
  return tempCancelFor(s, propertyTenant(pno), deviceId);
}

/**
 * The poll's links, as hawkBit's: `cancelAction` while a cancelled action waits for the device's answer (instead of
 * the next deployment, which follows once it has answered), else `deploymentBase` while the device has an action;
 * and `installedBase` when it has installed one.
 */
export async function deploymentLinks(
  s: Services,
  pno: string,
  deviceId: string,
  base: string,
): Promise<PollLinks | null> {
  const links: PollLinks = {};
  const cancel = await cancelFor(s, pno, deviceId);
  if (cancel) links.cancelAction = { href: `${base}/cancelAction/${cancel}` };
  else {
    const d = await deliveryFor(s, pno, deviceId);
    if (d) links.deploymentBase = { href: `${base}/deploymentBase/${encodeURIComponent(d.id)}` };
  }
  const done = await installed(s).of(pno, deviceId);
  if (done !== null) links.installedBase = { href: `${base}/installedBase/${done}` };
  return Object.keys(links).length > 0 ? links : null;
}

const noAction = () => error(404, 'notFound', 'No such action for this device');

interface Artifact {
  filename: string;
  sha256: string;
  size: number;
  contentType: string;
}

/** The files a delivery offers, by the names the device downloads them under. */
function artifactsOf(d: Delivery): { artifacts: Artifact[]; metadata?: { key: string; value: string }[] } {
  if (d.kind === 'temp') {
    const f = d.action.file;
    return { artifacts: [{ filename: f.name, sha256: f.sha256, size: f.size, contentType: f.contentType }] };
  }
  const a = d.action;
  const [only] = a.files;
  // A delta replaces a single raw image (an .swu or .mender artifact is installed whole by its client).
  if (a.delta && only && a.files.length === 1 && only.kind === 'raw') {
    return {
      artifacts: [{ filename: `${only.name}.bsdiff`, sha256: a.delta.sha256, size: a.delta.size, contentType: OCTETS }],
      metadata: [
        { key: 'keel.delta.from', value: a.delta.fromVersion },
        { key: 'keel.delta.format', value: 'bsdiff4' },
        { key: 'keel.target.sha256', value: only.sha256 },
        { key: 'keel.target.size', value: String(only.size) },
      ],
    };
  }
  return {
    artifacts: a.files.map((f) => ({
      // SWUpdate installs only a file whose name ends in .swu.
      filename: f.kind === 'swu' && !f.name.toLowerCase().endsWith('.swu') ? `${f.name}.swu` : f.name,
      sha256: f.sha256,
      size: f.size,
      contentType: OCTETS,
    })),
  };
}
const OCTETS = 'application/octet-stream';

const HANDLING = {
  soft: { download: 'attempt', update: 'attempt' },
  forced: { download: 'forced', update: 'forced' },
  downloadOnly: { download: 'forced', update: 'skip' },
} as const;

/** `GET …/deploymentBase/{actionId}`: hawkBit's deployment for the device's current action. */
export async function deploymentBase(s: Services, call: DdiExtensionCall): Promise<DdiExtensionAnswer> {
  const d = await deliveryFor(s, call.pno, call.deviceId);
  if (!d || d.id !== call.params.actionId) return noAction();
  const body = await deploymentOf(s, call, d);
  if (d.kind === 'temp' && d.action.state === 'pending')
    await recordTempResult(s, propertyTenant(call.pno), call.deviceId, d.action.taskId, { state: 'delivered' });
  return { status: 200, body };
}

/**
 * `GET …/installedBase/{actionId}`: the deployment of an action the device installed (hawkBit's installed base):
 * one of its own formal tasks' attempts that succeeded (not the latest only, as hawkBit); anything else is 404.
 */
export async function installedBase(s: Services, call: DdiExtensionCall): Promise<DdiExtensionAnswer> {
  const id = call.params.actionId ?? '';
  if (!/^\d{1,15}$/.test(id)) return noAction();
  const action = await installedAction(s, call.pno, call.deviceId, Number(id));
  if (!action) return noAction();
  return { status: 200, body: await deploymentOf(s, call, { kind: 'task', id, action }) };
}

/** hawkBit's deployment of a delivery: handling, maintenance window, one chunk with its artifacts. */
async function deploymentOf(s: Services, call: DdiExtensionCall, d: Delivery): Promise<DdiDeploymentBase> {
  const { artifacts, metadata } = artifactsOf(d);
  const smId = encodeURIComponent(d.id);
  const chunkArtifacts = [];
  for (const a of artifacts) {
    const digests = await legacyDigests(s, a.sha256);
    chunkArtifacts.push({
      filename: a.filename,
      hashes: { sha1: digests.sha1, md5: digests.md5, sha256: a.sha256 },
      size: a.size,
      _links: {
        'download-http': { href: `${call.base}/softwaremodules/${smId}/artifacts/${encodeURIComponent(a.filename)}` },
      },
    });
  }
  if (d.kind === 'temp')
    return {
      id: d.id,
      deployment: {
        download: 'forced',
        update: 'forced',
        chunks: [{ part: 'os', version: d.action.taskName, name: d.action.taskName, artifacts: chunkArtifacts }],
      },
    };
  const a = d.action;
  // Keel's signed manifest, which the device simulator verifies before installing (hawkBit clients ignore it).
  const pkg = await packageOf(s, propertyTenant(a.swPno), a.swId).catch(() => null);
  const signed = pkg?.manifest
    ? [
        { key: 'keel.manifest', value: pkg.manifest },
        { key: 'keel.manifest.sig', value: pkg.manifest_sig },
      ]
    : [];
  const meta = [...(metadata ?? []), ...signed];
  return {
    id: d.id,
    deployment: {
      ...HANDLING[a.mode],
      ...(a.window ? { maintenanceWindow: a.inWindow ? 'available' : 'unavailable' } : {}),
      chunks: [
        {
          part: a.swType === 'app' ? 'bApp' : 'os',
          version: a.version,
          name: a.swName,
          ...(meta.length > 0 ? { metadata: meta } : {}),
          artifacts: chunkArtifacts,
        },
      ],
    },
  };
}

const progressOf = (f: DdiActionFeedback) => {
  const p = f.status.result?.progress;
  return p?.of ? (p.cnt / p.of) * 100 : undefined;
};
const detailOf = (f: DdiActionFeedback) => (f.status.details ?? []).join('\n');

/** What a feedback means for a formal task's action (delivery.ts `report`). */
function taskReport(f: DdiActionFeedback): DeviceReport {
  const base = { protocol: 'ddi' as const, detail: detailOf(f), progress: progressOf(f) };
  const failed = { ...base, kind: 'failure' as const };
  switch (f.status.execution) {
    case 'closed':
      return f.status.result?.finished === 'failure'
        ? { ...failed, errorCode: f.status.code === undefined ? 'installFailed' : `ddi${f.status.code}` }
        : { ...base, kind: 'success' };
    case 'downloaded':
      return { ...base, kind: 'downloaded' };
    case 'download':
      return { ...base, kind: 'downloading' };
    case 'rejected':
      return { ...failed, errorCode: 'rejected' };
    case 'canceled':
      return { ...failed, errorCode: 'canceled' };
    default:
      return { ...base, kind: 'progress' };
  }
}

/** What a feedback means for a temporary task's action (modules/firmware-temp `recordTempResult`). */
function tempReport(f: DdiActionFeedback): TempReport {
  const message = detailOf(f) || undefined;
  const ex = f.status.execution;
  if (ex === 'closed') return { state: f.status.result?.finished === 'failure' ? 'failed' : 'succeeded', message };
  if (ex === 'rejected' || ex === 'canceled') return { state: 'failed', message: message ?? ex };
  return { state: 'proceeding', progress: progressOf(f), message };
}

/**
 * `POST …/deploymentBase/{actionId}/feedback`: always 200 for the device's own action, also once it has ended
 * (SWUpdate retries at every poll on anything else); another device's or an unknown action is 404.
 */
export async function deploymentFeedback(s: Services, call: DdiExtensionCall): Promise<DdiExtensionAnswer> {
  const parsed = parseFeedback(call.body);
  if ('status' in parsed) return parsed;
  const actionId = call.params.actionId ?? '';
  if (!/^\d{1,15}$/.test(actionId)) return noAction();
  const tenant = propertyTenant(call.pno);
  const tempTask = await tempTaskOf(s, tenant, call.deviceId, actionId);
  if (tempTask) {
    const recorded = await recordTempResult(s, tenant, call.deviceId, tempTask, tempReport(parsed.feedback));
    return recorded || (await isTempTarget(s, tenant, call.deviceId, tempTask)) ? { status: 200 } : noAction();
  }
  const outcome = await report(s, call.pno, call.deviceId, Number(actionId), taskReport(parsed.feedback));
  return outcome === 'unknown' ? noAction() : { status: 200 };
}

function parseFeedback(body: unknown): { feedback: DdiActionFeedback } | DdiExtensionAnswer {
  const parsed = ddiActionFeedback.safeParse(body);
  if (parsed.success) return { feedback: parsed.data };
  const issue = parsed.error.issues[0];
  return error(400, 'badRequest', `Invalid feedback: ${issue?.path.join('.') || issue?.message || 'body'}`);
}

/**
 * `GET …/cancelAction/{actionId}`: hawkBit's cancellation, `{ id, cancelAction: { stopId } }` (the action to stop
 * is the action itself), for one of the device's actions cancelled while it held it (also once answered, as
 * hawkBit answers for a cancelled action); anything else is 404.
 */
export async function cancelAction(s: Services, call: DdiExtensionCall): Promise<DdiExtensionAnswer> {
  const id = call.params.actionId ?? '';
  if (!/^\d{1,15}$/.test(id)) return noAction();
  const mine =
    (await isCancelOf(s, call.pno, call.deviceId, Number(id))) ||
    (await isTempCancel(s, propertyTenant(call.pno), call.deviceId, id));
  return mine ? { status: 200, body: { id, cancelAction: { stopId: id } } } : noAction();
}

/**
 * What a cancel feedback means, as hawkBit reads it: closed with success (or none) confirms the cancellation;
 * closed with failure or rejected refuse it (the device goes on: hawkBit's "back to running"); anything else
 * (proceeding, canceled, …) is information only.
 */
function cancelAnswerOf(f: DdiActionFeedback): CancelAnswer {
  if (f.status.execution === 'rejected') return 'rejected';
  if (f.status.execution === 'closed') return f.status.result?.finished === 'failure' ? 'rejected' : 'confirmed';
  return 'info';
}

/**
 * `POST …/cancelAction/{actionId}/feedback`: the device's answer to a cancellation (cancelAnswerOf). 200 for the
 * device's own cancelled action, also once answered; 404 for another device's or one that was not cancelled; 400
 * for a bad body.
 */
export async function cancelFeedback(s: Services, call: DdiExtensionCall): Promise<DdiExtensionAnswer> {
  const parsed = parseFeedback(call.body);
  if ('status' in parsed) return parsed;
  const id = call.params.actionId ?? '';
  if (!/^\d{1,15}$/.test(id)) return noAction();
  const answer = cancelAnswerOf(parsed.feedback);
  const detail = detailOf(parsed.feedback);
  const outcome = await answerCancel(s, call.pno, call.deviceId, Number(id), answer, detail);
  if (outcome !== 'unknown') return { status: 200 };
  const tenant = propertyTenant(call.pno);
  if (!(await isTempCancel(s, tenant, call.deviceId, id))) return noAction();
  if (answer !== 'info') await answerTempCancel(s, tenant, call.deviceId, id, answer, detail);
  return { status: 200 };
}

/**
 * `GET …/softwaremodules/{smId}/artifacts/{fileName}`: a file of the device's own current or installed action (the
 * software module id is the action's), streamed with Range support; anything else is 404. The first download of a formal
 * action moves it to `downloading`.
 */
export async function artifact(s: Services, call: DdiExtensionCall): Promise<DdiExtensionAnswer> {
  const smId = call.params.softwareModuleId ?? '';
  let d = await deliveryFor(s, call.pno, call.deviceId);
  if (d?.id !== smId) {
    // An installed action's files too, as hawkBit serves them.
    const done = /^\d{1,15}$/.test(smId) ? await installedAction(s, call.pno, call.deviceId, Number(smId)) : null;
    d = done ? { kind: 'task', id: smId, action: done } : null;
  }
  if (!d) return noAction();
  const file = artifactsOf(d).artifacts.find((a) => a.filename === call.params.fileName);
  if (!file) return noAction();
  if (d.kind === 'task' && d.action.state === 'offered')
    await report(s, call.pno, call.deviceId, d.action.actionId, { kind: 'downloading', protocol: 'ddi' });
  return {
    status: 200,
    blob: { sha256: file.sha256, size: file.size, name: file.filename, contentType: file.contentType },
  };
}
