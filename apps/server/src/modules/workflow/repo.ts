import { type Insertable, sql } from 'kysely';
import { withUserName, withUserNames } from '../../platform/auth/reads';
import type { Db } from '../../platform/db/connect';
import type { Tenant } from '../../platform/tenancy/tenant';
import { tenantDb } from '../../platform/tenancy/tenant-scope';
import type {
  FlowApplicationsTable,
  FlowDoneTable,
  FlowHistoryTable,
  FlowPendingTable,
  FlowStepsTable,
} from './tables';

/**
 * The workflow engine's SQL (README): flows and their steps, who may audit a type, applications, the current step's
 * waiting auditors with their counts, the done rows and the history. Every query runs on the property's scoped
 * handle, which adds the property to each condition and sets it on each row written (platform/tenancy/tenant-scope.ts).
 * What lists need is in list-repo.ts; resolving auditors to people in people-repo.ts.
 */

/** A row as a repo writes it: its property is the tenant's, set by the scoped handle. */
type Row<T> = Omit<Insertable<T>, 'pno'>;

// Flows and steps.

export const findFlow = async (db: Db, t: Tenant, applyType: string) =>
  withUserName(
    db,
    await tenantDb(db, t)
      .selectFrom('flow_settings as f')
      .select(['f.flow_id', 'f.version', 'f.updated_at', 'f.updated_by'])
      .where('f.apply_type', '=', applyType)
      .executeTakeFirst(),
    'updated_by',
    'updater_name',
  );

export const insertFlow = (db: Db, t: Tenant, flowId: string, applyType: string, uid: string, now: number) =>
  tenantDb(db, t)
    .insertInto('flow_settings')
    .values({
      flow_id: flowId,
      apply_type: applyType,
      version: 1,
      updated_by: uid,
      created_at: now,
      updated_at: now,
    })
    .execute();

/** Marks an edit of the flow (and, on PostgreSQL, locks its row until the transaction ends): its new version. */
export async function bumpFlow(db: Db, t: Tenant, flowId: string, uid: string, now: number): Promise<number> {
  const row = await tenantDb(db, t)
    .updateTable('flow_settings')
    .set({ version: sql`version + 1`, updated_by: uid, updated_at: now })
    .where('flow_id', '=', flowId)
    .returning('version')
    .executeTakeFirstOrThrow();
  return Number(row.version);
}

export const listSteps = (db: Db, t: Tenant, applyType: string) =>
  tenantDb(db, t)
    .selectFrom('flow_steps')
    .selectAll()
    .where('apply_type', '=', applyType)
    .orderBy('sort')
    .orderBy('step_id')
    .execute();

export const findStep = (db: Db, t: Tenant, stepId: string) =>
  tenantDb(db, t).selectFrom('flow_steps').selectAll().where('step_id', '=', stepId).executeTakeFirst();

export const insertStep = (db: Db, t: Tenant, row: Row<FlowStepsTable>) =>
  tenantDb(db, t).insertInto('flow_steps').values(row).execute();

export const updateStep = (
  db: Db,
  t: Tenant,
  stepId: string,
  values: Partial<Pick<FlowStepsTable, 'name' | 'rule' | 'skip_applicant' | 'auditors' | 'sort' | 'updated_at'>>,
) => tenantDb(db, t).updateTable('flow_steps').set(values).where('step_id', '=', stepId).execute();

export const deleteStep = (db: Db, t: Tenant, stepId: string) =>
  tenantDb(db, t).deleteFrom('flow_steps').where('step_id', '=', stepId).execute();

export const deleteSteps = (db: Db, t: Tenant, applyType: string) =>
  tenantDb(db, t).deleteFrom('flow_steps').where('apply_type', '=', applyType).execute();

