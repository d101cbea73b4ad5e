import type { Db } from '../../platform/db/connect';
import type { Tenant } from '../../platform/tenancy/tenant';
import * as catalogue from './catalogue-repo';

/**
 * The device reads other modules build on: the device catalogue's platforms (the signing module relates
 * certificates to them). This file imports no other module. No SQL here.
 */

/** Every platform of the property by name (`platform_id`, `name`, `os_type`), at most `limit`. */
export const platformOptions = (db: Db, tenant: Tenant, limit: number) => catalogue.platformOptions(db, tenant, limit);

/** Which of `ids` are platforms of the property. */
export const platformIdsAmong = async (db: Db, tenant: Tenant, ids: readonly string[]): Promise<string[]> => [
  ...(await catalogue.namesOf(db, 'device_platforms', tenant, ids)).keys(),
];
