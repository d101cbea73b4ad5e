import {
  EXCLUDE_REASONS,
  type ExcludeReason,
  type SuccessBasis,
  type SuccessRule,
  TASK_FINAL_STATES,
  TASK_MODE_NAMES,
  TASK_MODES,
  TASK_SELECT_MAX,
  type TaskExecution,
  type TaskState,
} from '@keel/contract/endpoints/firmware-task';
import type { Locale } from '@keel/contract/status';
import type { Db } from '../../platform/db/connect';
import type { RequestContext } from '../../platform/http/context';
import { AppError, notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import type { Services } from '../../platform/services';
import { type Tenant, tenantOf } from '../../platform/tenancy/tenant';
import { propertyDeviceOnlineWindowMs } from '../device/reads';
import { packageOf, usablePackage } from '../firmware/service';
import { claimsOf, errorCodes, insertTaskDevices, maxStage, pageAssigned } from './device-repo';
import { countsOf, emptyCounts, executionOf, stageOfPosition, stageSizes, taskItemOf } from './items';
import { judgeMany } from './judge';
import { actionsOf, assertAllows } from './machine';
import { packageOwner } from './package-owner';
import * as repo from './repo';
import { type Candidate, type PackageFit, reportedVersion, type Selection, selectDevices } from './selection';
import { successRuleFor } from './settings';

/** Firmware tasks: reading them, making and editing drafts (README.md). Transitions: transitions.ts. */

export async function loadTask(db: Db, tenant: Tenant, id: string, field = 'id'): Promise<repo.TaskRow> {
  const row = await repo.findTask(db, tenant, id);
  if (!row) throw notFound(field);
  return row;
}

export const fitOf = (row: Pick<repo.TaskRow, 'sw_type' | 'sw_version'>, models: readonly string[]): PackageFit => ({
  swType: row.sw_type,
  version: row.sw_version,
  models,
});

/** The package's fit (the models it names), read from the package (in its owner's property) while it exists. */
export async function packageFit(s: Services, _tenant: Tenant, row: repo.TaskRow): Promise<PackageFit> {
  try {
    const pkg = await packageOf(s, packageOwner(row), row.sw_id);
    return fitOf(row, JSON.parse(pkg.models) as string[]);
  } catch {
    return fitOf(row, []);
  }
}

export async function items(s: Services, tenant: Tenant, rows: readonly repo.TaskRow[]) {
  const ids = rows.map((r) => r.id);
  const { byTask } = await countsOf(s.db, tenant, ids);
  const rules = await repo.rulesOf(s.db, tenant, ids);
  return rows.map((r) =>
    taskItemOf(r, byTask.get(r.id) ?? emptyCounts(), rules.filter((x) => x.task_id === r.id).length),
  );
}

export async function item(s: Services, tenant: Tenant, id: string) {
  const [one] = await items(s, tenant, [await loadTask(s.db, tenant, id)]);
  if (!one) throw notFound('id');
  return one;
}

export async function list(
  s: Services,
  ctx: RequestContext,
  input: { pageNum: number; pageSize: number; state?: string; swType?: string; swId?: string; str?: string },
) {
  const tenant = tenantOf(ctx);
  const { rows, total } = await repo.pageTasks(s.db, tenant, input, input.pageNum, input.pageSize);
  return { list: await items(s, tenant, rows), total, pageNum: input.pageNum, pageSize: input.pageSize };
}

export const ruleItemOf = (r: Awaited<ReturnType<typeof repo.rulesOf>>[number]) => ({
  id: r.id,
  taskId: r.task_id,
  name: r.name,
  filter: JSON.parse(r.filter),
  matched: Number(r.matched),
  createTime: Number(r.created_at),
});

export async function info(s: Services, ctx: RequestContext, id: string) {
  const tenant = tenantOf(ctx);
  const row = await loadTask(s.db, tenant, id);
  const [base] = await items(s, tenant, [row]);
  if (!base) throw notFound('id');
  const { byStage } = await countsOf(s.db, tenant, [id]);
  const times = JSON.parse(row.stage_times) as Array<{ open: number | null; done: number | null }>;
  const stages = Array.from({ length: Number(row.stage_count) }, (_, index) => {
    // A draft's devices carry only the group they are planned for (joinDevices): no group before release.
    const counts = (row.state !== 'draft' && byStage.get(id)?.get(index)) || emptyCounts();
    const t = times[index] ?? { open: null, done: null };
    const state: 'waiting' | 'open' | 'done' = t.done ? 'done' : t.open ? 'open' : 'waiting';
    const size = Object.entries(counts).reduce((n, [k, v]) => (k === 'excluded' ? n : n + v), 0);
    return { index, size, state, counts, openTime: t.open, doneTime: t.done };
  });
  const rules = (await repo.rulesOf(s.db, tenant, [id])).map(ruleItemOf);
  const codes = (await errorCodes(s.db, tenant, id)).map((r) => ({ errorCode: r.error_code, count: Number(r.n) }));
  return { ...base, stages, rules, can: actionsOf(row.state as TaskState), errorCodes: codes };
}

export function workTypes(locale: Locale) {
  return TASK_MODES.map((m) => ({
    workType: m,
    name: TASK_MODE_NAMES[m][locale],
    description: locale === 'en' ? TASK_MODE_NAMES[m].descEn : TASK_MODE_NAMES[m].descZh,
  }));
}

/** Checks settings a schema cannot: the start time, the staged percentages, the time zone. */
export function checkExecution(exec: TaskExecution, now: number) {
  if (exec.startMode === 'at') {
    if (exec.startAt === null) throw new AppError('taskStartMissing');
    if (exec.startAt < now - 60_000) throw new AppError('taskStartPast');
  }
  if (exec.stages.by === 'percent' && exec.stages.sizes.reduce((a, b) => a + b, 0) >= 100)
    throw new AppError('taskStagesTooBig');
  const tz = exec.maintenanceWindow?.timeZone;
  if (tz) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
    } catch {
      throw new AppError('taskBadTimeZone', { timeZone: tz });
    }
  }
}

