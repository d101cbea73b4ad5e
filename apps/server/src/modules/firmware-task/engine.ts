import type { Services } from '../../platform/services';
import { propertyTenant, type Tenant } from '../../platform/tenancy/tenant';
import { applyRule } from './assign';
import { attemptByAction } from './attempt-repo';
import { applyOutcome, failureNext, type Next } from './delivery';
import { candidates, releaseClaims, requeueDueRetries, taskDevicesIn, updateInStates } from './device-repo';
import { actionsChanged, announce } from './events';
import { type Counts, countsOf, emptyCounts, executionOf, finalOf, totalOf } from './items';
import * as repo from './repo';
import { closeFinishedStages, closeStage, offerDue, openStage } from './rollout';
import { scheduleTick, tickMs } from './schedule';
import { packageFit } from './service';
import { offeredOnce, ruleOf, successBasis } from './success-rule';
import { startPatch } from './transitions';

/**
 * The rollout engine (README "Rollout"): one tick starts due tasks, confirms or times out devices waiting for their
 * new version, puts retries whose back-off ended back in line, lets rules bring in new devices, offers the open
 * groups' devices, opens the next group when the current one reached its success threshold (and can no longer reach
 * its error threshold), pauses at the group boundary on the error threshold, completes finished tasks, and samples
 * progress. It runs as the self-rescheduling job `firmware.task.tick` (any instance, one at a time).
 */

const SAMPLE_MS = 30_000;
const RULES_MS = 60_000;
const lastRules = new Map<string, number>();

export async function tick(s: Services): Promise<void> {
  const rows = await repo.tasksInStates(s.db, ['scheduled', 'running', 'paused']);
  for (const row of rows) {
    try {
      await tickTask(s, propertyTenant(row.pno), row);
    } catch (err) {
      s.log.warn({ err, task: row.id }, 'firmware task tick failed');
    }
  }
}

async function write(s: Services, tenant: Tenant, row: repo.TaskRow, patch: Parameters<typeof repo.updateTask>[4]) {
  return repo.updateTask(s.db, tenant, row.id, Number(row.version), { ...patch, updated_at: s.now() });
}

/** A task's counts: all its devices by state, and by group and state. */
interface TaskCounts {
  all: Counts;
  byStage: ReadonlyMap<number, Counts>;
}

async function taskCounts(s: Services, tenant: Tenant, taskId: string): Promise<TaskCounts> {
  const { byTask, byStage } = await countsOf(s.db, tenant, [taskId]);
  return { all: byTask.get(taskId) ?? emptyCounts(), byStage: byStage.get(taskId) ?? new Map() };
}

/**
 * One pass over a task. Its counts (one covering scan of its devices: a task may hold 100 000) are read once at
 * the start and tell which steps have work (devices verifying, retries, pending devices in open groups); they are
 * read again only when a step changed some device, so that a pass over a large task where nothing moved costs one
 * count.
 */
async function tickTask(s: Services, tenant: Tenant, row: repo.TaskRow) {
  const now = s.now();
  const before = await taskCounts(s, tenant, row.id);
  if (row.state === 'scheduled') {
    if (row.scheduled_at !== null && Number(row.scheduled_at) <= now) {
      const ok = await s.db.transaction().execute(async (trx) => {
        const patch = await startPatch(s, trx, tenant, row, now);
        return repo.updateTask(trx, tenant, row.id, Number(row.version), { ...patch, updated_at: now });
      });
      if (ok) await settled(s, tenant, row, 'running', before.all, await taskCounts(s, tenant, row.id));
    }
    return;
  }
  let moved = false;
  if (before.all.verifying > 0) moved = (await confirmVersions(s, tenant, row, now)) || moved;
  if (before.all.retrying > 0) moved = (await retriesDue(s, tenant, row, now)) || moved;
  const recount = async () => (moved ? taskCounts(s, tenant, row.id) : before);
  if (row.state !== 'running') return settled(s, tenant, row, row.state, before.all, await recount());
  const rules = await repo.rulesOf(s.db, tenant, [row.id]);
  if (rules.length > 0 && now - (lastRules.get(row.id) ?? 0) >= RULES_MS) {
    lastRules.set(row.id, now);
    const fit = await packageFit(s, tenant, row);
    const added = await s.db.transaction().execute(async (trx) => {
      let n = 0;
      for (const rule of rules)
        n += await applyRule(trx, tenant, row, fit, { id: rule.id, filter: JSON.parse(rule.filter) }, now);
      return n;
    });
    moved = added > 0 || moved;
  }
  // Offers only when an open group has pending devices (retries just put back in line count: `moved`).
  const current = Number(row.current_stage);
  const due = moved || [...before.byStage].some(([stage, c]) => stage <= current && c.pending > 0);
  const offered = due ? await s.db.transaction().execute((trx) => offerDue(s, trx, tenant, row, now)) : 0;
  if (offered > 0) {
    moved = true;
    await actionsChanged(s, tenant);
  }
  const counts = await recount();
  const next = await advance(s, tenant, row, rules.length > 0, counts, now);
  // Completing cancels the pending devices left: counted again.
  await settled(s, tenant, row, next, before.all, next === 'completed' ? await taskCounts(s, tenant, row.id) : counts);
}

/**
 * Devices waiting for their new version: succeeded when they report it (or, over Mender, the artifact name Keel
 * offered: success-rule.ts), failed (or retried) when time is up. Answers whether any of them moved.
 */
