import {
  type DdiActionFeedback,
  type DdiDeploymentBase,
  ddiActionFeedback,
} from '@keel/contract/device-api/ddi-deployment';
import type { Services } from '../../platform/services';
import { propertyTenant } from '../../platform/tenancy/tenant';
import { error } from '../device/ddi-service';
import type { DdiExtensionAnswer, DdiExtensionCall } from '../device/extensions';
import { legacyDigests } from './digests';
import type { Deployment } from './kinds';
import { deploymentActionOf, installedDeployment, offerOf } from './offers';
import * as actions from './service';

/**
 * hawkBit DDI for device actions (README.md "Delivery"), mounted on the device API through its extension points
 * (routes.ts; the poll's links: poll-links.ts): the deployment, the cancellation, the installed deployment, their feedback and the artifact
 * downloads, for every kind given as deployments (kinds.ts). Action ids are integers from one platform-wide counter,
 * so an id names one action of one kind. Every report goes to `report` (service.ts). No SQL and no HTTP here.
 */

const noAction = () => error(404, 'notFound', 'No such action for this device');

/** `GET …/deploymentBase/{actionId}`: hawkBit's deployment of the action the device is offered; it is fetched now. */
export async function deploymentBase(s: Services, call: DdiExtensionCall): Promise<DdiExtensionAnswer> {
  const tenant = propertyTenant(call.pno);
  const offer = await offerOf(s, tenant, call.businesses, call.deviceId);
  if (!offer || String(offer.actionId) !== call.params.actionId) return noAction();
  const body = await deploymentOf(s, call, String(offer.actionId), offer.deployment);
  if (offer.state === 'pending') await actions.fetched(s, tenant, call.deviceId, [offer.actionId]);
  return { status: 200, body };
}

/**
 * `GET …/installedBase/{actionId}`: the deployment of an action the device installed (hawkBit's installed base),
 * of a kind that keeps them (kinds.ts `installed`); anything else is 404.
 */
export async function installedBase(s: Services, call: DdiExtensionCall): Promise<DdiExtensionAnswer> {
  const id = call.params.actionId ?? '';
  const done = await installedDeployment(s, propertyTenant(call.pno), call.businesses, call.deviceId, id);
  return done ? { status: 200, body: await deploymentOf(s, call, id, done.deployment) } : noAction();
}

/** hawkBit's deployment: handling, maintenance window, one chunk with its artifacts (sha1, md5 and sha256). */
async function deploymentOf(
  s: Services,
  call: DdiExtensionCall,
  id: string,
  d: Deployment,
): Promise<DdiDeploymentBase> {
  const smId = encodeURIComponent(id);
  const artifacts = [];
  for (const a of d.artifacts) {
    const digests = await legacyDigests(s, a.sha256);
    artifacts.push({
      filename: a.filename,
      hashes: { sha1: digests.sha1, md5: digests.md5, sha256: a.sha256 },
      size: a.size,
      _links: {
        'download-http': { href: `${call.base}/softwaremodules/${smId}/artifacts/${encodeURIComponent(a.filename)}` },
      },
    });
  }
  // Keel's signed manifest, which the device simulator verifies before installing (hawkBit clients ignore it).
  const signed = d.signed ? await d.signed() : null;
  const metadata = [
    ...d.metadata,
    ...(signed
      ? [
          { key: 'keel.manifest', value: signed.manifest },
          { key: 'keel.manifest.sig', value: signed.signature },
        ]
      : []),
  ];
  return {
    id,
    deployment: {
      download: d.download,
      update: d.update,
      ...(d.windowOpen ? { maintenanceWindow: d.windowOpen(s.now()) ? 'available' : 'unavailable' } : {}),
      chunks: [
        {
          part: d.part,
          version: d.version,
          name: d.name,
          ...(metadata.length > 0 ? { metadata } : {}),
          artifacts,
        },
      ],
    },
  };
}

const detailOf = (f: DdiActionFeedback) => (f.status.details ?? []).join('\n');

/**
 * What a feedback reports: closed with success → success; closed with failure → failure (`installFailed`, or
 * `ddi<code>` when the device sends a code); download → downloading, downloaded; rejected or canceled → failure
 * (its name the message when the device says nothing); anything else → progress (`result.progress` cnt/of).
 */
function reportOf(f: DdiActionFeedback): actions.ActionReport {
  const p = f.status.result?.progress;
  const progress = p?.of ? (p.cnt / p.of) * 100 : undefined;
  const message = detailOf(f);
  const base = { protocol: 'ddi', progress, message };
  switch (f.status.execution) {
    case 'closed':
      return f.status.result?.finished === 'failure'
        ? {
            ...base,
            event: 'failure',
            errorCode: f.status.code === undefined ? 'installFailed' : `ddi${f.status.code}`,
          }
        : { ...base, event: 'success' };
    case 'downloaded':
      return { ...base, event: 'progress', stage: 'downloaded', message: message || undefined };
    case 'download':
      return { ...base, event: 'progress', stage: 'downloading', message: message || undefined };
    case 'rejected':
    case 'canceled':
      return { ...base, event: 'failure', errorCode: f.status.execution, message: message || f.status.execution };
    default:
      return { ...base, event: 'progress', message: message || undefined };
  }
}

