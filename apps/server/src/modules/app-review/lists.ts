import {
  APP_REVIEW_PERMISSIONS,
  type AppTaskAction,
  type AppTaskInfo,
  type AppTaskItem,
  type AppTaskRecord,
  type AppTaskState,
  type SubTaskItem,
  type SubTaskState,
  type SubTaskType,
} from '@keel/contract/endpoints/app-review';
import { userNames } from '../../platform/auth/reads';
import type { Services } from '../../platform/services';
import { appIdsMatching, appItemsById, versionItemsById } from '../app-store/reads';
import type { Caller } from './caller';
import * as repo from './repo';
import { reviewerCandidates } from './reviewers';
import { mayAudit, taskOf } from './tasks';

/** What the task calls answer (README "Lists"): main tasks, their sub-tasks and records, in the reader's language. */

/** A search matches at most this many apps (their tasks are then listed). */
const SEARCH_APPS_MAX = 500;

const NO_COUNTS: repo.SubtaskCounts = { total: 0, pending: 0, passed: 0, rejected: 0 };

export async function taskItems(
  s: Services,
  c: Caller,
  rows: readonly repo.TaskRow[],
  appsRead?: Awaited<ReturnType<typeof appItemsById>>,
): Promise<AppTaskItem[]> {
  const [apps, counts, names] = await Promise.all([
    appsRead ??
      appItemsById(
        s,
        c.t,
        rows.map((r) => r.app_id),
        c.locale,
      ),
    repo.subtaskCounts(
      s.db,
      c.t,
      rows.map((r) => r.task_id),
    ),
    userNames(
      s.db,
      rows.map((r) => r.reviewer_uid),
    ),
  ]);
  return rows.map((r) => {
    const app = apps.get(r.app_id);
    const n = counts.get(r.task_id) ?? NO_COUNTS;
    return {
      taskId: r.task_id,
      appId: r.app_id,
      packageName: app?.packageName ?? '',
      appName: app?.activeLanguage.appName || app?.packageName || '',
      appIconUrl: app?.activeLanguage.appIconUrl ?? '',
      state: r.state as AppTaskState,
      reviewerUid: r.reviewer_uid,
      reviewerName: names.get(r.reviewer_uid) ?? '',
      subTaskNum: n.total,
      pendingNum: n.pending,
      passedNum: n.passed,
      rejectedNum: n.rejected,
      conclusion: r.conclusion,
      createTime: Number(r.created_at),
      updateTime: Number(r.updated_at),
      finishTime: r.finished_at === null ? null : Number(r.finished_at),
    };
  });
}

export async function taskItem(s: Services, c: Caller, taskId: string): Promise<AppTaskItem> {
  const [item] = await taskItems(s, c, [await taskOf(s, c, taskId)]);
  return item as AppTaskItem;
}

export async function listTasks(
  s: Services,
  c: Caller,
  input: { state?: AppTaskState; str?: string; mine?: 0 | 1; pageNum: number; pageSize: number },
) {
  const appIds = input.str ? await appIdsMatching(s.db, c.t, input.str, SEARCH_APPS_MAX) : undefined;
  const { rows, total } = await repo.pageTasks(
    s.db,
    c.t,
    { state: input.state, appIds, reviewerUid: input.mine === 1 ? c.uid : undefined },
    input.pageNum,
    input.pageSize,
  );
  return { list: await taskItems(s, c, rows), total, pageNum: input.pageNum, pageSize: input.pageSize };
}

export async function taskInfo(s: Services, c: Caller, taskId: string): Promise<AppTaskInfo> {
  const task = await taskOf(s, c, taskId);
  // The app is read once, for the item and the details.
  const [apps, candidates] = await Promise.all([
    appItemsById(s, c.t, [task.app_id], c.locale),
    reviewerCandidates(s, c.t),
  ]);
  const [item] = await taskItems(s, c, [task], apps);
  const base = item as AppTaskItem;
  const audit = task.state === 'open' && mayAudit(c, task);
  return {
    ...base,
    app: apps.get(task.app_id) ?? null,
    candidates,
    can: {
      manage: c.permissions.has(APP_REVIEW_PERMISSIONS.manage) ? 1 : 0,
      audit: audit ? 1 : 0,
      finish: audit && base.pendingNum === 0 ? 1 : 0,
    },
  };
}

export async function subTaskItems(s: Services, c: Caller, rows: readonly repo.SubtaskRow[]): Promise<SubTaskItem[]> {
  const versionIds = rows.filter((r) => r.type !== 'app').map((r) => r.subject_id);
  const [versions, names] = await Promise.all([
    versionItemsById(s, c.t, versionIds),
    userNames(
      s.db,
      rows.flatMap((r) => [r.decided_uid, r.submit_uid]),
    ),
  ]);
  return rows.map((r) => {
    const version = r.type === 'app' ? undefined : versions.get(r.subject_id);
    return {
      subTaskId: r.sub_task_id,
      taskId: r.task_id,
      applyId: r.apply_id,
      type: r.type as SubTaskType,
      subjectId: r.subject_id,
      subject: r.subject,
      versionName: version?.versionName ?? '',
      versionCode: version ? version.versionCode : null,
      state: r.state as SubTaskState,
      comment: r.comment,
      decidedUid: r.decided_uid,
      decidedName: names.get(r.decided_uid) ?? '',
      decideTime: r.decided_at === null ? null : Number(r.decided_at),
      submitUid: r.submit_uid,
      submitName: names.get(r.submit_uid) ?? '',
      createTime: Number(r.created_at),
      version: version ?? null,
    };
  });
}

export async function subTaskList(s: Services, c: Caller, taskId: string) {
  const task = await taskOf(s, c, taskId);
  return { list: await subTaskItems(s, c, await repo.subtasksOf(s.db, c.t, task.task_id)) };
}

export async function subTaskItem(s: Services, c: Caller, subTaskId: string): Promise<SubTaskItem> {
  const row = await repo.findSubtask(s.db, c.t, subTaskId);
  if (!row) throw new Error(`sub-task ${subTaskId} is gone`);
  const [item] = await subTaskItems(s, c, [row]);
  return item as SubTaskItem;
}

export async function recordList(s: Services, c: Caller, input: { taskId: string; pageNum: number; pageSize: number }) {
  const task = await taskOf(s, c, input.taskId);
  const { rows, total } = await repo.pageRecords(s.db, c.t, task.task_id, input.pageNum, input.pageSize);
  const names = await userNames(
    s.db,
    rows.map((r) => r.actor_uid),
  );
  const list: AppTaskRecord[] = rows.map((r) => ({
    recordId: r.record_id,
    action: r.action as AppTaskAction,
    actorUid: r.actor_uid,
    actorName: names.get(r.actor_uid) ?? '',
    subTaskType: (r.sub_task_type as SubTaskType | null) ?? null,
    subject: r.subject,
    comment: r.comment,
    createTime: Number(r.created_at),
  }));
  return { list, total, pageNum: input.pageNum, pageSize: input.pageSize };
}
