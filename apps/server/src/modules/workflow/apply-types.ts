import { APPLY_TYPES, type ApplyState, type ApplyTypeId } from '@keel/contract/endpoints/workflow';
import type { Db } from '../../platform/db/connect';
import { contribution, extensionPoint, indexBy } from '../../platform/extension-points';
import type { NewsKey, NewsParams } from '../../platform/news/catalogue';
import type { NewsType } from '../../platform/news/notify';
import type { Services } from '../../platform/services';

/**
 * The one interface through which areas attach to their apply types (README "Apply types"). The contract lists the
 * types with their titles, the permission of the built-in one-step flow and the detail component
 * (`APPLY_TYPES`); an area contributes what happens when an application of its type ends.
 */

/** An application as hooks and messages see it. */
export interface FlowApplication {
  applyId: string;
  pno: string;
  applyType: ApplyTypeId;
  applicantUid: string;
  subjectId: string | null;
  subjectName: string;
  snapshot: Record<string, unknown>;
  stepIndex: number;
  stepNum: number;
  state: ApplyState;
}

/** What a hook gets: the transaction the engine's change runs in, who decided and with what. */
export interface HookContext {
  s: Services;
  /** The engine's transaction: whatever the hook writes commits or rolls back with the decision. */
  trx: Db;
  /** The auditor whose pass ended the flow, who rejected, or the applicant who withdrew. */
  actorUid: string;
  /** The last auditor's comment, the rejection reason or the withdrawal note. */
  comment: string;
  /** What the area's own review call added (the unit a member is placed on, the quota granted, …); {} otherwise. */
  extra: Readonly<Record<string, unknown>>;
  /** What the hook made, for the area's final message and its own review call (the new space's sid, …). */
  result: Record<string, unknown>;
  now: number;
}

/** A message in the area's own words, sent to the applicant when the application ends. */
export interface FinalMessage {
  type: NewsType;
  key: NewsKey;
  params: NewsParams;
  link: { kind: string; id: string };
}

export interface ApplyTypeHooks {
  /** The last step passed: make what was applied for. Throwing refuses the pass (nothing of it stays). */
  onPassed?(app: FlowApplication, h: HookContext): Promise<void>;
  /** An auditor rejected it. */
  onRejected?(app: FlowApplication, h: HookContext): Promise<void>;
  /** The applicant withdrew it. */
  onWithdrawn?(app: FlowApplication, h: HookContext): Promise<void>;
  /**
   * The applicant's message when the application passes or is rejected, in the area's words; without it (or when
   * it answers null) the engine's own (`flowPassed`, `flowRejected`).
   */
  finalMessage?(
    app: FlowApplication,
    outcome: 'passed' | 'rejected',
    h: { comment: string; extra: Readonly<Record<string, unknown>>; result: Readonly<Record<string, unknown>> },
  ): FinalMessage | null;
  /** The message-centre type of the to-do messages of this type (default `review`). */
  newsType?: NewsType;
  /**
   * What the applicant's own progress messages call the application, when its `subjectName` (written for the
   * auditors) reads wrongly to them: a member join is named after the applicant, the applicant hears the property.
   */
  applicantSubject?(app: FlowApplication): string;
}

/** An apply type as the contract declares it: the permission of its built-in one-step flow, its business. */
export interface ApplyTypeDef {
  id: ApplyTypeId;
  permission: string;
  business?: string;
}

const definitions = new Map<ApplyTypeId, ApplyTypeDef>(
  APPLY_TYPES.map((t) => [t.id, { id: t.id, permission: t.permission, business: t.business }]),
);

export function applyTypeDef(id: string): ApplyTypeDef {
  const t = definitions.get(id as ApplyTypeId);
  if (!t) throw new Error(`unknown apply type ${id}`);
  return t;
}

/**
 * What areas attach to their apply types: each area contributes its hooks in its module definition
 * (`contributes: [applyTypeHooks('memberJoin', { … })]`). Every type of the contract is known from the start, so a
 * type no area has hooks for still has its applications reviewed.
 */
export const applyTypes = extensionPoint<{ id: ApplyTypeId; hooks: ApplyTypeHooks }>('workflow.applyTypes');

/** An area's hooks for one of its apply types, as a contribution to its module definition. */
export const applyTypeHooks = (id: ApplyTypeId, hooks: ApplyTypeHooks) => {
  applyTypeDef(id);
  return contribution(applyTypes, { id, hooks });
};

/** The hooks an area contributed for a type ({} when none did). */
export function hooksOf(s: Services, id: string): ApplyTypeHooks {
  const byId = s.extensions.derive(applyTypes, 'byId', (all) => indexBy(applyTypes, all, (t) => t.id));
  return byId.get(id)?.hooks ?? {};
}
