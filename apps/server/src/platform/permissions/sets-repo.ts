import { hasMemberRole, setMembersRole } from '../auth/members-repo';
import { bumpAclVersion } from '../auth/property-context';
import type { Db } from '../db/connect';
import { containsAnyCi } from '../db/sql-helpers';
import type { Tenant, TenantScope } from '../tenancy/tenant';
import { scopedDb, tenantDb } from '../tenancy/tenant-scope';

/**
 * Permission sets, their assignments and scopes: SQL only (modules/permission holds the rules). Every query runs on
 * the property's scoped handle, which adds the property (architecture §5, platform/tenancy/tenant-scope.ts); the
 * operators' lists, on every property's. Members' roles are platform/auth's (members-repo.ts).
 */

export type ScopeKind = 'org' | 'space';

/** Takes every set and scope from a member (ownership, removal from the property). Run inside the change's transaction. */
export async function removeAdminRights(db: Db, tenant: Tenant, uid: string): Promise<void> {
  const scoped = tenantDb(db, tenant);
  await scoped.deleteFrom('admin_scopes').where('uid', '=', uid).execute();
  await scoped.deleteFrom('permission_set_admins').where('uid', '=', uid).execute();
}

export interface SetFilter {
  str?: string;
  assignedUid?: string;
}

/** A property's sets, or (operators, `AllTenants`) every property's. */
export async function listSets(db: Db, tenant: TenantScope, f: SetFilter, pageNum: number, pageSize: number) {
  const base = scopedDb(db, tenant)
    .selectFrom('permission_sets as s')
    .$if(Boolean(f.str), (q) => q.where(containsAnyCi(['s.name', 's.remark'], f.str ?? '')))
    .$if(f.assignedUid !== undefined, (q) =>
      q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('permission_set_admins as a')
            .select('a.psid')
            .whereRef('a.psid', '=', 's.psid')
            .where('a.uid', '=', f.assignedUid as string),
        ),
      ),
    );
  const [rows, total] = await Promise.all([
    base
      .select(['s.psid', 's.pno', 's.name', 's.remark', 's.permissions', 's.created_at', 's.updated_at'])
      .select((eb) =>
        eb
          .selectFrom('permission_set_admins as a')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('a.psid', '=', 's.psid')
          // The membership in the assignment's own property (an operator's list spans properties).
          .where((e) => hasMemberRole(e.ref('a.pno'), e.ref('a.uid'), ['admin']))
          .as('admin_count'),
      )
      .orderBy('s.created_at', 'desc')
      .orderBy('s.psid', 'desc')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((r) => ({
      ...r,
      permissions: JSON.parse(r.permissions) as string[],
      admin_count: Number(r.admin_count ?? 0),
    })),
    total: Number(total.n),
  };
}

export async function findSets(db: Db, tenant: Tenant, psids: readonly string[]) {
  if (psids.length === 0) return [];
  const rows = await tenantDb(db, tenant)
    .selectFrom('permission_sets')
    .select(['psid', 'name', 'permissions'])
    .where('psid', 'in', psids)
    .execute();
  return rows.map((r) => ({ ...r, permissions: JSON.parse(r.permissions) as string[] }));
}

export const findSetByNameKey = (db: Db, tenant: Tenant, nameKey: string, exceptPsid?: string) =>
  tenantDb(db, tenant)
    .selectFrom('permission_sets')
    .select('psid')
    .where('name_key', '=', nameKey)
    .$if(exceptPsid !== undefined, (q) => q.where('psid', '!=', exceptPsid as string))
    .executeTakeFirst();

export interface SetValues {
  name: string;
  nameKey: string;
  remark: string;
  permissions: readonly string[];
}

export async function insertSet(db: Db, tenant: Tenant, psid: string, v: SetValues, by: string, now: number) {
  await db.transaction().execute(async (trx) => {
    await tenantDb(trx, tenant)
      .insertInto('permission_sets')
      .values({
        psid,
        name: v.name,
        name_key: v.nameKey,
        remark: v.remark,
        permissions: JSON.stringify(v.permissions),
        created_by: by,
        created_at: now,
        updated_at: now,
      })
      .execute();
  });
}