async function confirmVersions(s: Services, tenant: Tenant, row: repo.TaskRow, now: number) {
  const waiting = await taskDevicesIn(s.db, tenant, row.id, ['verifying']);
  if (waiting.length === 0) return false;
  const exec = executionOf(row);
  const devices = new Map(
    (await candidates(s.db, tenant, { ids: waiting.map((d) => d.device_id) })).map((d) => [d.device_id, d]),
  );
  let moved = false;
  const rule = ruleOf(row);
  const offered = offeredOnce(s, row);
  for (const d of waiting) {
    const basis = await successBasis(rule, devices.get(d.device_id), row, offered);
    const next: Next | null = basis
      ? { state: 'succeeded', successBy: basis }
      : d.next_at !== null && Number(d.next_at) <= now
        ? failureNext(exec, Number(d.attempts), 'versionNotConfirmed', now)
        : null;
    // Still waiting: nothing to read or write.
    if (!next) continue;
    const attempt = d.action_id === null ? undefined : await attemptByAction(s.db, tenant, Number(d.action_id));
    if (!attempt) continue;
    moved = true;
    await applyOutcome(s, tenant, row, d, attempt, next, { now, detail: '', progress: {}, protocol: attempt.protocol });
  }
  return moved;
}

/** Retries whose back-off ended go back in line (pending: offered again while the task runs); answers whether any. */
async function retriesDue(s: Services, tenant: Tenant, row: repo.TaskRow, now: number) {
  return (await requeueDueRetries(s.db, tenant, row.id, now)) > 0;
}

/** Share (0–100) of `part` in `whole`. */
const share = (part: number, whole: number) => (whole === 0 ? 0 : (part * 100) / whole);

/** Moves a running task on at its group boundary (`counts`: the task's now); answers its state afterwards. */
async function advance(
  s: Services,
  tenant: Tenant,
  row: repo.TaskRow,
  hasRules: boolean,
  counts: TaskCounts,
  now: number,
) {
  let fresh = await repo.findTask(s.db, tenant, row.id);
  if (!fresh) return row.state;
  if (fresh.state !== 'running') return fresh.state;
  const exec = executionOf(fresh);
  const current = Number(fresh.current_stage);
  const last = Number(fresh.stage_count) - 1;
  const byStage = counts.byStage;
  // Earlier groups whose last devices finished after the next group opened are done now.
  const closed = closeFinishedStages(fresh, byStage, current, now);
  if (closed && (await write(s, tenant, fresh, { stage_times: closed }))) {
    fresh = await repo.findTask(s.db, tenant, row.id);
    if (fresh?.state !== 'running') return fresh?.state ?? row.state;
  }
  const c: Counts = byStage.get(current) ?? emptyCounts();
  const total = totalOf(c);
  const finished = finalOf(c);
  const notFinal = total - finished;
  const done = notFinal === 0;
  const succeeded = share(c.succeeded, total);
  const failedNow = share(c.failed, total);
  const failedAtMost = share(c.failed + notFinal, total);
  if (current < last) {
    if (done && total > 0 && failedNow >= exec.errorThreshold) {
      await write(s, tenant, fresh, {
        state: 'paused',
        pause_reason: 'errorThreshold',
        stage_times: closeStage(fresh, current, now),
      });
      return 'paused';
    }
    if (total === 0 || (succeeded >= exec.successThreshold && failedAtMost < exec.errorThreshold)) {
      const times = done ? { stage_times: closeStage(fresh, current, now) } : {};
      const opened = openStage({ ...fresh, ...times } as repo.TaskRow, current + 1, now);
      await write(s, tenant, fresh, opened);
      return 'running';
    }
    if (done) {
      await write(s, tenant, fresh, {
        state: 'paused',
        pause_reason: 'successThreshold',
        stage_times: closeStage(fresh, current, now),
      });
      return 'paused';
    }
    return 'running';
  }
  // The last group: the task completes when every device is final (a task with rules keeps running for newcomers).
  const all = counts.all;
  if (totalOf(all) === finalOf(all) && !hasRules) {
    const ok = await s.db.transaction().execute(async (trx) => {
      await releaseClaims(trx, tenant, fresh.id);
      await updateInStates(trx, tenant, fresh.id, ['pending'], { state: 'cancelled', updated_at: now });
      return repo.updateTask(trx, tenant, fresh.id, Number(fresh.version), {
        state: 'completed',
        finished_at: now,
        stage_times: closeStage(fresh, current, now),
        updated_at: now,
      });
    });
    if (ok) return 'completed';
  }
  return 'running';
}

/**
 * Samples the counts (when they differ from the last sample, else at most every SAMPLE_MS) and announces a change:
 * of the state, or of the counts since the last sample — devices report between ticks, so the counts the tick began
 * with (`before`) may already differ from what was last announced.
 */
async function settled(
  s: Services,
  tenant: Tenant,
  row: repo.TaskRow,
  state: string,
  before: Counts,
  counts: TaskCounts,
) {
  const after = counts.all;
  const text = JSON.stringify(after);
  const now = s.now();
  const last = await repo.lastSample(s.db, tenant, row.id);
  const moved = last ? last.counts !== text : text !== JSON.stringify(before);
  const changed = state !== row.state || moved;
  if (!last || last.counts !== text || now - Number(last.at) >= SAMPLE_MS)
    await repo.insertSample(s.db, tenant, row.id, now, text);
  if (changed)
    await announce(s, tenant, {
      taskId: row.id,
      state,
      counts: after,
      currentStage: Number(row.current_stage),
    });
}

/** The job: a tick, then the next one while any task is scheduled, running or paused. */
export async function runTickJob(s: Services) {
  try {
    await tick(s);
  } finally {
    const left = await repo.tasksInStates(s.db, ['pendingApproval', 'scheduled', 'running', 'paused']);
    if (left.length > 0) await scheduleTick(s, s.now() + tickMs(s));
  }
}
