import { createHmac, timingSafeEqual } from 'node:crypto';
import { type MenderDeployment, menderDeploymentLog, menderDeploymentStatus } from '@keel/contract/device-api/mender';
import type { Services } from '../../platform/services';
import { propertyTenant } from '../../platform/tenancy/tenant';
import type { DdiExtensionAnswer, MenderDeploymentCall, MenderDeployments } from '../device/extensions';
import { deploymentActionOf, offerOf } from './offers';
import * as actions from './service';

/**
 * Mender deployments of device actions (README.md "Delivery"), mounted on the device module's Mender API through its
 * extension point (routes.ts): the update check offers the action the device is offered (offers.ts) when its
 * deployment has a `.mender` artifact fitting the device type, with a signed expiring download link served by Keel;
 * status reports go to `report` (service.ts), the log's tail to the kind (`logged`). No SQL, no HTTP here.
 */

/** How long a download link stays valid. */
const LINK_TTL_MS = 24 * 60 * 60_000;
const LOG_TAIL = 500;
const DOWNLOAD_PREFIX = '/api/devices/v1/deployments/download';

const fail = (status: number, error: string): DdiExtensionAnswer => ({ status, body: { error } });
const noDeployment = () => fail(404, 'No such deployment for this device');

const sign = (s: Services, body: string) =>
  createHmac('sha256', s.ticketSecret).update(`mender-download:${body}`).digest('base64url');

const linkBody = (p: { pno: string; deviceId: string; id: string; expires: string; fileName: string }) =>
  [p.pno, p.deviceId, p.id, p.expires, p.fileName].map(encodeURIComponent).join('/');

async function next(s: Services, call: MenderDeploymentCall): Promise<DdiExtensionAnswer> {
  const tenant = propertyTenant(call.pno);
  const offer = await offerOf(s, tenant, call.businesses, call.deviceId);
  const file = offer?.deployment.mender;
  if (!offer || !file) return { status: 204 };
  if (call.deviceType && file.deviceTypes.length > 0 && !file.deviceTypes.includes(call.deviceType))
    return { status: 204 };
  const expiresAt = s.now() + LINK_TTL_MS;
  const id = String(offer.actionId);
  const parts = { pno: call.pno, deviceId: call.deviceId, id, expires: String(expiresAt), fileName: file.filename };
  const body = linkBody(parts);
  const e = (v: string) => encodeURIComponent(v);
  const uri = `${call.origin}${DOWNLOAD_PREFIX}/${e(parts.pno)}/${e(parts.deviceId)}/${e(parts.id)}/${parts.expires}/${sign(s, body)}/${e(parts.fileName)}`;
  const answer: MenderDeployment = {
    id,
    artifact: {
      artifact_name: file.artifactName,
      source: { uri, expire: new Date(expiresAt).toISOString() },
      device_types_compatible:
        file.deviceTypes.length > 0 ? [...file.deviceTypes] : call.deviceType ? [call.deviceType] : [],
    },
  };
  // The artifact's digest and Keel's signed manifest, which the simulator checks (Mender clients ignore them).
  const signed = offer.deployment.signed ? await offer.deployment.signed() : null;
  answer.keel = {
    size: file.size,
    sha256: file.sha256,
    ...(signed ? { manifest: signed.manifest, signature: signed.signature } : {}),
  };
  if (offer.state === 'pending') await actions.fetched(s, tenant, call.deviceId, [offer.actionId]);
  return { status: 200, body: answer };
}

/** What a Mender status means: its steps as the action's stage, success (also already installed) and failure. */
const REPORTS: Record<string, Pick<actions.ActionReport, 'event' | 'stage' | 'errorCode'>> = {
  downloading: { event: 'progress', stage: 'downloading' },
  pause_before_installing: { event: 'progress', stage: 'downloaded' },
  installing: { event: 'progress', stage: 'installing' },
  pause_before_rebooting: { event: 'progress', stage: 'installing' },
  rebooting: { event: 'progress', stage: 'installing' },
  pause_before_committing: { event: 'progress', stage: 'installing' },
  success: { event: 'success' },
  'already-installed': { event: 'success' },
  failure: { event: 'failure', errorCode: 'installFailed' },
};

/** `PUT …/deployments/{id}/status` (204): the device's own action, also once ended; anything else 404. */
async function status(s: Services, call: MenderDeploymentCall): Promise<DdiExtensionAnswer> {
  const parsed = menderDeploymentStatus.safeParse(call.body);
  if (!parsed.success) return fail(400, 'Invalid status');
  const tenant = propertyTenant(call.pno);
  const found = await deploymentActionOf(s, tenant, call.deviceId, call.deploymentId);
  if (!found) return noDeployment();
  const st = parsed.data.status;
  const outcome = await actions.report(s, tenant, found.kind, call.deviceId, Number(found.row.action_id), {
    ...(REPORTS[st] ?? { event: 'progress' }),
    protocol: 'mender',
    message: (parsed.data.substate ?? st).slice(0, found.kind.messageMax),
  });
  return outcome === 'unknown' ? noDeployment() : { status: 204 };
}

/** `PUT …/deployments/{id}/log` (204): its messages' tail to the kind. */
async function log(s: Services, call: MenderDeploymentCall): Promise<DdiExtensionAnswer> {
  const parsed = menderDeploymentLog.safeParse(call.body);
  if (!parsed.success) return fail(400, 'Invalid log');
  const tenant = propertyTenant(call.pno);
  const found = await deploymentActionOf(s, tenant, call.deviceId, call.deploymentId);
  if (!found) return noDeployment();
  const tail = parsed.data.messages
    .map((m) => m.message)
    .join('\n')
    .slice(-LOG_TAIL);
  await found.kind.delivery.logged?.(s, tenant, found.row, tail);
  return { status: 204 };
}

/** A signed link's file, while the link is valid and the action is still the one the device is offered. */
async function download(s: Services, p: Record<string, string>, businesses: ReadonlySet<string>) {
  const parts = {
    pno: p.pno ?? '',
    deviceId: p.deviceId ?? '',
    id: p.id ?? '',
    expires: p.expires ?? '',
    fileName: p.fileName ?? '',
  };
  const expected = Buffer.from(sign(s, linkBody(parts)));
  const given = Buffer.from(p.sig ?? '');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return noDeployment();
  if (!(Number(parts.expires) > s.now())) return noDeployment();
  const tenant = propertyTenant(parts.pno);
  const offer = await offerOf(s, tenant, businesses, parts.deviceId);
  const file = offer && String(offer.actionId) === parts.id ? offer.deployment.mender : null;
  if (!offer || !file || file.filename !== parts.fileName) return noDeployment();
  if (offer.state === 'pending' || offer.state === 'delivered')
    await actions.report(s, tenant, offer.kind, parts.deviceId, offer.actionId, {
      event: 'progress',
      stage: 'downloading',
      protocol: 'mender',
    });
  return { status: 200, blob: { sha256: file.sha256, size: file.size, name: file.filename } };
}

export const menderDeployments: MenderDeployments = { next, status, log, download };
