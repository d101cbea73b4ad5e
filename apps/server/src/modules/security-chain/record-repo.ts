import { type Insertable, sql } from 'kysely';
import type { Db } from '../../platform/db/connect';
import { countOf, readPage } from '../../platform/db/paging';
import type { Tenant } from '../../platform/tenancy/tenant';
import { tenantDb } from '../../platform/tenancy/tenant-scope';
import type { SecurityFuncRecordsTable } from './tables';

/** The records' SQL (`security_func_records`), per tenant: the lists of records and of devices. No rules here. */

export interface RecordFilter {
  sid: string;
  funcId?: string;
  deviceId?: string;
  uid?: string;
  kind?: string;
  source?: string;
  poolId?: string;
  /** From (inclusive) and until (exclusive), epoch ms. */
  startTime?: number;
  endTime?: number;
}

const filtered = (db: Db, t: Tenant, f: RecordFilter) => {
  let q = tenantDb(db, t).selectFrom('security_func_records as r').where('r.sid', '=', f.sid);
  if (f.funcId) q = q.where('r.func_id', '=', f.funcId);
  if (f.deviceId) q = q.where('r.device_id', '=', f.deviceId);
  if (f.uid) q = q.where('r.uid', '=', f.uid);
  if (f.kind) q = q.where('r.kind', '=', f.kind);
  if (f.source) q = q.where('r.source', '=', f.source);
  if (f.poolId) q = q.where('r.pool_id', '=', f.poolId);
  if (f.startTime !== undefined) q = q.where('r.created_at', '>=', f.startTime);
  if (f.endTime !== undefined) q = q.where('r.created_at', '<', f.endTime);
  return q;
};

export type RecordRow = Awaited<ReturnType<typeof pageRecords>>['rows'][number];

/**
 * A page of records, newest first: the index `security_func_records_space` (pno, sid, created_at, record_id) orders
 * them; a device's or a pool's records use theirs; deep pages are read from the nearer end (`readPage`).
 */
export const pageRecords = (db: Db, t: Tenant, f: RecordFilter, pageNum: number, pageSize: number) =>
  readPage(
    () => countOf(filtered(db, t, f), db),
    (w) =>
      filtered(db, t, f)
        .selectAll('r')
        .orderBy('r.created_at', w.dir)
        .orderBy('r.record_id', w.dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    { pageNum, pageSize, order: 'desc' },
  );

const byDevice = (db: Db, t: Tenant, f: RecordFilter) =>
  filtered(db, t, f)
    .select([
      'r.device_id',
      sql<number>`sum(case when r.kind = 'issue' then 1 else 0 end)`.as('issues'),
      sql<number>`sum(case when r.kind = 'use' then 1 else 0 end)`.as('uses'),
      sql<number>`sum(case when r.kind = 'refuse' then 1 else 0 end)`.as('refusals'),
      sql<number | null>`max(case when r.kind = 'use' then r.created_at end)`.as('last_use'),
      sql<number>`max(r.created_at)`.as('last_time'),
    ])
    .groupBy('r.device_id');

/** A page of the devices of the records, the most recently active first, with their counts. */
export const pageRecordDevices = (db: Db, t: Tenant, f: RecordFilter, pageNum: number, pageSize: number) =>
  readPage(
    async () => {
      const row = await filtered(db, t, f).select(sql<number>`count(distinct r.device_id)`.as('n')).executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    (w) =>
      byDevice(db, t, f)
        .orderBy(sql`max(r.created_at)`, w.dir)
        .orderBy('r.device_id', w.dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    { pageNum, pageSize, order: 'desc' },
  );

/**
 * Writes a use of a token's nonce unless one is recorded (the unique index `security_func_records_nonce`: a device
 * that reported the use through the device API as well as answering its routed command is counted once). Whether it
 * was written.
 */
export async function insertUseOnce(
  db: Db,
  t: Tenant,
  row: Omit<Insertable<SecurityFuncRecordsTable>, 'pno'>,
): Promise<boolean> {
  const result = await tenantDb(db, t)
    .insertInto('security_func_records')
    .values(row)
    .onConflict((oc) => oc.columns(['pno', 'kind', 'nonce']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