/** Edits a set; its administrators' permissions change with it. */
export async function updateSet(db: Db, tenant: Tenant, psid: string, v: SetValues, now: number) {
  await db.transaction().execute(async (trx) => {
    await tenantDb(trx, tenant)
      .updateTable('permission_sets')
      .set({
        name: v.name,
        name_key: v.nameKey,
        remark: v.remark,
        permissions: JSON.stringify(v.permissions),
        updated_at: now,
      })
      .where('psid', '=', psid)
      .execute();
    await bumpAclVersion(trx, tenant.pno);
  });
}

/**
 * The administrators a set is assigned to. Rows of someone no longer an administrator (removed from the property
 * and back as an ordinary member) do not count; they are cleared with the set or at their next assignment.
 */
export async function adminsOfSet(db: Db, tenant: Tenant, psid: string): Promise<string[]> {
  const rows = await tenantDb(db, tenant)
    .selectFrom('permission_set_admins as a')
    .select('a.uid')
    .where('a.psid', '=', psid)
    .where((e) => hasMemberRole(e.ref('a.pno'), e.ref('a.uid'), ['admin']))
    .execute();
  return rows.map((r) => r.uid);
}

/** Demotes to ordinary members those of `uids` who hold no set any more (owners are left alone). */
async function demoteEmpty(db: Db, tenant: Tenant, uids: readonly string[]): Promise<string[]> {
  if (uids.length === 0) return [];
  const scoped = tenantDb(db, tenant);
  const still = new Set(
    (await scoped.selectFrom('permission_set_admins').select('uid').where('uid', 'in', uids).execute()).map(
      (r) => r.uid,
    ),
  );
  const empty = uids.filter((u) => !still.has(u));
  await setMembersRole(db, tenant, empty, 'admin', 'member');
  return empty;
}

/** Deletes a set with its assignments and scopes; administrators left without sets become ordinary members. */
export async function deleteSet(db: Db, tenant: Tenant, psid: string): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const scoped = tenantDb(trx, tenant);
    const uids = await adminsOfSet(trx, tenant, psid);
    await scoped.deleteFrom('admin_scopes').where('psid', '=', psid).execute();
    await scoped.deleteFrom('permission_set_admins').where('psid', '=', psid).execute();
    await scoped.deleteFrom('permission_sets').where('psid', '=', psid).execute();
    await demoteEmpty(trx, tenant, uids);
    await bumpAclVersion(trx, tenant.pno);
    return uids;
  });
}

/** The current assignments of some members. */
export async function assignmentsOf(db: Db, tenant: Tenant, uids: readonly string[]) {
  if (uids.length === 0) return [];
  return tenantDb(db, tenant)
    .selectFrom('permission_set_admins')
    .select(['uid', 'psid'])
    .where('uid', 'in', uids)
    .execute();
}

export interface AssignmentChange {
  uid: string;
  add: readonly string[];
  remove: readonly string[];
}

/** How a new assignment is limited: `null` whole property, otherwise those ids. */
export interface NewScope {
  orgs: readonly string[] | null;
  spaces: readonly string[] | null;
}

/**
 * Adds and removes assignments; members who get a set become administrators, administrators left with none
 * ordinary members. One transaction.
 */
