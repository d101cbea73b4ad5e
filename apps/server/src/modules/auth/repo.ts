import type { Db } from '../../platform/db/connect';
import type { CodesTable } from './tables';

/** SQL for sign-in codes and sign-in failures (accounts are platform/auth/users-repo.ts). No rules here. */

/** Supersedes earlier unused codes of the same phone and purpose, then stores the new one. */
export async function replaceCode(db: Db, code: CodesTable): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('codes')
      .set({ used_at: code.created_at })
      .where('phone', '=', code.phone)
      .where('purpose', '=', code.purpose)
      .where('used_at', 'is', null)
      .execute();
    await trx.insertInto('codes').values(code).execute();
  });
}

export const latestOpenCode = (db: Db, phone: string, purpose: string, now: number) =>
  db
    .selectFrom('codes')
    .selectAll()
    .where('phone', '=', phone)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();

export const countCodeAttempt = (db: Db, id: string) =>
  db
    .updateTable('codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();

/** Marks a code used; false when another request used it first. */
export async function useCode(db: Db, id: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('codes')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export const findFailures = (db: Db, account: string) =>
  db.selectFrom('login_failures').selectAll().where('account', '=', account).executeTakeFirst();

export const saveFailures = (db: Db, account: string, failures: number, lockedUntil: number, now: number) =>
  db
    .insertInto('login_failures')
    .values({ account, failures, locked_until: lockedUntil, updated_at: now })
    .onConflict((oc) => oc.column('account').doUpdateSet({ failures, locked_until: lockedUntil, updated_at: now }))
    .execute();

export const clearFailures = (db: Db, account: string) =>
  db.deleteFrom('login_failures').where('account', '=', account).execute();
