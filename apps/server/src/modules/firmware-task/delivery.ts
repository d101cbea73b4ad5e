import type { SuccessBasis } from '@keel/contract/endpoints/firmware-task';
import type { Services } from '../../platform/services';
import { propertyTenant, type Tenant } from '../../platform/tenancy/tenant';
import * as actions from '../device-action/service';
import { bestDelta, filesOfPackage, recordUpgrade } from '../firmware/service';
import { firmwareActions } from './actions';
import { attemptByAction, attemptWithTask, updateAttempt } from './attempt-repo';
import { candidates, taskDeviceOf, updateTaskDevices } from './device-repo';
import { actionsChanged } from './events';
import { taskFlags } from './flags';
import { installedChanged } from './installed';
import { executionOf } from './items';
import { packageOwner } from './package-owner';
import { findTask } from './repo';
import { inWindow } from './rollout';
import { offeredOnce, ruleOf, successBasis } from './success-rule';

/**
 * The device side of tasks, for any protocol (README "Delivery"): what a task's action (a device action of kind
 * `firmware`, modules/device-action) offers, and what the device reports. The device-action delivery calls these
 * through the kind (actions.ts, deployment.ts).
 */

/** Whether the device may have an action: answered from memory once the property's set is loaded (flags.ts). */
export const hasAction = (s: Services, pno: string, deviceId: string): Promise<boolean> =>
  taskFlags(s).has(pno, deviceId);

export interface OfferedFile {
  name: string;
  size: number;
  sha256: string;
  fid: string;
  kind: string;
  /** What the firmware module read from an `.swu` or `.mender` artifact (a Mender artifact's name, device types). */
  artifact: Record<string, unknown> | null;
}

export interface DeviceAction {
  actionId: number;
  taskId: string;
  taskName: string;
  state: string;
  attempt: number;
  mode: 'soft' | 'forced' | 'downloadOnly';
  /** The package (its signed manifest: firmware `packageOf`) and the property owning it (`package-owner.ts`). */
  swId: string;
  swPno: string;
  swType: string;
  swName: string;
  version: string;
  /** Whether the maintenance window is open now. */
  inWindow: boolean;
  window: { start: string; end: string; timeZone: string } | null;
  files: OfferedFile[];
  /** The delta for the version the device reports, if one is ready. */
  delta: { id: string; size: number; sha256: string; fromVersion: string } | null;
}

/**
 * The device's current task action (the first of its open ones whose task offers it now: the model's queue,
 * priority then age), or null; none read for a device without one (flags.ts). The device-action delivery keeps
 * what a device is offered in memory: this is the task's own view, read each time.
 */
export async function currentAction(s: Services, pno: string, deviceId: string): Promise<DeviceAction | null> {
  if (!(await hasAction(s, pno, deviceId))) return null;
  const tenant = propertyTenant(pno);
  for (const open of await actions.queueOf(s, tenant, firmwareActions, deviceId, 5)) {
    const action = await offeredAction(s, tenant, Number(open.action_id));
    if (action) return action;
  }
  return null;
}

/** Task states whose open actions are offered: a disabled task offers nothing until it is enabled again. */
const OFFERING = new Set(['running', 'paused', 'cancelled', 'completed']);

/**
 * What an open action offers, or null when its task offers nothing now (disabled) or the device has closed it and
 * the task waits for its version (`verifying`).
 */
export async function offeredAction(s: Services, tenant: Tenant, actionId: number): Promise<DeviceAction | null> {
  const row = await attemptWithTask(s.db, tenant, actionId);
  if (!row || !OFFERING.has(row.task_state) || row.state === 'verifying') return null;
  return actionOf(s, tenant, { ...row, action_id: Number(row.action_id) }, true);
}

/**
 * The device's installed action (DDI installedBase): one of its attempts that succeeded in a task that installs
 * (not download-only), with the package's files as offered (never a delta), or null.
 */
export async function installedAction(
  s: Services,
  pno: string,
  deviceId: string,
  actionId: number,
): Promise<DeviceAction | null> {
  const tenant = propertyTenant(pno);
  const row = await attemptWithTask(s.db, tenant, actionId);
  if (!row || row.device_id !== deviceId || row.state !== 'succeeded' || row.mode === 'downloadOnly') return null;
  return actionOf(s, tenant, { ...row, action_id: Number(row.action_id) }, false);
}

interface ActionRow {
  action_id: number;
  task_id: string;
  name: string;
  state: string;
  attempts: number | string;
  mode: string;
  sw_id: string;
  sw_pno: string | null;
  pno: string;
  sw_type: string;
  sw_version: string;
  execution: string;
}

