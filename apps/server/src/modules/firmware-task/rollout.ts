import type { TaskExecution } from '@keel/contract/endpoints/firmware-task';
import type { Db } from '../../platform/db/connect';
import type { Services } from '../../platform/services';
import type { Tenant } from '../../platform/tenancy/tenant';
import * as actions from '../device-action/service';
import { bestDelta, packageOf } from '../firmware/service';
import { firmwareActions } from './actions';
import { cancelAttempts, insertAttempts } from './attempt-repo';
import { deltaTakers } from './delta-takers';
import {
  type CandidateRow,
  candidates,
  claimPending,
  claimsOfPending,
  markOffered,
  releaseClaims,
  stagePendingRange,
  taskCandidates,
  taskDevicesIn,
  updateInStates,
  updateTaskDevices,
} from './device-repo';
import { type Counts, emptyCounts, executionOf, finalOf, stageOfPosition, stageSizes, totalOf } from './items';
import { judgeMany } from './judge';
import { packageOwner } from './package-owner';
import type * as repo from './repo';
import { type PackageFit, reportedVersion } from './selection';

/**
 * What moves a task's devices (README "Rollout"): claiming them at release and forming the staged groups,
 * starting, opening groups, offering devices their update (a new action per attempt), finishing. Every function
 * runs in the caller's transaction and answers the task row's patch; the caller writes it with the version check.
 */

export const IN_FLIGHT = ['offered', 'downloading', 'downloaded', 'installing', 'verifying'] as const;
export const UNSTARTED = ['pending', 'retrying'] as const;

interface StageTime {
  open: number | null;
  done: number | null;
}
export const stageTimesOf = (row: Pick<repo.TaskRow, 'stage_times'>) => JSON.parse(row.stage_times) as StageTime[];

/**
 * At release: judges the task's pending devices again (fit, version, offline, other tasks' claims), marks the
 * left-out ones excluded, claims the rest and forms the staged groups in the order they joined.
 */
export async function activate(db: Db, tenant: Tenant, row: repo.TaskRow, fit: PackageFit, now: number) {
  const exec = executionOf(row);
  // Set-based (a task may hold 100 000 devices): one read of the pending devices with their device rows, one of the
  // claims other tasks hold on them, an update per reason, updates only for the devices whose group changes (a
  // draft's devices already carry the group they were planned for: joinDevices), one insert of the claims.
  const rows = await taskCandidates(db, tenant, row.id, 'pending');
  const held = await claimsOfPending(db, tenant, row.sw_type, row.id);
  const judge = judgeMany(fit, exec, now);
  const excluded = new Map<string, string[]>();
  const keep: Array<(typeof rows)[number]> = [];
  for (const r of rows) {
    const reason =
      r.found === null
        ? 'incompatible'
        : (judge({ ...(r as unknown as CandidateRow), source: 'list' }) ??
          (held.has(r.device_id) && held.get(r.device_id) !== row.id ? 'inOtherTask' : null));
    if (reason) {
      const list = excluded.get(reason) ?? [];
      list.push(r.device_id);
      excluded.set(reason, list);
    } else keep.push(r);
  }
  for (const [reason, list] of excluded)
    await updateTaskDevices(db, tenant, row.id, list, {
      state: 'excluded',
      exclude_reason: reason,
      stage: -1,
      updated_at: now,
    });
  // Each device kept goes to the group of its position among them; only those whose planned group differs are
  // written, a run of consecutive ones with the same group by a range of `ord` (one statement) when the kept devices'
  // ords all differ and rise (the pending devices are then exactly the kept ones), else by ids.
  const sizes = stageSizes(keep.length, exec);
  const stageOf = stageOfPosition(sizes);
  const byRange = keep.every((r, i) => i === 0 || Number(r.ord) > Number(keep[i - 1]?.ord));
  const runs: Array<{ stage: number; from: number; to: number; ids: string[] }> = [];
  for (const [i, r] of keep.entries()) {
    const stage = stageOf(i);
    if (Number(r.stage) === stage) continue;
    const run = runs.at(-1);
    const prev = keep[i - 1];
    if (run && run.stage === stage && prev && run.ids.at(-1) === prev.device_id) {
      run.to = Number(r.ord);
      run.ids.push(r.device_id);
    } else runs.push({ stage, from: Number(r.ord), to: Number(r.ord), ids: [r.device_id] });
  }
  for (const run of runs) {
    if (byRange) await stagePendingRange(db, tenant, row.id, run, run.stage, now);
    else await updateTaskDevices(db, tenant, row.id, run.ids, { stage: run.stage, updated_at: now });
  }
  await claimPending(db, tenant, row.sw_type, row.id);
  return {
    stage_count: sizes.length,
    current_stage: -1,
    stage_times: JSON.stringify(sizes.map(() => ({ open: null, done: null }))),
  };
}

