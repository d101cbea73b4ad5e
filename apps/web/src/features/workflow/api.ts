import type { EndpointPath } from '@keel/contract/endpoints/index';
import {
  APPLY_TYPES,
  type ApplyTypeDef,
  type ApplyTypeId,
  applyTypeOf,
  WORKFLOW_PERMISSIONS,
} from '@keel/contract/endpoints/workflow';
import { useTranslation } from 'react-i18next';
import { apiQuery, platformQuery } from '../../shared/api/query';
import { isLocale } from '../../shared/i18n/language';
import { useCan } from '../../shared/session/use-can';

/** What the signed-in member may do on the workflow pages. */
export function useWorkflowRights() {
  return {
    /** Read the settings (flows, who may audit which types). */
    settings: useCan(WORKFLOW_PERMISSIONS.settings),
    /** Edit flows and who may audit. */
    edit: useCan(WORKFLOW_PERMISSIONS.edit),
    /** See every application and assign auditors. */
    assign: useCan(WORKFLOW_PERMISSIONS.assign),
  };
}

/** The lists an action on an application changes (refetched after it). */
export const APPLY_LISTS = [
  'flowAudit/getAuditOrNoAuditList',
  'flowAudit/getMyApplyList',
  'flowAudit/getMyApplyListByUser',
  'flowAudit/getMyApplyDetailByUser',
  'flowAudit/getApplyList',
  'flowAudit/getApplyDetail',
  'applyTypeAuthRel/getApplyTypeAuthRelList',
  'flowSettingDefault/getAuditorDetail',
  // A member join passed shows in the organisation's lists.
  'o/getOrgUserList',
  'o/getMyOrgTreeList',
  'u/getUserList',
] as const satisfies readonly EndpointPath[];

/** The lists a change of a flow or of who may audit changes. */
export const SETTING_LISTS = [
  'flowSettingDefault/getFlowSettingDefault',
  'flowSettingDefault/getFlowStepList',
  'applyTypeAuthRel/getApplyTypeAuthRelList',
  'flowSettingDefault/getAuditorDetail',
] as const satisfies readonly EndpointPath[];

/**
 * One application in full (history, steps, what the caller may do). `personal`: one of the caller's own, read in the
 * personal scope (no `pno`: it may be in a property they are not a member of yet, a join request).
 */
export function applyDetailQuery(applyId: string, personal = false) {
  const inProperty = apiQuery('flowAudit/getApplyDetail', { applyId });
  // The personal answer is the same detail with its property's name: the dialogs read it as one.
  return personal
    ? (platformQuery('flowAudit/getMyApplyDetailByUser', { applyId }) as unknown as typeof inProperty)
    : inProperty;
}

/** A property's default flow for an apply type. */
export const flowSettingQuery = (applyType: ApplyTypeId) =>
  apiQuery('flowSettingDefault/getFlowSettingDefault', { applyType });

/** Every apply type with who may audit it. */
export const authRelQuery = () => apiQuery('applyTypeAuthRel/getApplyTypeAuthRelList', {});

/** The current language as the contract's titles are keyed. */
export function useLocale(): 'zh-cn' | 'en' {
  const { i18n } = useTranslation();
  return isLocale(i18n.language) ? i18n.language : 'zh-cn';
}

/** An apply type's title in the current language (the contract holds both); an unknown id as itself. */
export function useApplyTypeTitle(): (id: string) => string {
  const locale = useLocale();
  return (id) => applyTypeOf(id)?.title[locale] ?? id;
}

/** The apply types as select options, in the settings page's order. */
export function useApplyTypeOptions(types: readonly ApplyTypeDef[] = APPLY_TYPES) {
  const locale = useLocale();
  return types.map((type) => ({ value: type.id, label: type.title[locale] }));
}

/** Whether a text names an apply type. */
export function isApplyType(value: unknown): value is ApplyTypeId {
  return typeof value === 'string' && APPLY_TYPES.some((type) => type.id === value);
}
