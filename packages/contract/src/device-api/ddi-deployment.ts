import { z } from 'zod';
import { type DeviceApiEndpoint, ddiError, ddiParams } from './ddi';

/**
 * hawkBit DDI deployments (apps/server/src/modules/firmware-task/README.md "Device side"): while a device has an
 * update, its poll answer links `deploymentBase/{actionId}`; the device reads the chunks and their artifacts,
 * downloads them (with its TargetToken), installs and POSTs feedback. The action stays offered until a `closed`
 * feedback arrives (SWUpdate confirms with closed/success only after its restart). An action cancelled while the
 * device may hold it is linked as `cancelAction/{actionId}` (instead of the next deployment) until the device
 * answers: closed/success confirms, rejected or closed/failure refuses (hawkBit's semantics). Once the device has
 * installed an action, the poll also links `installedBase/{actionId}` (the last one). Action ids are integers from
 * one platform-wide counter, for formal and temporary tasks alike (SWUpdate reads them as 32-bit integers).
 */

const link = z.object({ href: z.string() });
const handling = z.enum(['forced', 'attempt', 'skip']);

export const ddiArtifact = z.object({
  filename: z.string(),
  hashes: z.object({ sha1: z.string(), md5: z.string(), sha256: z.string() }),
  size: z.number().int(),
  _links: z.object({ 'download-http': link, 'md5sum-http': link.optional() }),
});

export const ddiChunk = z.object({
  part: z.string(),
  version: z.string(),
  name: z.string(),
  /** Keel's: `keel.delta.from`, `keel.delta.format` (bsdiff4), `keel.target.sha256`, `keel.target.size` for a delta. */
  metadata: z.array(z.object({ key: z.string(), value: z.string() })).optional(),
  artifacts: z.array(ddiArtifact),
});

export const ddiDeploymentBase = z.object({
  id: z.string(),
  deployment: z.object({
    download: handling,
    update: handling,
    maintenanceWindow: z.enum(['available', 'unavailable']).optional(),
    chunks: z.array(ddiChunk),
  }),
  actionHistory: z.object({ status: z.string(), messages: z.array(z.string()) }).optional(),
});
export type DdiDeploymentBase = z.output<typeof ddiDeploymentBase>;

/** hawkBit's action feedback (deploymentBase and cancelAction). */
export const ddiActionFeedback = z.object({
  /** SWUpdate sends the action id as a number, hawkBit's documents as a string. */
  id: z.union([z.string().max(80), z.number()]).optional(),
  time: z.unknown().optional(),
  status: z.object({
    execution: z.enum([
      'closed',
      'proceeding',
      'canceled',
      'scheduled',
      'rejected',
      'resumed',
      'downloaded',
      'download',
    ]),
    result: z
      .object({
        finished: z.enum(['success', 'failure', 'none']),
        progress: z.object({ cnt: z.number().int().min(0), of: z.number().int().min(0).optional() }).optional(),
      })
      .optional(),
    code: z.number().int().optional(),
    details: z.array(z.string().max(4000)).max(50).optional(),
  }),
});
export type DdiActionFeedback = z.output<typeof ddiActionFeedback>;

export const ddiCancelAction = z.object({ id: z.string(), cancelAction: z.object({ stopId: z.string() }) });

const refused = {
  401: { description: 'No valid credential for this tenant and controller', schema: ddiError },
  403: { description: 'The device was rejected by an administrator', schema: ddiError },
  429: { description: 'Calling faster than allowed; `Retry-After` says when to come back', schema: ddiError },
};
const actionParams = ddiParams.extend({ actionId: z.string().min(1).max(80) });
const noAction = { 404: { description: 'No such action for this device', schema: ddiError } };

export const ddiDeploymentEndpoints = {
  deploymentBase: {
    method: 'GET',
    path: '/{tenant}/controller/v1/{controllerId}/deploymentBase/{actionId}',
    summary:
      'The update offered to the device: download/update handling (forced, attempt, skip), the maintenance window, chunks with their artifacts (sha1, md5, sha256, size, download link). The delta for the version the device reports when one is ready',
    params: actionParams,
    responses: { 200: { description: 'The deployment', schema: ddiDeploymentBase }, ...noAction, ...refused },
  },
  deploymentFeedback: {
    method: 'POST',
    path: '/{tenant}/controller/v1/{controllerId}/deploymentBase/{actionId}/feedback',
    summary:
      "The device's progress on an update: proceeding, scheduled, resumed, downloaded, closed with success or failure (and a progress count)",
    params: actionParams,
    body: ddiActionFeedback,
    responses: {
      200: { description: 'Recorded (also for an action that has ended meanwhile)', schema: null },
      400: { description: 'The body is not a valid feedback', schema: ddiError },
      ...noAction,
      ...refused,
    },
  },
  installedBase: {
    method: 'GET',
    path: '/{tenant}/controller/v1/{controllerId}/installedBase/{actionId}',
    summary:
      "The deployment of an update the device installed (hawkBit's installed base): one of its own actions that succeeded; the poll links the last one",
    params: actionParams,
    responses: { 200: { description: 'The installed deployment', schema: ddiDeploymentBase }, ...noAction, ...refused },
  },
  cancelAction: {
    method: 'GET',
    path: '/{tenant}/controller/v1/{controllerId}/cancelAction/{actionId}',
    summary:
      'A cancelled update the device may hold: the action to stop (`stopId`). Linked by the poll until the device answers',
    params: actionParams,
    responses: { 200: { description: 'The cancellation', schema: ddiCancelAction }, ...noAction, ...refused },
  },
  cancelFeedback: {
    method: 'POST',
    path: '/{tenant}/controller/v1/{controllerId}/cancelAction/{actionId}/feedback',
    summary:
      'The device\'s answer to a cancellation: closed with success confirms it; rejected or closed with failure refuses it (the device goes on with the update, hawkBit\'s "back to running"); other states are information',
    params: actionParams,
    body: ddiActionFeedback,
    responses: {
      200: { description: 'Recorded', schema: null },
      400: { description: 'The body is not a valid feedback', schema: ddiError },
      ...noAction,
      ...refused,
    },
  },
  artifact: {
    method: 'GET',
    path: '/{tenant}/controller/v1/{controllerId}/softwaremodules/{softwareModuleId}/artifacts/{fileName}',
    summary:
      "An artifact of the device's own current action (one Range answers 206). The software module id is the action's",
    params: ddiParams.extend({ softwareModuleId: z.string().min(1).max(80), fileName: z.string().min(1).max(255) }),
    responses: {
      200: { description: 'The bytes', schema: null },
      206: { description: 'The requested range', schema: null },
      ...noAction,
      ...refused,
    },
    responseType: 'application/octet-stream',
  },
} as const satisfies Record<string, DeviceApiEndpoint>;
