import type { Db } from '../../platform/db/connect';
import type { Tenant } from '../../platform/tenancy/tenant';
import { tenantDb } from '../../platform/tenancy/tenant-scope';

/**
 * SQL of the properties' enrolment keys (`device_enrolment_keys`, one per property, stored hashed), on the tenant's
 * scoped handle, which adds the property (platform/tenancy/tenant-scope.ts). No rules.
 */

export const findKeyInfo = (db: Db, tenant: Tenant) =>
  tenantDb(db, tenant).selectFrom('device_enrolment_keys').select(['hint', 'created_at']).executeTakeFirst();

/** Whether the key of this hash is the property's. */
export async function keyMatches(db: Db, tenant: Tenant, keyHash: string): Promise<boolean> {
  const row = await tenantDb(db, tenant)
    .selectFrom('device_enrolment_keys')
    .select('pno')
    .where('key_hash', '=', keyHash)
    .executeTakeFirst();
  return row !== undefined;
}

export const saveKey = (db: Db, tenant: Tenant, row: { keyHash: string; hint: string; by: string; now: number }) =>
  tenantDb(db, tenant)
    .insertInto('device_enrolment_keys')
    .values({ key_hash: row.keyHash, hint: row.hint, created_by: row.by, created_at: row.now })
    .onConflict((oc) =>
      oc.column('pno').doUpdateSet({ key_hash: row.keyHash, hint: row.hint, created_by: row.by, created_at: row.now }),
    )
    .execute();

export const deleteKey = (db: Db, tenant: Tenant) => tenantDb(db, tenant).deleteFrom('device_enrolment_keys').execute();
