import type { Db } from '../../platform/db/connect';
import type { Tenant } from '../../platform/tenancy/tenant';
import { tenantDb } from '../../platform/tenancy/tenant-scope';
import { devicesById } from './repo';

/**
 * SQL of what other modules ask about devices they send work to (targets.ts): a few devices by id with what a list
 * shows of them, and the ids of a space group's devices. On the tenant's scoped handle, which adds the property
 * (platform/tenancy/tenant-scope.ts). No rules here.
 */

/** The property's devices of `ids`, with their model's name (each id looked up by primary key: repo.ts `devicesById`). */
export const deviceSummaries = (db: Db, tenant: Tenant, ids: readonly string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : devicesById(tenantDb(db, tenant), ids)
        .leftJoin('device_models as m', 'm.model_id', 'd.model_id')
        .leftJoin('device_presence as s', 's.device_id', 'd.device_id')
        .select([
          'd.device_id',
          'd.name',
          'd.sid',
          'd.group_id',
          'd.model_id',
          'm.name as model_name',
          'd.firmware_version',
          's.last_seen_at',
        ])
        .execute();

/** The ids of the property's devices in a group of a space (or at a space's root: its sid), at most `limit`. */
export async function deviceIdsInGroup(db: Db, tenant: Tenant, groupId: string, limit: number): Promise<string[]> {
  const rows = await tenantDb(db, tenant)
    .selectFrom('devices')
    .select('device_id')
    .where('group_id', '=', groupId)
    .orderBy('device_id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.device_id);
}
