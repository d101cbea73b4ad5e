import type { TaskState } from '@keel/contract/endpoints/firmware-task';
import type { Updateable } from 'kysely';
import type { Db } from '../../platform/db/connect';
import type { RequestContext } from '../../platform/http/context';
import { AppError } from '../../platform/http/errors';
import type { Services } from '../../platform/services';
import { propertyTenant, type Tenant, tenantOf } from '../../platform/tenancy/tenant';
import {
  applicationOfSubject,
  applyTypeHooks,
  type FlowApplication,
  type HookContext,
  steps,
  submitApplication,
} from '../workflow/service';
import { countTaskDevices } from './device-repo';
import { actionsChanged, announce, cancelsChanged } from './events';
import { executionOf } from './items';
import { assertAllows, type TaskAction } from './machine';
import * as repo from './repo';
import { activate, deactivate, finishDevices, offerDue, openStage } from './rollout';
import { scheduleTick } from './schedule';
import { item, loadTask, packageFit } from './service';
import type { FwTasksTable } from './tables';

/**
 * The console's transitions (README "States"): each checks the state machine, then changes the task in one
 * transaction guarded by the task's version (a concurrent change makes it read again and judge anew).
 */

type Patch = Updateable<FwTasksTable>;

/** Runs `change` on the task (checked against `action`), writes its patch, and announces the new state. */
async function transition(
  s: Services,
  tenant: Tenant,
  id: string,
  action: TaskAction,
  locale: RequestContext['locale'],
  change: (trx: Db, row: repo.TaskRow, now: number) => Promise<Patch>,
): Promise<void> {
  for (let i = 0; i < 5; i++) {
    const row = await loadTask(s.db, tenant, id);
    assertAllows(row.state as TaskState, action, locale);
    const now = s.now();
    const done = await s.db
      .transaction()
      .execute(async (trx) => {
        const patch = await change(trx, row, now);
        const ok = await repo.updateTask(trx, tenant, id, Number(row.version), { ...patch, updated_at: now });
        if (!ok) throw new Retry();
        return patch;
      })
      .catch((e) => {
        if (e instanceof Retry) return null;
        throw e;
      });
    if (!done) continue;
    await actionsChanged(s, tenant);
    if (action === 'invalidate') await cancelsChanged(s, tenant);
    await scheduleTick(s);
    await announce(s, tenant, { taskId: id, state: String(done.state ?? row.state) });
    return;
  }
  throw new AppError('conflict', { reason: 'task' });
}

class Retry extends Error {}

/**
 * At most this many devices are offered in the transaction that starts a task; the engine's pass, queued by the
 * start, offers the rest (5 000 a pass). A task of 100 000 devices starts without waiting for thousands of offers.
 */
export const START_OFFERS = 500;

/** Starts a task now: running, its first group open, its first due devices offered (the rest by the engine). */
export async function startPatch(s: Services, trx: Db, tenant: Tenant, row: repo.TaskRow, now: number) {
  const opened = { ...row, ...openStage(row, 0, now), state: 'running' };
  await offerDue(s, trx, tenant, opened as repo.TaskRow, now, START_OFFERS);
  return { state: 'running', started_at: now, pause_reason: null, ...openStage(row, 0, now) } satisfies Patch;
}

/** Scheduled, or running at once when it starts now. */
async function schedulePatch(s: Services, trx: Db, tenant: Tenant, row: repo.TaskRow, now: number): Promise<Patch> {
  const exec = executionOf(row);
  const at = exec.startMode === 'at' && exec.startAt !== null ? exec.startAt : now;
  if (at <= now) return { ...(await startPatch(s, trx, tenant, row, now)), scheduled_at: at };
  return { state: 'scheduled', scheduled_at: at };
}

export async function release(s: Services, ctx: RequestContext, id: string) {
  const tenant = tenantOf(ctx);
  const row = await loadTask(s.db, tenant, id);
  assertAllows(row.state as TaskState, 'release', ctx.locale);
  const fit = await packageFit(s, tenant, row);
  const devices = await countTaskDevices(s.db, tenant, id);
  const rules = await repo.rulesOf(s.db, tenant, [id]);
  if (devices === 0 && rules.length === 0) throw new AppError('taskNoDevices');
  const needsApproval = (await steps(s, tenant, 'firmwareTask')).length > 0;
  if (!needsApproval) {
    await transition(s, tenant, id, 'release', ctx.locale, async (trx, r, now) => {
      const formed = await activate(trx, tenant, r, fit, now);
      return { ...formed, ...(await schedulePatch(s, trx, tenant, { ...r, ...formed } as repo.TaskRow, now)) };
    });
    return item(s, tenant, id);
  }
  // The application and the task's own change land together (areaWrite runs in the engine's transaction).
  const now = s.now();
  await submitApplication(
    s,
    {
      pno: tenant.pno,
      applyType: 'firmwareTask',
      applicantUid: ctx.user?.uid ?? '',
      subjectId: id,
      subjectName: `${row.name} (${row.sw_name} ${row.sw_version})`,
      snapshot: { taskId: id, name: row.name, swId: row.sw_id, swVersion: row.sw_version, mode: row.mode },
    },
    async (trx) => {
      const formed = await activate(trx, tenant, row, fit, now);
      const ok = await repo.updateTask(trx, tenant, id, Number(row.version), {
        ...formed,
        state: 'pendingApproval',
        updated_at: now,
      });
      if (!ok) throw new AppError('conflict', { reason: 'task' });
    },
  );
  const app = await applicationOfSubject(s, tenant.pno, 'firmwareTask', id);
  if (app) {
    const fresh = await loadTask(s.db, tenant, id);
    await repo.updateTask(s.db, tenant, id, Number(fresh.version), { apply_id: app.applyId });
  }
  // Ticks keep coming while it waits, so that it starts once approved.
  await scheduleTick(s);
  await announce(s, tenant, { taskId: id, state: 'pendingApproval' });
  return item(s, tenant, id);
}

