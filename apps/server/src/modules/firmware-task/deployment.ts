import type { TaskExecution } from '@keel/contract/endpoints/firmware-task';
import type { Services } from '../../platform/services';
import { propertyTenant, type Tenant } from '../../platform/tenancy/tenant';
import type { Artifact, DeliveredKind, Deployment } from '../device-action/kinds';
import type { ActionReport, ActionRow, ReportOutcome } from '../device-action/service';
import { packageOf } from '../firmware/service';
import { firmwareActions } from './actions';
import { updateAttempt } from './attempt-repo';
import {
  cancelAnswered,
  type DeviceAction,
  type DeviceReport,
  installedAction,
  offeredAction,
  report,
} from './delivery';
import { installed } from './installed';
import { inWindow } from './rollout';
import { offeredArtifactName } from './success-rule';

/**
 * What a task's action is to the device-action delivery (README.md "Device side"): its deployment — handling from
 * the mode, the maintenance window, one chunk of the package's files or the delta for the reported version, Keel's
 * signed manifest, the `.mender` artifact —, the installed base, and the task's reactions to reports (delivery.ts
 * `report`: retries, the version check, counters), cancel answers and Mender logs.
 */

const OCTETS = 'application/octet-stream';

const HANDLING = {
  soft: { download: 'attempt', update: 'attempt' },
  forced: { download: 'forced', update: 'forced' },
  downloadOnly: { download: 'forced', update: 'skip' },
} as const;

/** The files an action offers, by the names the device downloads them under (and a delta's metadata). */
function filesOf(a: DeviceAction): { artifacts: Artifact[]; metadata: { key: string; value: string }[] } {
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
    metadata: [],
  };
}

/** The package's `.mender` file, with the artifact name and device types the firmware module read from it. */
function menderOf(a: DeviceAction): Deployment['mender'] {
  const f = a.files.find((x) => x.kind === 'mender');
  if (!f) return null;
  const info = f.artifact ?? {};
  return {
    filename: f.name,
    sha256: f.sha256,
    size: f.size,
    contentType: OCTETS,
    artifactName: offeredArtifactName(f),
    deviceTypes: Array.isArray(info.deviceTypes) ? info.deviceTypes.map(String) : [],
  };
}

function deploymentOf(s: Services, a: DeviceAction): Deployment {
  const window = a.window;
  return {
    ...HANDLING[a.mode],
    ...(window ? { windowOpen: (now: number) => inWindow({ maintenanceWindow: window } as TaskExecution, now) } : {}),
    part: a.swType === 'app' ? 'bApp' : 'os',
    version: a.version,
    name: a.swName,
    ...filesOf(a),
    mender: menderOf(a),
    signed: async () => {
      // A package shared with the device's (customer) property is its owner's (package-owner.ts).
      const pkg = await packageOf(s, propertyTenant(a.swPno), a.swId).catch(() => null);
      return pkg?.manifest ? { manifest: pkg.manifest, signature: pkg.manifest_sig } : null;
    },
  };
}

const STAGES = new Set(['downloading', 'downloaded', 'installing']);

/** A device's report, as the task reads it (delivery.ts `report`). */
function judge(s: Services, tenant: Tenant, action: ActionRow, r: ActionReport): Promise<ReportOutcome> {
  const kind: DeviceReport['kind'] =
    r.event === 'progress'
      ? r.stage && STAGES.has(r.stage)
        ? (r.stage as DeviceReport['kind'])
        : 'progress'
      : r.event === 'cancel'
        ? 'cancelled'
        : r.event;
  return report(s, tenant.pno, action.device_id, Number(action.action_id), {
    kind,
    protocol: (r.protocol ?? 'sim') as DeviceReport['protocol'],
    ...(r.progress !== undefined ? { progress: r.progress } : {}),
    ...(r.errorCode !== undefined ? { errorCode: r.errorCode } : {}),
    ...(r.message !== undefined ? { detail: r.message } : {}),
  });
}

/** Firmware tasks' actions as the device-action delivery gives them (contributed in routes.ts). */
export const taskActionKind: DeliveredKind = {
  ...firmwareActions,
  business: 'firmware',
  // The attempt keeps the last 500 characters a device said (its detail).
  messageMax: 500,
  judge,
  delivery: {
    as: 'deployment',
    async describe(s, tenant, action) {
      const a = await offeredAction(s, tenant, Number(action.action_id));
      return a && deploymentOf(s, a);
    },
    installed: {
      last: (s, tenant, deviceId) => installed(s).of(tenant.pno, deviceId),
      async describe(s, tenant, deviceId, actionId) {
        const a = await installedAction(s, tenant.pno, deviceId, actionId);
        return a && deploymentOf(s, a);
      },
    },
    async logged(s, tenant, action, tail) {
      await updateAttempt(s.db, tenant, Number(action.action_id), { detail: tail, updated_at: s.now() });
    },
    cancelAnswered: (s, tenant, action, answer, detail) =>
      cancelAnswered(s, tenant, Number(action.action_id), answer, detail),
  },
};
