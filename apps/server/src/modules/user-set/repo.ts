import type { Db } from '../../platform/db/connect';
import { containsCi } from '../../platform/db/sql-helpers';

/** User sets and their members: SQL only, every query filtered by the tenant's `pno` (DESIGN §5). */

export interface UserSetRow {
  usid: string;
  pno: string;
  property_name: string;
  name: string;
  remark: string;
  user_count: number;
  created_at: number;
  updated_at: number;
}

/** A property's user sets, or (`pno` null: operators in the back office) every property's. */
export async function listUserSets(
  db: Db,
  pno: string | null,
  str: string | undefined,
  pageNum: number,
  pageSize: number,
) {
  const base = db
    .selectFrom('user_sets as g')
    .$if(pno !== null, (q) => q.where('g.pno', '=', pno as string))
    .$if(Boolean(str), (q) =>
      q.where((eb) => eb.or([containsCi('g.name', str ?? ''), containsCi('g.remark', str ?? '')])),
    );
  const [rows, total] = await Promise.all([
    base
      .innerJoin('properties as p', 'p.pno', 'g.pno')
      .select(['g.usid', 'g.pno', 'p.name as property_name', 'g.name', 'g.remark', 'g.created_at', 'g.updated_at'])
      .orderBy('g.created_at', 'desc')
      .orderBy('g.usid', 'desc')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const counts = await userCounts(
    db,
    [...new Set(rows.map((r) => r.pno))],
    rows.map((r) => r.usid),
  );
  return {
    rows: rows.map((r) => ({ ...r, user_count: counts.get(r.usid) ?? 0 }) satisfies UserSetRow),
    total: Number(total.n),
  };
}

/**
 * The user counts of one page of groups, in one grouped query over the primary key (a correlated count per row
 * would also run for the rows OFFSET skips).
 */
async function userCounts(db: Db, pnos: string[], ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('user_set_users')
    .select(['usid', (eb) => eb.fn.countAll<number>().as('n')])
    .where('pno', 'in', pnos)
    .where('usid', 'in', ids)
    .groupBy('usid')
    .execute();
  return new Map(rows.map((r) => [r.usid, Number(r.n)]));
}

/** A user set of the property, or (`pno` null: operators) of any property; answers its `pno`. */
export const findUserSet = (db: Db, pno: string | null, usid: string) =>
  db
    .selectFrom('user_sets')
    .select(['usid', 'pno', 'name'])
    .where('usid', '=', usid)
    .$if(pno !== null, (q) => q.where('pno', '=', pno as string))
    .executeTakeFirst();

/** Another user set of the property with the same name key, if any. */
export const findUserSetByNameKey = (db: Db, pno: string, nameKey: string, exceptUsid?: string) =>
  db
    .selectFrom('user_sets')
    .select('usid')
    .where('pno', '=', pno)
    .where('name_key', '=', nameKey)
    .$if(exceptUsid !== undefined, (q) => q.where('usid', '!=', exceptUsid as string))
    .executeTakeFirst();

export interface UserSetValues {
  name: string;
  nameKey: string;
  remark: string;
}

export const insertUserSet = (db: Db, pno: string, usid: string, v: UserSetValues, by: string, now: number) =>
  db
    .insertInto('user_sets')
    .values({
      usid,
      pno,
      name: v.name,
      name_key: v.nameKey,
      remark: v.remark,
      created_by: by,
      created_at: now,
      updated_at: now,
    })
    .execute();

export const updateUserSet = (db: Db, pno: string, usid: string, v: UserSetValues, now: number) =>
  db
    .updateTable('user_sets')
    .set({ name: v.name, name_key: v.nameKey, remark: v.remark, updated_at: now })
    .where('pno', '=', pno)
    .where('usid', '=', usid)
    .execute();

export async function countUserSetUsers(db: Db, pno: string, usid: string): Promise<number> {
  const row = await db
    .selectFrom('user_set_users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('pno', '=', pno)
    .where('usid', '=', usid)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Deletes a user set and its memberships; call inside a transaction. */
export async function deleteUserSet(db: Db, pno: string, usid: string): Promise<void> {
  await db.deleteFrom('user_set_users').where('pno', '=', pno).where('usid', '=', usid).execute();
  await db.deleteFrom('user_sets').where('pno', '=', pno).where('usid', '=', usid).execute();
}

/** Whether a property exists (operators name one in the body). */
export async function propertyExists(db: Db, pno: string): Promise<boolean> {
  return Boolean(await db.selectFrom('properties').select('pno').where('pno', '=', pno).executeTakeFirst());
}

/** Of `uids`, those that are members of the property. */
export async function propertyMemberUids(db: Db, pno: string, uids: readonly string[]): Promise<Set<string>> {
  const rows = await db
    .selectFrom('property_members')
    .select('uid')
    .where('pno', '=', pno)
    .where('uid', 'in', uids)
    .execute();
  return new Set(rows.map((r) => r.uid));
}

/** Of `uids`, those in the set. */
export async function userSetMemberUids(db: Db, pno: string, usid: string, uids: readonly string[]) {
  const rows = await db
    .selectFrom('user_set_users')
    .select('uid')
    .where('pno', '=', pno)
    .where('usid', '=', usid)
    .where('uid', 'in', uids)
    .execute();
  return new Set(rows.map((r) => r.uid));
}

/** Inserts the memberships that do not exist yet; answers how many were added. */
export async function addUserSetUsers(
  db: Db,
  pno: string,
  usid: string,
  uids: readonly string[],
  by: string,
  now: number,
) {
  if (uids.length === 0) return 0;
  const result = await db
    .insertInto('user_set_users')
    .values(uids.map((uid) => ({ pno, usid, uid, added_by: by, added_at: now })))
    .onConflict((oc) => oc.columns(['usid', 'uid']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

export async function removeUserSetUsers(db: Db, pno: string, usid: string, uids: readonly string[]) {
  const result = await db
    .deleteFrom('user_set_users')
    .where('pno', '=', pno)
    .where('usid', '=', usid)
    .where('uid', 'in', uids)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function listUserSetUsers(
  db: Db,
  pno: string,
  usid: string,
  str: string | undefined,
  pageNum: number,
  pageSize: number,
) {
  const memberships = db
    .selectFrom('user_set_users as m')
    .where('m.pno', '=', pno)
    .where('m.usid', '=', usid)
    .$if(Boolean(str), (q) =>
      q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('users as s')
            .select('s.uid')
            .whereRef('s.uid', '=', 'm.uid')
            .where((e) =>
              e.or([
                containsCi('s.name', str ?? ''),
                containsCi('s.phone', str ?? ''),
                containsCi('s.email', str ?? ''),
              ]),
            ),
        ),
      ),
    );
  // Deferred join: page through the membership index first, then read only the page's users.
  const page = memberships
    .select(['m.uid', 'm.added_at'])
    .orderBy('m.added_at', 'desc')
    .orderBy('m.uid', 'desc')
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize);
  const [rows, total] = await Promise.all([
    db
      .selectFrom(page.as('pg'))
      .innerJoin('users as u', 'u.uid', 'pg.uid')
      .select(['u.uid', 'u.name', 'u.phone', 'u.email', 'u.status', 'pg.added_at'])
      .orderBy('pg.added_at', 'desc')
      .orderBy('pg.uid', 'desc')
      .execute(),
    // Without a search the total is an index-only count of the group's memberships.
    str
      ? memberships
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
          .then((r) => Number(r.n))
      : countUserSetUsers(db, pno, usid),
  ]);
  return { rows, total };
}

/** Removes a user from every set of the property (call when the user leaves it). */
export const removeUserFromUserSets = (db: Db, pno: string, uid: string) =>
  db.deleteFrom('user_set_users').where('pno', '=', pno).where('uid', '=', uid).execute();
