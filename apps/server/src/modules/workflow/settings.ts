import {
  APPLY_TYPES,
  type ApplyTypeAuthRel,
  type ApplyTypeId,
  FLOW_MAX_STEPS,
  type FlowSetting,
  type FlowStep,
  type StepRule,
} from '@keel/contract/endpoints/workflow';
import type { Db } from '../../platform/db/connect';
import { isUniqueViolation } from '../../platform/db/sql-helpers';
import type { PropertyContext } from '../../platform/http/context';
import { AppError, notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import type { Services } from '../../platform/services';
import { propertyTenant, type Tenant } from '../../platform/tenancy/tenant';
import { applyTypeDef } from './apply-types';
import {
  type AuditorLists,
  type AuditorSpec,
  type AuthType,
  assertSpecsExist,
  parseSpecs,
  poolOf,
  renderSpecs,
  resolveSpecs,
  specsOf,
} from './people';
import * as people from './people-repo';
import * as repo from './repo';

/**
 * Default flows and who may audit which types (README "Default flows"): every edit is one transaction that bumps the
 * flow's version (the flow row is locked meanwhile, so two edits of one flow run one after the other). Applications
 * already submitted keep the flow they were submitted with.
 */

type StepRow = Awaited<ReturnType<typeof repo.listSteps>>[number];

async function renderStep(s: Services, t: Tenant, r: StepRow): Promise<FlowStep> {
  return {
    stepId: r.step_id,
    sort: r.sort,
    name: r.name,
    rule: r.rule === 'all' ? 'all' : 'any',
    skipApplicant: r.skip_applicant === 1 ? 1 : 0,
    auditors: await renderSpecs(s, s.db, t, parseSpecs(r.auditors)),
  };
}

export async function steps(s: Services, t: Tenant, applyType: ApplyTypeId): Promise<FlowStep[]> {
  const rows = await repo.listSteps(s.db, t, applyType);
  return Promise.all(rows.map((r) => renderStep(s, t, r)));
}

export async function flowSetting(s: Services, t: Tenant, applyType: ApplyTypeId): Promise<FlowSetting> {
  const [flow, list] = await Promise.all([repo.findFlow(s.db, t, applyType), steps(s, t, applyType)]);
  return {
    applyType,
    flowId: list.length > 0 && flow ? flow.flow_id : null,
    builtIn: list.length === 0 ? 1 : 0,
    permission: applyTypeDef(applyType).permission,
    version: flow ? Number(flow.version) : 0,
    steps: list,
    updaterName: flow?.updater_name ?? '',
    updateTime: flow ? Number(flow.updated_at) : null,
  };
}

/** The flow row of a type, made when missing (two first edits at once: one makes it, the other finds it). */
async function flowOf(trx: Db, t: Tenant, applyType: string, uid: string, now: number): Promise<string> {
  const found = await repo.findFlow(trx, t, applyType);
  if (found) return found.flow_id;
  const flowId = newId();
  await repo.insertFlow(trx, t, flowId, applyType, uid, now);
  return flowId;
}

async function inFlowTransaction<T>(
  s: Services,
  t: Tenant,
  applyType: string,
  uid: string,
  body: (trx: Db, flowId: string, now: number) => Promise<T>,
): Promise<{ value: T; version: number }> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await s.db.transaction().execute(async (trx) => {
        const now = s.now();
        const flowId = await flowOf(trx, t, applyType, uid, now);
        // The new version, and the flow's row locked first: every edit of this flow waits for the one before.
        const version = await repo.bumpFlow(trx, t, flowId, uid, now);
        const value = await body(trx, flowId, now);
        return { value, version };
      });
    } catch (error) {
      if (attempt < 2 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

/** Renumbers the type's steps 1…n in the given order. */
async function renumber(trx: Db, t: Tenant, ordered: readonly StepRow[], now: number) {
  for (const [i, r] of ordered.entries()) {
    if (r.sort !== i + 1) await repo.updateStep(trx, t, r.step_id, { sort: i + 1, updated_at: now });
  }
}

async function checkedSpecs(s: Services, t: Tenant, lists: AuditorLists): Promise<AuditorSpec[]> {
  const specs = specsOf(lists);
  if (specs.length === 0) throw new AppError('stepNeedsAuditors');
  await assertSpecsExist(s, s.db, t, specs);
  return specs;
}

export interface StepInput extends AuditorLists {
  applyType: ApplyTypeId;
  name: string;
  rule: StepRule;
  skipApplicant: 0 | 1;
  sort?: number;
}

/** Adds a step at `sort` (last when left out); the first step makes the flow. */
export async function addStep(s: Services, t: Tenant, uid: string, input: StepInput) {
  const specs = await checkedSpecs(s, t, input);
  const stepId = newId();
  const { version } = await inFlowTransaction(s, t, input.applyType, uid, async (trx, flowId, now) => {
    const list = await repo.listSteps(trx, t, input.applyType);
    if (list.length >= FLOW_MAX_STEPS) throw new AppError('flowTooManySteps', { max: FLOW_MAX_STEPS });
    const at = Math.min(input.sort ?? list.length + 1, list.length + 1);
    await repo.insertStep(trx, t, {
      step_id: stepId,
      flow_id: flowId,
      apply_type: input.applyType,
      sort: at,
      name: input.name,
      rule: input.rule,
      skip_applicant: input.skipApplicant,
      auditors: JSON.stringify(specs),
      created_at: now,
      updated_at: now,
    });
    const placeholder = { step_id: stepId, sort: at } as StepRow;
    const ordered = [...list];
    ordered.splice(at - 1, 0, placeholder);
    await renumber(trx, t, ordered, now);
  });
  return { stepId, version };
}

async function stepOf(db: Db, t: Tenant, stepId: string) {
  const step = await repo.findStep(db, t, stepId);
  if (!step) throw notFound('stepId');
  return step;
}

/** Edits a step's name, rule, skipping and (with `sort`) its position. */
export async function updateStep(
  s: Services,
  t: Tenant,
  uid: string,
  input: { stepId: string; name: string; rule: StepRule; skipApplicant: 0 | 1; sort?: number },
) {
  const step = await stepOf(s.db, t, input.stepId);
  const { version } = await inFlowTransaction(s, t, step.apply_type, uid, async (trx, _flowId, now) => {
    // Deleted meanwhile (the flow lock is held now): not found.
    await stepOf(trx, t, input.stepId);
    await repo.updateStep(trx, t, input.stepId, {
      name: input.name,
      rule: input.rule,
      skip_applicant: input.skipApplicant,
      updated_at: now,
    });
    if (input.sort !== undefined) {
      const list = await repo.listSteps(trx, t, step.apply_type);
      const rest = list.filter((r) => r.step_id !== input.stepId);
      const moved = list.find((r) => r.step_id === input.stepId) as StepRow;
      rest.splice(Math.min(input.sort, list.length) - 1, 0, moved);
      await renumber(trx, t, rest, now);
    }
  });
  return { stepId: input.stepId, version };
}

/** Replaces a step's auditors. */
export async function updateStepAuditors(
  s: Services,
  t: Tenant,
  uid: string,
  input: AuditorLists & { stepId: string },
) {
  const step = await stepOf(s.db, t, input.stepId);
  const specs = await checkedSpecs(s, t, input);
  const { version } = await inFlowTransaction(s, t, step.apply_type, uid, async (trx, _flowId, now) => {
    await stepOf(trx, t, input.stepId);
    await repo.updateStep(trx, t, input.stepId, { auditors: JSON.stringify(specs), updated_at: now });
  });
  return { stepId: input.stepId, version };
}

/** Removes a step, or (without one) every step of the type: the built-in flow applies again. */
export async function deleteSteps(
  s: Services,
  t: Tenant,
  uid: string,
  input: { applyType: ApplyTypeId; stepId?: string },
) {
  if (input.stepId) {
    const step = await stepOf(s.db, t, input.stepId);
    if (step.apply_type !== input.applyType) throw notFound('stepId');
  }
  const { version } = await inFlowTransaction(s, t, input.applyType, uid, async (trx, _flowId, now) => {
    if (!input.stepId) {
      await repo.deleteSteps(trx, t, input.applyType);
      return;
    }
    await stepOf(trx, t, input.stepId);
    await repo.deleteStep(trx, t, input.stepId);
    await renumber(trx, t, await repo.listSteps(trx, t, input.applyType), now);
  });
  return { version };
}

// Who may audit which types.

async function authRel(
  s: Services,
  property: PropertyContext,
  applyType: ApplyTypeId,
  counts: { steps: Map<string, number>; pending: Map<string, number> },
): Promise<ApplyTypeAuthRel> {
  const t = propertyTenant(property.pno);
  const def = APPLY_TYPES.find((d) => d.id === applyType);
  const enabled = !def?.business || property.businesses.includes(def.business);
  return {
    applyType,
    enabled: enabled ? 1 : 0,
    permission: applyTypeDef(applyType).permission,
    stepNum: counts.steps.get(applyType) ?? 0,
    auditors: await renderSpecs(s, s.db, t, await poolOf(s.db, t, applyType)),
    pendingNum: counts.pending.get(applyType) ?? 0,
  };
}

export async function authRelList(s: Services, property: PropertyContext): Promise<ApplyTypeAuthRel[]> {
  const t = propertyTenant(property.pno);
  const [stepsBy, pending] = await Promise.all([repo.stepCounts(s.db, t), repo.pendingByType(s.db, t)]);
  const out: ApplyTypeAuthRel[] = [];
  for (const d of APPLY_TYPES) out.push(await authRel(s, property, d.id, { steps: stepsBy, pending }));
  return out;
}

/** Sets who may audit a type (every list empty: only the permission's holders). */
export async function saveAuthRel(
  s: Services,
  property: PropertyContext,
  input: AuditorLists & { applyType: ApplyTypeId },
): Promise<ApplyTypeAuthRel> {
  const t = propertyTenant(property.pno);
  const specs = specsOf(input);
  await assertSpecsExist(s, s.db, t, specs);
  await s.db.transaction().execute((trx) => repo.replacePool(trx, t, input.applyType, specs, s.now()));
  const [stepsBy, pending] = await Promise.all([repo.stepCounts(s.db, t), repo.pendingByType(s.db, t)]);
  return authRel(s, property, input.applyType, { steps: stepsBy, pending });
}

/** Who one auditor entry names today, with each person's to-do count (AuditerDetailDlg). */
export async function auditorDetail(s: Services, t: Tenant, input: { authType: AuthType; value: string }) {
  const spec: AuditorSpec = { t: input.authType, id: input.value };
  try {
    await assertSpecsExist(s, s.db, t, [spec]);
  } catch {
    throw notFound('value');
  }
  const [auditor] = await renderSpecs(s, s.db, t, [spec]);
  const uids = await resolveSpecs(s, s.db, t, [spec]);
  const [cards, todo] = await Promise.all([people.userCards(s.db, uids), people.todoCounts(s.db, t, uids)]);
  return {
    auditor: auditor as NonNullable<typeof auditor>,
    users: uids.map((uid) => ({
      uid,
      name: cards.get(uid)?.name ?? '',
      phoneNum: cards.get(uid)?.phone ?? '',
      todoNum: todo.get(uid) ?? 0,
    })),
  };
}