/** Back to a draft (approval rejected or withdrawn): claims released, devices pending again, groups undone. */
export async function deactivate(db: Db, tenant: Tenant, row: repo.TaskRow, now: number) {
  await releaseClaims(db, tenant, row.id);
  await updateInStates(db, tenant, row.id, ['pending', 'excluded'], {
    state: 'pending',
    exclude_reason: null,
    stage: -1,
    updated_at: now,
  });
  return { stage_count: 1, current_stage: -1, stage_times: '[]' };
}

/** Whether `now` is inside the daily maintenance window (none: always). */
export function inWindow(exec: TaskExecution, now: number): boolean {
  const w = exec.maintenanceWindow;
  if (!w) return true;
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: w.timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(now));
  const hh = parts.find((p) => p.type === 'hour')?.value ?? '00';
  const mm = parts.find((p) => p.type === 'minute')?.value ?? '00';
  const t = `${hh}:${mm}`;
  return w.start <= w.end ? t >= w.start && t < w.end : t >= w.start || t < w.end;
}

/** Opens group `index` (its devices are offered while the window allows). */
export function openStage(row: repo.TaskRow, index: number, now: number) {
  const times = stageTimesOf(row);
  const t = times[index] ?? { open: null, done: null };
  times[index] = { ...t, open: t.open ?? now };
  return { current_stage: index, stage_times: JSON.stringify(times) };
}

export function closeStage(row: Pick<repo.TaskRow, 'stage_times'>, index: number, now: number) {
  const times = stageTimesOf(row);
  const t = times[index] ?? { open: now, done: null };
  times[index] = { ...t, done: t.done ?? now };
  return JSON.stringify(times);
}

/**
 * The groups before `current` still open though every device of theirs is final — the next group opened when this
 * one reached its success threshold, before its last devices finished —, closed at `now`; null when there is none.
 */
export function closeFinishedStages(
  row: Pick<repo.TaskRow, 'stage_times'>,
  byStage: ReadonlyMap<number, Counts> | undefined,
  current: number,
  now: number,
): string | null {
  const times = stageTimesOf(row);
  let closed = false;
  for (let i = 0; i < current; i++) {
    const t = times[i];
    if (!t?.open || t.done) continue;
    const c = byStage?.get(i) ?? emptyCounts();
    if (totalOf(c) !== finalOf(c)) continue;
    times[i] = { ...t, done: now };
    closed = true;
  }
  return closed ? JSON.stringify(times) : null;
}

/**
 * Offers the update to the pending devices of the open groups (within the maintenance window): each gets a new
 * action (an attempt row) with the delta that fits the version it reports, else the full package. Answers how
 * many were offered.
 */
