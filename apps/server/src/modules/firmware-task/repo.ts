import type { Insertable, Selectable, Updateable } from 'kysely';
import { sql } from 'kysely';
import { withUserName, withUserNames } from '../../platform/auth/reads';
import type { Db } from '../../platform/db/connect';
import { countOf, readPage } from '../../platform/db/paging';
import { containsCi } from '../../platform/db/sql-helpers';
import { acrossProperties } from '../../platform/tenancy/filters';
import type { Tenant } from '../../platform/tenancy/tenant';
import { tenantDb } from '../../platform/tenancy/tenant-scope';
import type { FwTasksTable } from './tables';

/**
 * Tasks, their rules and progress samples: SQL only, on the tenant's scoped handle (the engine's and the package
 * owner's reads across properties apart).
 */

export type TaskRow = Selectable<FwTasksTable> & { creator_name: string | null };

export interface TaskFilter {
  state?: string;
  swType?: string;
  swId?: string;
  str?: string;
}

const taskBase = (db: Db, tenant: Tenant, f: TaskFilter) => {
  let q = tenantDb(db, tenant).selectFrom('fw_tasks as t');
  if (f.state) q = q.where('t.state', '=', f.state);
  if (f.swType) q = q.where('t.sw_type', '=', f.swType);
  if (f.swId) q = q.where('t.sw_id', '=', f.swId);
  if (f.str) {
    q = q.where(containsCi('t.name', f.str));
  }
  return q;
};

export async function pageTasks(db: Db, tenant: Tenant, f: TaskFilter, pageNum: number, pageSize: number) {
  const page = await readPage(
    () => countOf(taskBase(db, tenant, f)),
    (w) =>
      taskBase(db, tenant, f)
        .selectAll('t')
        .orderBy('t.created_at', w.dir)
        .orderBy('t.id', w.dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute() as Promise<Selectable<FwTasksTable>[]>,
    { pageNum, pageSize, order: 'desc' },
  );
  return { ...page, rows: (await withUserNames(db, page.rows, 'created_by', 'creator_name')) as TaskRow[] };
}

export const findTask = async (db: Db, tenant: Tenant, id: string) =>
  (await withUserName(
    db,
    (await taskBase(db, tenant, {}).selectAll('t').where('t.id', '=', id).executeTakeFirst()) as
      | Selectable<FwTasksTable>
      | undefined,
    'created_by',
    'creator_name',
  )) as TaskRow | undefined;

export async function insertTask(db: Db, tenant: Tenant, row: Omit<Insertable<FwTasksTable>, 'pno'>) {
  await tenantDb(db, tenant).insertInto('fw_tasks').values(row).execute();
}

/**
 * Changes a task when it is still at `version` (and bumps it): false when another change came first (the caller
 * reads it again and answers from what it finds).
 */
export async function updateTask(
  db: Db,
  tenant: Tenant,
  id: string,
  version: number,
  patch: Updateable<FwTasksTable>,
): Promise<boolean> {
  const r = await tenantDb(db, tenant)
    .updateTable('fw_tasks')
    .set({ ...patch, version: version + 1 })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function deleteTask(db: Db, tenant: Tenant, id: string) {
  const r = await tenantDb(db, tenant).deleteFrom('fw_tasks').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Tasks that are not final using a package (the firmware module refuses to delete or withdraw it). */
/**
 * Tasks not in `finalStates` installing one property's package: its own and those of the customer properties it
 * shared it with (`sw_pno`, migration 0036), or only those of `inProperties` when given.
 */
export async function countUsingPackage(
  db: Db,
  owner: Tenant,
  swId: string,
  finalStates: readonly string[],
  inProperties?: readonly string[],
) {
  let q = db
    .selectFrom('fw_tasks')
    // Keyed by the owner's package: the tasks of the customer properties it was shared with count too.
    .where(acrossProperties('customer-share'))
    .where('sw_id', '=', swId)
    // not a tenant filter: a package owner's tasks across the properties it shared the package with
    .where((eb) => eb.or([eb('sw_pno', '=', owner.pno), eb.and([eb('sw_pno', 'is', null), eb('pno', '=', owner.pno)])]))
    .where('state', 'not in', [...finalStates]);
  // not a tenant filter: a package owner's tasks across the properties it shared the package with
  if (inProperties) q = q.where('pno', 'in', inProperties.length > 0 ? [...inProperties] : ['']);
  return countOf(q);
}

/** The rollout engine's work: tasks in these states, every property (it acts per row, with the row's property). */
export const tasksInStates = (db: Db, states: readonly string[]) =>
  db
    .selectFrom('fw_tasks as t')
    .selectAll('t')
    .select(sql<string | null>`null`.as('creator_name'))
    .where(acrossProperties('system-job'))
    .where('t.state', 'in', [...states])
    .execute() as Promise<TaskRow[]>;

// Rules.

export const rulesOf = (db: Db, tenant: Tenant, taskIds: readonly string[]) =>
  tenantDb(db, tenant)
    .selectFrom('fw_task_rules')
    .selectAll()
    .where('task_id', 'in', taskIds.length > 0 ? [...taskIds] : [''])
    .orderBy('created_at')
    .orderBy('id')
    .execute();

export const findRule = (db: Db, tenant: Tenant, id: string) =>
  tenantDb(db, tenant).selectFrom('fw_task_rules').selectAll().where('id', '=', id).executeTakeFirst();

export async function insertRule(
  db: Db,
  tenant: Tenant,
  v: { id: string; taskId: string; name: string; filter: string; now: number },
) {
  await tenantDb(db, tenant)
    .insertInto('fw_task_rules')
    .values({ id: v.id, task_id: v.taskId, name: v.name, filter: v.filter, created_at: v.now })
    .execute();
}

export async function addRuleMatches(db: Db, tenant: Tenant, id: string, n: number) {
  if (n === 0) return;
  await tenantDb(db, tenant)
    .updateTable('fw_task_rules')
    .set({ matched: sql`matched + ${n}` })
    .where('id', '=', id)
    .execute();
}

export async function deleteRule(db: Db, tenant: Tenant, id: string) {
  const r = await tenantDb(db, tenant).deleteFrom('fw_task_rules').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows);
}

// Progress samples.

export const samplesOf = (db: Db, tenant: Tenant, taskId: string) =>
  tenantDb(db, tenant)
    .selectFrom('fw_task_samples')
    .select(['at', 'counts'])
    .where('task_id', '=', taskId)
    .orderBy('at')
    .execute();

export const lastSample = (db: Db, tenant: Tenant, taskId: string) =>
  tenantDb(db, tenant)
    .selectFrom('fw_task_samples')
    .select(['at', 'counts'])
    .where('task_id', '=', taskId)
    .orderBy('at', 'desc')
    .limit(1)
    .executeTakeFirst();

export async function insertSample(db: Db, tenant: Tenant, taskId: string, at: number, counts: string) {
  await tenantDb(db, tenant)
    .insertInto('fw_task_samples')
    .values({ task_id: taskId, at, counts })
    .onConflict((oc) => oc.columns(['task_id', 'at']).doNothing())
    .execute();
}

/** Keeps `device_rows` (migration 0035) with the task's rows in fw_task_devices: `delta` rows inserted (or deleted). */
export async function addDeviceRows(db: Db, tenant: Tenant, id: string, delta: number) {
  if (delta === 0) return;
  await tenantDb(db, tenant)
    .updateTable('fw_tasks')
    .set((eb) => ({ device_rows: eb('device_rows', '+', delta) }))
    .where('id', '=', id)
    .execute();
}
