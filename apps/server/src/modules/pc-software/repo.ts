import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../platform/db/connect';
import { countOf, readPage } from '../../platform/db/paging';
import { containsCi } from '../../platform/db/sql-helpers';
import { acrossProperties } from '../../platform/tenancy/filters';
import type { AllTenants, Tenant, TenantScope } from '../../platform/tenancy/tenant';
import { scopedDb, tenantDb } from '../../platform/tenancy/tenant-scope';
import type { SoftInfosTable } from './tables';

/**
 * The SQL of software (`soft_infos`), main and child tools (`soft_relations`) and the grants of platform main tools
 * (`soft_platform_grants`). No rules here. A platform main tool granted to a property is read in the property that
 * holds it through the functions marked `acrossProperties('platform-main-tool')`, given the ids of the reader's own
 * grants.
 */

export type SoftRow = Awaited<ReturnType<typeof findSoft>> & object;

export const findSoft = (db: Db, t: Tenant, softId: string) =>
  tenantDb(db, t).selectFrom('soft_infos').selectAll().where('soft_id', '=', softId).executeTakeFirst();

export const findSoftByName = (db: Db, t: Tenant, name: string) =>
  tenantDb(db, t).selectFrom('soft_infos').select('soft_id').where('name', '=', name).executeTakeFirst();

export const insertSoft = (db: Db, t: Tenant, row: Omit<Insertable<SoftInfosTable>, 'pno'>) =>
  tenantDb(db, t).insertInto('soft_infos').values(row).execute();

export const updateSoft = (
  db: Db,
  t: Tenant,
  softId: string,
  set: Omit<Updateable<SoftInfosTable>, 'pno' | 'soft_id' | 'public_id' | 'created_by' | 'created_at'>,
) => tenantDb(db, t).updateTable('soft_infos').set(set).where('soft_id', '=', softId).execute();

/** Whether a public id is taken by any property's software (public ids are unique across properties). */
export const publicIdTaken = async (db: Db, publicId: string) =>
  (await db
    .selectFrom('soft_infos')
    .select('soft_id')
    .where(acrossProperties('public-id'))
    .where('public_id', '=', publicId)
    .executeTakeFirst()) !== undefined;

/** The ids of the platform main tools granted to the property. */
export const grantedIds = async (db: Db, t: Tenant) =>
  (await tenantDb(db, t).selectFrom('soft_platform_grants').select('soft_id').execute()).map((r) => r.soft_id);

/** Platform main tools among `softIds` (ids the reader's property was granted), read in the properties holding them. */
export const platformMainTools = async (db: Db, softIds: readonly string[], str?: string) => {
  if (softIds.length === 0) return [];
  let q = db
    .selectFrom('soft_infos as s')
    .selectAll('s')
    .where(acrossProperties('platform-main-tool'))
    .where('s.platform_main', '=', 1)
    .where('s.soft_id', 'in', [...softIds]);
  if (str) q = q.where(containsCi('s.search_text', str));
  return q.execute();
};

export interface SoftFilter {
  sid?: string;
  /** Spaces the reader reaches (null: all). */
  sids?: readonly string[] | null;
  kind?: string;
  mainSoftId?: string;
  authType?: number;
  str?: string;
}

const softBase = (db: Db, t: Tenant, f: SoftFilter) => {
  const h = tenantDb(db, t);
  let q = h.selectFrom('soft_infos as s');
  if (f.sid) q = q.where('s.sid', '=', f.sid);
  if (f.sids) q = q.where('s.sid', 'in', f.sids.length > 0 ? [...f.sids] : ['']);
  if (f.kind) q = q.where('s.kind', '=', f.kind);
  if (f.authType !== undefined) q = q.where('s.auth_type', '=', f.authType);
  if (f.mainSoftId) {
    q = q.where(
      's.soft_id',
      'in',
      h.selectFrom('soft_relations').select('child_soft_id').where('main_soft_id', '=', f.mainSoftId),
    );
  }
  if (f.str) q = q.where(containsCi('s.search_text', f.str));
  return q;
};

