import { ACTION_RESULT_STATES, type ActionResultState } from '@keel/contract/endpoints/device-action';
import type { Db } from '../../platform/db/connect';
import { type DeviceFlagSource, type DeviceFlags, deviceFlags } from '../../platform/realtime/device-flags';
import type { Services } from '../../platform/services';
import { propertyTenant, type Tenant } from '../../platform/tenancy/tenant';
import type { ActionKind, DeliveredKind } from './kinds';
import { type ActionEvent, type ActionState, isOpen, nextState } from './machine';
import { forgetOffers } from './offer-cache';
import * as repo from './repo';

/**
 * Device actions (README.md): "this device should do this", for every kind of work a producer module sends to
 * devices. Producers enqueue a campaign's actions, read its results and close it; the device side fetches a
 * device's queue (from memory for a device with nothing waiting), and reports. No SQL and no HTTP here.
 */

export type { ActionKind } from './kinds';
export type ActionRow = repo.ActionRow;

// The device side's memory: which devices have open actions of a kind, and cancels to tell them of.

const flagSources = new Map<string, DeviceFlagSource>();

/** One kind's flags of a question about its actions (built once per name: a poll asks them on every call). */
function flagsOf(
  s: Services,
  name: string,
  all: (db: Db, tenant: Tenant) => Promise<readonly string[]>,
  one: (db: Db, tenant: Tenant, deviceId: string) => Promise<boolean>,
): DeviceFlags {
  let source = flagSources.get(name);
  if (!source) {
    source = {
      all: (s2, pno) => all(s2.db, propertyTenant(pno)),
      one: (s2, pno, deviceId) => one(s2.db, propertyTenant(pno), deviceId),
    };
    flagSources.set(name, source);
  }
  return deviceFlags(s, name, source);
}

/** The flags of one kind's open actions (platform/realtime/device-flags.ts): a poll asks them on every call. */
export const openFlags = (s: Services, kind: string): DeviceFlags =>
  flagsOf(
    s,
    `device-action:${kind}`,
    (db, t) => repo.devicesWithOpen(db, t, [kind]),
    async (db, t, deviceId) => (await repo.openActionsOf(db, t, deviceId, [kind], 1)).length > 0,
  );

/** The flags of one kind's cancels to tell (DDI cancelAction: only the DDI poll asks). */
export const cancelFlags = (s: Services, kind: string): DeviceFlags =>
  flagsOf(
    s,
    `device-action:${kind}:cancel`,
    (db, t) => repo.devicesWithRequestedCancels(db, t, [kind]),
    async (db, t, deviceId) => (await repo.requestedCancelOf(db, t, deviceId, [kind])) !== undefined,
  );

/** After actions of the devices (null: any of the property's) changed: every instance looks at them again. */
export async function devicesChanged(s: Services, tenant: Tenant, kind: string, deviceIds: readonly string[] | null) {
  forgetOffers(s, tenant.pno, deviceIds);
  await openFlags(s, kind).changed(tenant.pno, deviceIds);
}

// The producer side.

/**
 * Enqueues one pending action per device for a campaign, in the caller's transaction; call `devicesChanged` once
 * it has committed. Answers the first action id.
 */
export const enqueue = (
  db: Db,
  tenant: Tenant,
  kind: ActionKind,
  a: { sourceId: string; deviceIds: readonly string[]; expiresAt?: number | null },
  now: number,
) =>
  repo.insertActions(
    db,
    tenant,
    {
      kind: kind.kind,
      sourceId: a.sourceId,
      deviceIds: a.deviceIds,
      priority: kind.priority,
      expiresAt: a.expiresAt ?? null,
    },
    now,
  );

/** Actions a device holds (fetched, being worked on): a close tells their device (DDI cancelAction). */
export const HELD: repo.TellHolders = { states: ['delivered', 'running'] };

/**
 * Closes a campaign's open actions (of `deviceIds` only, when given; `cancelled` by its producer, or `expired`), in
 * the caller's transaction; those `tell` picks are told to their device (DDI cancelAction, for work a device may be in
 * the middle of) until it answers. Answers the devices whose actions changed: call `devicesChanged` (and
 * `cancelsChanged` with `tell`) after commit.
 */
export const closeCampaign = (
  db: Db,
  tenant: Tenant,
  kind: ActionKind,
  a: { sourceId: string; deviceIds?: readonly string[]; state: 'cancelled' | 'expired'; tell?: repo.TellHolders },
  now: number,
) => repo.closeOpenOfSource(db, tenant, { kind: kind.kind, ...a }, now);

export const cancelsChanged = (s: Services, tenant: Tenant, kind: ActionKind, deviceIds: readonly string[] | null) =>
  cancelFlags(s, kind.kind).changed(tenant.pno, deviceIds);

/** An action's state as a campaign's results show it (contract device-action.ts): one being worked on is `delivered`. */
export const resultState = (state: string): ActionResultState =>
  state === 'running' ? 'delivered' : (state as ActionResultState);

