import { type SqlBool, sql } from 'kysely';
import type { Db } from '../../platform/db/connect';
import type { Tenant } from '../../platform/tenancy/tenant';

/**
 * SQL of what other modules ask about devices they send work to (targets.ts): a few devices by id with what a list
 * shows of them, and the ids of a space group's devices. No rules here.
 */

/** As repo.ts: the property condition of a query naming devices by id, written so that no `(pno, …)` index serves it. */
const ofProperty = (column: string, pno: string) => sql<SqlBool>`coalesce(${sql.ref(column)}, '') = ${pno}`;

/** The property's devices of `ids`, with their model's name. */
export const deviceSummaries = (db: Db, tenant: Tenant, ids: readonly string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('devices as d')
        .leftJoin('device_models as m', 'm.model_id', 'd.model_id')
        .leftJoin('device_presence as s', 's.device_id', 'd.device_id')
        .select([
          'd.device_id',
          'd.name',
          'd.sid',
          'd.group_id',
          'm.name as model_name',
          'd.firmware_version',
          's.last_seen_at',
        ])
        .where(ofProperty('d.pno', tenant.pno))
        .where('d.device_id', 'in', [...ids])
        .execute();

/** The ids of the property's devices in a group of a space (or at a space's root: its sid), at most `limit`. */
export async function deviceIdsInGroup(db: Db, tenant: Tenant, groupId: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('devices')
    .select('device_id')
    .where('pno', '=', tenant.pno)
    .where('group_id', '=', groupId)
    .orderBy('device_id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.device_id);
}
