import { type KeelCommandList, keelCommandFeedback } from '@keel/contract/device-api/keel-commands';
import { CMD_MESSAGE_MAX, type CmdType } from '@keel/contract/endpoints/directive';
import type { Services } from '../../platform/services';
import { propertyTenant } from '../../platform/tenancy/tenant';
import { error } from '../device/ddi-service';
import type { DdiExtensionAnswer, DdiExtensionCall, PollLinks } from '../device/extensions';
import * as actions from '../device-action/service';
import { commandActions } from './actions';
import * as repo from './repo';

/**
 * The device side of directives (README.md "Delivery"): Keel's extension of hawkBit DDI over the device's queue of
 * command actions (modules/device-action). A poll of a device with commands waiting carries `_links.keelCommands`
 * (answered from memory); `GET …/keelCommands` lists them and marks them delivered; `POST
 * …/keelCommands/{cmdId}/feedback` records the device's answer. The device module authenticates and counts these
 * calls as it does polls (modules/device/extensions.ts). No SQL and no HTTP here.
 */

/** Commands one fetch answers (a device with more gets the rest on its next poll). */
const FETCH_MAX = 20;

const parseObject = (json: string): Record<string, unknown> => {
  try {
    const v: unknown = JSON.parse(json);
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

/** The poll's link while commands wait for the device; from memory for a device with none. */
export async function commandLinks(
  s: Services,
  pno: string,
  deviceId: string,
  base: string,
): Promise<PollLinks | null> {
  const waiting = await actions.openFlags(s, commandActions.kind).has(pno, deviceId);
  return waiting ? { keelCommands: { href: `${base}/keelCommands` } } : null;
}

/** `GET …/keelCommands`: the waiting commands, oldest first; the pending ones are delivered now. */
export async function fetchCommands(s: Services, call: DdiExtensionCall): Promise<DdiExtensionAnswer> {
  const tenant = propertyTenant(call.pno);
  const queue = await actions.queueOf(s, tenant, commandActions, call.deviceId, FETCH_MAX);
  const commands = new Map(
    (
      await repo.commandsFor(
        s.db,
        tenant,
        queue.map((a) => a.source_id),
      )
    ).map((c) => [c.cmd_id, c]),
  );
  const rows = queue.flatMap((a) => {
    const c = commands.get(a.source_id);
    return c && c.state === 'active' ? [{ action: a, command: c }] : [];
  });
  await actions.fetched(
    s,
    tenant,
    rows.filter((r) => r.action.state === 'pending').map((r) => Number(r.action.action_id)),
  );
  const body: KeelCommandList = {
    commands: rows.map(({ command: c }) => ({
      id: c.cmd_id,
      type: c.type as CmdType,
      name: c.name,
      payload: parseObject(c.payload),
      issuedAt: Number(c.created_at),
      expiresAt: Number(c.expires_at),
      _links: { feedback: { href: `${call.base}/keelCommands/${encodeURIComponent(c.cmd_id)}/feedback` } },
    })),
  };
  return { status: 200, body };
}

/**
 * `POST …/keelCommands/{cmdId}/feedback`: `closed` with `success`/`failure` ends the device's action (succeeded or
 * failed, `details` its message) and, with its last open action, the command; anything else notes the details. The
 * same final answer again is 200 (devices retry); an answer to an expired or cancelled command is 410.
 */
export async function commandFeedback(s: Services, call: DdiExtensionCall): Promise<DdiExtensionAnswer> {
  const parsed = keelCommandFeedback.safeParse(call.body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return error(400, 'badRequest', `Invalid feedback: ${issue?.path.join('.') || issue?.message || 'body'}`);
  }
  const cmdId = call.params.cmdId ?? '';
  const tenant = propertyTenant(call.pno);
  const action = await actions.actionOfCampaign(s, tenant, commandActions, cmdId, call.deviceId);
  if (!action) return error(404, 'notFound', 'No such command for this device');
  const { execution, result, details } = parsed.data.status;
  const message = (details ?? []).join('\n').slice(0, CMD_MESSAGE_MAX);
  const final =
    execution === 'closed' && result?.finished === 'success'
      ? 'succeeded'
      : execution === 'closed' || execution === 'rejected' || execution === 'canceled'
        ? 'failed'
        : null;
  if (action.state !== 'pending' && action.state !== 'delivered' && action.state !== 'running') {
    if (final === action.state) return { status: 200 };
    return error(410, 'gone', `The command is ${action.state}`);
  }
  if (action.expires_at !== null && Number(action.expires_at) <= s.now()) {
    return error(410, 'gone', 'The command has expired or was cancelled');
  }
  const event = final === 'succeeded' ? 'success' : final === 'failed' ? 'failure' : 'progress';
  await actions.report(s, tenant, commandActions, call.deviceId, Number(action.action_id), {
    event,
    message,
    protocol: 'ddi',
  });
  return { status: 200 };
}