export async function applyAssignments(
  db: Db,
  tenant: Tenant,
  changes: readonly AssignmentChange[],
  scope: NewScope,
  by: string,
  now: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const scoped = tenantDb(trx, tenant);
    for (const c of changes) {
      if (c.remove.length > 0) {
        await scoped.deleteFrom('admin_scopes').where('uid', '=', c.uid).where('psid', 'in', c.remove).execute();
        await scoped
          .deleteFrom('permission_set_admins')
          .where('uid', '=', c.uid)
          .where('psid', 'in', c.remove)
          .execute();
      }
      if (c.add.length > 0) {
        await scoped
          .insertInto('permission_set_admins')
          .values(
            c.add.map((psid) => ({
              psid,
              uid: c.uid,
              org_limited: scope.orgs === null ? 0 : 1,
              space_limited: scope.spaces === null ? 0 : 1,
              assigned_by: by,
              assigned_at: now,
            })),
          )
          .execute();
        const rows = c.add.flatMap((psid) => [
          ...(scope.orgs ?? []).map((ref_id) => ({ psid, uid: c.uid, kind: 'org' as const, ref_id })),
          ...(scope.spaces ?? []).map((ref_id) => ({ psid, uid: c.uid, kind: 'space' as const, ref_id })),
        ]);
        if (rows.length > 0) await scoped.insertInto('admin_scopes').values(rows).execute();
        await setMembersRole(trx, tenant, [c.uid], 'member', 'admin');
      }
    }
    await demoteEmpty(
      trx,
      tenant,
      changes.filter((c) => c.remove.length > 0).map((c) => c.uid),
    );
    await bumpAclVersion(trx, tenant.pno);
  });
}

export const findAssignment = (db: Db, tenant: Tenant, psid: string, uid: string) =>
  tenantDb(db, tenant)
    .selectFrom('permission_set_admins')
    .select(['psid', 'uid', 'org_limited', 'space_limited'])
    .where('psid', '=', psid)
    .where('uid', '=', uid)
    .executeTakeFirst();

/** Replaces the org or space limit of one assignment; an empty list lifts it (the whole property). */
export async function setScope(
  db: Db,
  tenant: Tenant,
  psid: string,
  uid: string,
  kind: ScopeKind,
  ids: readonly string[],
) {
  await db.transaction().execute(async (trx) => {
    const scoped = tenantDb(trx, tenant);
    await scoped
      .deleteFrom('admin_scopes')
      .where('psid', '=', psid)
      .where('uid', '=', uid)
      .where('kind', '=', kind)
      .execute();
    if (ids.length > 0) {
      await scoped
        .insertInto('admin_scopes')
        .values(ids.map((ref_id) => ({ psid, uid, kind, ref_id })))
        .execute();
    }
    await scoped
      .updateTable('permission_set_admins')
      .set(kind === 'org' ? { org_limited: ids.length > 0 ? 1 : 0 } : { space_limited: ids.length > 0 ? 1 : 0 })
      .where('psid', '=', psid)
      .where('uid', '=', uid)
      .execute();
    await bumpAclVersion(trx, tenant.pno);
  });
}

/** The assignments (with set names and scopes) of some administrators of the property, for listings. */
export async function assignmentDetails(db: Db, tenant: Tenant, uids: readonly string[]) {
  if (uids.length === 0) return [];
  const rows = await tenantDb(db, tenant)
    .selectFrom('permission_set_admins as a')
    .innerJoin('permission_sets as s', 's.psid', 'a.psid')
    .leftJoin('admin_scopes as sc', (j) => j.onRef('sc.psid', '=', 'a.psid').onRef('sc.uid', '=', 'a.uid'))
    .select(['a.pno', 'a.uid', 'a.psid', 's.name', 'a.org_limited', 'a.space_limited', 'sc.kind', 'sc.ref_id'])
    .where('a.uid', 'in', uids)
    .orderBy('a.assigned_at')
    .orderBy('a.psid')
    .execute();
  const out = new Map<
    string,
    { pno: string; uid: string; psid: string; name: string; oidList: string[] | null; sidList: string[] | null }
  >();
  for (const r of rows) {
    const key = `${r.uid}|${r.psid}`;
    let a = out.get(key);
    if (!a) {
      a = {
        pno: r.pno,
        uid: r.uid,
        psid: r.psid,
        name: r.name,
        oidList: r.org_limited === 1 ? [] : null,
        sidList: r.space_limited === 1 ? [] : null,
      };
      out.set(key, a);
    }
    if (r.kind === 'org' && a.oidList && r.ref_id) a.oidList.push(r.ref_id);
    if (r.kind === 'space' && a.sidList && r.ref_id) a.sidList.push(r.ref_id);
  }
  return [...out.values()];
}
