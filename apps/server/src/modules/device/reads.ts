import type { Db } from '../../platform/db/connect';
import type { Tenant } from '../../platform/tenancy/tenant';
import * as catalogue from './catalogue-repo';
import { findDeviceHeads } from './repo';

/**
 * The device reads other modules build on: the device catalogue's platforms (the signing module relates
 * certificates to them), devices' names (firmware task lists). This file imports no other module. No SQL here.
 */

/** Every platform of the property by name (`platform_id`, `name`, `os_type`), at most `limit`. */
export const platformOptions = (db: Db, tenant: Tenant, limit: number) => catalogue.platformOptions(db, tenant, limit);

/** Which of `ids` are platforms of the property. */
export const platformIdsAmong = async (db: Db, tenant: Tenant, ids: readonly string[]): Promise<string[]> => [
  ...(await catalogue.namesOf(db, 'device_platforms', tenant, ids)).keys(),
];

/**
 * The rows, each with the name of the device its `device_id` names as `device_name` (null for a device that is
 * gone): one read for a page of rows, instead of a join in their lists.
 */
export async function withDeviceNames<R extends { device_id: string }>(
  db: Db,
  tenant: Tenant,
  rows: readonly R[],
): Promise<(R & { device_name: string | null })[]> {
  const heads = await findDeviceHeads(db, tenant, [...new Set(rows.map((r) => r.device_id))]);
  const names = new Map(heads.map((d) => [d.device_id, d.name]));
  return rows.map((r) => ({ ...r, device_name: names.get(r.device_id) ?? null }));
}
