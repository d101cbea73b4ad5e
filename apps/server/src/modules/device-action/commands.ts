import { type KeelCommandList, keelCommandFeedback } from '@keel/contract/device-api/keel-commands';
import { hasBusiness } from '../../platform/auth/businesses';
import type { Services } from '../../platform/services';
import { propertyTenant } from '../../platform/tenancy/tenant';
import { error } from '../device/ddi-service';
import type { DdiExtensionAnswer, DdiExtensionCall, PollLinkCall, PollLinks } from '../device/extensions';
import { parseFeedback } from './ddi';
import { type Command, type CommandKind, type DeliveredKind, kindsGivenAs } from './kinds';
import * as repo from './repo';
import * as actions from './service';

/**
 * Keel's commands resource, an extension of hawkBit DDI (README.md "Delivery"), for every kind given as commands
 * (kinds.ts): a poll of a device with commands waiting carries `_links.keelCommands` (answered from memory); `GET
 * …/keelCommands` lists them, its queue's order, and marks them delivered; `POST …/keelCommands/{id}/feedback`
 * reports the device's answer on the command (its campaign) to `report`. No SQL and no HTTP here.
 */

type CommandActionKind = DeliveredKind & { delivery: CommandKind };

/** Commands one fetch answers (a device with more gets the rest on its next poll). */
const FETCH_MAX = 20;

const commandKinds = (s: Services, businesses: ReadonlySet<string>) =>
  kindsGivenAs(s, 'command').filter((k) => hasBusiness(businesses, k.business)) as CommandActionKind[];

/** The kinds with commands waiting for the device; from memory for a device with none. */
async function waitingKinds(s: Services, pno: string, businesses: ReadonlySet<string>, deviceId: string) {
  const out: CommandActionKind[] = [];
  for (const k of commandKinds(s, businesses)) if (await actions.openFlags(s, k.kind).has(pno, deviceId)) out.push(k);
  return out;
}

/** The poll's link while commands wait for the device. */
export async function commandLinks(s: Services, call: PollLinkCall): Promise<PollLinks> {
  const waiting = await waitingKinds(s, call.pno, call.businesses, call.deviceId);
  return waiting.length > 0 ? { keelCommands: { href: `${call.base}/keelCommands` } } : {};
}

/** `GET …/keelCommands`: the waiting commands, in the queue's order; the pending ones are delivered now. */
export async function fetchCommands(s: Services, call: DdiExtensionCall): Promise<DdiExtensionAnswer> {
  const tenant = propertyTenant(call.pno);
  const kinds = await waitingKinds(s, call.pno, call.businesses, call.deviceId);
  const names = kinds.map((k) => k.kind);
  const open = names.length === 0 ? [] : await repo.openActionsOf(s.db, tenant, call.deviceId, names, FETCH_MAX);
  // The link was stale (the actions ended meanwhile): look again at the next poll.
  if (open.length === 0) for (const name of names) await actions.openFlags(s, name).changed(call.pno, [call.deviceId]);
  const now = s.now();
  const queue = open.filter((a) => a.expires_at === null || Number(a.expires_at) > now);
  const described = new Map<number, Command>();
  for (const k of kinds) {
    const mine = queue.filter((a) => a.kind === k.kind);
    if (mine.length > 0) for (const [id, c] of await k.delivery.describe(s, tenant, mine)) described.set(id, c);
  }
  const rows = queue.flatMap((action) => {
    const command = described.get(Number(action.action_id));
    return command ? [{ action, command }] : [];
  });
  await actions.fetched(
    s,
    tenant,
    call.deviceId,
    rows.filter((r) => r.action.state === 'pending').map((r) => Number(r.action.action_id)),
  );
  const body: KeelCommandList = {
    commands: rows.map(({ action, command: c }) => ({
      id: action.source_id,
      type: c.type as KeelCommandList['commands'][number]['type'],
      name: c.name,
      payload: c.payload,
      issuedAt: c.issuedAt,
      expiresAt: c.expiresAt,
      _links: { feedback: { href: `${call.base}/keelCommands/${encodeURIComponent(action.source_id)}/feedback` } },
    })),
  };
  return { status: 200, body };
}

/**
 * `POST …/keelCommands/{id}/feedback` (the id is the command's, its campaign): `closed` with `success`/`failure`
 * ends the device's action (succeeded or failed, `details` its message) and, with its last open action, the
 * command; anything else notes the details. The same final answer again is 200 (devices retry); an answer to an
 * expired or cancelled command is 410.
 */
export async function commandFeedback(s: Services, call: DdiExtensionCall): Promise<DdiExtensionAnswer> {
  const parsed = parseFeedback(keelCommandFeedback, call.body);
  if ('status' in parsed) return parsed;
  const sourceId = call.params.cmdId ?? '';
  const tenant = propertyTenant(call.pno);
  let found: { kind: DeliveredKind; action: actions.ActionRow } | undefined;
  for (const kind of kindsGivenAs(s, 'command')) {
    if (found) break;
    const action = await actions.actionOfCampaign(s, tenant, kind, sourceId, call.deviceId);
    if (action) found = { kind, action };
  }
  if (!found) return error(404, 'notFound', 'No such command for this device');
  const { kind, action } = found;
  const { execution, result, details } = parsed.feedback.status;
  const message = (details ?? []).join('\n').slice(0, kind.messageMax);
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
  await actions.report(s, tenant, kind, call.deviceId, Number(action.action_id), { event, message, protocol: 'ddi' });
  return { status: 200 };
}