export async function offerDue(s: Services, db: Db, tenant: Tenant, row: repo.TaskRow, now: number, limit = 5000) {
  const exec = executionOf(row);
  if (!inWindow(exec, now)) return 0;
  const current = Number(row.current_stage);
  const due = await taskDevicesIn(db, tenant, row.id, ['pending'], { maxStage: current, limit });
  if (due.length === 0) return 0;
  // The firmware module's reads run in this transaction too (SQLite has one connection).
  const sx: Services = { ...s, db };
  const owner = packageOwner(row);
  const pkg = await packageOf(sx, owner, row.sw_id).catch(() => null);
  const fullSize = pkg ? Number(pkg.size) : 0;
  const devices = new Map(
    (await candidates(db, tenant, { ids: due.map((d) => d.device_id) })).map((d) => [d.device_id, d]),
  );
  // Only devices that can take a delta get one recorded (delta-takers.ts): a Mender device, or a package that is not
  // one raw image, downloads the full package, and its attempt says so.
  const takesDelta = pkg
    ? await deltaTakers(
        s,
        db,
        tenant,
        owner,
        pkg.id,
        due.map((d) => d.device_id),
      )
    : () => false;
  const deltas = new Map<string, Awaited<ReturnType<typeof bestDelta>>>();
  // One block of actions (device-action, consecutive ids), the attempts and the devices marked in slices (not three
  // statements a device).
  const firstId = await actions.enqueue(
    db,
    tenant,
    firmwareActions,
    { sourceId: row.id, deviceIds: due.map((d) => d.device_id) },
    now,
  );
  const attempts = [];
  for (const [k, d] of due.entries()) {
    const dev = devices.get(d.device_id);
    const from = dev ? reportedVersion(dev, row.sw_type) : '';
    let delta: Awaited<ReturnType<typeof bestDelta>> = null;
    if (takesDelta(d.device_id)) {
      if (!deltas.has(from)) deltas.set(from, from && pkg ? await bestDelta(sx, owner, pkg.id, from) : null);
      delta = deltas.get(from) ?? null;
    }
    const actionId = firstId + k;
    attempts.push({
      id: `${row.id}.${actionId}`,
      pno: tenant.pno,
      task_id: row.id,
      device_id: d.device_id,
      action_id: actionId,
      attempt: Number(d.attempts) + 1,
      state: 'offered',
      from_version: from,
      to_version: row.sw_version,
      delta_id: delta?.id ?? null,
      bytes: delta ? delta.size : fullSize,
      created_at: now,
      offer_at: now,
      updated_at: now,
    });
  }
  await insertAttempts(db, attempts);
  await markOffered(
    db,
    tenant,
    row.id,
    due.map((d) => d.device_id),
    now,
  );
  return due.length;
}

/**
 * Ends a task: devices not started are cancelled (with `inFlight`, those in flight too: their actions are
 * cancelled); claims are released.
 */
export async function finishDevices(db: Db, tenant: Tenant, row: repo.TaskRow, inFlight: boolean, now: number) {
  const states = inFlight ? [...UNSTARTED, ...IN_FLIGHT] : [...UNSTARTED];
  const n = await updateInStates(db, tenant, row.id, states, { state: 'cancelled', next_at: null, updated_at: now });
  if (inFlight) await cancelInFlight(db, tenant, row.id, null, now);
  await releaseClaims(db, tenant, row.id);
  return n;
}

/**
 * Cancels a task's in-flight attempts (of these devices, or all) and their actions, in the caller's transaction: a
 * device that may hold its action is told (DDI cancelAction) until it answers, unless it went over Mender, which has
 * no cancel (the action simply stops being offered). Call events.ts `actionsChanged` and `cancelsChanged` after.
 */
export async function cancelInFlight(
  db: Db,
  tenant: Tenant,
  taskId: string,
  deviceIds: readonly string[] | null,
  now: number,
) {
  await cancelAttempts(db, tenant, taskId, deviceIds, now);
  const tell = { states: ['pending', 'delivered', 'running'], exceptProtocols: ['mender'] };
  const close = { sourceId: taskId, ...(deviceIds ? { deviceIds } : {}), state: 'cancelled' as const, tell };
  await actions.closeCampaign(db, tenant, firmwareActions, close, now);
}
