import type { BatchResult } from '@keel/contract/endpoints/workflow';
import { formatMessage, type Locale, messages } from '@keel/contract/status';
import { AppError } from '../../platform/http/errors';
import type { Services } from '../../platform/services';
import { type ActionResult, act } from './engine';

/**
 * The workflow engine (README.md): what routes and other modules use. No SQL and no HTTP here.
 *
 * For other modules:
 * - `applyTypeHooks(type, hooks)`, contributed in the area's module definition: what happens when an application of its
 *   type passes, is rejected or withdrawn (inside the engine's transaction), and the area's own final message;
 * - `submitApplication(s, { pno, applyType, applicantUid, subjectId, subjectName, snapshot }, areaWrite?)` files an
 *   application (the area's own row written in the same transaction by `areaWrite`);
 * - `act(s, { …, authority: 'area' })` from an area's own review call (o/auditInviteOrgUser, space/reviewSpaceApply),
 *   after the area has checked the caller's right: the caller acts as the current step's auditor when they wait on
 *   it, else decides the built-in step on that authority (a step of the property's own flow waits for its auditors);
 * - `applicationOfSubject` finds the application about an area's object;
 * - `applicationObservers`, contributed by a module that follows applications of some types it does not own (the
 *   app review tasks): told in the engine's transaction when one is filed and when it ends;
 * - `standDown(s, trx, pno, uid)` when a member leaves the property (their waiting steps go to others), then
 *   `announceLeave` after the commit.
 */

export {
  type ApplyTypeHooks,
  applyTypeHooks,
  applyTypes,
  type FinalMessage,
  type FlowApplication,
  type HookContext,
} from './apply-types';
export {
  type ActionInput,
  act,
  announceLeave,
  applicationOfSubject,
  type SubmitInput,
  standDown,
  submitApplication,
} from './engine';
export {
  allApplications,
  auditList,
  detail,
  myApplications,
  myApplicationsEverywhere,
  myDetail,
  propertyOfMine,
} from './lists';
export { type ApplicationObserver, applicationObservers } from './observers';
export { holdersOf } from './people';
export {
  addStep,
  auditorDetail,
  authRelList,
  deleteSteps,
  flowSetting,
  saveAuthRel,
  steps,
  updateStep,
  updateStepAuditors,
} from './settings';

/** What the action calls answer. */
export const actionAnswer = (r: ActionResult) => ({ state: r.state, stepIndex: r.stepIndex, version: r.version });

/**
 * A batch of passes or rejections (`flowAudit/flowAuditBatch`, `noPassFlowAuditBatch`): one action per application, in
 * the order sent, each at the version the caller saw (so a batch never acts on what changed since the list was read).
 * One refused is that item's answer (its status and translated message); the others still run.
 */
export async function actEach(
  s: Services,
  locale: Locale,
  input: {
    pno: string;
    actorUid: string;
    kind: 'pass' | 'reject';
    comment: string;
    items: ReadonlyArray<{ applyId: string; version: number }>;
  },
): Promise<BatchResult> {
  const list: BatchResult['list'] = [];
  for (const item of input.items) {
    try {
      const r = await act(s, {
        pno: input.pno,
        applyId: item.applyId,
        actorUid: input.actorUid,
        kind: input.kind,
        comment: input.comment,
        version: item.version,
        authority: 'auditor',
      });
      list.push({ applyId: item.applyId, status: 0, msg: messages.ok[locale], ...actionAnswer(r) });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      list.push({
        applyId: item.applyId,
        status: messages[error.key].status,
        msg: formatMessage(error.key, locale, error.params),
        state: null,
        stepIndex: null,
        version: null,
      });
    }
  }
  const doneNum = list.filter((i) => i.status === 0).length;
  return { list, doneNum, failNum: list.length - doneNum };
}
