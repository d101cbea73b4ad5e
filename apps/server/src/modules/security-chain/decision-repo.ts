import { type Insertable, type SqlBool, sql } from 'kysely';
import type { Db } from '../../platform/db/connect';
import type { Tenant } from '../../platform/tenancy/tenant';
import { tenantDb } from '../../platform/tenancy/tenant-scope';
import type { SecurityFuncRecordsTable } from './tables';

/**
 * The decision's SQL (README "The decision"): what holds for a user, a function and a device at a time — privileges,
 * white lists, user and device authorisations, the function's pool — and the pool's draw and the records. Per tenant.
 * No rules here but the window (`start_time <= now < end_time`, a null side open) each grant is read within.
 */

/** The row's window holds `now` (a query of one table). */
const within = (now: number) =>
  sql<SqlBool>`(start_time is null or start_time <= ${now}) and (end_time is null or end_time > ${now})`;

/** Whether `uid` is an enabled privileged user of the space at `now`. */
export async function isPrivileged(db: Db, t: Tenant, sid: string, uid: string, now: number): Promise<boolean> {
  const row = await tenantDb(db, t)
    .selectFrom('security_privileged_users')
    .select('privilege_id')
    .where('sid', '=', sid)
    .where('uid', '=', uid)
    .where('disabled', '=', 0)
    .where(within(now))
    .executeTakeFirst();
  return row !== undefined;
}

/** Which of the user and the device are white-listed for the function at `now`. */
export async function whiteListed(
  db: Db,
  t: Tenant,
  funcId: string,
  uid: string,
  deviceId: string,
  now: number,
): Promise<{ user: boolean; device: boolean }> {
  const rows = await tenantDb(db, t)
    .selectFrom('security_white_lists')
    .select('member_type')
    .where('func_id', '=', funcId)
    .where((eb) =>
      eb.or([
        eb.and([eb('member_type', '=', 'user'), eb('member_id', '=', uid)]),
        eb.and([eb('member_type', '=', 'device'), eb('member_id', '=', deviceId)]),
      ]),
    )
    .where(within(now))
    .execute();
  return { user: rows.some((r) => r.member_type === 'user'), device: rows.some((r) => r.member_type === 'device') };
}

/** Whether an enabled user authorisation of the function names one of the subjects at `now`. */
export async function userGranted(
  db: Db,
  t: Tenant,
  funcId: string,
  subjects: readonly { subjectType: number; subjectId: string }[],
  now: number,
): Promise<boolean> {
  if (subjects.length === 0) return false;
  const rows = await tenantDb(db, t)
    .selectFrom('security_user_auths')
    .select(['subject_type', 'subject_id'])
    .where('func_id', '=', funcId)
    .where('disabled', '=', 0)
    .where('subject_id', 'in', [...new Set(subjects.map((k) => k.subjectId))])
    .where(within(now))
    .execute();
  const wanted = new Set(subjects.map((k) => `${k.subjectType}:${k.subjectId}`));
  return rows.some((r) => wanted.has(`${Number(r.subject_type)}:${r.subject_id}`));
}

/** Whether an enabled device authorisation of the function names the device or one of its groups at `now`. */
export async function deviceGranted(
  db: Db,
  t: Tenant,
  funcId: string,
  deviceId: string,
  groupIds: readonly string[],
  now: number,
): Promise<boolean> {
  const row = await tenantDb(db, t)
    .selectFrom('security_device_auths')
    .select('auth_id')
    .where('func_id', '=', funcId)
    .where('disabled', '=', 0)
    .where((eb) =>
      eb.or([
        eb.and([eb('target_type', '=', 'device'), eb('target_id', '=', deviceId)]),
        ...(groupIds.length > 0
          ? [eb.and([eb('target_type', '=', 'group'), eb('target_id', 'in', [...groupIds])])]
          : []),
      ]),
    )
    .where(within(now))
    .executeTakeFirst();
  return row !== undefined;
}

export type PoolRow = NonNullable<Awaited<ReturnType<typeof poolOfFunc>>>;

/** The function's pool, if it has one. */
export const poolOfFunc = (db: Db, t: Tenant, funcId: string) =>
  tenantDb(db, t).selectFrom('security_grant_pools').selectAll().where('func_id', '=', funcId).executeTakeFirst();

/**
 * Starts the pool's current period (`used` 0) if the one it counts in began before `periodStart`: conditional, so
 * that of callers racing only one rolls it.
 */
export const rollPool = (db: Db, t: Tenant, poolId: string, periodStart: number) =>
  tenantDb(db, t)
    .updateTable('security_grant_pools')
    .set({ used: 0, period_start: periodStart })
    .where('pool_id', '=', poolId)
    .where('period_start', '<', periodStart)
    .execute();

/** Draws one grant from an enabled pool in the period that began at `periodStart`: whether one was left. */
export async function drawPool(db: Db, t: Tenant, poolId: string, periodStart: number): Promise<boolean> {
  const result = await tenantDb(db, t)
    .updateTable('security_grant_pools')
    .set((eb) => ({ used: eb('used', '+', 1) }))
    .where('pool_id', '=', poolId)
    .where('disabled', '=', 0)
    .where('period_start', '=', periodStart)
    .where((eb) => eb('used', '<', eb.ref('quota')))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

// ---- records -------------------------------------------------------------------------------------------------

export type FuncRecordRow = NonNullable<Awaited<ReturnType<typeof findRecordByNonce>>>;

export const insertRecord = (db: Db, t: Tenant, row: Omit<Insertable<SecurityFuncRecordsTable>, 'pno'>) =>
  tenantDb(db, t).insertInto('security_func_records').values(row).execute();

/** The record of a kind (`issue`, `use`) with a token's nonce. */
export const findRecordByNonce = (db: Db, t: Tenant, kind: 'issue' | 'use', nonce: string) =>
  tenantDb(db, t)
    .selectFrom('security_func_records')
    .selectAll()
    .where('kind', '=', kind)
    .where('nonce', '=', nonce)
    .executeTakeFirst();
