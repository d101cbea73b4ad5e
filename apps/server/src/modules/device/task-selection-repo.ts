import { type Expression, expressionBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { Db } from '../../platform/db/connect';
import type { Database } from '../../platform/db/schema';
import { containsCi } from '../../platform/db/sql-helpers';
import type { Tenant } from '../../platform/tenancy/tenant';
import { tenantDb } from '../../platform/tenancy/tenant-scope';

/**
 * SQL of what firmware tasks read of devices (through reads.ts): the accepted devices a task may select, which ids
 * are devices, the columns a task's device list shows, and the name search of that list. On the property's scoped
 * handle; ids are read in slices of 500.
 */

const SLICE = 500;
const slices = <T>(list: readonly T[]) => {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += SLICE) out.push(list.slice(i, i + SLICE));
  return out;
};

/** A device's last-seen time (epoch ms) or null: its `device_presence` row (migration 0034). */
const lastSeenOf = (deviceIdColumn: string) =>
  sql<number | null>`(select s.last_seen_at from device_presence s where s.device_id = ${sql.ref(deviceIdColumn)})`;

/** What a task's selection and exclusion need of a device. */
export interface CandidateRow {
  device_id: string;
  name: string;
  model_id: string | null;
  firmware_version: string;
  app_version: string;
  attributes: string;
  last_seen_at: number | null;
  created_at: number;
}

/** Conditions on the accepted devices; `idsOf` a query of one column of device ids (one read instead of slices). */
export interface CandidateQuery {
  ids?: readonly string[];
  idsOf?: SelectQueryBuilder<Database, keyof Database, { device_id: string }>;
  sid?: string;
  groupIds?: readonly string[];
  modelIds?: readonly string[];
  label?: string;
  osType?: string;
  mockup?: 0 | 1 | null;
}

/** The property's accepted devices matching every given condition, by `created_at` then id (ids in slices). */
export async function acceptedDevices(db: Db, tenant: Tenant, f: CandidateQuery): Promise<CandidateRow[]> {
  const run = (ids?: readonly string[]) => {
    let q = tenantDb(db, tenant)
      .selectFrom('devices')
      .select([
        'device_id',
        'name',
        'model_id',
        'firmware_version',
        'app_version',
        'attributes',
        lastSeenOf('devices.device_id').as('last_seen_at'),
        'created_at',
      ])
      .where('admission', '=', 'accepted');
    if (ids) q = q.where('device_id', 'in', ids.length > 0 ? [...ids] : ['']);
    if (f.idsOf) q = q.where('device_id', 'in', f.idsOf);
    if (f.sid) q = q.where('sid', '=', f.sid);
    if (f.groupIds && f.groupIds.length > 0) q = q.where('group_id', 'in', [...f.groupIds]);
    if (f.modelIds && f.modelIds.length > 0) q = q.where('model_id', 'in', [...f.modelIds]);
    if (f.label) q = q.where('label', '=', f.label);
    if (f.osType) q = q.where('os_type', '=', f.osType);
    if (f.mockup === 0 || f.mockup === 1) q = q.where('mockup', '=', f.mockup);
    return q.orderBy('created_at').orderBy('device_id').execute() as Promise<CandidateRow[]>;
  };
  if (!f.ids) return run();
  const out: CandidateRow[] = [];
  for (const part of slices(f.ids)) out.push(...(await run(part)));
  return out;
}

/** The ids among `ids` that have a row of the property in `table` (devices, or Mender's identities). */
export async function idsIn(db: Db, table: 'devices' | 'mender_identities', tenant: Tenant, ids: readonly string[]) {
  const out = new Set<string>();
  for (const part of slices(ids)) {
    const rows = await tenantDb(db, tenant)
      .selectFrom(table)
      .select('device_id')
      .where('device_id', 'in', [...part])
      .execute();
    for (const r of rows) out.add(r.device_id);
  }
  return out;
}

/** What a task's device list shows of each of `ids` that is a device of the property (whatever its admission). */
export async function listedDevices(db: Db, tenant: Tenant, ids: readonly string[]) {
  const out = [];
  for (const part of slices(ids))
    out.push(
      ...(await tenantDb(db, tenant)
        .selectFrom('devices as d')
        .leftJoin('device_models as m', 'm.model_id', 'd.model_id')
        .select(['d.device_id', 'd.name', 'm.name as model_name', 'd.firmware_version', 'd.app_version'])
        .select(['d.attributes', lastSeenOf('d.device_id').as('last_seen_at')])
        .where('d.device_id', 'in', [...part])
        .execute()),
    );
  return out;
}

/**
 * Whether the device `deviceId` names (a column of the caller's query, on the property's scoped handle) has a name
 * containing `text`, in any case: a condition for lists searched by their devices' names, so the search and its
 * paging stay in SQL.
 */
export function deviceNameMatches(deviceId: Expression<string>, text: string) {
  const eb = expressionBuilder<Database, never>();
  return eb.exists(
    eb
      .selectFrom('devices as dn')
      .select('dn.device_id')
      .where('dn.device_id', '=', deviceId)
      .where(containsCi('dn.name', text)),
  );
}