/** A published package for a task: the property's own or one shared with it (its owner's: `sw_pno`). */
async function publishedPackage(s: Services, ctx: RequestContext, swId: string) {
  const { owner, row: pkg } = await usablePackage(s, ctx, swId);
  if (!Number(pkg.published)) throw new AppError('swNotPublished');
  return { ...pkg, owner };
}

export interface JoinResult {
  added: number;
  present: number;
  excluded: Array<{ reason: ExcludeReason; count: number }>;
}

/**
 * Adds candidates to a task: one already in it counts as present; one that does not fit, already runs the version,
 * is offline too long or (for an active task) held by another task is reported, not added. In an active task the
 * added devices are claimed and join the last group. Runs in the caller's transaction.
 */
export async function joinDevices(
  db: Db,
  tenant: Tenant,
  row: repo.TaskRow,
  fit: PackageFit,
  found: readonly Candidate[],
  existing: ReadonlySet<string>,
  now: number,
  claim: (ids: readonly string[]) => Promise<void>,
): Promise<JoinResult> {
  const exec = executionOf(row);
  const fresh = found.filter((d) => !existing.has(d.device_id));
  const reasons = new Map<ExcludeReason, number>();
  const keep: Candidate[] = [];
  const active = row.state !== 'draft';
  const held = active
    ? await claimsOf(
        db,
        tenant,
        row.sw_type,
        fresh.map((d) => d.device_id),
      )
    : new Map();
  const judge = judgeMany(fit, exec, now);
  for (const d of fresh) {
    const reason = judge(d) ?? (held.has(d.device_id) ? 'inOtherTask' : null);
    if (reason) reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    else keep.push(d);
  }
  // An active task's newcomers join its last group. A draft's get the group they would be in if it were released
  // now (never before a device that joined earlier): the release then moves only the devices that the left-out ones
  // shift (rollout.ts `activate`). The console shows no group before release.
  const last = Math.max(0, Number(row.stage_count) - 1);
  const planned = active ? null : stageOfPosition(stageSizes(existing.size + keep.length, exec));
  const floor = active || existing.size === 0 ? -1 : await maxStage(db, tenant, row.id);
  await insertTaskDevices(
    db,
    keep.map((d, i) => ({
      task_id: row.id,
      pno: tenant.pno,
      device_id: d.device_id,
      source: d.source,
      rule_id: d.ruleId ?? null,
      stage: planned ? Math.max(floor, planned(existing.size + i)) : last,
      ord: existing.size + i,
      state: 'pending',
      created_at: now,
      updated_at: now,
    })),
  );
  await repo.addDeviceRows(db, tenant, row.id, keep.length);
  if (active && keep.length > 0) await claim(keep.map((d) => d.device_id));
  return {
    added: keep.length,
    present: found.length - fresh.length,
    excluded: EXCLUDE_REASONS.filter((r) => reasons.has(r)).map((r) => ({ reason: r, count: reasons.get(r) ?? 0 })),
  };
}