/** Steps per apply type of the property. */
export async function stepCounts(db: Db, t: Tenant): Promise<Map<string, number>> {
  const rows = await tenantDb(db, t)
    .selectFrom('flow_steps')
    .select(['apply_type', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('apply_type')
    .execute();
  return new Map(rows.map((r) => [r.apply_type, Number(r.n)]));
}

// Who may audit a type.

export const poolRows = (db: Db, t: Tenant, applyType?: string) => {
  let q = tenantDb(db, t).selectFrom('apply_type_auditors').select(['apply_type', 'auth_type', 'ref_id']);
  if (applyType) q = q.where('apply_type', '=', applyType);
  return q.orderBy('apply_type').orderBy('auth_type').orderBy('created_at').orderBy('ref_id').execute();
};

export async function replacePool(
  db: Db,
  t: Tenant,
  applyType: string,
  entries: ReadonlyArray<{ t: number; id: string }>,
  now: number,
) {
  await tenantDb(db, t).deleteFrom('apply_type_auditors').where('apply_type', '=', applyType).execute();
  if (entries.length === 0) return;
  await tenantDb(db, t)
    .insertInto('apply_type_auditors')
    .values(entries.map((e, i) => ({ apply_type: applyType, auth_type: e.t, ref_id: e.id, created_at: now + i })))
    .execute();
}

/** Pending applications per apply type of the property. */
export async function pendingByType(db: Db, t: Tenant): Promise<Map<string, number>> {
  const rows = await tenantDb(db, t)
    .selectFrom('flow_applications')
    .select(['apply_type', (eb) => eb.fn.countAll<number>().as('n')])
    .where('state', '=', 'pending')
    .groupBy('apply_type')
    .execute();
  return new Map(rows.map((r) => [r.apply_type, Number(r.n)]));
}

// Applications.

export const insertApplication = (db: Db, t: Tenant, row: Row<FlowApplicationsTable>) =>
  tenantDb(db, t).insertInto('flow_applications').values(row).execute();

export const findApplication = (db: Db, t: Tenant, applyId: string) =>
  tenantDb(db, t).selectFrom('flow_applications').selectAll().where('apply_id', '=', applyId).executeTakeFirst();

export type ApplicationRow = NonNullable<Awaited<ReturnType<typeof findApplication>>>;

/** The latest application of a type about an area's object. */
/**
 * A subject's application: the one pending, if any (a subject has at most one under review), else the latest. Two made
 * in the same millisecond would otherwise be told apart by their random ids only.
 */
export const findBySubject = (db: Db, t: Tenant, applyType: string, subjectId: string) =>
  tenantDb(db, t)
    .selectFrom('flow_applications')
    .selectAll()
    .where('apply_type', '=', applyType)
    .where('subject_id', '=', subjectId)
    .orderBy(sql`case when state = 'pending' then 0 else 1 end`)
    .orderBy('created_at', 'desc')
    .orderBy('apply_id', 'desc')
    .limit(1)
    .executeTakeFirst();

/**
 * Takes the application for one change: bumps its version if it is still the one read (on PostgreSQL the row stays
 * locked until the transaction ends; a concurrent change waits, then finds the version moved and updates nothing).
 * Answers whether this transaction holds it.
 */
export async function claimApplication(db: Db, t: Tenant, applyId: string, version: number, now: number) {
  const r = await tenantDb(db, t)
    .updateTable('flow_applications')
    .set({ version: version + 1, updated_at: now })
    .where('apply_id', '=', applyId)
    .where('version', '=', version)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export const updateApplication = (
  db: Db,
  t: Tenant,
  applyId: string,
  values: Partial<Pick<FlowApplicationsTable, 'step_index' | 'state' | 'reason' | 'history_num' | 'finished_at'>>,
) => tenantDb(db, t).updateTable('flow_applications').set(values).where('apply_id', '=', applyId).execute();

// The current step's waiting auditors.

export async function pendingOf(db: Db, t: Tenant, applyId: string): Promise<string[]> {
  const rows = await tenantDb(db, t)
    .selectFrom('flow_pending')
    .select('uid')
    .where('apply_id', '=', applyId)
    .orderBy('uid')
    .execute();
  return rows.map((r) => r.uid);
}

/** The applications a user waits on in the property. */
export async function waitingOn(db: Db, t: Tenant, uid: string): Promise<string[]> {
  const rows = await tenantDb(db, t)
    .selectFrom('flow_pending')
    .select('apply_id')
    .where('uid', '=', uid)
    .orderBy('apply_id')
    .execute();
  return rows.map((r) => r.apply_id);
}

export const insertPending = (db: Db, t: Tenant, rows: ReadonlyArray<Row<FlowPendingTable>>) =>
  rows.length === 0
    ? Promise.resolve()
    : tenantDb(db, t)
        .insertInto('flow_pending')
        .values([...rows])
        .execute();

export async function deletePending(db: Db, t: Tenant, applyId: string, uids?: readonly string[]) {
  let q = tenantDb(db, t).deleteFrom('flow_pending').where('apply_id', '=', applyId);
  if (uids) {
    if (uids.length === 0) return;
    q = q.where('uid', 'in', [...uids]);
  }
  await q.execute();
}

/**
 * Adds to the auditors' to-do counts, in uid order (every transaction takes these rows in the same order, so two
 * never wait on each other in a cycle).
 */
export async function bumpTodoCounts(
  db: Db,
  t: Tenant,
  deltas: ReadonlyArray<{ uid: string; type: string; n: number }>,
) {
  const sorted = [...deltas].filter((d) => d.n !== 0).sort((a, b) => (a.uid + a.type < b.uid + b.type ? -1 : 1));
  for (const d of sorted) {
    await tenantDb(db, t)
      .insertInto('flow_todo_counts')
      .values({ uid: d.uid, apply_type: d.type, n: d.n })
      .onConflict((oc) =>
        oc.columns(['pno', 'uid', 'apply_type']).doUpdateSet({ n: sql<number>`flow_todo_counts.n + excluded.n` }),
      )
      .execute();
  }
}

export const upsertDone = (db: Db, t: Tenant, row: Row<FlowDoneTable>) =>
  tenantDb(db, t)
    .insertInto('flow_done')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['pno', 'apply_id', 'uid']).doUpdateSet({ action: row.action, acted_at: row.acted_at }),
    )
    .execute();

// The history.

export const appendHistory = (db: Db, t: Tenant, rows: ReadonlyArray<Row<FlowHistoryTable>>) =>
  rows.length === 0
    ? Promise.resolve()
    : tenantDb(db, t)
        .insertInto('flow_history')
        .values([...rows])
        .execute();

export const historyOf = async (db: Db, t: Tenant, applyId: string) =>
  withUserNames(
    db,
    await tenantDb(db, t)
      .selectFrom('flow_history as h')
      .select(['h.id', 'h.seq', 'h.action', 'h.step_index', 'h.actor_uid', 'h.comment', 'h.targets', 'h.created_at'])
      .where('h.apply_id', '=', applyId)
      .orderBy('h.seq')
      .execute(),
    'actor_uid',
    'actor_name',
  );

/** Who passed the application at a step so far. */
export async function passedAt(db: Db, t: Tenant, applyId: string, stepIndex: number): Promise<string[]> {
  const rows = await tenantDb(db, t)
    .selectFrom('flow_history')
    .select('actor_uid')
    .where('apply_id', '=', applyId)
    .where('step_index', '=', stepIndex)
    .where('action', '=', 'pass')
    .execute();
  return rows.flatMap((r) => (r.actor_uid ? [r.actor_uid] : []));
}
