import type { Db } from '../../platform/db/connect';
import type { Tenant } from '../../platform/tenancy/tenant';
import { tenantDb } from '../../platform/tenancy/tenant-scope';

/** The task settings' SQL (`fw_task_settings`: one row per property, none while it keeps the defaults). */

export const findTaskSettings = (db: Db, t: Tenant) =>
  tenantDb(db, t).selectFrom('fw_task_settings').selectAll().executeTakeFirst();

/** Writes the property's settings (the row made on the first save). */
export const saveTaskSettings = (db: Db, t: Tenant, v: { successRule: string; uid: string | null; now: number }) =>
  tenantDb(db, t)
    .insertInto('fw_task_settings')
    .values({ success_rule: v.successRule, updated_by: v.uid, updated_at: v.now })
    .onConflict((oc) =>
      oc.column('pno').doUpdateSet({ success_rule: v.successRule, updated_by: v.uid, updated_at: v.now }),
    )
    .execute();
