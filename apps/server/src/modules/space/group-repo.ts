import type { Db } from '../../platform/db/connect';
import type { Tenant } from '../../platform/tenancy/tenant';
import { tenantDb } from '../../platform/tenancy/tenant-scope';

/**
 * A space's group tree (`space_groups`): SQL only, on the property's scoped handle (platform/tenancy/tenant-scope.ts).
 * A space holds at most a thousand groups, read whole.
 */

export const groupsOf = (db: Db, tenant: Tenant, sid: string) =>
  tenantDb(db, tenant)
    .selectFrom('space_groups')
    .select(['group_id', 'sid', 'pid', 'name', 'name_key', 'sort', 'created_at'])
    .where('sid', '=', sid)
    .orderBy('sort')
    .orderBy('created_at')
    .orderBy('group_id')
    .execute();

export type GroupRow = Awaited<ReturnType<typeof groupsOf>>[number];

/** How many groups each of these spaces has. */
export async function groupCounts(db: Db, tenant: Tenant, sids: readonly string[]): Promise<Map<string, number>> {
  if (sids.length === 0) return new Map();
  const rows = await tenantDb(db, tenant)
    .selectFrom('space_groups')
    .select(['sid', (eb) => eb.fn.countAll<number>().as('n')])
    .where('sid', 'in', [...sids])
    .groupBy('sid')
    .execute();
  return new Map(rows.map((r) => [r.sid, Number(r.n)]));
}

export const insertGroup = (
  db: Db,
  tenant: Tenant,
  g: { groupId: string; sid: string; pid: string; name: string; nameKey: string; sort: number },
  now: number,
) =>
  tenantDb(db, tenant)
    .insertInto('space_groups')
    .values({
      group_id: g.groupId,
      sid: g.sid,
      pid: g.pid,
      name: g.name,
      name_key: g.nameKey,
      sort: g.sort,
      created_at: now,
      updated_at: now,
    })
    .execute();

export const updateGroup = (
  db: Db,
  tenant: Tenant,
  g: { groupId: string; sid: string; pid: string; name: string; nameKey: string; sort: number },
  now: number,
) =>
  tenantDb(db, tenant)
    .updateTable('space_groups')
    .set({ pid: g.pid, name: g.name, name_key: g.nameKey, sort: g.sort, updated_at: now })
    .where('sid', '=', g.sid)
    .where('group_id', '=', g.groupId)
    .execute();

/** Deletes a group that has no child group (checked again here, against a child added meanwhile). */
export async function deleteLeafGroup(db: Db, tenant: Tenant, sid: string, groupId: string): Promise<boolean> {
  const r = await tenantDb(db, tenant)
    .deleteFrom('space_groups')
    .where('sid', '=', sid)
    .where('group_id', '=', groupId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('space_groups as c').select('c.group_id').where('c.sid', '=', sid).where('c.pid', '=', groupId),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** The space a group belongs to, in the property (resolves a `spaceGroup` ref). */
export const spaceOfGroup = (db: Db, tenant: Tenant, groupId: string) =>
  tenantDb(db, tenant).selectFrom('space_groups').select('sid').where('group_id', '=', groupId).executeTakeFirst();

/** Groups by id in the property, with their space and name. */
export const groupsIn = (db: Db, tenant: Tenant, groupIds: readonly string[]) =>
  groupIds.length === 0
    ? Promise.resolve([])
    : tenantDb(db, tenant)
        .selectFrom('space_groups')
        .select(['group_id', 'sid', 'name'])
        .where('group_id', 'in', [...groupIds])
        .execute();