async function actionOf(s: Services, tenant: Tenant, open: ActionRow, withDelta: boolean): Promise<DeviceAction> {
  const exec = executionOf(open);
  // A final task outlives its package: an installed action whose package went has no files left to offer.
  // A package shared with the device's (customer) property is its owner's: its files and deltas are read there.
  const owner = packageOwner(open);
  const files = await filesOfPackage(s, owner, open.sw_id).catch(() => []);
  let delta: DeviceAction['delta'] = null;
  if (withDelta) {
    const attempt = await attemptByAction(s.db, tenant, open.action_id);
    if (attempt?.delta_id && attempt.from_version) {
      const d = await bestDelta(s, owner, open.sw_id, attempt.from_version);
      if (d) delta = { id: d.id, size: d.size, sha256: d.sha256, fromVersion: attempt.from_version };
    }
  }
  return {
    actionId: open.action_id,
    taskId: open.task_id,
    taskName: open.name,
    state: open.state,
    attempt: Number(open.attempts),
    mode: open.mode as DeviceAction['mode'],
    swId: open.sw_id,
    swPno: owner.pno,
    swType: open.sw_type,
    swName: open.name,
    version: open.sw_version,
    inWindow: inWindow(exec, s.now()),
    window: exec.maintenanceWindow,
    files: files.map((f) => ({
      name: f.name,
      size: Number(f.size),
      sha256: f.sha256,
      fid: f.fid,
      kind: f.kind,
      artifact: f.artifact ? (JSON.parse(f.artifact) as Record<string, unknown>) : null,
    })),
    delta,
  };
}

/** What a device reports about an action, whatever its protocol. */
export interface DeviceReport {
  kind: 'downloading' | 'downloaded' | 'installing' | 'success' | 'failure' | 'cancelled' | 'progress';
  progress?: number;
  errorCode?: string;
  detail?: string;
  protocol: 'ddi' | 'mender' | 'sim';
}

export type ReportOutcome = 'unknown' | 'stale' | 'recorded';

const ORDER = ['offered', 'downloading', 'downloaded', 'installing', 'verifying'];

/**
 * Records a device's report on one of its actions: moves the device's delivery on, decides a failure (retry with
 * back-off when the policy allows, else failed) and confirms success when the device reports the new version
 * (else it waits for it, `verifying`, until the task's confirmation window ends).
 */
export async function report(
  s: Services,
  pno: string,
  deviceId: string,
  actionId: number,
  r: DeviceReport,
): Promise<ReportOutcome> {
  const tenant = propertyTenant(pno);
  const attempt = await attemptByAction(s.db, tenant, actionId);
  if (!attempt || attempt.device_id !== deviceId) return 'unknown';
  const now = s.now();
  const detail = (r.detail ?? '').slice(0, 500);
  const final = ['succeeded', 'failed', 'cancelled'].includes(attempt.state);
  if (final) return 'stale';
  const task = await findTask(s.db, tenant, attempt.task_id);
  const row = await taskDeviceOf(s.db, tenant, attempt.task_id, deviceId);
  if (!task || !row || Number(row.action_id) !== actionId) return 'stale';
  // The device rejected the cancel of an action the task had let go of (README "Device side"): what it reports is
  // recorded on the attempt (history, upgrade record) and the task device stays cancelled.
  const detached = row.state === 'cancelled';
  const exec = executionOf(task);
  const progress = r.progress === undefined ? {} : { progress: Math.max(0, Math.min(100, Math.round(r.progress))) };
  let next: Next | null = null;
  const forward = (state: string) => (ORDER.indexOf(state) > ORDER.indexOf(row.state) ? state : row.state);
  switch (r.kind) {
    case 'progress':
      next = detached ? { state: attempt.state } : { state: row.state === 'offered' ? 'downloading' : row.state };
      break;
    case 'downloading':
    case 'installing':
      next = { state: forward(r.kind) };
      break;
    case 'downloaded':
      next = exec.mode === 'downloadOnly' ? { state: 'succeeded' } : { state: forward('downloaded') };
      break;
    case 'success': {
      // The task's success rule (success-rule.ts): succeeded now, or verifying until the device reports its version.
      const [dev] = await candidates(s.db, tenant, { ids: [deviceId] });
      const basis = await successBasis(ruleOf(task), dev, task, offeredOnce(s, task));
      next = basis
        ? { state: 'succeeded', successBy: basis }
        : detached
          ? { state: 'succeeded' }
          : { state: 'verifying', nextAt: now + exec.confirmMinutes * 60_000 };
      break;
    }
    case 'failure':
      next = detached
        ? { state: 'failed', errorCode: r.errorCode || 'installFailed' }
        : failureNext(exec, Number(row.attempts), r.errorCode || 'installFailed', now);
      break;
    case 'cancelled':
      next = { state: 'cancelled' };
      break;
  }
  await applyOutcome(s, tenant, task, row, attempt, next, { now, detail, progress, protocol: r.protocol, detached });
  return 'recorded';
}

/** A delivery's new state, with what decided a success (`success_by`). */
export interface Next {
  state: string;
  errorCode?: string;
  nextAt?: number | null;
  successBy?: SuccessBasis;
}

