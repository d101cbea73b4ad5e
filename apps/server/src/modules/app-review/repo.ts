import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../platform/db/connect';
import { countOf, readPage } from '../../platform/db/paging';
import { newId } from '../../platform/ids';
import type { Tenant } from '../../platform/tenancy/tenant';
import { tenantDb } from '../../platform/tenancy/tenant-scope';
import type { AppReviewSubtasksTable, AppReviewTasksTable } from './tables';

/** The app review tasks' SQL (`app_review_tasks`, `app_review_subtasks`, `app_review_records`), on the tenant's handle. */

// ---- main tasks ----------------------------------------------------------------------------------------------

export type TaskRow = Selectable<AppReviewTasksTable>;

export const findTask = (db: Db, t: Tenant, taskId: string) =>
  tenantDb(db, t).selectFrom('app_review_tasks').selectAll().where('task_id', '=', taskId).executeTakeFirst();

export const openTaskOf = (db: Db, t: Tenant, appId: string) =>
  tenantDb(db, t).selectFrom('app_review_tasks').selectAll().where('open_key', '=', appId).executeTakeFirst();

/** Opens a task for the app unless one is open already (two submissions at once open one); whether it opened. */
export async function openTask(db: Db, t: Tenant, taskId: string, appId: string, now: number): Promise<boolean> {
  const r = await tenantDb(db, t)
    .insertInto('app_review_tasks')
    .values({ task_id: taskId, app_id: appId, state: 'open', open_key: appId, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['pno', 'open_key']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Moves a task from state `from` to `to` (what `to` implies: the open key, the finish time); answers whether it was
 * in `from`. `whenNonePending`: only if none of its sub-tasks waits (the final review).
 */
export async function moveTask(
  db: Db,
  t: Tenant,
  task: TaskRow,
  from: string,
  to: 'open' | 'cancelled' | 'finished',
  now: number,
  o: { conclusion?: string; whenNonePending?: boolean } = {},
): Promise<boolean> {
  const scoped = tenantDb(db, t);
  let q = scoped
    .updateTable('app_review_tasks')
    .set({
      state: to,
      open_key: to === 'open' ? task.app_id : null,
      updated_at: now,
      ...(to === 'finished' ? { finished_at: now, conclusion: o.conclusion ?? '' } : {}),
    })
    .where('task_id', '=', task.task_id)
    .where('state', '=', from);
  if (o.whenNonePending) {
    const pending = scoped
      .selectFrom('app_review_subtasks')
      .select('sub_task_id')
      .where('task_id', '=', task.task_id)
      .where('state', '=', 'pending');
    q = q.where((eb) => eb.not(eb.exists(pending)));
  }
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function setReviewer(db: Db, t: Tenant, taskId: string, uid: string, now: number) {
  await tenantDb(db, t)
    .updateTable('app_review_tasks')
    .set({ reviewer_uid: uid, updated_at: now })
    .where('task_id', '=', taskId)
    .where('state', '!=', 'finished')
    .execute();
}

export const touchTask = (db: Db, t: Tenant, taskId: string, now: number) =>
  tenantDb(db, t).updateTable('app_review_tasks').set({ updated_at: now }).where('task_id', '=', taskId).execute();

export interface TaskFilter {
  state?: string;
  /** Only these apps (a search's matches). */
  appIds?: readonly string[];
  reviewerUid?: string;
}

const taskBase = (db: Db, t: Tenant, f: TaskFilter) => {
  let q = tenantDb(db, t).selectFrom('app_review_tasks');
  if (f.state) q = q.where('state', '=', f.state);
  if (f.appIds) q = q.where('app_id', 'in', f.appIds.length > 0 ? [...f.appIds] : ['']);
  if (f.reviewerUid) q = q.where('reviewer_uid', '=', f.reviewerUid);
  return q;
};

/** A page of main tasks, newest first. */
export const pageTasks = (db: Db, t: Tenant, f: TaskFilter, pageNum: number, pageSize: number) =>
  readPage(
    () => countOf(taskBase(db, t, f)),
    (w) =>
      taskBase(db, t, f)
        .selectAll()
        .orderBy('created_at', w.dir)
        .orderBy('task_id', w.dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    { pageNum, pageSize, order: 'desc' },
  );

// ---- sub-tasks -----------------------------------------------------------------------------------------------

export type SubtaskRow = Selectable<AppReviewSubtasksTable>;

export const insertSubtask = (db: Db, t: Tenant, row: Omit<Insertable<AppReviewSubtasksTable>, 'pno'>) =>
  tenantDb(db, t).insertInto('app_review_subtasks').values(row).execute();

export const findSubtask = (db: Db, t: Tenant, subTaskId: string) =>
  tenantDb(db, t).selectFrom('app_review_subtasks').selectAll().where('sub_task_id', '=', subTaskId).executeTakeFirst();

export const subtaskOfApplication = (db: Db, t: Tenant, applyId: string) =>
  tenantDb(db, t).selectFrom('app_review_subtasks').selectAll().where('apply_id', '=', applyId).executeTakeFirst();

export const decideSubtask = (
  db: Db,
  t: Tenant,
  subTaskId: string,
  set: { state: string; comment: string; decided_uid: string; decided_at: number },
) => tenantDb(db, t).updateTable('app_review_subtasks').set(set).where('sub_task_id', '=', subTaskId).execute();

/** A task's sub-tasks, in the order they joined it. */
export const subtasksOf = (db: Db, t: Tenant, taskId: string) =>
  tenantDb(db, t).selectFrom('app_review_subtasks').selectAll().where('task_id', '=', taskId).orderBy('seq').execute();

export interface SubtaskCounts {
  total: number;
  pending: number;
  passed: number;
  rejected: number;
}

/** Per task: how many sub-tasks it has, and how many wait, passed and were rejected. */
export async function subtaskCounts(db: Db, t: Tenant, taskIds: readonly string[]) {
  const out = new Map<string, SubtaskCounts>();
  if (taskIds.length === 0) return out;
  const rows = await tenantDb(db, t)
    .selectFrom('app_review_subtasks')
    .select((eb) => ['task_id', 'state', eb.fn.countAll<number>().as('n')])
    .where('task_id', 'in', [...taskIds])
    .groupBy(['task_id', 'state'])
    .execute();
  for (const r of rows) {
    const c = out.get(r.task_id) ?? { total: 0, pending: 0, passed: 0, rejected: 0 };
    const n = Number(r.n);
    c.total += n;
    if (r.state === 'pending' || r.state === 'passed' || r.state === 'rejected') c[r.state] += n;
    out.set(r.task_id, c);
  }
  return out;
}

// ---- records -------------------------------------------------------------------------------------------------

export interface RecordInput {
  action: string;
  actorUid: string;
  subTaskType?: string | null;
  subject?: string;
  comment?: string;
}

/** Appends a record to a task (numbered after its last one), in the caller's transaction; answers its number. */
export async function appendRecord(db: Db, t: Tenant, taskId: string, r: RecordInput, now: number): Promise<number> {
  const scoped = tenantDb(db, t);
  const bumped = await scoped
    .updateTable('app_review_tasks')
    .set((eb) => ({ record_num: eb('record_num', '+', 1), updated_at: now }))
    .where('task_id', '=', taskId)
    .returning('record_num')
    .executeTakeFirstOrThrow();
  const seq = Number(bumped.record_num);
  await scoped
    .insertInto('app_review_records')
    .values({
      record_id: newId(),
      task_id: taskId,
      seq,
      action: r.action,
      actor_uid: r.actorUid,
      sub_task_type: r.subTaskType ?? null,
      subject: r.subject ?? '',
      comment: r.comment ?? '',
      created_at: now,
    })
    .execute();
  return seq;
}

const recordBase = (db: Db, t: Tenant, taskId: string) =>
  tenantDb(db, t).selectFrom('app_review_records').where('task_id', '=', taskId);

/** A page of a task's records, newest first. */
export const pageRecords = (db: Db, t: Tenant, taskId: string, pageNum: number, pageSize: number) =>
  readPage(
    () => countOf(recordBase(db, t, taskId)),
    (w) => recordBase(db, t, taskId).selectAll().orderBy('seq', w.dir).limit(w.limit).offset(w.offset).execute(),
    { pageNum, pageSize, order: 'desc' },
  );
