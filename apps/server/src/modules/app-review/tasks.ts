import { APP_REVIEW_PERMISSIONS, type SubTaskType } from '@keel/contract/endpoints/app-review';
import type { Db } from '../../platform/db/connect';
import { isUniqueViolation } from '../../platform/db/sql-helpers';
import { AppError, notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import type { Services } from '../../platform/services';
import { propertyTenant } from '../../platform/tenancy/tenant';
import { act, type FlowApplication, type HookContext } from '../workflow/service';
import type { Caller } from './caller';
import * as repo from './repo';
import { announceAssignment, eligibleReviewer } from './reviewers';

/**
 * The main task's life (README "Main tasks"): sub-tasks join the app's open task as the app store files reviews, and
 * leave the pending state as the workflow engine decides them; the property's managers assign, cancel and resume;
 * the reviewer audits sub-tasks (through the engine, so the app store's hooks run) and finishes the task.
 */

/** The app a review is about: its own id (information), else the app its snapshot names (version, shelf). */
const appOfApplication = (app: FlowApplication): string =>
  app.applyType === 'app' ? (app.subjectId ?? '') : String(app.snapshot.appId ?? '');

/**
 * A review was filed (in the submission's transaction): it joins the app's open task, or opens one.
 */
export async function subTaskFiled(app: FlowApplication, h: { trx: Db; now: number }) {
  const { trx, now } = h;
  const t = propertyTenant(app.pno);
  const appId = appOfApplication(app);
  if (!appId || !app.subjectId) return;
  const opened = await repo.openTask(trx, t, newId(), appId, now);
  const task = await repo.openTaskOf(trx, t, appId);
  if (!task) throw new Error(`no open review task of app ${appId}`);
  const record = { actorUid: app.applicantUid, subTaskType: app.applyType, subject: app.subjectName };
  const seq = await repo.appendRecord(trx, t, task.task_id, { action: opened ? 'opened' : 'joined', ...record }, now);
  await repo.insertSubtask(trx, t, {
    sub_task_id: newId(),
    task_id: task.task_id,
    seq,
    apply_id: app.applyId,
    type: app.applyType,
    subject_id: app.subjectId,
    subject: app.subjectName,
    state: 'pending',
    submit_uid: app.applicantUid,
    created_at: now,
  });
}

/** A review ended (in the engine's transaction): its sub-task takes the outcome, and the task records it. */
export async function subTaskEnded(app: FlowApplication, h: HookContext) {
  const t = propertyTenant(app.pno);
  const sub = await repo.subtaskOfApplication(h.trx, t, app.applyId);
  if (sub?.state !== 'pending') return;
  await repo.decideSubtask(h.trx, t, sub.sub_task_id, {
    state: app.state,
    comment: h.comment,
    decided_uid: h.actorUid,
    decided_at: h.now,
  });
  await repo.appendRecord(
    h.trx,
    t,
    sub.task_id,
    { action: app.state, actorUid: h.actorUid, subTaskType: sub.type, subject: sub.subject, comment: h.comment },
    h.now,
  );
}

export async function taskOf(s: Services, c: Caller, taskId: string) {
  const task = await repo.findTask(s.db, c.t, taskId);
  if (!task) throw notFound('taskId');
  return task;
}

/** Whether the caller may audit the task: its assigned reviewer, or a holder of the app review permission. */
export const mayAudit = (c: Caller, task: repo.TaskRow) =>
  task.reviewer_uid === c.uid || c.permissions.has(APP_REVIEW_PERMISSIONS.audit);

/** The refusal of an action that needs an open task. */
function refuseUnlessOpen(task: repo.TaskRow) {
  if (task.state === 'cancelled') throw new AppError('appTaskCancelled');
  if (task.state === 'finished') throw new AppError('appTaskFinished');
}

export async function assignTask(s: Services, c: Caller, taskId: string, uid: string) {
  const task = await taskOf(s, c, taskId);
  if (task.state === 'finished') throw new AppError('appTaskFinished');
  const name = await eligibleReviewer(s, c.t, uid);
  if (task.reviewer_uid === uid) return task.task_id;
  const now = s.now();
  await s.db.transaction().execute(async (trx) => {
    await repo.setReviewer(trx, c.t, task.task_id, uid, now);
    const action = task.reviewer_uid ? 'reassigned' : 'assigned';
    await repo.appendRecord(trx, c.t, task.task_id, { action, actorUid: c.uid, comment: name }, now);
  });
  await announceAssignment(s, c, task, uid);
  return task.task_id;
}

export async function cancelTask(s: Services, c: Caller, taskId: string, reason: string) {
  const task = await taskOf(s, c, taskId);
  refuseUnlessOpen(task);
  const now = s.now();
  await s.db.transaction().execute(async (trx) => {
    if (!(await repo.moveTask(trx, c.t, task, 'open', 'cancelled', now))) throw new AppError('applyStale');
    await repo.appendRecord(trx, c.t, task.task_id, { action: 'cancelled', actorUid: c.uid, comment: reason }, now);
  });
  return task.task_id;
}

export async function resumeTask(s: Services, c: Caller, taskId: string) {
  const task = await taskOf(s, c, taskId);
  if (task.state === 'finished') throw new AppError('appTaskFinished');
  if (task.state !== 'cancelled') throw new AppError('appTaskNotCancelled');
  if (await repo.openTaskOf(s.db, c.t, task.app_id)) throw new AppError('appTaskOpenExists');
  const now = s.now();
  try {
    await s.db.transaction().execute(async (trx) => {
      if (!(await repo.moveTask(trx, c.t, task, 'cancelled', 'open', now))) throw new AppError('applyStale');
      await repo.appendRecord(trx, c.t, task.task_id, { action: 'resumed', actorUid: c.uid }, now);
    });
  } catch (error) {
    // A review of the app opened a task since the check above (one open task per app: the open key is unique).
    if (isUniqueViolation(error)) throw new AppError('appTaskOpenExists');
    throw error;
  }
  return task.task_id;
}

/**
 * Passes or rejects one sub-task of the given type through the workflow engine, on the area's authority (the caller
 * acts as the current step's auditor when they wait on it, else decides the built-in step; a step of the property's
 * own flow waits for its auditors). The app store's hooks and messages run as for any audit; the observer records it.
 */
export async function auditSubTask(
  s: Services,
  c: Caller,
  type: SubTaskType,
  input: { subTaskId: string; pass: 0 | 1; comment: string },
) {
  const sub = await repo.findSubtask(s.db, c.t, input.subTaskId);
  if (!sub) throw notFound('subTaskId');
  if (sub.type !== type) throw new AppError('appTaskWrongType');
  const task = await taskOf(s, c, sub.task_id);
  if (!mayAudit(c, task)) throw new AppError('appTaskNotReviewer');
  refuseUnlessOpen(task);
  if (sub.state !== 'pending') throw new AppError('applyFinished');
  if (input.pass === 0 && !input.comment) throw new AppError('appTaskCommentRequired');
  await act(s, {
    pno: c.t.pno,
    applyId: sub.apply_id,
    actorUid: c.uid,
    kind: input.pass === 1 ? 'pass' : 'reject',
    comment: input.comment,
    authority: 'area',
  });
  return sub.sub_task_id;
}

/** The final review: an open task none of whose sub-tasks waits is finished with the conclusion. */
export async function finishTask(s: Services, c: Caller, taskId: string, conclusion: string) {
  const task = await taskOf(s, c, taskId);
  if (!mayAudit(c, task)) throw new AppError('appTaskNotReviewer');
  refuseUnlessOpen(task);
  const pending = (await repo.subtaskCounts(s.db, c.t, [task.task_id])).get(task.task_id)?.pending ?? 0;
  if (pending > 0) throw new AppError('appTaskPending', { n: pending });
  const now = s.now();
  await s.db.transaction().execute(async (trx) => {
    const moved = await repo.moveTask(trx, c.t, task, 'open', 'finished', now, { conclusion, whenNonePending: true });
    // A review joined or the task changed since it was read: answer what stands now.
    if (!moved) throw new AppError('applyStale');
    await repo.appendRecord(trx, c.t, task.task_id, { action: 'finished', actorUid: c.uid, comment: conclusion }, now);
  });
  return task.task_id;
}
