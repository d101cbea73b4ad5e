import type { Db } from '../../platform/db/connect';
import type { Tenant } from '../../platform/tenancy/tenant';
import { tenantDb } from '../../platform/tenancy/tenant-scope';

/** The token settings' SQL (`security_settings`: one row per property, none while it keeps the defaults). */

export const findSettings = (db: Db, t: Tenant) =>
  tenantDb(db, t).selectFrom('security_settings').selectAll().executeTakeFirst();

/** Writes the property's settings (the row made on the first save). */
export const saveSettings = (
  db: Db,
  t: Tenant,
  v: { algorithm: string; tokenTtlSeconds: number; uid: string; now: number },
) =>
  tenantDb(db, t)
    .insertInto('security_settings')
    .values({ algorithm: v.algorithm, token_ttl_seconds: v.tokenTtlSeconds, updated_by: v.uid, updated_at: v.now })
    .onConflict((oc) =>
      oc.column('pno').doUpdateSet({
        algorithm: v.algorithm,
        token_ttl_seconds: v.tokenTtlSeconds,
        updated_by: v.uid,
        updated_at: v.now,
      }),
    )
    .execute();
