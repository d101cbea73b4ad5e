import { createHmac, timingSafeEqual } from 'node:crypto';
import { type MenderDeployment, menderDeploymentLog, menderDeploymentStatus } from '@keel/contract/device-api/mender';
import type { Services } from '../../platform/services';
import { propertyTenant } from '../../platform/tenancy/tenant';
import type { DdiExtensionAnswer, MenderDeploymentCall, MenderDeployments } from '../device/extensions';
import { packageOf } from '../firmware/service';
import { isTempTarget, recordTempResult, type TempReport, tempTaskOf } from '../firmware-temp/delivery';
import { attemptByAction, updateAttempt } from './attempt-repo';
import { type DeviceReport, report } from './delivery';
import { type Delivery, deliveryFor } from './device-ddi';

/**
 * Mender deployments (README.md "Device side"), registered with the device module's Mender API
 * (modules/device/extensions.ts `registerMenderDeployments`): the update check offers the device's action when its
 * package is a `.mender` artifact fitting the device type, with a signed expiring download link served by Keel; status
 * reports go to delivery.ts `report` (or the temporary service), the log's tail to the attempt. No SQL, no HTTP here.
 */

/** How long a download link stays valid. */
const LINK_TTL_MS = 24 * 60 * 60_000;
const LOG_TAIL = 500;
const DOWNLOAD_PREFIX = '/api/devices/v1/deployments/download';

const fail = (status: number, error: string): DdiExtensionAnswer => ({ status, body: { error } });
const noDeployment = () => fail(404, 'No such deployment for this device');

interface MenderFile {
  filename: string;
  sha256: string;
  size: number;
  name: string;
  deviceTypes: string[];
}

/** The `.mender` file a delivery offers, or null when it has none. */
function menderFileOf(d: Delivery): MenderFile | null {
  if (d.kind === 'temp') {
    const f = d.action.file;
    if (!f.name.toLowerCase().endsWith('.mender')) return null;
    return {
      filename: f.name,
      sha256: f.sha256,
      size: f.size,
      name: f.name.replace(/\.mender$/i, ''),
      deviceTypes: [],
    };
  }
  const f = d.action.files.find((x) => x.kind === 'mender');
  if (!f) return null;
  const info = f.artifact ?? {};
  const types = Array.isArray(info.deviceTypes) ? info.deviceTypes.map(String) : [];
  return {
    filename: f.name,
    sha256: f.sha256,
    size: f.size,
    name: typeof info.name === 'string' && info.name ? info.name : f.name,
    deviceTypes: types,
  };
}

const sign = (s: Services, body: string) =>
  createHmac('sha256', s.ticketSecret).update(`mender-download:${body}`).digest('base64url');

const linkBody = (p: { pno: string; deviceId: string; id: string; expires: string; fileName: string }) =>
  [p.pno, p.deviceId, p.id, p.expires, p.fileName].map(encodeURIComponent).join('/');

async function next(s: Services, call: MenderDeploymentCall): Promise<DdiExtensionAnswer> {
  const d = await deliveryFor(s, call.pno, call.deviceId);
  const file = d ? menderFileOf(d) : null;
  if (!d || !file) return { status: 204 };
  if (call.deviceType && file.deviceTypes.length > 0 && !file.deviceTypes.includes(call.deviceType))
    return { status: 204 };
  const expiresAt = s.now() + LINK_TTL_MS;
  const parts = {
    pno: call.pno,
    deviceId: call.deviceId,
    id: d.id,
    expires: String(expiresAt),
    fileName: file.filename,
  };
  const body = linkBody(parts);
  const e = (v: string) => encodeURIComponent(v);
  const uri = `${call.origin}${DOWNLOAD_PREFIX}/${e(parts.pno)}/${e(parts.deviceId)}/${e(parts.id)}/${parts.expires}/${sign(s, body)}/${e(parts.fileName)}`;
  const answer: MenderDeployment = {
    id: d.id,
    artifact: {
      artifact_name: file.name,
      source: { uri, expire: new Date(expiresAt).toISOString() },
      device_types_compatible:
        file.deviceTypes.length > 0 ? file.deviceTypes : call.deviceType ? [call.deviceType] : [],
    },
  };
  const pkg =
    d.kind === 'task' ? await packageOf(s, propertyTenant(d.action.swPno), d.action.swId).catch(() => null) : null;
  answer.keel = {
    size: file.size,
    sha256: file.sha256,
    ...(pkg?.manifest ? { manifest: pkg.manifest, signature: pkg.manifest_sig } : {}),
  };
  if (d.kind === 'temp' && d.action.state === 'pending')
    await recordTempResult(s, propertyTenant(call.pno), call.deviceId, d.action.taskId, { state: 'delivered' });
  return { status: 200, body: answer };
}

