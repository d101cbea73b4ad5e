import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../platform/db/connect';
import { countOf, readPage } from '../../platform/db/paging';
import { containsAnyCi } from '../../platform/db/sql-helpers';
import type { Tenant } from '../../platform/tenancy/tenant';
import { tenantDb } from '../../platform/tenancy/tenant-scope';
import type { SoftTrialUsersTable } from './tables';

/** The SQL of release managers (`soft_release_managers`) and trial users (`soft_trial_users`). No rules here. */

export type ManagerRow = Awaited<ReturnType<typeof managersOf>>[number];
export type TrialRow = Awaited<ReturnType<typeof findTrial>> & object;

export const managersOf = (db: Db, t: Tenant, softId: string) =>
  tenantDb(db, t)
    .selectFrom('soft_release_managers')
    .selectAll()
    .where('soft_id', '=', softId)
    .orderBy('created_at')
    .orderBy('uid')
    .execute();

export const findManager = (db: Db, t: Tenant, softId: string, uid: string) =>
  tenantDb(db, t)
    .selectFrom('soft_release_managers')
    .selectAll()
    .where('soft_id', '=', softId)
    .where('uid', '=', uid)
    .executeTakeFirst();

/** The channels (JSON lists) a member manages, per software among these. */
export async function managedBy(db: Db, t: Tenant, uid: string, softIds: readonly string[]) {
  if (softIds.length === 0) return new Map<string, string>();
  const rows = await tenantDb(db, t)
    .selectFrom('soft_release_managers')
    .select(['soft_id', 'channels'])
    .where('uid', '=', uid)
    .where('soft_id', 'in', [...softIds])
    .execute();
  return new Map(rows.map((r) => [r.soft_id, r.channels]));
}

/** Adds a release manager or changes their channels. */
export async function upsertManager(
  db: Db,
  t: Tenant,
  row: { soft_id: string; uid: string; channels: string; created_by: string; created_at: number },
) {
  await tenantDb(db, t)
    .insertInto('soft_release_managers')
    .values(row)
    .onConflict((oc) => oc.columns(['soft_id', 'uid']).doUpdateSet({ channels: row.channels }))
    .execute();
}

export async function deleteManager(db: Db, t: Tenant, softId: string, uid: string): Promise<number> {
  const r = await tenantDb(db, t)
    .deleteFrom('soft_release_managers')
    .where('soft_id', '=', softId)
    .where('uid', '=', uid)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

// ---- trial users -----------------------------------------------------------------------------------------------

export const findTrial = (db: Db, t: Tenant, trialId: string) =>
  tenantDb(db, t).selectFrom('soft_trial_users').selectAll().where('trial_id', '=', trialId).executeTakeFirst();

export const findTrialByInstall = (db: Db, t: Tenant, softId: string, installId: string) =>
  tenantDb(db, t)
    .selectFrom('soft_trial_users')
    .select('trial_id')
    .where('soft_id', '=', softId)
    .where('install_id', '=', installId)
    .executeTakeFirst();

export const insertTrial = (db: Db, t: Tenant, row: Omit<Insertable<SoftTrialUsersTable>, 'pno'>) =>
  tenantDb(db, t).insertInto('soft_trial_users').values(row).execute();

export const updateTrial = (
  db: Db,
  t: Tenant,
  trialId: string,
  set: Omit<Updateable<SoftTrialUsersTable>, 'pno' | 'trial_id' | 'soft_id' | 'created_by' | 'created_at'>,
) => tenantDb(db, t).updateTable('soft_trial_users').set(set).where('trial_id', '=', trialId).execute();

export async function deleteTrial(db: Db, t: Tenant, trialId: string): Promise<number> {
  const r = await tenantDb(db, t).deleteFrom('soft_trial_users').where('trial_id', '=', trialId).executeTakeFirst();
  return Number(r.numDeletedRows);
}

const trialBase = (db: Db, t: Tenant, softId: string, str: string | undefined) => {
  let q = tenantDb(db, t).selectFrom('soft_trial_users as u').where('u.soft_id', '=', softId);
  if (str) q = q.where(containsAnyCi(['u.install_id', 'u.name'], str));
  return q;
};

/** A page of a software's trial users, soonest expiry first. */
export const pageTrials = (
  db: Db,
  t: Tenant,
  softId: string,
  str: string | undefined,
  pageNum: number,
  pageSize: number,
) =>
  readPage(
    () => countOf(trialBase(db, t, softId, str)),
    (w) =>
      trialBase(db, t, softId, str)
        .selectAll('u')
        .orderBy('u.expires_at', w.dir)
        .orderBy('u.trial_id', w.dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    { pageNum, pageSize, order: 'asc' },
  );
