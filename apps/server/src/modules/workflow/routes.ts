import { workflowEndpoints } from '@keel/contract/endpoints/workflow';
import { requireProperty, requireUser } from '../../platform/http/context';
import { defineModule } from '../../platform/http/mount';
import { tenantOf } from '../../platform/tenancy/tenant';
import * as service from './service';

/**
 * Approval workflows: acting on applications and listing them (`flowAudit/`), default flows
 * (`flowSettingDefault/`, `flowSettingDefaultAuditorRel/`) and who may audit which types (`applyTypeAuthRel/`).
 * Model: README.md.
 */
export const workflowModule = defineModule(workflowEndpoints, (s) => {
  const action = async (
    ctx: Parameters<typeof requireUser>[0],
    applyId: string,
    kind: service.ActionInput['kind'],
    rest: Partial<service.ActionInput>,
  ) => {
    ctx.audit.target = applyId;
    const result = await service.act(s, {
      pno: tenantOf(ctx).pno,
      applyId,
      actorUid: requireUser(ctx).uid,
      kind,
      comment: '',
      authority: 'auditor',
      ...rest,
    });
    return service.actionAnswer(result);
  };
  /** Each item its own action at the version the caller saw; a refusal is that item's answer, not the call's. */
  const batch = async (
    ctx: Parameters<typeof requireUser>[0],
    items: ReadonlyArray<{ applyId: string; version: number }>,
    kind: 'pass' | 'reject',
    comment: string,
  ) => {
    ctx.audit.target = items
      .map((i) => i.applyId)
      .join(',')
      .slice(0, 500);
    return service.actEach(s, ctx.locale, {
      pno: tenantOf(ctx).pno,
      actorUid: requireUser(ctx).uid,
      kind,
      comment,
      items,
    });
  };
  return {
    'flowAudit/flowAuditBatch': (input, ctx) => batch(ctx, input.items, 'pass', input.comment),
    'flowAudit/noPassFlowAuditBatch': (input, ctx) => batch(ctx, input.items, 'reject', input.reason),
    'flowAudit/flowAudit': (input, ctx) =>
      action(ctx, input.applyId, 'pass', { comment: input.comment, version: input.version }),
    'flowAudit/noPassFlowAudit': (input, ctx) =>
      action(ctx, input.applyId, 'reject', { comment: input.reason, version: input.version }),
    'flowAudit/flowAuditTransmit': (input, ctx) =>
      action(ctx, input.applyId, 'transmit', { comment: input.note, targets: [input.uid], version: input.version }),
    'flowAudit/flowAuditAssign': (input, ctx) =>
      action(ctx, input.applyId, 'assign', {
        comment: input.note,
        targets: input.uidList,
        version: input.version,
        authority: 'assigner',
      }),
    'flowAudit/withdrawApply': (input, ctx) =>
      action(ctx, input.applyId, 'withdraw', { comment: input.note, version: input.version }),
    'flowAudit/getAuditOrNoAuditList': async (input, ctx) =>
      service.auditList(s, tenantOf(ctx), requireUser(ctx).uid, input),
    'flowAudit/getMyApplyList': async (input, ctx) =>
      service.myApplications(s, tenantOf(ctx), requireUser(ctx).uid, input),
    'flowAudit/getMyApplyListByUser': async (input, ctx) =>
      service.myApplicationsEverywhere(s, requireUser(ctx).uid, input),
    'flowAudit/getMyApplyDetailByUser': async (input, ctx) => service.myDetail(s, requireUser(ctx).uid, input.applyId),
    'flowAudit/withdrawApplyByUser': async (input, ctx) => {
      ctx.audit.target = input.applyId;
      const pno = await service.propertyOfMine(s, requireUser(ctx).uid, input.applyId);
      const result = await service.act(s, {
        pno,
        applyId: input.applyId,
        actorUid: requireUser(ctx).uid,
        kind: 'withdraw',
        comment: input.note,
        version: input.version,
        authority: 'auditor',
      });
      return service.actionAnswer(result);
    },
    'flowAudit/getApplyList': async (input, ctx) => service.allApplications(s, tenantOf(ctx), input),
    'flowAudit/getApplyDetail': async (input, ctx) =>
      service.detail(s, requireProperty(ctx), requireUser(ctx).uid, input.applyId),
    'applyTypeAuthRel/getApplyTypeAuthRelList': async (_input, ctx) => service.authRelList(s, requireProperty(ctx)),
    'applyTypeAuthRel/saveApplyTypeAuthRel': async (input, ctx) => {
      ctx.audit.target = input.applyType;
      return service.saveAuthRel(s, requireProperty(ctx), input);
    },
    'flowSettingDefault/getFlowSettingDefault': async (input, ctx) =>
      service.flowSetting(s, tenantOf(ctx), input.applyType),
    'flowSettingDefault/getFlowStepList': async (input, ctx) => service.steps(s, tenantOf(ctx), input.applyType),
    'flowSettingDefault/saveFlowSettingDefault': async (input, ctx) => {
      const r = await service.addStep(s, tenantOf(ctx), requireUser(ctx).uid, input);
      ctx.audit.target = `${input.applyType}:${r.stepId}`;
      return r;
    },
    'flowSettingDefault/updateFlowSettingDefault': async (input, ctx) => {
      ctx.audit.target = input.stepId;
      return service.updateStep(s, tenantOf(ctx), requireUser(ctx).uid, input);
    },
    'flowSettingDefault/deleteFlowSettingDefault': async (input, ctx) => {
      ctx.audit.target = input.stepId ? `${input.applyType}:${input.stepId}` : input.applyType;
      return service.deleteSteps(s, tenantOf(ctx), requireUser(ctx).uid, input);
    },
    'flowSettingDefaultAuditorRel/updateFlowSettingDefaultAuditor': async (input, ctx) => {
      ctx.audit.target = input.stepId;
      return service.updateStepAuditors(s, tenantOf(ctx), requireUser(ctx).uid, input);
    },
    'flowSettingDefault/getAuditorDetail': async (input, ctx) => service.auditorDetail(s, tenantOf(ctx), input),
  };
});
