import {
  type Expression,
  type ExpressionBuilder,
  expressionBuilder,
  type Insertable,
  sql,
  type Updateable,
} from 'kysely';
import type { Db } from '../db/connect';
import { countOf, readPage } from '../db/paging';
import type { Database } from '../db/schema';
import { containsAnyCi } from '../db/sql-helpers';
import { acrossProperties } from '../tenancy/filters';
import type { UsersTable } from './tables';

/** SQL for accounts (`users`): the platform's people, whatever properties they belong to. No rules here. */

export const findUserByUid = (db: Db, uid: string) =>
  db.selectFrom('users').selectAll().where('uid', '=', uid).executeTakeFirst();

/** A user's head (no password hash), by uid or phone. */
export const findUserHead = (db: Db, by: { uid?: string; phone?: string }) =>
  db
    .selectFrom('users')
    .select(['uid', 'name', 'phone', 'status'])
    .$if(by.uid !== undefined, (q) => q.where('uid', '=', by.uid as string))
    .$if(by.phone !== undefined, (q) => q.where('phone', '=', by.phone as string))
    .executeTakeFirst();

export const findUserByPhone = (db: Db, phone: string) =>
  db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirst();

/** The account a sign-in names: its phone, or its email in any case. */
export const findUserByAccount = (db: Db, account: string) =>
  db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb.or([eb('phone', '=', account), eb(sql`lower(email)`, '=', account.toLowerCase())]))
    .executeTakeFirst();

/** The uid of the account with this email, in any case; undefined when none has it. */
export const uidOfEmail = async (db: Db, email: string) =>
  (
    await db
      .selectFrom('users')
      .select('uid')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
      .executeTakeFirst()
  )?.uid;

/** The uid of the first platform operator (the oldest account that is one); undefined when there is none. */
export const firstOperatorUid = async (db: Db) =>
  (
    await db
      .selectFrom('users')
      .select('uid')
      .where('is_operator', '=', 1)
      .orderBy('created_at')
      .limit(1)
      .executeTakeFirst()
  )?.uid;

/** The users of these phones (the ones that have an account). */
export const usersOfPhones = (db: Db, phones: readonly string[]) =>
  phones.length === 0
    ? Promise.resolve([])
    : db.selectFrom('users').select(['uid', 'phone', 'name']).where('phone', 'in', phones).execute();

/**
 * Whether the user `uid` names (a column of the caller's query) has a name (or phone number or e-mail, among
 * `fields`) containing `text`, in any case: a condition for lists searched by their people, so that the search and
 * its paging stay in SQL.
 */
export function userMatches(
  uid: Expression<string | null>,
  text: string,
  fields: ReadonlyArray<'name' | 'phone' | 'email'> = ['name', 'phone'],
) {
  const eb = expressionBuilder<Database, never>();
  return eb.exists(
    eb
      .selectFrom('users as u')
      .select('u.uid')
      .where('u.uid', '=', uid)
      .where(
        containsAnyCi(
          fields.map((f) => `u.${f}`),
          text,
        ),
      ),
  );
}

/** The names of these users, by uid: one read for a page of rows that show who made or changed them. */
export async function userNames(db: Db, uids: Iterable<string | null | undefined>): Promise<Map<string, string>> {
  const ids = [...new Set([...uids].filter((u): u is string => !!u))];
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['uid', 'name']).where('uid', 'in', ids).execute();
  return new Map(rows.map((r) => [r.uid, r.name]));
}

/**
 * The rows, each with the name of the user its `uidKey` names as `nameKey` (null when it names none or an unknown
 * user): one read for a page of rows that show who made or changed them, instead of a join per list.
 */
export async function withUserNames<R extends object, K extends keyof R, N extends string>(
  db: Db,
  rows: readonly R[],
  uidKey: K,
  nameKey: N,
): Promise<(R & Record<N, string | null>)[]> {
  const names = await userNames(
    db,
    rows.map((r) => r[uidKey] as string | null | undefined),
  );
  return rows.map((r) => {
    const uid = r[uidKey] as string | null | undefined;
    return { ...r, [nameKey]: uid ? (names.get(uid) ?? null) : null } as R & Record<N, string | null>;
  });
}

