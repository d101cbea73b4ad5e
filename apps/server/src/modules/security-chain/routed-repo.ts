import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../platform/db/connect';
import { countOf, readPage } from '../../platform/db/paging';
import { containsCi } from '../../platform/db/sql-helpers';
import type { AllTenants, Tenant, TenantScope } from '../../platform/tenancy/tenant';
import { scopedDb, tenantDb } from '../../platform/tenancy/tenant-scope';
import { deviceNameMatches } from '../device/reads';
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

/** A command of any property (operators' handle): its row names its property. */
export const findRoutedAnywhere = (db: Db, all: AllTenants, cmdId: string) =>
  scopedDb(db, all).selectFrom('security_routed_commands').selectAll().where('cmd_id', '=', cmdId).executeTakeFirst();

/** Open commands whose token expired in the property, or (operators' handle) in any, with their property. */
export const expiredOpenIn = (db: Db, scope: TenantScope, open: readonly string[], now: number, limit: number) =>
  scopedDb(db, scope)
    .selectFrom('security_routed_commands')
    .select(['pno', 'cmd_id'])
    .where('state', 'in', [...open])
    .where('expires_at', '<=', now)
    .limit(limit)
    .execute();

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

/** The operators' filters of every property's routed commands (one property's with a property handle). */
export interface RoutedPlatFilter {
  state?: string;
  /** A function's code or id. */
  func?: string;
  /** Text in the device's id or name. */
  device?: string;
  startTime?: number;
  endTime?: number;
}

const filteredAcross = (db: Db, scope: TenantScope, f: RoutedPlatFilter) => {
  let q = scopedDb(db, scope).selectFrom('security_routed_commands as c');
  if (f.state) q = q.where('c.state', '=', f.state);
  if (f.func) {
    const func = f.func;
    q = q.where('c.func_id', 'in', (eb) =>
      eb
        .selectFrom('security_funcs as f')
        .select('f.func_id')
        .where((w) => w.or([w('f.code', '=', func.toLowerCase()), w('f.func_id', '=', func)])),
    );
  }
  if (f.device) {
    const text = f.device;
    q = q.where((eb) => eb.or([containsCi('c.device_id', text), deviceNameMatches(eb.ref('c.device_id'), text)]));
  }
  if (f.startTime !== undefined) q = q.where('c.created_at', '>=', f.startTime);
  if (f.endTime !== undefined) q = q.where('c.created_at', '<', f.endTime);
  return q;
};

/**
 * A page of the routed commands of every property (operators' handle) or of one, newest first, read from the nearer
 * end (indexes `security_routed_commands_time` and `security_routed_commands_property`).
 */
export const pageRoutedAcross = (db: Db, scope: TenantScope, f: RoutedPlatFilter, pageNum: number, pageSize: number) =>
  readPage(
    () => countOf(filteredAcross(db, scope, f), db),
    (w) =>
      filteredAcross(db, scope, f)
        .selectAll('c')
        .orderBy('c.created_at', w.dir)
        .orderBy('c.cmd_id', w.dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    { pageNum, pageSize, order: 'desc' },
  );