/** A campaign's counts (of `countsOf`) by result state, `running` counted as `delivered`. */
export const resultCounts = (counts: ReadonlyMap<string, number> | undefined): Record<ActionResultState, number> =>
  Object.fromEntries(
    ACTION_RESULT_STATES.map((st) => [
      st,
      (counts?.get(st) ?? 0) + (st === 'delivered' ? (counts?.get('running') ?? 0) : 0),
    ]),
  ) as Record<ActionResultState, number>;

/** A campaign's actions counted by state, per campaign. */
export async function countsOf(s: Services, tenant: Tenant, kind: ActionKind, sourceIds: readonly string[]) {
  const out = new Map<string, Map<string, number>>();
  for (const r of await repo.countsBySource(s.db, tenant, kind.kind, sourceIds)) {
    const counts = out.get(r.source_id) ?? new Map<string, number>();
    counts.set(r.state, (counts.get(r.state) ?? 0) + Number(r.n));
    out.set(r.source_id, counts);
  }
  return out;
}

export const pageOf = (
  s: Services,
  tenant: Tenant,
  kind: ActionKind,
  sourceId: string,
  states: readonly ActionState[] | undefined,
  page: { pageNum: number; pageSize: number },
) => repo.pageBySource(s.db, tenant, kind.kind, sourceId, states, page.pageNum, page.pageSize);

export const openDevicesOf = (db: Db, tenant: Tenant, kind: ActionKind, sourceId: string) =>
  repo.openDevicesOfSource(db, tenant, kind.kind, sourceId);
export const hasOpen = (db: Db, tenant: Tenant, kind: ActionKind, sourceId: string) =>
  repo.hasOpenOfSource(db, tenant, kind.kind, sourceId);
export const hadAction = (s: Services, tenant: Tenant, kind: ActionKind, sourceId: string, deviceId: string) =>
  repo.hasActionOf(s.db, tenant, kind.kind, sourceId, deviceId);
/** Of `deviceIds`, those the campaign has sent an action already. */
export const devicesInCampaign = (
  db: Db,
  tenant: Tenant,
  kind: ActionKind,
  sourceId: string,
  deviceIds: readonly string[],
) => repo.devicesOfSource(db, tenant, kind.kind, sourceId, deviceIds);
/** The campaigns of the kind that sent the device an action. */
export const campaignsOfDevice = (s: Services, tenant: Tenant, kind: ActionKind, deviceId: string) =>
  repo.sourcesOfDevice(s.db, tenant, kind.kind, deviceId);
/** The device's action of a campaign (its latest), any state. */
export const actionOfCampaign = (s: Services, tenant: Tenant, kind: ActionKind, sourceId: string, deviceId: string) =>
  repo.actionOfSource(s.db, tenant, kind.kind, sourceId, deviceId);
/** Of `deviceIds`, those with an open action of the kind, with its campaign. */
export const busyDevices = (db: Db, tenant: Tenant, kind: ActionKind, deviceIds: readonly string[]) =>
  repo.openOfDevices(db, tenant, kind.kind, deviceIds);
export const expiredCampaigns = (s: Services, tenant: Tenant, kind: ActionKind, sourceIds?: readonly string[]) =>
  repo.expiredSources(s.db, tenant, kind.kind, s.now(), sourceIds);
export const deleteCampaign = (db: Db, tenant: Tenant, kind: ActionKind, sourceId: string) =>
  repo.deleteBySource(db, tenant, kind.kind, sourceId);

// The device side.

/**
 * A device's open actions of a kind in its queue's order (at most `limit`), or none; from memory for a device with
 * nothing waiting. Actions past their expiry are not offered.
 */
export async function queueOf(
  s: Services,
  tenant: Tenant,
  kind: ActionKind,
  deviceId: string,
  limit: number,
): Promise<ActionRow[]> {
  if (!(await openFlags(s, kind.kind).has(tenant.pno, deviceId))) return [];
  const now = s.now();
  const rows = await repo.openActionsOf(s.db, tenant, deviceId, [kind.kind], limit);
  // The link was stale (the actions ended meanwhile): look again at the next poll.
  if (rows.length === 0) await openFlags(s, kind.kind).changed(tenant.pno, [deviceId]);
  return rows.filter((r) => r.expires_at === null || Number(r.expires_at) > now);
}

/**
 * The device fetched these actions (deploymentBase answered, commands listed): pending ones are delivered now, and
 * what the device is offered is read again.
 */
export async function fetched(s: Services, tenant: Tenant, deviceId: string, actionIds: readonly number[]) {
  if (actionIds.length === 0) return;
  await repo.markDelivered(s.db, tenant, actionIds, s.now());
  forgetOffers(s, tenant.pno, [deviceId]);
}

/** One of the device's actions of the kind (any state), or undefined. */
export async function actionOf(s: Services, tenant: Tenant, kind: ActionKind, deviceId: string, actionId: number) {
  const row = await repo.findAction(s.db, tenant, actionId);
  return row && row.device_id === deviceId && row.kind === kind.kind ? row : undefined;
}

