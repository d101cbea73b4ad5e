import type { ActionResult } from './engine';

/**
 * The workflow engine (README.md): what routes and other modules use. No SQL and no HTTP here.
 *
 * For other modules:
 * - `registerApplyType(type, hooks)` once, when the area's module loads: what happens when an application of its
 *   type passes, is rejected or withdrawn (inside the engine's transaction), and the area's own final message;
 * - `submitApplication(s, { pno, applyType, applicantUid, subjectId, subjectName, snapshot }, areaWrite?)` files an
 *   application (the area's own row written in the same transaction by `areaWrite`);
 * - `act(s, { …, authority: 'area' })` from an area's own review call (o/auditInviteOrgUser, space/reviewSpaceApply),
 *   after the area has checked the caller's right: passes or rejects the current step on that authority;
 * - `applicationOfSubject` finds the application about an area's object.
 */

export {
  type ApplyTypeHooks,
  type FinalMessage,
  type FlowApplication,
  type HookContext,
  registerApplyType,
} from './apply-types';
export { type ActionInput, act, applicationOfSubject, type SubmitInput, submitApplication } from './engine';
export { allApplications, auditList, detail, myApplications } from './lists';
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
