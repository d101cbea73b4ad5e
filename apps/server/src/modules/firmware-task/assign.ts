import {
  type RuleFilter,
  TASK_ASSIGN_MAX,
  TASK_RULES_MAX,
  TASK_SELECT_MAX,
  type TaskState,
} from '@keel/contract/endpoints/firmware-task';
import type { Db } from '../../platform/db/connect';
import type { RequestContext } from '../../platform/http/context';
import { AppError, notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import type { Services } from '../../platform/services';
import { type Tenant, tenantOf } from '../../platform/tenancy/tenant';
import { spaceOfRef } from '../space/service';
import { deleteTaskDevices, insertClaims, releaseClaims, taskDevices, updateTaskDevices } from './device-repo';
import { actionsChanged, announce, cancelsChanged } from './events';
import { assertAllows } from './machine';
import * as repo from './repo';
import { cancelInFlight, IN_FLIGHT } from './rollout';
import { type PackageFit, ruleDevices, type Selection, selectDevices } from './selection';
import { joinDevices, loadTask, packageFit, ruleItemOf } from './service';

/** Devices in and out of a task, and its saved rules (README "Devices"). */

const claimer = (db: Db, tenant: Tenant, row: repo.TaskRow) => (ids: readonly string[]) =>
  insertClaims(db, tenant, row.sw_type, row.id, ids);

export async function assign(s: Services, ctx: RequestContext, input: { id: string } & Selection) {
  const tenant = tenantOf(ctx);
  const row = await loadTask(s.db, tenant, input.id);
  assertAllows(row.state as TaskState, 'assign', ctx.locale);
  const found = await selectDevices(s.db, tenant, input);
  if (found.length > TASK_SELECT_MAX) throw new AppError('taskAssignLimit', { max: TASK_SELECT_MAX });
  const fit = await packageFit(s, tenant, row);
  const now = s.now();
  const result = await s.db.transaction().execute(async (trx) => {
    const fresh = await loadTask(trx, tenant, row.id);
    assertAllows(fresh.state as TaskState, 'assign', ctx.locale);
    const existing = new Set((await taskDevices(trx, tenant, row.id)).map((d) => d.device_id));
    const r = await joinDevices(trx, tenant, fresh, fit, found, existing, now, claimer(trx, tenant, fresh));
    return { ...r, deviceTotal: existing.size + r.added };
  });
  await announce(s, tenant, { taskId: row.id, state: row.state });
  return result;
}

/**
 * Takes devices out: those not offered yet leave (and their claim goes); one in flight is cancelled (the device is
 * told so at its next poll) and stays as history, as do finished ones.
 */
export async function unassign(s: Services, ctx: RequestContext, input: { id: string; deviceIdList: string[] }) {
  const tenant = tenantOf(ctx);
  const row = await loadTask(s.db, tenant, input.id);
  assertAllows(row.state as TaskState, 'assign', ctx.locale);
  const wanted = new Set(input.deviceIdList);
  const now = s.now();
  const result = await s.db.transaction().execute(async (trx) => {
    const rows = (await taskDevices(trx, tenant, row.id)).filter((d) => wanted.has(d.device_id));
    const leave = rows.filter((d) => ['pending', 'retrying', 'excluded'].includes(d.state)).map((d) => d.device_id);
    const flying = rows.filter((d) => (IN_FLIGHT as readonly string[]).includes(d.state));
    await repo.addDeviceRows(trx, tenant, row.id, -(await deleteTaskDevices(trx, tenant, row.id, leave)));
    await updateTaskDevices(
      trx,
      tenant,
      row.id,
      flying.map((d) => d.device_id),
      {
        state: 'cancelled',
        next_at: null,
        updated_at: now,
      },
    );
    await cancelInFlight(
      trx,
      tenant,
      row.id,
      flying.map((d) => d.device_id),
      now,
    );
    await releaseClaims(
      trx,
      tenant,
      row.id,
      rows.map((d) => d.device_id),
    );
    return { removed: leave.length, cancelled: flying.length, kept: rows.length - leave.length - flying.length };
  });
  if (result.cancelled > 0) {
    await actionsChanged(s, tenant);
    await cancelsChanged(s, tenant);
  }
  await announce(s, tenant, { taskId: row.id, state: row.state });
  return result;
}

/** Brings the devices a rule matches now into the task (in the caller's transaction); answers how many joined. */
export async function applyRule(
  db: Db,
  tenant: Tenant,
  row: repo.TaskRow,
  fit: PackageFit,
  rule: { id: string; filter: RuleFilter },
  now: number,
) {
  const matched = await ruleDevices(db, tenant, rule.id, rule.filter, fit);
  const existing = new Set((await taskDevices(db, tenant, row.id)).map((d) => d.device_id));
  const fresh = matched.filter((d) => !existing.has(d.device_id)).slice(0, TASK_ASSIGN_MAX);
  if (fresh.length === 0) return 0;
  const r = await joinDevices(db, tenant, row, fit, fresh, existing, now, claimer(db, tenant, row));
  await repo.addRuleMatches(db, tenant, rule.id, r.added);
  return r.added;
}

export async function addRule(
  s: Services,
  ctx: RequestContext,
  input: { id: string; name: string; filter: RuleFilter },
) {
  const tenant = tenantOf(ctx);
  const row = await loadTask(s.db, tenant, input.id);
  assertAllows(row.state as TaskState, 'assign', ctx.locale);
  const rules = await repo.rulesOf(s.db, tenant, [row.id]);
  if (rules.length >= TASK_RULES_MAX) throw new AppError('taskRuleLimit', { max: TASK_RULES_MAX });
  if (input.filter.sid) {
    if (!(await spaceOfRef(s, tenant, 'space', input.filter.sid))) throw notFound('filter.sid');
  }
  const id = newId();
  const now = s.now();
  const fit = await packageFit(s, tenant, row);
  const added = await s.db.transaction().execute(async (trx) => {
    const fresh = await loadTask(trx, tenant, row.id);
    assertAllows(fresh.state as TaskState, 'assign', ctx.locale);
    await repo.insertRule(trx, tenant, {
      id,
      taskId: row.id,
      name: input.name,
      filter: JSON.stringify(input.filter),
      now,
    });
    return applyRule(trx, tenant, fresh, fit, { id, filter: input.filter }, now);
  });
  const saved = await repo.findRule(s.db, tenant, id);
  if (!saved) throw notFound('id');
  await announce(s, tenant, { taskId: row.id, state: row.state });
  return { ...ruleItemOf(saved), added };
}

export async function rules(s: Services, ctx: RequestContext, id: string) {
  const tenant = tenantOf(ctx);
  await loadTask(s.db, tenant, id);
  return (await repo.rulesOf(s.db, tenant, [id])).map(ruleItemOf);
}

export async function deleteRule(s: Services, ctx: RequestContext, ruleId: string) {
  const tenant = tenantOf(ctx);
  const rule = await repo.findRule(s.db, tenant, ruleId);
  if (!rule) throw notFound('ruleId');
  const row = await loadTask(s.db, tenant, rule.task_id);
  assertAllows(row.state as TaskState, 'assign', ctx.locale);
  return repo.deleteRule(s.db, tenant, ruleId);
}