/** One row (or none) with its user's name, as withUserNames. */
export async function withUserName<R extends object, K extends keyof R, N extends string>(
  db: Db,
  row: R | undefined,
  uidKey: K,
  nameKey: N,
): Promise<(R & Record<N, string | null>) | undefined> {
  return row === undefined ? undefined : (await withUserNames(db, [row], uidKey, nameKey))[0];
}

/** The names and phone numbers of these users, by uid (one read for a page of rows naming them). */
export async function userHeads(
  db: Db,
  uids: Iterable<string | null | undefined>,
): Promise<Map<string, { name: string; phone: string }>> {
  const ids = [...new Set([...uids].filter((u): u is string => !!u))];
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['uid', 'name', 'phone']).where('uid', 'in', ids).execute();
  return new Map(rows.map((r) => [r.uid, { name: r.name, phone: r.phone }]));
}

/** These users' uid, name, phone, e-mail and status (a page of a group's users): one read. */
export async function userContacts(db: Db, uids: readonly string[]) {
  if (uids.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['uid', 'name', 'phone', 'email', 'status'])
    .where('uid', 'in', [...uids])
    .execute();
}

/** The name of one user; null when there is no such user. */
export const userName = async (db: Db, uid: string) =>
  (await db.selectFrom('users').select('name').where('uid', '=', uid).executeTakeFirst())?.name ?? null;

export const createUser = (db: Db, user: Insertable<UsersTable>) => db.insertInto('users').values(user).execute();

/** Changes an account's profile fields. */
export const updateUser = (db: Db, uid: string, set: Updateable<UsersTable>) =>
  db.updateTable('users').set(set).where('uid', '=', uid).execute();

export const setUserLanguage = (db: Db, uid: string, language: 'zh-cn' | 'en') =>
  db.updateTable('users').set({ language }).where('uid', '=', uid).execute();

export const setPasswordHash = (db: Db, uid: string, hash: string, now: number) =>
  db.updateTable('users').set({ password_hash: hash, updated_at: now }).where('uid', '=', uid).execute();

/** Enables or disables these accounts; answers how many changed. */
export async function setUsersStatus(db: Db, uids: string[], status: number, now: number): Promise<number> {
  const r = await db
    .updateTable('users')
    .set({ status, updated_at: now })
    .where('uid', 'in', uids)
    .where('status', '!=', status)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export interface AccountFilter {
  str?: string;
  status?: number;
}

/** How many properties the account `u` belongs to: keyed by its uid, across properties by design. */
const propertyNum = (eb: ExpressionBuilder<Database & { u: Database['users'] }, 'u'>) =>
  eb
    .selectFrom('property_members as pm')
    .select((e) => e.fn.countAll<number>().as('n'))
    .whereRef('pm.uid', '=', 'u.uid')
    .where(acrossProperties('own-uid'))
    .as('property_num');

const accountBase = (db: Db, f: AccountFilter) => {
  let q = db.selectFrom('users as u');
  if (f.status !== undefined) q = q.where('u.status', '=', f.status);
  if (f.str) {
    q = q.where(containsAnyCi(['u.name', 'u.phone', 'u.email'], f.str));
  }
  return q;
};

/** A page of every account, oldest first (operators). */
export async function pageAccounts(db: Db, f: AccountFilter, pageNum: number, pageSize: number) {
  return readPage(
    () => countOf(accountBase(db, f)),
    (w) =>
      accountBase(db, f)
        .select(['u.uid', 'u.name', 'u.phone', 'u.email', 'u.status', 'u.is_operator', 'u.created_at', propertyNum])
        .orderBy('u.created_at', w.dir)
        .orderBy('u.uid', w.dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    { pageNum, pageSize, order: 'asc' },
  );
}

/** These accounts with whether each is an operator and how many properties it belongs to. */
export const findAccounts = (db: Db, uids: string[]) =>
  db.selectFrom('users as u').select(['u.uid', 'u.is_operator', propertyNum]).where('u.uid', 'in', uids).execute();
