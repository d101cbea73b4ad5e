import type { Insertable } from 'kysely';
import { userMatches } from '../../platform/auth/reads';
import type { Db } from '../../platform/db/connect';
import { countOf, readPage } from '../../platform/db/paging';
import type { Tenant } from '../../platform/tenancy/tenant';
import { tenantDb } from '../../platform/tenancy/tenant-scope';
import type { SecurityPrivilegedUsersTable } from './tables';

/** The privileged users' SQL (`security_privileged_users`), per tenant. No rules here. */

export type PrivilegedRow = Awaited<ReturnType<typeof findPrivileged>> & object;

export const findPrivileged = (db: Db, t: Tenant, privilegeId: string) =>
  tenantDb(db, t)
    .selectFrom('security_privileged_users')
    .selectAll()
    .where('privilege_id', '=', privilegeId)
    .executeTakeFirst();

/** The privileges of some members in a space. */
export const privilegesOf = (db: Db, t: Tenant, sid: string, uids: readonly string[]) =>
  uids.length === 0
    ? Promise.resolve([])
    : tenantDb(db, t)
        .selectFrom('security_privileged_users')
        .selectAll()
        .where('sid', '=', sid)
        .where('uid', 'in', [...uids])
        .execute();

export const insertPrivileged = (db: Db, t: Tenant, rows: Omit<Insertable<SecurityPrivilegedUsersTable>, 'pno'>[]) =>
  tenantDb(db, t).insertInto('security_privileged_users').values(rows).execute();

export const setDisabled = (db: Db, t: Tenant, privilegeId: string, disabled: 0 | 1, now: number) =>
  tenantDb(db, t)
    .updateTable('security_privileged_users')
    .set({ disabled, updated_at: now })
    .where('privilege_id', '=', privilegeId)
    .execute();

export async function deletePrivileged(db: Db, t: Tenant, privilegeId: string): Promise<number> {
  const result = await tenantDb(db, t)
    .deleteFrom('security_privileged_users')
    .where('privilege_id', '=', privilegeId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

const base = (db: Db, t: Tenant, f: { sid: string; str?: string }) => {
  let q = tenantDb(db, t).selectFrom('security_privileged_users as p').where('p.sid', '=', f.sid);
  if (f.str) {
    const str = f.str;
    q = q.where((eb) => userMatches(eb.ref('p.uid'), str));
  }
  return q;
};

/** A page of a space's privileged users, newest first (the index `security_privileged_users_created`). */
export const pagePrivileged = (
  db: Db,
  t: Tenant,
  f: { sid: string; str?: string },
  pageNum: number,
  pageSize: number,
) =>
  readPage(
    () => countOf(base(db, t, f)),
    (w) =>
      base(db, t, f)
        .selectAll('p')
        .orderBy('p.created_at', w.dir)
        .orderBy('p.privilege_id', w.dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    { pageNum, pageSize, order: 'desc' },
  );