/** After a failure: a retry when attempts remain and the code is one the policy retries, else failed. */
export function failureNext(
  exec: ReturnType<typeof executionOf>,
  attempts: number,
  errorCode: string,
  now: number,
): { state: string; errorCode: string; nextAt: number | null } {
  const codeOk = exec.retry.errorCodes.length === 0 || exec.retry.errorCodes.includes(errorCode);
  if (codeOk && attempts <= exec.retry.attempts) {
    const delay = exec.retry.backoffSec * 1000 * exec.retry.backoffFactor ** Math.max(0, attempts - 1);
    return { state: 'retrying', errorCode, nextAt: now + Math.round(delay) };
  }
  return { state: 'failed', errorCode, nextAt: null };
}

type Attempt = NonNullable<Awaited<ReturnType<typeof attemptByAction>>>;

/** Writes a delivery's new state: the task device, the attempt and, once final, the device's upgrade record. */
export async function applyOutcome(
  s: Services,
  tenant: Tenant,
  task: { id: string; sw_id: string; pno: string; sw_pno?: string | null },
  row: { device_id: string; state: string },
  attempt: Attempt,
  next: Next | null,
  o: { now: number; detail: string; progress: { progress?: number }; protocol: string; detached?: boolean },
) {
  if (!next) return;
  const attemptState = next.state === 'retrying' ? 'failed' : next.state;
  const ended = ['succeeded', 'failed', 'cancelled', 'retrying'].includes(next.state);
  const event = deviceEvent(next.state);
  const action = event ? await actions.findAction(s.db, tenant, attempt.action_id) : undefined;
  await s.db.transaction().execute(async (trx) => {
    // The device's side of it, in the device-action model (a detached action stays cancelled there).
    if (action && event && !o.detached)
      await actions.transition(
        trx,
        tenant,
        action,
        {
          event,
          ...(event === 'progress' ? { stage: next.state } : {}),
          ...o.progress,
          ...(o.detail ? { message: o.detail } : {}),
          protocol: o.protocol,
        },
        o.now,
      );
    if (!o.detached)
      await updateTaskDevices(trx, tenant, task.id, [row.device_id], {
        state: next.state,
        ...(next.errorCode !== undefined ? { error_code: next.errorCode } : {}),
        ...(next.nextAt !== undefined ? { next_at: next.nextAt } : {}),
        ...(next.successBy ? { success_by: next.successBy } : {}),
        updated_at: o.now,
      });
    await updateAttempt(trx, tenant, attempt.action_id, {
      state: attemptState,
      ...(next.errorCode ? { error_code: next.errorCode } : {}),
      ...(o.detail ? { detail: o.detail } : {}),
      ...o.progress,
      protocol: o.protocol,
      ...(next.state === 'downloading' && !attempt.download_at ? { download_at: o.now } : {}),
      ...(next.state === 'installing' && !attempt.install_at ? { install_at: o.now } : {}),
      ...(ended ? { finish_at: o.now } : {}),
      updated_at: o.now,
    });
  });
  // Any change of the delivery's state changes what a poll offers (a verifying device is not offered its action).
  if (ended || next.state !== row.state) await actionsChanged(s, tenant, [row.device_id]);
  if (ended) {
    if (next.state === 'succeeded') await installedChanged(s, tenant.pno, [row.device_id]);
    if (next.state === 'succeeded' || next.state === 'failed' || next.state === 'retrying')
      await recordUpgrade(
        s,
        tenant,
        {
          deviceId: row.device_id,
          packageId: task.sw_id,
          fromVersion: attempt.from_version,
          delta: attempt.delta_id ? 1 : 0,
          state: next.state === 'succeeded' ? 'succeeded' : 'failed',
        },
        packageOwner(task),
      ).catch(() => undefined);
  }
}

/** What a delivery's new state means for the device's action: it went on, or the device closed it. */
function deviceEvent(state: string): 'progress' | 'success' | 'failure' | 'cancel' | null {
  if (state === 'downloading' || state === 'downloaded' || state === 'installing') return 'progress';
  if (state === 'succeeded' || state === 'verifying') return 'success';
  if (state === 'failed' || state === 'retrying') return 'failure';
  if (state === 'cancelled') return 'cancel';
  return null;
}

/**
 * The device's answer to a cancelled action it was told about (DDI cancelAction feedback, README "Device side"), on
 * the attempt (the device action has recorded it): `confirmed` — it stopped; `rejected` — it went on (hawkBit's
 * "back to running"): the attempt returns to the state it had and what the device reports next is recorded on it
 * (the task device stays cancelled); `info` — anything else, its detail kept.
 */
export async function cancelAnswered(
  s: Services,
  tenant: Tenant,
  actionId: number,
  answer: 'confirmed' | 'rejected' | 'info',
  detail: string,
): Promise<void> {
  const attempt = await attemptByAction(s.db, tenant, actionId);
  if (!attempt) return;
  await updateAttempt(s.db, tenant, actionId, {
    ...(detail ? { detail } : {}),
    ...(answer === 'rejected' ? { state: attempt.cancel_from ?? 'installing', finish_at: null } : {}),
    updated_at: s.now(),
  });
}
