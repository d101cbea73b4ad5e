import type { DeviceModelItem, DevicePlatformItem, DeviceTypeItem } from '@keel/contract/endpoints/device-catalogue';
import type { OsType } from '@keel/contract/endpoints/device-common';
import { isForeignKeyViolation, isUniqueViolation, nameKey } from '../../platform/db/sql-helpers';
import type { RequestContext } from '../../platform/http/context';
import { AppError, notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import type { Services } from '../../platform/services';
import { type Tenant, tenantOf } from '../../platform/tenancy/tenant';
import * as repo from './catalogue-repo';

/**
 * The device catalogue's rules (README.md "Catalogue"): names unique in the property (folded), a model's type and
 * platform of the same property, nothing deleted while in use. No SQL.
 */

interface PageInput {
  pageNum: number;
  pageSize: number;
  str?: string;
}

const pageOf = <T>(list: T[], total: number, input: PageInput) => ({
  list,
  total,
  pageNum: input.pageNum,
  pageSize: input.pageSize,
});

export async function listTypes(s: Services, ctx: RequestContext, input: PageInput) {
  const { rows, total } = await repo.pageTypes(s.db, tenantOf(ctx), input.str, input.pageNum, input.pageSize);
  const list = rows.map(
    (r): DeviceTypeItem => ({
      typeId: r.type_id,
      name: r.name,
      remark: r.remark,
      modelCount: Number(r.model_count ?? 0),
      createTime: r.created_at,
      updateTime: r.updated_at,
    }),
  );
  return pageOf(list, total, input);
}

export async function listPlatforms(s: Services, ctx: RequestContext, input: PageInput) {
  const { rows, total } = await repo.pagePlatforms(s.db, tenantOf(ctx), input.str, input.pageNum, input.pageSize);
  const list = rows.map(
    (r): DevicePlatformItem => ({
      platformId: r.platform_id,
      name: r.name,
      osType: r.os_type as OsType,
      remark: r.remark,
      modelCount: Number(r.model_count ?? 0),
      createTime: r.created_at,
      updateTime: r.updated_at,
    }),
  );
  return pageOf(list, total, input);
}

export async function listModels(
  s: Services,
  ctx: RequestContext,
  input: PageInput & { typeId?: string; platformId?: string },
) {
  const { rows, total } = await repo.pageModels(
    s.db,
    tenantOf(ctx),
    { str: input.str, typeId: input.typeId, platformId: input.platformId },
    input.pageNum,
    input.pageSize,
  );
  const list = rows.map(
    (r): DeviceModelItem => ({
      modelId: r.model_id,
      name: r.name,
      typeId: r.type_id,
      typeName: r.type_name,
      platformId: r.platform_id,
      platformName: r.platform_name,
      osType: (r.os_type ?? 'other') as OsType,
      remark: r.remark,
      deviceCount: Number(r.device_count ?? 0),
      createTime: r.created_at,
      updateTime: r.updated_at,
    }),
  );
  return pageOf(list, total, input);
}

const FIELDS = { device_types: 'typeId', device_platforms: 'platformId', device_models: 'modelId' } as const;

/** Creates an entry, or replaces one's details when `id` is given; answers its id. */
async function save(
  s: Services,
  ctx: RequestContext,
  table: repo.CatalogueTable,
  id: string | undefined,
  values: Omit<repo.EntryValues, 'nameKey'>,
): Promise<string> {
  const tenant = tenantOf(ctx);
  const v = { ...values, nameKey: nameKey(values.name) };
  if (id && !(await repo.findEntry(s.db, table, tenant, id))) throw notFound(FIELDS[table]);
  if (v.typeId && !(await repo.findEntry(s.db, 'device_types', tenant, v.typeId))) throw notFound('typeId');
  if (v.platformId && !(await repo.findEntry(s.db, 'device_platforms', tenant, v.platformId))) {
    throw notFound('platformId');
  }
  const clash = await repo.findByNameKey(s.db, table, tenant, v.nameKey);
  if (clash && clash.id !== id) throw new AppError('nameTaken', { name: v.name });
  const entryId = id ?? newId();
  ctx.audit.target = entryId;
  try {
    if (id) await repo.updateEntry(s.db, table, tenant, id, v, s.now());
    else {
      const row = { id: entryId, createdBy: ctx.user?.uid ?? null, now: s.now() };
      await repo.insertEntry(s.db, table, tenant, row, v);
    }
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('nameTaken', { name: v.name });
    // The type or platform was deleted meanwhile.
    if (isForeignKeyViolation(error)) throw notFound(v.typeId ? 'typeId' : 'platformId');
    throw error;
  }
  return entryId;
}

export const saveType = async (
  s: Services,
  ctx: RequestContext,
  input: { typeId?: string; name: string; remark: string },
) => ({ typeId: await save(s, ctx, 'device_types', input.typeId, { name: input.name, remark: input.remark }) });

export const savePlatform = async (
  s: Services,
  ctx: RequestContext,
  input: { platformId?: string; name: string; osType: OsType; remark: string },
) => ({
  platformId: await save(s, ctx, 'device_platforms', input.platformId, {
    name: input.name,
    remark: input.remark,
    osType: input.osType,
  }),
});

export const saveModel = async (
  s: Services,
  ctx: RequestContext,
  input: { modelId?: string; name: string; typeId?: string; platformId?: string; remark: string },
) => ({
  modelId: await save(s, ctx, 'device_models', input.modelId, {
    name: input.name,
    remark: input.remark,
    typeId: input.typeId ?? null,
    platformId: input.platformId ?? null,
  }),
});

/** Deletes an entry nothing uses (models: no device; types and platforms: no model). */
async function del(s: Services, ctx: RequestContext, table: repo.CatalogueTable, id: string) {
  const tenant = tenantOf(ctx);
  ctx.audit.target = id;
  const entry = await repo.findEntry(s.db, table, tenant, id);
  if (!entry) throw notFound(FIELDS[table]);
  if (table === 'device_models') {
    const count = await repo.devicesOfModel(s.db, tenant, id);
    if (count > 0) throw new AppError('modelInUse', { name: entry.name, count });
  } else {
    const count = await repo.modelsUsing(s.db, tenant, table === 'device_types' ? 'type_id' : 'platform_id', id);
    if (count > 0) throw new AppError('catalogueInUse', { name: entry.name, count });
  }
  await repo.deleteEntry(s.db, table, tenant, id);
  return null;
}

export const delType = (s: Services, ctx: RequestContext, typeId: string) => del(s, ctx, 'device_types', typeId);
export const delPlatform = (s: Services, ctx: RequestContext, platformId: string) =>
  del(s, ctx, 'device_platforms', platformId);
export const delModel = (s: Services, ctx: RequestContext, modelId: string) => del(s, ctx, 'device_models', modelId);

/** Names of a property's models or platforms among `ids`, by id (ids of none or of another property are absent). */
export const catalogueNames = (s: Services, tenant: Tenant, kind: 'model' | 'platform', ids: readonly string[]) =>
  repo.namesOf(s.db, kind === 'model' ? 'device_models' : 'device_platforms', tenant, ids);
