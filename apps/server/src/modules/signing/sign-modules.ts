import { SIGNATURE_ALGORITHMS, type SignatureAlgorithm } from '@keel/contract/constants';
import { KEY_TYPES, SIGN_TYPES, type SignType } from '@keel/contract/endpoints/signing';
import { isUniqueViolation, nameKey } from '../../platform/db/sql-helpers';
import type { RequestContext } from '../../platform/http/context';
import { AppError, notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import type { Services } from '../../platform/services';
import { type Tenant, tenantOf } from '../../platform/tenancy/tenant';
import { certForRequest } from './certs';
import { ALGORITHMS, DEFAULT_ALGORITHM, type KeyType } from './crypto/algorithms';
import { APK_ALGORITHMS } from './crypto/apk';
import * as repo from './repo';

/**
 * Sign modules, their certificate relations (`cs/`) and platforms (`cp/`), permission collections (`pc/`) and their
 * groups (`pcg/`): README "Modules" and "Collections". Names are unique in the property (folded).
 */

/** The algorithms a sign type accepts. */
export const algorithmsOfType = (signType: SignType): SignatureAlgorithm[] =>
  signType === 'apk' ? [...APK_ALGORITHMS] : [...SIGNATURE_ALGORITHMS];

const weak = (alg: string) => (ALGORITHMS[alg as SignatureAlgorithm]?.weak ? 1 : 0) as 0 | 1;

function checkAlgorithm(signType: SignType, alg: SignatureAlgorithm, keyType?: string) {
  if (!algorithmsOfType(signType).includes(alg)) {
    throw new AppError('algorithmNotForKey', { algorithm: alg, reason: signType });
  }
  if (keyType && ALGORITHMS[alg].keyType !== keyType) {
    throw new AppError('algorithmNotForKey', { algorithm: alg, reason: keyType });
  }
}

const page = <T>(list: T[], total: number, input: { pageNum: number; pageSize: number }) => ({
  list,
  total,
  pageNum: input.pageNum,
  pageSize: input.pageSize,
});

export async function moduleForRequest(s: Services, t: Tenant, moduleId: string) {
  const row = await repo.findModule(s.db, t, moduleId);
  if (!row) throw notFound('moduleId');
  return row;
}

export async function listModules(
  s: Services,
  ctx: RequestContext,
  input: { pageNum: number; pageSize: number; str?: string; signType?: SignType },
) {
  const { rows, total } = await repo.pageModules(s.db, tenantOf(ctx), input, input);
  return page(
    rows.map((r) => ({
      moduleId: r.module_id,
      name: r.name,
      signType: r.sign_type as SignType,
      algorithm: r.algorithm as SignatureAlgorithm,
      weak: weak(r.algorithm),
      remark: r.remark,
      certCount: Number(r.cert_count ?? 0),
      createTime: Number(r.created_at),
      updateTime: Number(r.updated_at),
    })),
    total,
    input,
  );
}

async function uniqueModuleName(s: Services, t: Tenant, name: string, self?: string) {
  const clash = await repo.findModuleByName(s.db, t, nameKey(name));
  if (clash && clash.module_id !== self) throw new AppError('nameTaken', { name });
}

export async function addModule(
  s: Services,
  ctx: RequestContext,
  input: { name: string; signType: SignType; algorithm: SignatureAlgorithm; remark: string },
) {
  const t = tenantOf(ctx);
  checkAlgorithm(input.signType, input.algorithm);
  await uniqueModuleName(s, t, input.name);
  const moduleId = newId();
  ctx.audit.target = moduleId;
  try {
    await repo.insertModule(s.db, t, {
      module_id: moduleId,
      name: input.name,
      name_key: nameKey(input.name),
      sign_type: input.signType,
      algorithm: input.algorithm,
      remark: input.remark,
      created_by: ctx.user?.uid ?? null,
      created_at: s.now(),
      updated_at: s.now(),
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('nameTaken', { name: input.name });
    throw error;
  }
  return { moduleId };
}

export async function updateModule(
  s: Services,
  ctx: RequestContext,
  input: { moduleId: string; name: string; algorithm: SignatureAlgorithm; remark: string },
) {
  const t = tenantOf(ctx);
  const row = await moduleForRequest(s, t, input.moduleId);
  checkAlgorithm(row.sign_type as SignType, input.algorithm);
  await uniqueModuleName(s, t, input.name, input.moduleId);
  ctx.audit.target = input.moduleId;
  await repo.updateModule(s.db, t, input.moduleId, {
    name: input.name,
    name_key: nameKey(input.name),
    algorithm: input.algorithm,
    remark: input.remark,
    updated_at: s.now(),
  });
  return null;
}

export async function deleteModule(s: Services, ctx: RequestContext, moduleId: string) {
  const t = tenantOf(ctx);
  await moduleForRequest(s, t, moduleId);
  ctx.audit.target = moduleId;
  await s.db.transaction().execute((trx) => repo.deleteModule(trx, t, moduleId));
  return null;
}

type RelRow = Awaited<ReturnType<typeof repo.pageRels>>['rows'][number];
const relItem = (r: RelRow) => ({
  relId: r.rel_id,
  moduleId: r.module_id,
  moduleName: r.module_name,
  signType: r.sign_type as SignType,
  certId: r.cert_id,
  certName: r.cert_name,
  keyType: r.key_type as KeyType,
  algorithm: r.algorithm as SignatureAlgorithm,
  weak: weak(r.algorithm),
  createTime: Number(r.created_at),
});

export async function listRels(
  s: Services,
  ctx: RequestContext,
  input: { pageNum: number; pageSize: number; moduleId?: string; certId?: string; algorithm?: string },
) {
  const { rows, total } = await repo.pageRels(s.db, tenantOf(ctx), input, input);
  return page(rows.map(relItem), total, input);
}

export async function saveRel(
  s: Services,
  ctx: RequestContext,
  input: { relId?: string; moduleId: string; certId: string; algorithm?: SignatureAlgorithm },
) {
  const t = tenantOf(ctx);
  const module = await moduleForRequest(s, t, input.moduleId);
  const cert = await certForRequest(s, t, input.certId);
  if (cert.key_source === 'none') {
    throw new AppError('certCannotSign', { cert: cert.name, reason: 'no private key' });
  }
  const moduleAlg = module.algorithm as SignatureAlgorithm;
  const alg =
    input.algorithm ??
    (ALGORITHMS[moduleAlg].keyType === cert.key_type ? moduleAlg : DEFAULT_ALGORITHM[cert.key_type as KeyType]);
  checkAlgorithm(module.sign_type as SignType, alg, cert.key_type);
  if (input.relId) {
    const rel = await repo.findRel(s.db, t, input.relId);
    if (!rel) throw notFound('relId');
    if (rel.module_id !== input.moduleId || rel.cert_id !== input.certId) {
      throw new AppError('conflict', { reason: 'relId names another module or certificate' });
    }
    ctx.audit.target = input.relId;
    await repo.updateRelAlgorithm(s.db, t, input.relId, alg);
    return { relId: input.relId };
  }
  const existing = await repo.findRelByPair(s.db, t, input.moduleId, input.certId);
  if (existing) {
    await repo.updateRelAlgorithm(s.db, t, existing.rel_id, alg);
    ctx.audit.target = existing.rel_id;
    return { relId: existing.rel_id };
  }
  const relId = newId();
  ctx.audit.target = relId;
  await repo.insertRel(s.db, t, {
    rel_id: relId,
    module_id: input.moduleId,
    cert_id: input.certId,
    algorithm: alg,
    created_at: s.now(),
  });
  return { relId };
}

export async function deleteRel(s: Services, ctx: RequestContext, relId: string) {
  const t = tenantOf(ctx);
  if (!(await repo.findRel(s.db, t, relId))) throw notFound('relId');
  ctx.audit.target = relId;
  await s.db.transaction().execute((trx) => repo.deleteRel(trx, t, relId));
  return null;
}

export async function filters(s: Services, ctx: RequestContext) {
  const t = tenantOf(ctx);
  const [modules, certs] = [await repo.allModules(s.db, t), await repo.allCerts(s.db, t)];
  return {
    moduleList: modules.map((m) => ({ moduleId: m.module_id, name: m.name, signType: m.sign_type as SignType })),
    certList: certs
      .filter((c) => c.key_source !== 'none')
      .map((c) => ({ certId: c.cert_id, name: c.name, keyType: c.key_type as KeyType })),
    algorithmList: Object.values(ALGORITHMS).map((a) => ({
      algorithm: a.name,
      keyType: a.keyType,
      weak: (a.weak ? 1 : 0) as 0 | 1,
    })),
    signTypeList: [...SIGN_TYPES],
  };
}

export const typeCodes = () =>
  SIGN_TYPES.map((signType) => {
    const algorithmList = algorithmsOfType(signType);
    return {
      signType,
      algorithmList,
      keyTypeList: KEY_TYPES.filter((k) => algorithmList.some((a) => ALGORITHMS[a].keyType === k)),
    };
  });

export async function platforms(s: Services, ctx: RequestContext, certId: string) {
  const t = tenantOf(ctx);
  await certForRequest(s, t, certId);
  const rows = await repo.platformsWithRelation(s.db, t, certId);
  return rows.map((r) => ({
    platformId: r.platform_id,
    name: r.name,
    osType: r.os_type,
    related: (r.related ? 1 : 0) as 0 | 1,
  }));
}

export async function savePlatforms(s: Services, ctx: RequestContext, certId: string, ids: readonly string[]) {
  const t = tenantOf(ctx);
  await certForRequest(s, t, certId);
  const found = await repo.platformIdsOf(s.db, t, ids);
  if (found.length !== ids.length) throw notFound('platformIdList');
  ctx.audit.target = certId;
  await s.db.transaction().execute((trx) => repo.replacePlatforms(trx, t, certId, ids, s.now()));
  return null;
}

// Collections and groups.

export async function listCollections(
  s: Services,
  ctx: RequestContext,
  input: { pageNum: number; pageSize: number; str?: string; signType?: SignType; type?: number; groupId?: string },
) {
  const t = tenantOf(ctx);
  const { rows, total } = await repo.pageCollections(s.db, t, input, input);
  const items = await repo.itemsOf(
    s.db,
    t,
    rows.map((r) => r.pc_id),
  );
  return page(
    rows.map((r) => {
      const mine = items.filter((i) => i.pc_id === r.pc_id).map((i) => i.item_id);
      return {
        pcId: r.pc_id,
        name: r.name,
        signType: r.sign_type as SignType,
        type: r.type as 1 | 2,
        groupId: r.group_id,
        groupName: r.group_name ?? null,
        moduleIdList: r.type === 1 ? mine : [],
        relIdList: r.type === 2 ? mine : [],
        remark: r.remark,
        authCount: Number(r.auth_count ?? 0),
        createTime: Number(r.created_at),
        updateTime: Number(r.updated_at),
      };
    }),
    total,
    input,
  );
}

export async function saveCollection(
  s: Services,
  ctx: RequestContext,
  input: {
    pcId?: string;
    name: string;
    signType: SignType;
    type: 1 | 2;
    groupId?: string;
    moduleIdList: string[];
    relIdList: string[];
    remark: string;
  },
) {
  const t = tenantOf(ctx);
  if (input.pcId && !(await repo.findCollection(s.db, t, input.pcId))) throw notFound('pcId');
  if (input.groupId && !(await repo.findGroup(s.db, t, input.groupId))) throw notFound('groupId');
  const items = input.type === 1 ? input.moduleIdList : input.relIdList;
  const found = await repo.existingIds(s.db, t, input.type === 1 ? 'signing_modules' : 'signing_cert_sign_rels', items);
  if (found.length !== items.length) throw notFound(input.type === 1 ? 'moduleIdList' : 'relIdList');
  // Every module named must be of the collection's sign type.
  const modules = await repo.allModules(s.db, t);
  const rels = input.type === 2 ? await Promise.all(items.map((id) => repo.findRel(s.db, t, id))) : [];
  const types =
    input.type === 1
      ? items.map((id) => modules.find((m) => m.module_id === id)?.sign_type)
      : rels.map((r) => r?.sign_type);
  if (types.some((st) => st !== input.signType)) {
    throw new AppError('algorithmNotForKey', { algorithm: input.signType, reason: 'another sign type' });
  }
  const key = nameKey(input.name);
  const clash = await repo.findByNameKey(s.db, t, 'signing_collections', key);
  if (clash && clash.id !== input.pcId) throw new AppError('nameTaken', { name: input.name });
  const pcId = input.pcId ?? newId();
  ctx.audit.target = pcId;
  await s.db.transaction().execute((trx) =>
    repo.saveCollection(
      trx,
      t,
      {
        pc_id: pcId,
        name: input.name,
        name_key: key,
        sign_type: input.signType,
        type: input.type,
        group_id: input.groupId ?? null,
        remark: input.remark,
      },
      items,
      s.now(),
      !input.pcId,
    ),
  );
  return { pcId };
}

export async function deleteCollection(s: Services, ctx: RequestContext, pcId: string) {
  const t = tenantOf(ctx);
  if (!(await repo.findCollection(s.db, t, pcId))) throw notFound('pcId');
  ctx.audit.target = pcId;
  await s.db.transaction().execute((trx) => repo.deleteCollection(trx, t, pcId));
  return null;
}

export async function listGroups(
  s: Services,
  ctx: RequestContext,
  input: { pageNum: number; pageSize: number; str?: string },
) {
  const { rows, total } = await repo.pageGroups(s.db, tenantOf(ctx), input.str, input);
  return page(
    rows.map((r) => ({
      groupId: r.group_id,
      name: r.name,
      remark: r.remark,
      collectionCount: Number(r.collection_count ?? 0),
      authCount: Number(r.auth_count ?? 0),
      createTime: Number(r.created_at),
      updateTime: Number(r.updated_at),
    })),
    total,
    input,
  );
}

export async function saveGroup(
  s: Services,
  ctx: RequestContext,
  input: { groupId?: string; name: string; remark: string; pcIdList?: string[] },
) {
  const t = tenantOf(ctx);
  if (input.groupId && !(await repo.findGroup(s.db, t, input.groupId))) throw notFound('groupId');
  const pcIds = input.pcIdList ? [...new Set(input.pcIdList)] : undefined;
  if (pcIds && (await repo.existingIds(s.db, t, 'signing_collections', pcIds)).length !== pcIds.length) {
    throw notFound('pcIdList');
  }
  const key = nameKey(input.name);
  const clash = await repo.findByNameKey(s.db, t, 'signing_collection_groups', key);
  if (clash && clash.id !== input.groupId) throw new AppError('nameTaken', { name: input.name });
  const groupId = input.groupId ?? newId();
  ctx.audit.target = groupId;
  await s.db
    .transaction()
    .execute((trx) =>
      repo.saveGroup(
        trx,
        t,
        { group_id: groupId, name: input.name, name_key: key, remark: input.remark },
        pcIds,
        s.now(),
        !input.groupId,
      ),
    );
  return { groupId };
}

export async function deleteGroup(s: Services, ctx: RequestContext, groupId: string) {
  const t = tenantOf(ctx);
  if (!(await repo.findGroup(s.db, t, groupId))) throw notFound('groupId');
  ctx.audit.target = groupId;
  await s.db.transaction().execute((trx) => repo.deleteGroup(trx, t, groupId));
  return null;
}