/** The approval flow ended: passed schedules (or starts) the task; rejected or withdrawn makes it a draft again. */
async function approvalEnded(app: FlowApplication, h: HookContext, passed: boolean) {
  if (!app.subjectId) return;
  const tenant = propertyTenant(app.pno);
  const row = await repo.findTask(h.trx, tenant, app.subjectId);
  // Invalidated meanwhile: nothing to do.
  if (!row) return;
  if (row.state !== 'pendingApproval') return;
  const patch = passed
    ? await schedulePatch(h.s, h.trx, tenant, row, h.now)
    : { state: 'draft', ...(await deactivate(h.trx, tenant, row, h.now)) };
  await repo.updateTask(h.trx, tenant, row.id, Number(row.version), { ...patch, updated_at: h.now });
  h.result.taskState = patch.state;
}

export const firmwareTaskApplications = applyTypeHooks('firmwareTask', {
  onPassed: (app, h) => approvalEnded(app, h, true),
  onRejected: (app, h) => approvalEnded(app, h, false),
  onWithdrawn: (app, h) => approvalEnded(app, h, false),
});

export async function pause(s: Services, ctx: RequestContext, id: string) {
  const tenant = tenantOf(ctx);
  await transition(s, tenant, id, 'pause', ctx.locale, async () => ({ state: 'paused', pause_reason: 'manual' }));
  return item(s, tenant, id);
}

/**
 * Continues a paused task: one that never started is scheduled again (or starts); one paused at a group boundary
 * opens the next group.
 */
export async function resume(s: Services, ctx: RequestContext, id: string) {
  const tenant = tenantOf(ctx);
  await transition(s, tenant, id, 'continue', ctx.locale, async (trx, row, now) => {
    if (row.started_at === null) return { pause_reason: null, ...(await schedulePatch(s, trx, tenant, row, now)) };
    const current = Number(row.current_stage);
    const boundary = row.pause_reason === 'errorThreshold' || row.pause_reason === 'successThreshold';
    const next = boundary && current + 1 < Number(row.stage_count) ? openStage(row, current + 1, now) : {};
    const running = { ...row, ...next, state: 'running' } as repo.TaskRow;
    await offerDue(s, trx, tenant, running, now);
    return { state: 'running', pause_reason: null, ...next };
  });
  return item(s, tenant, id);
}

export async function stop(s: Services, ctx: RequestContext, id: string) {
  const tenant = tenantOf(ctx);
  await transition(s, tenant, id, 'stop', ctx.locale, async (trx, row, now) => {
    await finishDevices(trx, tenant, row, false, now);
    return { state: 'cancelled', pause_reason: null, finished_at: now };
  });
  return item(s, tenant, id);
}

export async function invalidate(s: Services, ctx: RequestContext, id: string) {
  const tenant = tenantOf(ctx);
  await transition(s, tenant, id, 'invalidate', ctx.locale, async (trx, row, now) => {
    await finishDevices(trx, tenant, row, true, now);
    return { state: 'invalidated', pause_reason: null, disabled_from: null, finished_at: now };
  });
  return item(s, tenant, id);
}

export async function setDisabled(s: Services, ctx: RequestContext, id: string, disable: 0 | 1) {
  const tenant = tenantOf(ctx);
  if (disable === 1)
    await transition(s, tenant, id, 'disable', ctx.locale, async (_trx, row) => ({
      state: 'disabled',
      disabled_from: row.state,
    }));
  else
    await transition(s, tenant, id, 'enable', ctx.locale, async (_trx, row) => ({
      state: row.disabled_from ?? 'paused',
      disabled_from: null,
      ...(row.disabled_from === 'paused' ? {} : { pause_reason: null }),
    }));
  return item(s, tenant, id);
}
