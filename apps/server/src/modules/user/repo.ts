import type { Db } from '../../platform/db/connect';
import { countOf, readPage } from '../../platform/db/paging';
import { containsAnyCi } from '../../platform/db/sql-helpers';
import { acrossProperties } from '../../platform/tenancy/filters';
import type { AllTenants } from '../../platform/tenancy/tenant';

/** SQL for accounts across the platform (the property's members are read through org/repo). No rules here. */

export interface AccountFilter {
  str?: string;
  status?: number;
}

const base = (db: Db, f: AccountFilter) => {
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
    () => countOf(base(db, f)),
    (w) =>
      base(db, f)
        .select([
          'u.uid',
          'u.name',
          'u.phone',
          'u.email',
          'u.status',
          'u.is_operator',
          'u.created_at',
          (eb) =>
            eb
              .selectFrom('property_members as pm')
              .select((e) => e.fn.countAll<number>().as('n'))
              .whereRef('pm.uid', '=', 'u.uid')
              // How many properties the account belongs to: keyed by its uid, across properties by design.
              .where(acrossProperties('own-uid'))
              .as('property_num'),
        ])
        .orderBy('u.created_at', w.dir)
        .orderBy('u.uid', w.dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    { pageNum, pageSize, order: 'asc' },
  );
}

export const findAccounts = (db: Db, uids: string[]) =>
  db
    .selectFrom('users as u')
    .select([
      'u.uid',
      'u.is_operator',
      (eb) =>
        eb
          .selectFrom('property_members as pm')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('pm.uid', '=', 'u.uid')
          // How many properties the account belongs to: keyed by its uid, across properties by design.
          .where(acrossProperties('own-uid'))
          .as('property_num'),
    ])
    .where('u.uid', 'in', uids)
    .execute();

export async function setStatus(db: Db, uids: string[], status: number, now: number): Promise<number> {
  const r = await db
    .updateTable('users')
    .set({ status, updated_at: now })
    .where('uid', 'in', uids)
    .where('status', '!=', status)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** The property a node id belongs to (operators filtering by node without naming the property). */
export const propertyOfNode = (db: Db, _operator: AllTenants, oid: string) =>
  db.selectFrom('orgs').select('pno').where(acrossProperties('operator')).where('oid', '=', oid).executeTakeFirst();
