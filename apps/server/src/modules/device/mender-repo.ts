import type { Insertable } from 'kysely';
import type { Db } from '../../platform/db/connect';
import { acrossProperties } from '../../platform/tenancy/filters';
import type { Tenant } from '../../platform/tenancy/tenant';
import { tenantDb } from '../../platform/tenancy/tenant-scope';
import type { MenderIdentitiesTable } from './tables';

/**
 * SQL of Mender's device API: the identities devices authenticate with (`mender_identities`), on the tenant's scoped
 * handle, which adds the property (platform/tenancy/tenant-scope.ts); only the enrolment key's lookup by its hash
 * reads across properties. No rules here.
 */

/**
 * The property whose enrolment key has this hash (Mender's tenant token names no property: the key itself does).
 * Keyed by the secret's hash, unique across properties, so it reads across them.
 */
export async function propertyOfKey(db: Db, keyHash: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('device_enrolment_keys')
    .select('pno')
    .where(acrossProperties('device-secret'))
    .where('key_hash', '=', keyHash)
    .executeTakeFirst();
  return row?.pno;
}

/** The identity of this hash in the property. */
export const findIdentity = (db: Db, tenant: Tenant, idHash: string) =>
  tenantDb(db, tenant)
    .selectFrom('mender_identities')
    .select(['device_id', 'pubkey', 'pending_pubkey', 'generation'])
    .where('id_hash', '=', idHash)
    .executeTakeFirst();

export const insertIdentity = (db: Db, tenant: Tenant, row: Omit<Insertable<MenderIdentitiesTable>, 'pno'>) =>
  tenantDb(db, tenant).insertInto('mender_identities').values(row).execute();

/** Keeps another key a device presented, waiting for an administrator (replacing one already waiting). */
export const setPendingKey = (db: Db, tenant: Tenant, deviceId: string, pubkey: string, now: number) =>
  tenantDb(db, tenant)
    .updateTable('mender_identities')
    .set({ pending_pubkey: pubkey, pending_at: now, updated_at: now })
    .where('device_id', '=', deviceId)
    .execute();

/** The key waiting for an administrator, if any, and the enrolled one. */
export const keysOf = (db: Db, tenant: Tenant, deviceId: string) =>
  tenantDb(db, tenant)
    .selectFrom('mender_identities')
    .select(['pubkey', 'pending_pubkey', 'pending_at'])
    .where('device_id', '=', deviceId)
    .executeTakeFirst();

/**
 * Accepts (the waiting key becomes the device's, and every token of the old key is revoked) or rejects (the waiting
 * key is dropped) a device's waiting key; only when `pending` is still the one waiting. Answers whether it changed.
 */
export async function settlePendingKey(
  db: Db,
  tenant: Tenant,
  deviceId: string,
  pending: string,
  accept: boolean,
  now: number,
): Promise<boolean> {
  const result = await tenantDb(db, tenant)
    .updateTable('mender_identities')
    .set((eb) => ({
      ...(accept ? { pubkey: pending, generation: eb('generation', '+', 1) } : {}),
      pending_pubkey: null,
      pending_at: null,
      updated_at: now,
    }))
    .where('device_id', '=', deviceId)
    .where('pending_pubkey', '=', pending)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Revokes every device token of these devices (their tokens carry the old generation). */
export async function revokeTokens(db: Db, tenant: Tenant, deviceIds: readonly string[], now: number): Promise<void> {
  if (deviceIds.length === 0) return;
  await tenantDb(db, tenant)
    .updateTable('mender_identities')
    .set((eb) => ({ generation: eb('generation', '+', 1), updated_at: now }))
    .where('device_id', 'in', deviceIds)
    .execute();
}
