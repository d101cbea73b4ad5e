import type { Insertable } from 'kysely';
import { userMatches } from '../../platform/auth/reads';
import type { Db } from '../../platform/db/connect';
import { countOf, readPage } from '../../platform/db/paging';
import { containsCi } from '../../platform/db/sql-helpers';
import type { Tenant } from '../../platform/tenancy/tenant';
import { tenantDb } from '../../platform/tenancy/tenant-scope';
import { deviceNameMatches } from '../device/reads';
import type { SecurityWhiteListsTable } from './tables';

/** The white lists' SQL (`security_white_lists`), per tenant. No rules here. */

export type EntryRow = Awaited<ReturnType<typeof findEntry>> & object;

export const findEntry = (db: Db, t: Tenant, entryId: string) =>
  tenantDb(db, t).selectFrom('security_white_lists').selectAll().where('entry_id', '=', entryId).executeTakeFirst();

/** The entries of some members of one type on a function's white list. */
export const entriesOf = (db: Db, t: Tenant, funcId: string, memberType: string, memberIds: readonly string[]) =>
  memberIds.length === 0
    ? Promise.resolve([])
    : tenantDb(db, t)
        .selectFrom('security_white_lists')
        .selectAll()
        .where('func_id', '=', funcId)
        .where('member_type', '=', memberType)
        .where('member_id', 'in', [...memberIds])
        .execute();

export const insertEntries = (db: Db, t: Tenant, rows: Omit<Insertable<SecurityWhiteListsTable>, 'pno'>[]) =>
  tenantDb(db, t).insertInto('security_white_lists').values(rows).execute();

/** Deletes an entry (in the caller's transaction); answers the entries deleted. */
export async function deleteEntry(db: Db, t: Tenant, entryId: string): Promise<number> {
  const result = await tenantDb(db, t)
    .deleteFrom('security_white_lists')
    .where('entry_id', '=', entryId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface EntryFilter {
  sid: string;
  funcId?: string;
  memberType?: string;
  /** Users' names and phones, devices' ids and names. */
  str?: string;
  entryIds?: readonly string[];
}

const base = (db: Db, t: Tenant, f: EntryFilter) => {
  let q = tenantDb(db, t)
    .selectFrom('security_white_lists as w')
    .innerJoin('security_funcs as f', 'f.func_id', 'w.func_id')
    .where('w.sid', '=', f.sid);
  if (f.funcId) q = q.where('w.func_id', '=', f.funcId);
  if (f.memberType) q = q.where('w.member_type', '=', f.memberType);
  if (f.entryIds) q = q.where('w.entry_id', 'in', f.entryIds.length > 0 ? [...f.entryIds] : ['']);
  if (f.str) {
    const str = f.str;
    q = q.where((eb) =>
      eb.or([
        eb.and([eb('w.member_type', '=', 'user'), userMatches(eb.ref('w.member_id'), str)]),
        eb.and([
          eb('w.member_type', '=', 'device'),
          eb.or([containsCi('w.member_id', str), deviceNameMatches(eb.ref('w.member_id'), str)]),
        ]),
      ]),
    );
  }
  return q;
};

/** A page of a space's white-list entries, newest first (the index `security_white_lists_created`). */
export const pageEntries = (db: Db, t: Tenant, f: EntryFilter, pageNum: number, pageSize: number) =>
  readPage(
    () => countOf(base(db, t, f)),
    (w) =>
      base(db, t, f)
        .selectAll('w')
        .select(['f.code as func_code', 'f.name_zh as func_name_zh', 'f.name_en as func_name_en'])
        .orderBy('w.created_at', w.dir)
        .orderBy('w.entry_id', w.dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    { pageNum, pageSize, order: 'desc' },
  );

export type ListedEntryRow = Awaited<ReturnType<typeof pageEntries>>['rows'][number];
