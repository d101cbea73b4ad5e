import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../platform/db/connect';
import { countOf, readPage } from '../../platform/db/paging';
import type { Tenant } from '../../platform/tenancy/tenant';
import { tenantDb } from '../../platform/tenancy/tenant-scope';
import type { SecurityRoutedCommandsTable } from './tables';

/** The routed commands' SQL (`security_routed_commands`), per tenant. No rules here. */

export type RoutedRow = Awaited<ReturnType<typeof findRouted>> & object;

export const findRouted = (db: Db, t: Tenant, cmdId: string) =>
  tenantDb(db, t).selectFrom('security_routed_commands').selectAll().where('cmd_id', '=', cmdId).executeTakeFirst();

export const routedIn = (db: Db, t: Tenant, cmdIds: readonly string[]) =>
  cmdIds.length === 0
    ? Promise.resolve([])
    : tenantDb(db, t)
        .selectFrom('security_routed_commands')
        .selectAll()
        .where('cmd_id', 'in', [...cmdIds])
        .execute();

export const insertRouted = (db: Db, t: Tenant, row: Omit<Insertable<SecurityRoutedCommandsTable>, 'pno'>) =>
  tenantDb(db, t).insertInto('security_routed_commands').values(row).execute();

/** Changes a command only while it is in one of `from` (so a late answer never moves an ended one); whether it did. */
export async function updateRouted(
  db: Db,
  t: Tenant,
  cmdId: string,
  from: readonly string[],
  patch: Updateable<SecurityRoutedCommandsTable>,
): Promise<boolean> {
  const result = await tenantDb(db, t)
    .updateTable('security_routed_commands')
    .set(patch)
    .where('cmd_id', '=', cmdId)
    .where('state', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Open commands whose token expired (of `cmdIds` only, when given; at most `limit`): they expire. */
export const expiredOpen = (
  db: Db,
  t: Tenant,
  open: readonly string[],
  now: number,
  limit: number,
  cmdIds?: readonly string[],
) => {
  let q = tenantDb(db, t)
    .selectFrom('security_routed_commands')
    .select(['cmd_id', 'device_id'])
    .where('state', 'in', [...open])
    .where('expires_at', '<=', now);
  if (cmdIds) q = q.where('cmd_id', 'in', cmdIds.length > 0 ? [...cmdIds] : ['']);
  return q.limit(limit).execute();
};

export interface RoutedFilter {
  sid: string;
  funcId?: string;
  deviceId?: string;
  uid?: string;
  state?: string;
  startTime?: number;
  endTime?: number;
}

const filtered = (db: Db, t: Tenant, f: RoutedFilter) => {
  let q = tenantDb(db, t).selectFrom('security_routed_commands as c').where('c.sid', '=', f.sid);
  if (f.funcId) q = q.where('c.func_id', '=', f.funcId);
  if (f.deviceId) q = q.where('c.device_id', '=', f.deviceId);
  if (f.uid) q = q.where('c.uid', '=', f.uid);
  if (f.state) q = q.where('c.state', '=', f.state);
  if (f.startTime !== undefined) q = q.where('c.created_at', '>=', f.startTime);
  if (f.endTime !== undefined) q = q.where('c.created_at', '<', f.endTime);
  return q;
};

/** A page of a space's routed commands, newest first (the index `security_routed_commands_space`). */
export const pageRouted = (db: Db, t: Tenant, f: RoutedFilter, pageNum: number, pageSize: number) =>
  readPage(
    () => countOf(filtered(db, t, f), db),
    (w) =>
      filtered(db, t, f)
        .selectAll('c')
        .orderBy('c.created_at', w.dir)
        .orderBy('c.cmd_id', w.dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    { pageNum, pageSize, order: 'desc' },
  );
