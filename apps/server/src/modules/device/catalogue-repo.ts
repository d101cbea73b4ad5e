import { sql } from 'kysely';
import type { Db } from '../../platform/db/connect';
import { countOf, readPage } from '../../platform/db/paging';
import { containsAnyCi } from '../../platform/db/sql-helpers';
import type { Tenant } from '../../platform/tenancy/tenant';
import { tenantDb } from '../../platform/tenancy/tenant-scope';

/**
 * SQL of a property's device catalogue: types, platforms and models (`device_types`, …), on the tenant's scoped
 * handle, which adds the property (platform/tenancy/tenant-scope.ts). No rules here.
 */

const searched = (str: string | undefined) => (str ? containsAnyCi(['name', 'remark'], str) : undefined);

export async function pageTypes(db: Db, tenant: Tenant, str: string | undefined, pageNum: number, pageSize: number) {
  const where = searched(str);
  const base = () => {
    const q = tenantDb(db, tenant).selectFrom('device_types');
    return where ? q.where(where) : q;
  };
  return readPage(
    () => countOf(base()),
    (w) => {
      return base()
        .select((eb) => [
          'type_id',
          'name',
          'remark',
          'created_at',
          'updated_at',
          eb
            .selectFrom('device_models as m')
            .select((e) => e.fn.countAll<number>().as('n'))
            .whereRef('m.type_id', '=', 'device_types.type_id')
            .as('model_count'),
        ])
        .orderBy('name_key', w.dir)
        .orderBy('type_id', w.dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute();
    },
    { pageNum, pageSize, order: 'asc' },
  );
}

export async function pagePlatforms(
  db: Db,
  tenant: Tenant,
  str: string | undefined,
  pageNum: number,
  pageSize: number,
) {
  const where = searched(str);
  const base = () => {
    const q = tenantDb(db, tenant).selectFrom('device_platforms');
    return where ? q.where(where) : q;
  };
  return readPage(
    () => countOf(base()),
    (w) => {
      return base()
        .select((eb) => [
          'platform_id',
          'name',
          'os_type',
          'remark',
          'created_at',
          'updated_at',
          eb
            .selectFrom('device_models as m')
            .select((e) => e.fn.countAll<number>().as('n'))
            .whereRef('m.platform_id', '=', 'device_platforms.platform_id')
            .as('model_count'),
        ])
        .orderBy('name_key', w.dir)
        .orderBy('platform_id', w.dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute();
    },
    { pageNum, pageSize, order: 'asc' },
  );
}

export interface ModelFilter {
  str?: string;
  typeId?: string;
  platformId?: string;
}

export async function pageModels(db: Db, tenant: Tenant, f: ModelFilter, pageNum: number, pageSize: number) {
  const where = f.str ? containsAnyCi(['m.name', 'm.remark'], f.str) : undefined;
  const base = () => {
    let q = tenantDb(db, tenant).selectFrom('device_models as m');
    if (f.typeId) q = q.where('m.type_id', '=', f.typeId);
    if (f.platformId) q = q.where('m.platform_id', '=', f.platformId);
    if (where) q = q.where(where);
    return q;
  };
  return readPage(
    () => countOf(base()),
    (w) => {
      return base()
        .leftJoin('device_types as t', 't.type_id', 'm.type_id')
        .leftJoin('device_platforms as p', 'p.platform_id', 'm.platform_id')
        .select((eb) => [
          'm.model_id',
          'm.name',
          'm.type_id',
          't.name as type_name',
          'm.platform_id',
          'p.name as platform_name',
          'p.os_type',
          'm.remark',
          'm.created_at',
          'm.updated_at',
          eb
            .selectFrom('devices as d')
            .select((e) => e.fn.countAll<number>().as('n'))
            .whereRef('d.model_id', '=', 'm.model_id')
            .as('device_count'),
        ])
        .orderBy('m.name_key', w.dir)
        .orderBy('m.model_id', w.dir)
        .limit(w.limit)
        .offset(w.offset)
        .execute();
    },
    { pageNum, pageSize, order: 'asc' },
  );
}

export type CatalogueTable = 'device_types' | 'device_platforms' | 'device_models';
const idColumn = { device_types: 'type_id', device_platforms: 'platform_id', device_models: 'model_id' } as const;

/** One entry of the catalogue by id, in the property. */
export async function findEntry(db: Db, table: CatalogueTable, tenant: Tenant, id: string) {
  const column = idColumn[table];
  return tenantDb(db, tenant)
    .selectFrom(table)
    .select(['name', 'name_key', sql<string>`${sql.ref(column)}`.as('id')])
    .where(sql.ref(column), '=', id)
    .executeTakeFirst();
}

/** Names of the entries among `ids` (the firmware module's fitting models and platforms). */
export async function namesOf(db: Db, table: CatalogueTable, tenant: Tenant, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const column = idColumn[table];
  const rows = await tenantDb(db, tenant)
    .selectFrom(table)
    .select(['name', sql<string>`${sql.ref(column)}`.as('id')])
    .where(sql.ref(column), 'in', [...ids])
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Another entry of the property with this name key, if any. */
export async function findByNameKey(db: Db, table: CatalogueTable, tenant: Tenant, nameKey: string) {
  const column = idColumn[table];
  return tenantDb(db, tenant)
    .selectFrom(table)
    .select([sql<string>`${sql.ref(column)}`.as('id')])
    .where('name_key', '=', nameKey)
    .executeTakeFirst();
}

export interface EntryValues {
  name: string;
  nameKey: string;
  remark: string;
  osType?: string;
  typeId?: string | null;
  platformId?: string | null;
}

const columnsOf = (table: CatalogueTable, v: EntryValues) => ({
  name: v.name,
  name_key: v.nameKey,
  remark: v.remark,
  ...(table === 'device_platforms' ? { os_type: v.osType ?? 'other' } : {}),
  ...(table === 'device_models' ? { type_id: v.typeId ?? null, platform_id: v.platformId ?? null } : {}),
});

/** Inserts an entry in the property (the scoped handle sets its `pno`). */
export async function insertEntry(
  db: Db,
  table: CatalogueTable,
  tenant: Tenant,
  row: { id: string; createdBy: string | null; now: number },
  v: EntryValues,
) {
  await tenantDb(db, tenant)
    .insertInto(table)
    .values({
      [idColumn[table]]: row.id,
      ...columnsOf(table, v),
      created_by: row.createdBy,
      created_at: row.now,
      updated_at: row.now,
    } as never)
    .execute();
}

export async function updateEntry(
  db: Db,
  table: CatalogueTable,
  tenant: Tenant,
  id: string,
  v: EntryValues,
  now: number,
) {
  await tenantDb(db, tenant)
    .updateTable(table)
    .set({ ...columnsOf(table, v), updated_at: now } as never)
    .where(sql.ref(idColumn[table]), '=', id)
    .execute();
}

export async function deleteEntry(db: Db, table: CatalogueTable, tenant: Tenant, id: string): Promise<number> {
  const r = await tenantDb(db, tenant).deleteFrom(table).where(sql.ref(idColumn[table]), '=', id).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** How many models use a type or platform. */
export async function modelsUsing(db: Db, tenant: Tenant, column: 'type_id' | 'platform_id', id: string) {
  const row = await tenantDb(db, tenant)
    .selectFrom('device_models')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(column, '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many devices are of a model. */
export async function devicesOfModel(db: Db, tenant: Tenant, modelId: string) {
  const row = await tenantDb(db, tenant)
    .selectFrom('devices')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('model_id', '=', modelId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A model with its platform's OS (for a device registered with it). */
export const findModel = (db: Db, tenant: Tenant, modelId: string) =>
  tenantDb(db, tenant)
    .selectFrom('device_models as m')
    .leftJoin('device_platforms as p', 'p.platform_id', 'm.platform_id')
    .select(['m.model_id', 'm.name', 'p.os_type'])
    .where('m.model_id', '=', modelId)
    .executeTakeFirst();

/** Every model of a property by name (filter lists), at most `limit`. */
export const modelOptions = (db: Db, tenant: Tenant, limit: number) =>
  tenantDb(db, tenant)
    .selectFrom('device_models')
    .select(['model_id', 'name'])
    .orderBy('name_key')
    .limit(limit)
    .execute();

/** Every platform of a property by name, at most `limit` (the signing module's certificate platforms). */
export const platformOptions = (db: Db, tenant: Tenant, limit: number) =>
  tenantDb(db, tenant)
    .selectFrom('device_platforms')
    .select(['platform_id', 'name', 'os_type'])
    .orderBy('name')
    .limit(limit)
    .execute();