/** A feedback body, or the 400 answer to a bad one. */
export function parseFeedback<T>(
  schema: {
    safeParse(
      v: unknown,
    ): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  body: unknown,
): { feedback: T } | DdiExtensionAnswer {
  const parsed = schema.safeParse(body);
  if (parsed.success) return { feedback: parsed.data };
  const issue = parsed.error.issues[0];
  return error(400, 'badRequest', `Invalid feedback: ${issue?.path.join('.') || issue?.message || 'body'}`);
}

/**
 * `POST …/deploymentBase/{actionId}/feedback`: always 200 for the device's own action, also once it has ended
 * (SWUpdate retries at every poll on anything else); another device's or an unknown action is 404.
 */
export async function deploymentFeedback(s: Services, call: DdiExtensionCall): Promise<DdiExtensionAnswer> {
  const parsed = parseFeedback(ddiActionFeedback, call.body);
  if ('status' in parsed) return parsed;
  const tenant = propertyTenant(call.pno);
  const found = await deploymentActionOf(s, tenant, call.deviceId, call.params.actionId ?? '');
  if (!found) return noAction();
  const r = reportOf(parsed.feedback);
  const outcome = await actions.report(s, tenant, found.kind, call.deviceId, Number(found.row.action_id), {
    ...r,
    ...(r.message !== undefined ? { message: r.message.slice(0, found.kind.messageMax) } : {}),
  });
  return outcome === 'unknown' ? noAction() : { status: 200 };
}

/**
 * `GET …/cancelAction/{actionId}`: hawkBit's cancellation, `{ id, cancelAction: { stopId } }` (the action to stop
 * is the action itself), for one of the device's actions cancelled while it held it (also once answered, as
 * hawkBit answers for a cancelled action); anything else is 404.
 */
export async function cancelAction(s: Services, call: DdiExtensionCall): Promise<DdiExtensionAnswer> {
  const id = call.params.actionId ?? '';
  const found = await deploymentActionOf(s, propertyTenant(call.pno), call.deviceId, id);
  if (!found || found.row.cancel_state === null) return noAction();
  return { status: 200, body: { id, cancelAction: { stopId: id } } };
}

/**
 * What a cancel feedback means, as hawkBit reads it: closed with success (or none) confirms the cancellation;
 * closed with failure or rejected refuse it (the device goes on: hawkBit's "back to running"); anything else
 * (proceeding, canceled, …) is information only.
 */
function cancelAnswerOf(f: DdiActionFeedback): 'confirmed' | 'rejected' | 'info' {
  if (f.status.execution === 'rejected') return 'rejected';
  if (f.status.execution === 'closed') return f.status.result?.finished === 'failure' ? 'rejected' : 'confirmed';
  return 'info';
}

/**
 * `POST …/cancelAction/{actionId}/feedback`: the device's answer to a cancellation (cancelAnswerOf), recorded once
 * (the action's `cancel_state`, then its kind's `cancelAnswered`). 200 for the device's own cancelled action, also
 * once answered; 404 for another device's or one that was not cancelled; 400 for a bad body.
 */
export async function cancelFeedback(s: Services, call: DdiExtensionCall): Promise<DdiExtensionAnswer> {
  const parsed = parseFeedback(ddiActionFeedback, call.body);
  if ('status' in parsed) return parsed;
  const tenant = propertyTenant(call.pno);
  const found = await deploymentActionOf(s, tenant, call.deviceId, call.params.actionId ?? '');
  if (!found || found.row.cancel_state === null) return noAction();
  if (found.row.cancel_state !== 'requested') return { status: 200 };
  const { kind, row } = found;
  const answer = cancelAnswerOf(parsed.feedback);
  const detail = detailOf(parsed.feedback).slice(0, kind.messageMax);
  if (answer !== 'info')
    await actions.answerCancel(s, tenant, kind, call.deviceId, Number(row.action_id), answer, detail);
  await kind.delivery.cancelAnswered?.(s, tenant, row, answer, detail);
  return { status: 200 };
}

/**
 * `GET …/softwaremodules/{smId}/artifacts/{fileName}`: a file of the device's own offered or installed action (the
 * software module id is the action's), streamed with Range support; anything else is 404. The first download of
 * an offered action reports it downloading.
 */
export async function artifact(s: Services, call: DdiExtensionCall): Promise<DdiExtensionAnswer> {
  const smId = call.params.softwareModuleId ?? '';
  const tenant = propertyTenant(call.pno);
  const offer = await offerOf(s, tenant, call.businesses, call.deviceId);
  const offered = offer && String(offer.actionId) === smId ? offer : null;
  // An installed action's files too, as hawkBit serves them.
  const deployment =
    offered?.deployment ?? (await installedDeployment(s, tenant, call.businesses, call.deviceId, smId))?.deployment;
  const file = deployment?.artifacts.find((a) => a.filename === call.params.fileName);
  if (!file) return noAction();
  if (offered && (offered.state === 'pending' || offered.state === 'delivered'))
    await actions.report(s, tenant, offered.kind, call.deviceId, offered.actionId, {
      event: 'progress',
      stage: 'downloading',
      protocol: 'ddi',
    });
  return {
    status: 200,
    blob: { sha256: file.sha256, size: file.size, name: file.filename, contentType: file.contentType },
  };
}
