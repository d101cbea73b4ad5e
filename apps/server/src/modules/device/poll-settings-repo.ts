import type { Db } from '../../platform/db/connect';
import type { Tenant } from '../../platform/tenancy/tenant';
import { tenantDb } from '../../platform/tenancy/tenant-scope';

/**
 * SQL of the polling intervals (`device_poll_settings`, one row per property, on the tenant's scoped handle) and of
 * the platform's bounds on them (`device_poll_bounds`, one row). No rules.
 */

/** The id of the platform's one bounds row. */
const BOUNDS_ID = 'platform';

export const findIntervals = (db: Db, tenant: Tenant) =>
  tenantDb(db, tenant)
    .selectFrom('device_poll_settings')
    .select(['poll_seconds', 'rollout_poll_seconds', 'updated_at'])
    .executeTakeFirst();

export const saveIntervals = (
  db: Db,
  tenant: Tenant,
  row: { pollSeconds: number | null; rolloutPollSeconds: number | null; by: string; now: number },
) => {
  const values = {
    poll_seconds: row.pollSeconds,
    rollout_poll_seconds: row.rolloutPollSeconds,
    updated_by: row.by,
    updated_at: row.now,
  };
  return tenantDb(db, tenant)
    .insertInto('device_poll_settings')
    .values(values)
    .onConflict((oc) => oc.column('pno').doUpdateSet(values))
    .execute();
};

export const findBounds = (db: Db) =>
  db
    .selectFrom('device_poll_bounds')
    .select(['min_seconds', 'max_seconds', 'updated_at'])
    .where('id', '=', BOUNDS_ID)
    .executeTakeFirst();

export const saveBounds = (db: Db, row: { minSeconds: number; maxSeconds: number; by: string; now: number }) => {
  const values = { min_seconds: row.minSeconds, max_seconds: row.maxSeconds, updated_by: row.by, updated_at: row.now };
  return db
    .insertInto('device_poll_bounds')
    .values({ id: BOUNDS_ID, ...values })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute();
};