const TASK_KIND: Record<string, DeviceReport['kind']> = {
  downloading: 'downloading',
  pause_before_installing: 'downloaded',
  installing: 'installing',
  pause_before_rebooting: 'installing',
  rebooting: 'installing',
  pause_before_committing: 'installing',
  success: 'success',
  'already-installed': 'success',
  failure: 'failure',
};

async function status(s: Services, call: MenderDeploymentCall): Promise<DdiExtensionAnswer> {
  const parsed = menderDeploymentStatus.safeParse(call.body);
  if (!parsed.success) return fail(400, 'Invalid status');
  const st = parsed.data.status;
  const tenant = propertyTenant(call.pno);
  const tempTask = await tempTaskOf(s, tenant, call.deviceId, call.deploymentId);
  if (tempTask) {
    const r: TempReport =
      st === 'success' || st === 'already-installed'
        ? { state: 'succeeded', message: st }
        : st === 'failure'
          ? { state: 'failed', message: parsed.data.substate }
          : { state: 'proceeding', message: st };
    const recorded = await recordTempResult(s, tenant, call.deviceId, tempTask, r);
    return recorded || (await isTempTarget(s, tenant, call.deviceId, tempTask)) ? { status: 204 } : noDeployment();
  }
  if (!/^\d{1,15}$/.test(call.deploymentId)) return noDeployment();
  const kind = TASK_KIND[st] ?? 'progress';
  const outcome = await report(s, call.pno, call.deviceId, Number(call.deploymentId), {
    kind,
    protocol: 'mender',
    detail: parsed.data.substate ?? st,
    ...(kind === 'failure' ? { errorCode: 'installFailed' } : {}),
  });
  return outcome === 'unknown' ? noDeployment() : { status: 204 };
}

async function log(s: Services, call: MenderDeploymentCall): Promise<DdiExtensionAnswer> {
  const parsed = menderDeploymentLog.safeParse(call.body);
  if (!parsed.success) return fail(400, 'Invalid log');
  const tail = parsed.data.messages
    .map((m) => m.message)
    .join('\n')
    .slice(-LOG_TAIL);
  const tenant = propertyTenant(call.pno);
  const tempTask = await tempTaskOf(s, tenant, call.deviceId, call.deploymentId);
  if (tempTask) return (await isTempTarget(s, tenant, call.deviceId, tempTask)) ? { status: 204 } : noDeployment();
  if (!/^\d{1,15}$/.test(call.deploymentId)) return noDeployment();
  const attempt = await attemptByAction(s.db, tenant, Number(call.deploymentId));
  if (!attempt || attempt.device_id !== call.deviceId) return noDeployment();
  await updateAttempt(s.db, tenant, attempt.action_id, { detail: tail, updated_at: s.now() });
  return { status: 204 };
}

/** A signed link's file, while the link is valid and the action is still the device's. */
async function download(s: Services, p: Record<string, string>): Promise<DdiExtensionAnswer> {
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
  const d = await deliveryFor(s, parts.pno, parts.deviceId);
  const file = d && d.id === parts.id ? menderFileOf(d) : null;
  if (!d || !file || file.filename !== parts.fileName) return noDeployment();
  if (d.kind === 'task' && d.action.state === 'offered')
    await report(s, parts.pno, parts.deviceId, d.action.actionId, { kind: 'downloading', protocol: 'mender' });
  return { status: 200, blob: { sha256: file.sha256, size: file.size, name: file.filename } };
}

export const menderDeliveries: MenderDeployments = { next, status, log, download };
