import { type KeelCommandList, keelCommandFeedback } from '@keel/contract/device-api/keel-commands';
import { CMD_MESSAGE_MAX, type CmdType } from '@keel/contract/endpoints/directive';
import type { Services } from '../../platform/services';
import { propertyTenant } from '../../platform/tenancy/tenant';
import { error } from '../device/ddi-service';
import type { DdiExtensionAnswer, DdiExtensionCall, PollLinks } from '../device/extensions';
import { commandFlags } from './flags';
import * as repo from './repo';

/**
 * The device side of directives (README.md "Delivery"): Keel's extension of hawkBit DDI. A poll of a device with
 * commands waiting carries `_links.keelCommands` (answered from memory, flags.ts); `GET …/keelCommands` lists them
 * and marks them delivered; `POST …/keelCommands/{cmdId}/feedback` records the device's answer. The device module
 * authenticates and counts these calls as it does polls (modules/device/extensions.ts). No SQL and no HTTP here.
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
  return (await commandFlags(s).has(pno, deviceId)) ? { keelCommands: { href: `${base}/keelCommands` } } : null;
}

/** `GET …/keelCommands`: the waiting commands, oldest first; the pending ones are delivered now. */
export async function fetchCommands(s: Services, call: DdiExtensionCall): Promise<DdiExtensionAnswer> {
  const tenant = propertyTenant(call.pno);
  const now = s.now();
  const rows = await repo.openCommandsOf(s.db, tenant, call.deviceId, now, FETCH_MAX);
  if (rows.length === 0) {
    // The link was stale (the commands expired or were cancelled meanwhile): look again at the next poll.
    await commandFlags(s).changed(call.pno, [call.deviceId]);
  }
  await repo.markDelivered(
    s.db,
    tenant,
    call.deviceId,
    rows.filter((r) => r.state === 'pending').map((r) => r.cmd_id),
    now,
  );
  const body: KeelCommandList = {
    commands: rows.map((r) => ({
      id: r.cmd_id,
      type: r.type as CmdType,
      name: r.name,
      payload: parseObject(r.payload),
      issuedAt: Number(r.created_at),
      expiresAt: Number(r.expires_at),
      _links: { feedback: { href: `${call.base}/keelCommands/${encodeURIComponent(r.cmd_id)}/feedback` } },
    })),
  };
  return { status: 200, body };
}

/**
 * `POST …/keelCommands/{cmdId}/feedback`: `closed` with `success`/`failure` ends the device's target (succeeded or
 * failed, `details` its message) and, with its last open target, the command; anything else notes the details. The
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
  const target = await repo.targetOf(s.db, tenant, cmdId, call.deviceId);
  if (!target) return error(404, 'notFound', 'No such command for this device');
  const { execution, result, details } = parsed.data.status;
  const message = (details ?? []).join('\n').slice(0, CMD_MESSAGE_MAX);
  const now = s.now();
  const final =
    execution === 'closed' && result?.finished === 'success'
      ? 'succeeded'
      : execution === 'closed' || execution === 'rejected' || execution === 'canceled'
        ? 'failed'
        : null;
  if (target.state !== 'pending' && target.state !== 'delivered') {
    if (final === target.state) return { status: 200 };
    return error(410, 'gone', `The command is ${target.state}`);
  }
  if (target.command_state !== 'active' || Number(target.expires_at) <= now) {
    return error(410, 'gone', 'The command has expired or was cancelled');
  }
  if (!final) {
    await repo.noteProgress(s.db, tenant, cmdId, call.deviceId, message, now);
    return { status: 200 };
  }
  await s.db.transaction().execute((trx) => repo.finishTarget(trx, tenant, cmdId, call.deviceId, final, message, now));
  await commandFlags(s).changed(call.pno, [call.deviceId]);
  return { status: 200 };
}
