import type { Db } from '../../platform/db/connect';
import { containsCi } from '../../platform/db/sql-helpers';

/** Titles and their holders: SQL only, every query filtered by the tenant's `pno` (DESIGN §5). */

export interface TitleRow {
  tid: string;
  pno: string;
  property_name: string;
  name: string;
  remark: string;
  user_count: number;
  created_at: number;
  updated_at: number;
}

/** A property's titles, or (`pno` null: operators in the back office) every property's. */
export async function listTitles(
  db: Db,
  pno: string | null,
  str: string | undefined,
  pageNum: number,
  pageSize: number,
) {
  const base = db
    .selectFrom('titles as g')
    .$if(pno !== null, (q) => q.where('g.pno', '=', pno as string))
    .$if(Boolean(str), (q) =>
      q.where((eb) => eb.or([containsCi('g.name', str ?? ''), containsCi('g.remark', str ?? '')])),
    );
  const [rows, total] = await Promise.all([
    base
      .innerJoin('properties as p', 'p.pno', 'g.pno')
      .select(['g.tid', 'g.pno', 'p.name as property_name', 'g.name', 'g.remark', 'g.created_at', 'g.updated_at'])
      .orderBy('g.created_at', 'desc')
      .orderBy('g.tid', 'desc')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const counts = await userCounts(
    db,
    [...new Set(rows.map((r) => r.pno))],
    rows.map((r) => r.tid),
  );
  return {
    rows: rows.map((r) => ({ ...r, user_count: counts.get(r.tid) ?? 0 }) satisfies TitleRow),
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
    .selectFrom('title_users')
    .select(['tid', (eb) => eb.fn.countAll<number>().as('n')])
    .where('pno', 'in', pnos)
    .where('tid', 'in', ids)
    .groupBy('tid')
    .execute();
  return new Map(rows.map((r) => [r.tid, Number(r.n)]));
}

/** A title of the property, or (`pno` null: operators) of any property; answers its `pno`. */
export const findTitle = (db: Db, pno: string | null, tid: string) =>
  db
    .selectFrom('titles')
    .select(['tid', 'pno', 'name'])
    .where('tid', '=', tid)
    .$if(pno !== null, (q) => q.where('pno', '=', pno as string))
    .executeTakeFirst();

/** Another title of the property with the same name key, if any. */
export const findTitleByNameKey = (db: Db, pno: string, nameKey: string, exceptTid?: string) =>
  db
    .selectFrom('titles')
    .select('tid')
    .where('pno', '=', pno)
    .where('name_key', '=', nameKey)
    .$if(exceptTid !== undefined, (q) => q.where('tid', '!=', exceptTid as string))
    .executeTakeFirst();

export interface TitleValues {
  name: string;
  nameKey: string;
  remark: string;
}

export const insertTitle = (db: Db, pno: string, tid: string, v: TitleValues, by: string, now: number) =>
  db
    .insertInto('titles')
    .values({
      tid,
      pno,
      name: v.name,
      name_key: v.nameKey,
      remark: v.remark,
      created_by: by,
      created_at: now,
      updated_at: now,
    })
    .execute();

export const updateTitle = (db: Db, pno: string, tid: string, v: TitleValues, now: number) =>
  db
    .updateTable('titles')
    .set({ name: v.name, name_key: v.nameKey, remark: v.remark, updated_at: now })
    .where('pno', '=', pno)
    .where('tid', '=', tid)
    .execute();

export async function countTitleUsers(db: Db, pno: string, tid: string): Promise<number> {
  const row = await db
    .selectFrom('title_users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('pno', '=', pno)
    .where('tid', '=', tid)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Deletes a title and its holdings; call inside a transaction. */
export async function deleteTitle(db: Db, pno: string, tid: string): Promise<void> {
  await db.deleteFrom('title_users').where('pno', '=', pno).where('tid', '=', tid).execute();
  await db.deleteFrom('titles').where('pno', '=', pno).where('tid', '=', tid).execute();
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

/** Of `uids`, those holding the title. */
export async function titleHolderUids(db: Db, pno: string, tid: string, uids: readonly string[]) {
  const rows = await db
    .selectFrom('title_users')
    .select('uid')
    .where('pno', '=', pno)
    .where('tid', '=', tid)
    .where('uid', 'in', uids)
    .execute();
  return new Set(rows.map((r) => r.uid));
}

/** Inserts the holdings that do not exist yet; answers how many were added. */
export async function addTitleUsers(
  db: Db,
  pno: string,
  tid: string,
  uids: readonly string[],
  by: string,
  now: number,
) {
  if (uids.length === 0) return 0;
  const result = await db
    .insertInto('title_users')
    .values(uids.map((uid) => ({ pno, tid, uid, added_by: by, added_at: now })))
    .onConflict((oc) => oc.columns(['tid', 'uid']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

export async function removeTitleUsers(db: Db, pno: string, tid: string, uids: readonly string[]) {
  const result = await db
    .deleteFrom('title_users')
    .where('pno', '=', pno)
    .where('tid', '=', tid)
    .where('uid', 'in', uids)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function listTitleUsers(
  db: Db,
  pno: string,
  tid: string,
  str: string | undefined,
  pageNum: number,
  pageSize: number,
) {
  const memberships = db
    .selectFrom('title_users as m')
    .where('m.pno', '=', pno)
    .where('m.tid', '=', tid)
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
      : countTitleUsers(db, pno, tid),
  ]);
  return { rows, total };
}

/** Removes every title a user holds in the property (call when the user leaves it). */
export const removeUserFromTitles = (db: Db, pno: string, uid: string) =>
  db.deleteFrom('title_users').where('pno', '=', pno).where('uid', '=', uid).execute();
