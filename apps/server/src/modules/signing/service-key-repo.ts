import type { Db } from '../../platform/db/connect';
import type { Tenant } from '../../platform/tenancy/tenant';
import { tenantDb } from '../../platform/tenancy/tenant-scope';

/**
 * SQL of the service keys (`signing_service_keys`, migration 0033): one key per property and purpose, on the tenant's
 * scoped handle (which adds the property).
 */

export type ServiceKeyRow = NonNullable<Awaited<ReturnType<typeof findServiceKey>>>;

export const findServiceKey = (db: Db, t: Tenant, purpose: string) =>
  tenantDb(db, t).selectFrom('signing_service_keys').selectAll().where('purpose', '=', purpose).executeTakeFirst();

/** Inserts the key unless the property has one for the purpose already (two instances racing: the first wins). */
export const insertServiceKey = (
  db: Db,
  t: Tenant,
  v: {
    purpose: string;
    keyId: string;
    algorithm: string;
    publicPem: string;
    sealedKey: string;
    origin: string;
    certificatePem?: string;
  },
  now: number,
) =>
  tenantDb(db, t)
    .insertInto('signing_service_keys')
    .values({
      purpose: v.purpose,
      key_id: v.keyId,
      algorithm: v.algorithm,
      public_pem: v.publicPem,
      sealed_key: v.sealedKey,
      origin: v.origin,
      certificate_pem: v.certificatePem ?? '',
      created_at: now,
    })
    .onConflict((oc) => oc.columns(['pno', 'purpose']).doNothing())
    .execute();
