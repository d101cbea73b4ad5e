import type { Db } from '../../platform/db/connect';
import { containsCi } from '../../platform/db/sql-helpers';

/** Customers and their users: SQL only, every query filtered by the tenant's `pno` (DESIGN §5). */

export interface CustomerRow {
  cid: string;
  name: string;
  code: string;
  contact_name: string;
  contact_phone: string;
  contact_email: string;
  address: string;
  remark: string;
  user_count: number;
  created_at: number;
  updated_at: number;
}

export async function listCustomers(db: Db, pno: string, str: string | undefined, pageNum: number, pageSize: number) {
  const base = db
    .selectFrom('customers as g')
    .where('g.pno', '=', pno)
    .$if(Boolean(str), (q) =>
      q.where((eb) =>
        eb.or(
          ['g.name', 'g.code', 'g.contact_name', 'g.contact_phone', 'g.remark'].map((column) =>
            containsCi(column, str ?? ''),
          ),
        ),
      ),
    );
  const [rows, total] = await Promise.all([
    base
      .select([
        'g.cid',
        'g.name',
        'g.code',
        'g.contact_name',
        'g.contact_phone',
        'g.contact_email',
        'g.address',
        'g.remark',
        'g.created_at',
        'g.updated_at',
      ])
      .orderBy('g.created_at', 'desc')
      .orderBy('g.cid', 'desc')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const counts = await userCounts(
    db,
    [pno],
    rows.map((r) => r.cid),
  );
  return {
    rows: rows.map((r) => ({ ...r, user_count: counts.get(r.cid) ?? 0 }) satisfies CustomerRow),
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
    .selectFrom('customer_users')
    .select(['cid', (eb) => eb.fn.countAll<number>().as('n')])
    .where('pno', 'in', pnos)
    .where('cid', 'in', ids)
    .groupBy('cid')
    .execute();
  return new Map(rows.map((r) => [r.cid, Number(r.n)]));
}

export const findCustomer = (db: Db, pno: string, cid: string) =>
  db.selectFrom('customers').select(['cid', 'name']).where('pno', '=', pno).where('cid', '=', cid).executeTakeFirst();

/** Another customer of the property with the same name key, if any. */
export const findCustomerByNameKey = (db: Db, pno: string, nameKey: string, exceptCid?: string) =>
  db
    .selectFrom('customers')
    .select('cid')
    .where('pno', '=', pno)
    .where('name_key', '=', nameKey)
    .$if(exceptCid !== undefined, (q) => q.where('cid', '!=', exceptCid as string))
    .executeTakeFirst();

export interface CustomerValues {
  name: string;
  nameKey: string;
  code: string;
  /** Lower-cased code; null when there is none. */
  codeKey: string | null;
  contactName: string;
  contactPhone: string;
  contactEmail: string;
  address: string;
  remark: string;
}

const columns = (v: CustomerValues) => ({
  name: v.name,
  name_key: v.nameKey,
  code: v.code,
  code_key: v.codeKey,
  contact_name: v.contactName,
  contact_phone: v.contactPhone,
  contact_email: v.contactEmail,
  address: v.address,
  remark: v.remark,
});

/** Another customer of the property with the same code key, if any. */
export const findCustomerByCodeKey = (db: Db, pno: string, codeKey: string, exceptCid?: string) =>
  db
    .selectFrom('customers')
    .select('cid')
    .where('pno', '=', pno)
    .where('code_key', '=', codeKey)
    .$if(exceptCid !== undefined, (q) => q.where('cid', '!=', exceptCid as string))
    .executeTakeFirst();

export const insertCustomer = (db: Db, pno: string, cid: string, v: CustomerValues, by: string, now: number) =>
  db
    .insertInto('customers')
    .values({
      cid,
      pno,
      ...columns(v),
      created_by: by,
      created_at: now,
      updated_at: now,
    })
    .execute();

export const updateCustomer = (db: Db, pno: string, cid: string, v: CustomerValues, now: number) =>
  db
    .updateTable('customers')
    .set({ ...columns(v), updated_at: now })
    .where('pno', '=', pno)
    .where('cid', '=', cid)
    .execute();

export async function countCustomerUsers(db: Db, pno: string, cid: string): Promise<number> {
  const row = await db
    .selectFrom('customer_users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('pno', '=', pno)
    .where('cid', '=', cid)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Deletes a customer and its user assignments; call inside a transaction. */
export async function deleteCustomer(db: Db, pno: string, cid: string): Promise<void> {
  await db.deleteFrom('customer_users').where('pno', '=', pno).where('cid', '=', cid).execute();
  await db.deleteFrom('customers').where('pno', '=', pno).where('cid', '=', cid).execute();
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

/** Of `uids`, those assigned to the customer. */
export async function customerUserUids(db: Db, pno: string, cid: string, uids: readonly string[]) {
  const rows = await db
    .selectFrom('customer_users')
    .select('uid')
    .where('pno', '=', pno)
    .where('cid', '=', cid)
    .where('uid', 'in', uids)
    .execute();
  return new Set(rows.map((r) => r.uid));
}

/** Inserts the assignments that do not exist yet; answers how many were added. */
export async function addCustomerUsers(
  db: Db,
  pno: string,
  cid: string,
  uids: readonly string[],
  by: string,
  now: number,
) {
  if (uids.length === 0) return 0;
  const result = await db
    .insertInto('customer_users')
    .values(uids.map((uid) => ({ pno, cid, uid, added_by: by, added_at: now })))
    .onConflict((oc) => oc.columns(['cid', 'uid']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

export async function removeCustomerUsers(db: Db, pno: string, cid: string, uids: readonly string[]) {
  const result = await db
    .deleteFrom('customer_users')
    .where('pno', '=', pno)
    .where('cid', '=', cid)
    .where('uid', 'in', uids)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function listCustomerUsers(
  db: Db,
  pno: string,
  cid: string,
  str: string | undefined,
  pageNum: number,
  pageSize: number,
) {
  const memberships = db
    .selectFrom('customer_users as m')
    .where('m.pno', '=', pno)
    .where('m.cid', '=', cid)
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
      : countCustomerUsers(db, pno, cid),
  ]);
  return { rows, total };
}

/** Removes a user from every customer of the property (call when the user leaves it). */
export const removeUserFromCustomers = (db: Db, pno: string, uid: string) =>
  db.deleteFrom('customer_users').where('pno', '=', pno).where('uid', '=', uid).execute();