/** What a device reports about an action, whatever its protocol. */
export interface ActionReport {
  /** What the device did: went on, succeeded, failed, or stopped on a cancel. */
  event: Extract<ActionEvent['kind'], 'progress' | 'success' | 'failure' | 'cancel'>;
  /** The producer's step (downloading, downloaded, installing, …). */
  stage?: string;
  /** Percent done. */
  progress?: number;
  /** What the device said (kept as the action's message; the previous one stays when absent). */
  message?: string;
  /** Why it failed, as the device's protocol says (`installFailed`, `ddi<code>`, `rejected`, …). */
  errorCode?: string;
  protocol?: string;
}

export type ReportOutcome = 'unknown' | 'stale' | 'recorded';

/**
 * Records a device's report on one of its actions (the one path of every protocol's feedback): a kind that judges
 * reports itself (`ActionKind.judge`) is handed it; else the state machine moves the action, and a final report
 * on the campaign's last open action lets its producer close the campaign, in the same transaction. `unknown`: not
 * one of the device's actions of the kind; `stale`: the action has ended (its state is kept).
 */
export async function report(
  s: Services,
  tenant: Tenant,
  kind: ActionKind & Pick<Partial<DeliveredKind>, 'judge'>,
  deviceId: string,
  actionId: number,
  r: ActionReport,
): Promise<ReportOutcome> {
  const row = await actionOf(s, tenant, kind, deviceId, actionId);
  if (!row) return 'unknown';
  if (kind.judge) return kind.judge(s, tenant, row, r);
  if (!nextState(row.state, { kind: r.event })) return 'stale';
  const now = s.now();
  const moved = await s.db.transaction().execute(async (trx) => {
    const next = await transition(trx, tenant, row, r, now);
    if (next && !isOpen(next) && !(await repo.hasOpenOfSource(trx, tenant, kind.kind, row.source_id)))
      await kind.campaignEnded(trx, tenant, row.source_id, now);
    return next;
  });
  if (!moved) return 'stale';
  forgetOffers(s, tenant.pno, [deviceId]);
  if (!isOpen(moved)) await devicesChanged(s, tenant, kind.kind, [deviceId]);
  return 'recorded';
}

/**
 * Moves an action through the state machine on a device's report, in the caller's transaction, for a producer
 * that judges the report itself (firmware tasks: retries, the version check) and keeps the action in step; no
 * campaign hook, no flags (call `devicesChanged` after commit when the action ended). Answers the new state, or
 * null when the report does not apply (a final action) or another writer moved it first.
 */
export async function transition(
  db: Db,
  tenant: Tenant,
  row: Pick<ActionRow, 'action_id' | 'state' | 'delivered_at'>,
  r: ActionReport,
  now: number,
): Promise<ActionState | null> {
  const next = nextState(row.state, { kind: r.event });
  if (!next) return null;
  const patch = {
    state: next,
    ...(r.stage !== undefined ? { stage: r.stage } : {}),
    ...(r.progress !== undefined ? { progress: Math.max(0, Math.min(100, Math.round(r.progress))) } : {}),
    ...(next === 'succeeded' ? { progress: 100 } : {}),
    ...(r.message !== undefined ? { message: r.message } : {}),
    ...(r.protocol ? { protocol: r.protocol } : {}),
    ...(row.delivered_at === null ? { delivered_at: now } : {}),
    ...(!isOpen(next) ? { finished_at: now } : {}),
    updated_at: now,
  };
  return (await repo.updateAction(db, tenant, Number(row.action_id), [row.state], patch)) ? next : null;
}

/** An action by id (any kind, any device), or undefined: for a producer that keeps its own rows by action id. */
export const findAction = (db: Db, tenant: Tenant, actionId: number) => repo.findAction(db, tenant, actionId);

/** The device's cancelled action it has not answered yet, or undefined (from memory for a device with none). */
export async function cancelToTell(s: Services, tenant: Tenant, kind: ActionKind, deviceId: string) {
  if (!(await cancelFlags(s, kind.kind).has(tenant.pno, deviceId))) return undefined;
  return repo.requestedCancelOf(s.db, tenant, deviceId, [kind.kind]);
}

/**
 * The device's answer to a cancel it was told: `confirmed` (it stopped) or `rejected` (it went on; the campaign
 * let go of the action, so only the answer and its message are kept). False when none of the device's was waiting.
 */
export async function answerCancel(
  s: Services,
  tenant: Tenant,
  kind: ActionKind,
  deviceId: string,
  actionId: number,
  answer: 'confirmed' | 'rejected',
  message: string,
): Promise<boolean> {
  const row = await actionOf(s, tenant, kind, deviceId, actionId);
  if (!row) return false;
  const done = await repo.answerCancel(s.db, tenant, actionId, answer, message, s.now());
  if (done) await cancelFlags(s, kind.kind).changed(tenant.pno, [deviceId]);
  return done;
}