export async function add(
  s: Services,
  ctx: RequestContext,
  input: {
    swId: string;
    name: string;
    remark: string;
    execution: TaskExecution;
    successRule?: SuccessRule;
  } & Selection,
) {
  const tenant = tenantOf(ctx);
  const now = s.now();
  checkExecution(input.execution, now);
  const pkg = await publishedPackage(s, ctx, input.swId);
  const successRule = await successRuleFor(s.db, tenant, input.successRule);
  const found = await selectDevices(s.db, tenant, input);
  if (found.length > TASK_SELECT_MAX) throw new AppError('taskAssignLimit', { max: TASK_SELECT_MAX });
  const id = newId();
  await s.db.transaction().execute(async (trx) => {
    await repo.insertTask(trx, tenant, {
      id,
      name: input.name,
      remark: input.remark,
      sw_id: pkg.id,
      sw_pno: pkg.owner.pno,
      sw_type: pkg.sw_type,
      sw_name: pkg.name,
      sw_version: pkg.version,
      state: 'draft',
      mode: input.execution.mode,
      execution: JSON.stringify(input.execution),
      success_rule: successRule,
      created_by: ctx.user?.uid ?? null,
      created_at: now,
      updated_at: now,
    });
    const row = await loadTask(trx, tenant, id);
    await joinDevices(trx, tenant, row, fitOf(row, JSON.parse(pkg.models)), found, new Set(), now, async () => {});
  });
  return item(s, tenant, id);
}

export async function edit(
  s: Services,
  ctx: RequestContext,
  input: {
    id: string;
    swId: string;
    name: string;
    remark: string;
    execution: TaskExecution;
    successRule?: SuccessRule;
  },
) {
  const tenant = tenantOf(ctx);
  const now = s.now();
  const row = await loadTask(s.db, tenant, input.id);
  assertAllows(row.state as TaskState, 'edit', ctx.locale);
  checkExecution(input.execution, now);
  const pkg = row.sw_id === input.swId ? null : await publishedPackage(s, ctx, input.swId);
  const changed = await repo.updateTask(s.db, tenant, row.id, Number(row.version), {
    name: input.name,
    remark: input.remark,
    mode: input.execution.mode,
    execution: JSON.stringify(input.execution),
    ...(input.successRule ? { success_rule: input.successRule } : {}),
    ...(pkg
      ? { sw_id: pkg.id, sw_pno: pkg.owner.pno, sw_type: pkg.sw_type, sw_name: pkg.name, sw_version: pkg.version }
      : {}),
    updated_at: now,
  });
  if (!changed) return edit(s, ctx, input);
  return item(s, tenant, row.id);
}

export async function remove(s: Services, ctx: RequestContext, id: string) {
  const tenant = tenantOf(ctx);
  const row = await loadTask(s.db, tenant, id);
  assertAllows(row.state as TaskState, 'delete', ctx.locale);
  return repo.deleteTask(s.db, tenant, id);
}

export async function assigned(
  s: Services,
  ctx: RequestContext,
  input: { id: string; pageNum: number; pageSize: number; state?: string; str?: string },
) {
  const tenant = tenantOf(ctx);
  const row = await loadTask(s.db, tenant, input.id);
  // Online as the device list says it: two of the property's polling intervals (device/reads.ts).
  const onlineMs = await propertyDeviceOnlineWindowMs(s, tenant.pno);
  const now = s.now();
  const { rows, total } = await pageAssigned(s.db, tenant, row, input, input.pageNum, input.pageSize);
  return {
    list: rows.map((r) => ({
      deviceId: r.device_id,
      name: r.device_name ?? '',
      modelName: r.model_name ?? null,
      online: (r.last_seen_at !== null && now - Number(r.last_seen_at) <= onlineMs ? 1 : 0) as 0 | 1,
      firmwareVersion: reportedVersion(
        {
          attributes: r.attributes ?? '{}',
          firmware_version: r.firmware_version ?? '',
          app_version: r.app_version ?? '',
        },
        row.sw_type,
      ),
      source: r.source as 'list',
      stage: row.state === 'draft' ? -1 : Number(r.stage),
      state: r.state as 'pending',
      excludeReason: (r.exclude_reason as ExcludeReason | null) ?? null,
      attempts: Number(r.attempts),
      errorCode: r.error_code,
      successBy: (r.success_by as SuccessBasis | null) ?? null,
      updateTime: Number(r.updated_at),
    })),
    total,
    pageNum: input.pageNum,
    pageSize: input.pageSize,
  };
}

/** Tasks that are not final using a package, in its property and its customers' (the firmware module's counter). */
export const tasksUsing = (s: Services, owner: Tenant, swId: string, inProperties?: readonly string[]) =>
  repo.countUsingPackage(s.db, owner, swId, TASK_FINAL_STATES, inProperties);
