import type { Db } from '../../platform/db/connect';
import type { Tenant } from '../../platform/tenancy/tenant';
import { type TenantDb, tenantDb } from '../../platform/tenancy/tenant-scope';

/**
 * SQL for units as auditors (auditor-group.ts): the units below several units, and their head counts from the
 * trigger-maintained member counts. Every query runs on the property's scoped handle, which adds the property to
 * each table it reads, the recursive CTE's halves included (platform/tenancy/tenant-scope.ts).
 */

/** `sub(top, oid)`: each of the units `oids` (`top`) with itself and every unit below it (`oid`). */
const subtrees = (scoped: TenantDb, oids: readonly string[]) =>
  scoped.withRecursive('sub(top, oid)', (qb) =>
    qb
      .selectFrom('orgs')
      .select(['oid as top', 'oid'])
      .where('oid', 'in', [...oids])
      .union((eb) => eb.selectFrom('orgs as o').innerJoin('sub', 'sub.oid', 'o.pid').select(['sub.top', 'o.oid'])),
  );

/** The units `oids` and every unit below them, each once (unknown ids give none). */
export async function unitsWithin(db: Db, t: Tenant, oids: readonly string[]): Promise<string[]> {
  if (oids.length === 0) return [];
  const rows = await subtrees(tenantDb(db, t), oids).selectFrom('sub').select('sub.oid').distinct().execute();
  return rows.map((r) => r.oid);
}

/**
 * Members of each unit with everything below it, by unit, in one query (a unit without members, or unknown, is
 * left out).
 */
export async function unitMemberCounts(db: Db, t: Tenant, oids: readonly string[]): Promise<Map<string, number>> {
  if (oids.length === 0) return new Map();
  const rows = await subtrees(tenantDb(db, t), oids)
    .selectFrom('sub')
    .innerJoin('org_member_counts as c', 'c.oid_key', 'sub.oid')
    .select(['sub.top', (eb) => eb.fn.sum<number | string>('c.n').as('n')])
    .groupBy('sub.top')
    .execute();
  return new Map(rows.map((r) => [r.top, Number(r.n)]));
}

/** Members of the whole property, from the trigger-maintained total (migration 0006). */
export async function propertyMemberTotal(db: Db, t: Tenant): Promise<number> {
  const row = await tenantDb(db, t).selectFrom('org_member_totals').select('n').executeTakeFirst();
  return Number(row?.n ?? 0);
}