/** A page of the property's software, last changed first (the index `soft_infos_list`). */
export const pageSoft = (db: Db, t: Tenant, f: SoftFilter, pageNum: number, pageSize: number) =>
  readPage(
    () => countOf(softBase(db, t, f)),
    (w) =>
      softBase(db, t, f)
        .selectAll('s')
        .orderBy('s.updated_at', w.dir)
        .orderBy('s.soft_id', w.dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    { pageNum, pageSize, order: 'desc' },
  );

/** The property's own main tools. */
export async function ownMainTools(db: Db, t: Tenant, str: string | undefined) {
  let own = tenantDb(db, t).selectFrom('soft_infos as s').selectAll('s').where('s.kind', '=', 'main');
  if (str) own = own.where(containsCi('s.search_text', str));
  return own.execute();
}

/** Deletes a piece of software's own row (its other rows: the callers in the same transaction). */
export async function deleteSoftRow(db: Db, t: Tenant, softId: string): Promise<number> {
  const r = await tenantDb(db, t).deleteFrom('soft_infos').where('soft_id', '=', softId).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Deletes the rows of a piece of software in every table but its versions' (relations as child, managers, …). */
export async function deleteSoftSatellites(db: Db, t: Tenant, softId: string): Promise<void> {
  const h = tenantDb(db, t);
  await h.deleteFrom('soft_relations').where('child_soft_id', '=', softId).execute();
  await h.deleteFrom('soft_release_managers').where('soft_id', '=', softId).execute();
  await h.deleteFrom('soft_trial_users').where('soft_id', '=', softId).execute();
  await h.deleteFrom('soft_terminals').where('soft_id', '=', softId).execute();
  await h.deleteFrom('soft_download_stats').where('soft_id', '=', softId).execute();
}

// ---- main and child tools --------------------------------------------------------------------------------------

export const relationOfChild = (db: Db, t: Tenant, childSoftId: string) =>
  tenantDb(db, t).selectFrom('soft_relations').selectAll().where('child_soft_id', '=', childSoftId).executeTakeFirst();

/** Attaches (or moves) a child tool under a main tool, last in its order. */
export async function attachChild(db: Db, t: Tenant, childSoftId: string, mainSoftId: string, now: number) {
  const h = tenantDb(db, t);
  const last = await h
    .selectFrom('soft_relations')
    .select((eb) => eb.fn.max('position').as('p'))
    .where('main_soft_id', '=', mainSoftId)
    .executeTakeFirst();
  await h.deleteFrom('soft_relations').where('child_soft_id', '=', childSoftId).execute();
  await h
    .insertInto('soft_relations')
    .values({
      child_soft_id: childSoftId,
      main_soft_id: mainSoftId,
      position: Number(last?.p ?? -1) + 1,
      created_at: now,
    })
    .execute();
}

export async function detachChild(db: Db, t: Tenant, childSoftId: string): Promise<number> {
  const r = await tenantDb(db, t)
    .deleteFrom('soft_relations')
    .where('child_soft_id', '=', childSoftId)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** A main tool's child tools in the property, in their order. */
export const childrenOf = (db: Db, t: Tenant, mainSoftId: string) =>
  tenantDb(db, t)
    .selectFrom('soft_infos as s')
    .innerJoin('soft_relations as r', 'r.child_soft_id', 's.soft_id')
    .selectAll('s')
    .where('r.main_soft_id', '=', mainSoftId)
    .orderBy('r.position')
    .orderBy('s.soft_id')
    .execute();

/** The main tool of each of these child tools in the property. */
export async function mainsOfChildren(db: Db, t: Tenant, childIds: readonly string[]) {
  if (childIds.length === 0) return new Map<string, string>();
  const rows = await tenantDb(db, t)
    .selectFrom('soft_relations')
    .select(['child_soft_id', 'main_soft_id'])
    .where('child_soft_id', 'in', [...childIds])
    .execute();
  return new Map(rows.map((r) => [r.child_soft_id, r.main_soft_id]));
}

/** The number of child tools under each of these main tools in the property. */
export async function childCounts(db: Db, t: Tenant, mainIds: readonly string[]) {
  if (mainIds.length === 0) return new Map<string, number>();
  const rows = await tenantDb(db, t)
    .selectFrom('soft_relations')
    .select((eb) => ['main_soft_id', eb.fn.countAll().as('n')])
    .where('main_soft_id', 'in', [...mainIds])
    .groupBy('main_soft_id')
    .execute();
  return new Map(rows.map((r) => [r.main_soft_id, Number(r.n)]));
}

/** The names of the property's software among these ids. */
export async function softNames(db: Db, t: Tenant, softIds: readonly string[]) {
  if (softIds.length === 0) return new Map<string, string>();
  const rows = await tenantDb(db, t)
    .selectFrom('soft_infos')
    .select(['soft_id', 'name'])
    .where('soft_id', 'in', [...softIds])
    .execute();
  return new Map(rows.map((r) => [r.soft_id, r.name]));
}

/** Whether the property was granted the platform main tool. */
export const hasGrant = async (db: Db, t: Tenant, softId: string) =>
  (await tenantDb(db, t)
    .selectFrom('soft_platform_grants')
    .select('soft_id')
    .where('soft_id', '=', softId)
    .executeTakeFirst()) !== undefined;

// ---- operators: every property -----------------------------------------------------------------------------------

export const findSoftAnywhere = (db: Db, all: AllTenants, softId: string) =>
  scopedDb(db, all).selectFrom('soft_infos').selectAll().where('soft_id', '=', softId).executeTakeFirst();

export interface SoftAcrossFilter {
  kind?: string;
  platformMain?: number;
  str?: string;
}

const acrossBase = (db: Db, scope: TenantScope, f: SoftAcrossFilter) => {
  let q = scopedDb(db, scope).selectFrom('soft_infos as s');
  if (f.kind) q = q.where('s.kind', '=', f.kind);
  if (f.platformMain !== undefined) q = q.where('s.platform_main', '=', f.platformMain);
  if (f.str) q = q.where(containsCi('s.search_text', f.str));
  return q;
};

/** Every property's software (or one's), last changed first. */
export const pageSoftAcross = (db: Db, scope: TenantScope, f: SoftAcrossFilter, pageNum: number, pageSize: number) =>
  readPage(
    () => countOf(acrossBase(db, scope, f)),
    (w) =>
      acrossBase(db, scope, f)
        .selectAll('s')
        .orderBy('s.updated_at', w.dir)
        .orderBy('s.soft_id', w.dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    { pageNum, pageSize, order: 'desc' },
  );

/** Every property's main tools (or one's), platform main tools first, then by name. */
export const pageMainToolsAcross = (
  db: Db,
  scope: TenantScope,
  f: SoftAcrossFilter,
  pageNum: number,
  pageSize: number,
) => {
  const base = () => acrossBase(db, scope, { ...f, kind: 'main' });
  return readPage(
    () => countOf(base()),
    (w) =>
      base()
        .selectAll('s')
        .orderBy('s.platform_main', w.dir === 'asc' ? 'desc' : 'asc')
        .orderBy('s.name', w.dir)
        .orderBy('s.soft_id', w.dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    { pageNum, pageSize, order: 'asc' },
  );
};

export const setPlatformMain = (db: Db, all: AllTenants, softId: string, platformMain: number, now: number) =>
  scopedDb(db, all)
    .updateTable('soft_infos')
    .set({ platform_main: platformMain, updated_at: now })
    .where('soft_id', '=', softId)
    .execute();

export const findGrant = (db: Db, t: Tenant, softId: string) =>
  tenantDb(db, t).selectFrom('soft_platform_grants').selectAll().where('soft_id', '=', softId).executeTakeFirst();

export const insertGrant = (db: Db, t: Tenant, softId: string, grantedBy: string, now: number) =>
  tenantDb(db, t)
    .insertInto('soft_platform_grants')
    .values({ soft_id: softId, granted_by: grantedBy, granted_at: now })
    .execute();

/** Revokes a property's grant and detaches its child tools from the main tool. */
export async function revokeGrant(db: Db, t: Tenant, softId: string): Promise<number> {
  const h = tenantDb(db, t);
  const r = await h.deleteFrom('soft_platform_grants').where('soft_id', '=', softId).executeTakeFirst();
  await h.deleteFrom('soft_relations').where('main_soft_id', '=', softId).execute();
  return Number(r.numDeletedRows);
}

/** The properties a platform main tool is granted to. */
export const grantPnos = async (db: Db, all: AllTenants, softId: string) =>
  (
    await scopedDb(db, all).selectFrom('soft_platform_grants').select('pno').where('soft_id', '=', softId).execute()
  ).map((r) => r.pno);

export interface GrantFilter {
  softId?: string;
  /** The property granted. */
  grantPno?: string;
  str?: string;
}

const grantBase = (db: Db, all: AllTenants, f: GrantFilter) => {
  let q = scopedDb(db, all)
    .selectFrom('soft_platform_grants as g')
    .innerJoin('soft_infos as s', 's.soft_id', 'g.soft_id');
  if (f.softId) q = q.where('g.soft_id', '=', f.softId);
  // not a tenant filter: the operators' list of grants, kept to the property granted
  if (f.grantPno) q = q.where('g.pno', '=', f.grantPno);
  if (f.str) q = q.where(containsCi('s.search_text', f.str));
  return q;
};

/** Grants of platform main tools (to one property, or every one), newest first (operators). */
export const pageGrants = (db: Db, all: AllTenants, f: GrantFilter, pageNum: number, pageSize: number) =>
  readPage(
    () => countOf(grantBase(db, all, f)),
    (w) =>
      grantBase(db, all, f)
        .select(['g.pno', 'g.soft_id', 'g.granted_by', 'g.granted_at', 's.name', 's.pno as owner_pno'])
        .orderBy('g.granted_at', w.dir)
        .orderBy('g.soft_id', w.dir)
        .orderBy('g.pno', w.dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute(),
    { pageNum, pageSize, order: 'desc' },
  );

/** Per (property, main tool): the property's child tools attached to it. */
export async function childCountsAcross(db: Db, all: AllTenants, softIds: readonly string[]) {
  if (softIds.length === 0) return new Map<string, number>();
  const rows = await scopedDb(db, all)
    .selectFrom('soft_relations')
    .select((eb) => ['pno', 'main_soft_id', eb.fn.countAll().as('n')])
    .where('main_soft_id', 'in', [...softIds])
    .groupBy(['pno', 'main_soft_id'])
    .execute();
  return new Map(rows.map((r) => [`${r.pno}:${r.main_soft_id}`, Number(r.n)]));
}
