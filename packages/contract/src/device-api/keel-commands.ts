import { z } from 'zod';
import { CMD_TYPES } from '../endpoints/command';
import { type DeviceApiEndpoint, ddiError, ddiParams } from './ddi';

/**
 * Keel's extension of hawkBit DDI for commands (apps/server/src/modules/command/README.md): while commands wait
 * for a device, its poll answer carries `_links.keelCommands`; the device GETs it, acts on each command and POSTs
 * its feedback, shaped as hawkBit's action feedback. hawkBit clients (SWUpdate, RAUC) ignore the link; Keel's device
 * simulator follows it. Same authentication (`TargetToken` / `GatewayToken`) and allowance as the poll.
 */

const link = z.object({ href: z.string() });

/**
 * What a device may be given through the resource: the console's commands (`cmd/sendCmd`), app installs (an app
 * store push: `payload` names the app, version, its SHA-256 and size, the APK's `path` on this server, and `force`)
 * and routed security commands (`securityCommand`: `payload` carries the function's code, the token the device
 * verifies offline, the argument and the function's response codes; the device answers one of them as the first
 * line of its feedback's `details`).
 */
export const DEVICE_COMMAND_TYPES = [...CMD_TYPES, 'appInstall', 'securityCommand'] as const;

export const keelCommand = z.object({
  id: z.string(),
  type: z.enum(DEVICE_COMMAND_TYPES),
  /** A custom command's name ('' for the others). */
  name: z.string(),
  /** The command's JSON payload (a config push's configuration). */
  payload: z.record(z.string(), z.unknown()),
  issuedAt: z.number().int(),
  expiresAt: z.number().int(),
  _links: z.object({ feedback: link }),
});

export const keelCommandList = z.object({ commands: z.array(keelCommand) });
export type KeelCommandList = z.output<typeof keelCommandList>;

/**
 * hawkBit's action feedback: `closed` with `success` or `failure` ends the command on the device; `proceeding` (or
 * any other execution) only notes its `details`. `details` become the result's message (a log upload's tail).
 */
export const keelCommandFeedback = z.object({
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
    result: z.object({ finished: z.enum(['success', 'failure', 'none']) }).optional(),
    details: z.array(z.string().max(4000)).max(50).optional(),
  }),
  time: z.unknown().optional(),
});
export type KeelCommandFeedback = z.output<typeof keelCommandFeedback>;

const refused = {
  401: { description: 'No valid credential for this tenant and controller', schema: ddiError },
  403: { description: 'The device was rejected by an administrator', schema: ddiError },
  429: { description: 'Calling faster than allowed; `Retry-After` says when to come back', schema: ddiError },
};

export const keelCommandEndpoints = {
  keelCommands: {
    method: 'GET',
    path: '/{tenant}/controller/v1/{controllerId}/keelCommands',
    summary:
      "Keel extension: the device's waiting commands, oldest first (at most 20); fetching marks them delivered. Linked from the poll answer while any wait",
    params: ddiParams,
    responses: { 200: { description: 'The waiting commands', schema: keelCommandList }, ...refused },
  },
  keelCommandFeedback: {
    method: 'POST',
    path: '/{tenant}/controller/v1/{controllerId}/keelCommands/{cmdId}/feedback',
    summary:
      "Keel extension: the device's answer to a command, as hawkBit's action feedback (closed + success/failure ends it, with `details` as its message)",
    params: ddiParams.extend({ cmdId: z.string().min(1).max(64) }),
    body: keelCommandFeedback,
    responses: {
      200: { description: 'Recorded (also when the same answer is sent again)', schema: null },
      400: { description: 'The body is not a valid feedback', schema: ddiError },
      404: { description: 'No such command for this device', schema: ddiError },
      410: { description: 'The command has expired or was cancelled', schema: ddiError },
      ...refused,
    },
  },
} as const satisfies Record<string, DeviceApiEndpoint>;
