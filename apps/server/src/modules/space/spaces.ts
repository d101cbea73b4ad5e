import type { Business } from '@keel/contract/constants';
import {
  SPACE_PERMISSIONS as P,
  type QuotaRecord,
  type SpaceCategory,
  type SpaceInfo,
  type SpaceItem,
  type SpaceStatistics,
} from '@keel/contract/endpoints/space';
import { formatFileSize } from '@keel/contract/format';
import { enabledBusinesses, findMember, findProperty } from '../../platform/auth/reads';
import type { Db } from '../../platform/db/connect';
import { isUniqueViolation, nameKey } from '../../platform/db/sql-helpers';
import { AppError, invalidInput, notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import type { Services } from '../../platform/services';
import { propertyTenant, type Tenant } from '../../platform/tenancy/tenant';
import { countGroupItems } from './group-items';
import * as groupRepo from './group-repo';
import * as repo from './repo';
import {
  assertWholeScope,
  loadSpace,
  may,
  readScope,
  type SpaceActor,
  spaceScope,
  spaceWithRight,
  tenantOfSpace,
} from './scope';

/** The rules of spaces (README.md): lists, details, creation, quotas and their record. No SQL and no HTTP here. */

export const toSpaceItem = (r: repo.SpaceRow): SpaceItem => ({
  sid: r.sid,
  pno: r.pno,
  propertyName: r.property_name,
  name: r.name,
  business: r.business as Business,
  category: r.category as SpaceCategory,
  ownerType: r.owner_type === 'user' ? 'user' : 'property',
  uid: r.uid,
  ownerName: r.owner_name ?? '',
  quotaBytes: Number(r.quota_bytes),
  usedBytes: Number(r.used_bytes),
  reservedBytes: Number(r.reserved_bytes),
  remark: r.remark,
  createTime: Number(r.created_at),
  updateTime: Number(r.updated_at),
});

interface ListInput {
  pageNum: number;
  pageSize: number;
  str?: string;
  business?: string;
  category?: string;
  uid?: string;
  filterPno?: string;
}

const page = (input: { pageNum: number; pageSize: number }) => ({ pageNum: input.pageNum, pageSize: input.pageSize });

/** The caller's own spaces in the selected property. */
export async function listMySpaces(s: Services, tenant: Tenant, uid: string, input: Omit<ListInput, 'uid'>) {
  const { rows, total } = await repo.pageSpaces(
    s.db,
    tenant,
    { str: input.str, business: input.business, category: input.category, uid, sids: null },
    input.pageNum,
    input.pageSize,
  );
  return { list: rows.map(toSpaceItem), total, ...page(input) };
}

/** The spaces an administrator sees (their space scope) or, for an operator, every property's. */
export async function listSpaces(s: Services, actor: SpaceActor, input: ListInput) {
  const tenant = readScope(actor, input.filterPno);
  const sids = actor.kind === 'member' ? spaceScope(actor.property, P.view) : null;
  const { rows, total } = await repo.pageSpaces(
    s.db,
    tenant,
    { str: input.str, business: input.business, category: input.category, uid: input.uid, sids },
    input.pageNum,
    input.pageSize,
  );
  return { list: rows.map(toSpaceItem), total, ...page(input) };
}

/** A space in detail; `mine` keeps to the caller's own spaces (another's is "not found"). */
export async function spaceInfo(s: Services, actor: SpaceActor, sid: string, mine: boolean): Promise<SpaceInfo> {
  let space: repo.SpaceRow;
  if (mine) {
    if (actor.kind !== 'member') throw notFound('sid');
    const [row] = await repo.findSpaces(s.db, actor.tenant, [sid]);
    if (!row || row.uid !== actor.uid) throw notFound('sid');
    space = row;
  } else {
    space = await spaceWithRight(s, actor, sid, 'read');
  }
  const tenant = tenantOfSpace(space);
  const groups = await groupRepo.groupCounts(s.db, tenant, [sid]);
  const devices = await countGroupItems(s, tenant, sid, 'device');
  return {
    ...toSpaceItem(space),
    groupNum: groups.get(sid) ?? 0,
    deviceNum: [...devices.values()].reduce((a, b) => a + b, 0),
    canEditQuota: may(actor, space, 'quota') ? 1 : 0,
    canEditGroups: may(actor, space, 'group') ? 1 : 0,
  };
}

/** The property a back-office or property call creates in, with its enabled businesses. */
async function targetProperty(s: Services, actor: SpaceActor, inputPno: string | undefined) {
  if (actor.kind === 'member') {
    if (inputPno !== undefined && inputPno !== actor.tenant.pno) throw notFound('pno');
    return { tenant: actor.tenant, businesses: actor.property.businesses };
  }
  if (inputPno === undefined) throw invalidInput('pno');
  const property = await findProperty(s.db, inputPno);
  if (!property) throw notFound('pno');
  const tenant = propertyTenant(property.pno);
  return { tenant, businesses: await enabledBusinesses(s.db, tenant) };
}

export interface NewSpaceInput {
  name: string;
  business: string;
  category: string;
  ownerType: 'property' | 'user';
  uid?: string;
  quota: number;
  remark: string;
}

/**
 * Checks and inserts a space (with its first quota record) in the caller's transaction: the business must be enabled
 * for the property, the owner a member of it, the name free in it.
 */
export async function createSpace(
  db: Db,
  tenant: Tenant,
  businesses: readonly string[],
  input: NewSpaceInput,
  record: { kind: 'create' | 'apply'; reason: string },
  actorUid: string,
  now: number,
): Promise<string> {
  if (!businesses.includes(input.business)) throw new AppError('spaceBusinessOff', { business: input.business });
  if (input.uid !== undefined && !(await findMember(db, tenant, input.uid))) throw notFound('uid');
  const key = nameKey(input.name);
  if (await repo.findSpaceByNameKey(db, tenant, key)) throw new AppError('nameTaken', { name: input.name });
  const sid = newId();
  try {
    await repo.insertSpace(
      db,
      tenant,
      {
        sid,
        name: input.name,
        nameKey: key,
        business: input.business,
        category: input.category,
        ownerType: input.ownerType,
        uid: input.uid ?? null,
        quota: input.quota,
        remark: input.remark,
      },
      { id: newId(), ...record },
      actorUid,
      now,
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('nameTaken', { name: input.name });
    throw error;
  }
  return sid;
}

/** `space/addSpace`: administrators with the whole space scope, and operators naming the property. */
export async function addSpace(s: Services, actor: SpaceActor, input: NewSpaceInput & { pno?: string }) {
  assertWholeScope(actor, P.quota);
  const { tenant, businesses } = await targetProperty(s, actor, input.pno);
  if (input.ownerType === 'user' && input.uid === undefined) throw invalidInput('uid');
  return s.db
    .transaction()
    .execute((trx) =>
      createSpace(trx, tenant, businesses, input, { kind: 'create', reason: input.remark }, actor.uid, s.now()),
    );
}

/** Changes a space's quota with a reason; never below what it uses and has promised to uploads under way. */
export async function updateQuota(
  s: Services,
  actor: SpaceActor,
  input: { sid: string; quota: number; reason: string },
): Promise<{ oldQuota: number; newQuota: number }> {
  // The permission and the administrator's space scope are the endpoint's declaration (checked by the mount).
  const space = await loadSpace(s, actor, input.sid);
  const result = await repo.changeQuota(
    s.db,
    tenantOfSpace(space),
    { recordId: newId(), sid: space.sid, quota: input.quota, reason: input.reason, actorUid: actor.uid },
    s.now(),
  );
  if (result === 'missing') throw notFound('sid');
  if (result === 'tooSmall') {
    const [now] = await repo.findSpaces(s.db, tenantOfSpace(space), [space.sid]);
    const used = Number(now?.used_bytes ?? 0) + Number(now?.reserved_bytes ?? 0);
    throw new AppError('quotaBelowUsed', { used: formatFileSize(used) });
  }
  return { oldQuota: result.oldQuota, newQuota: input.quota };
}

/** A space's quota changes, newest first: for its owner and its administrators. */
export async function quotaRecords(
  s: Services,
  actor: SpaceActor,
  input: { sid: string; pageNum: number; pageSize: number },
) {
  const space = await spaceWithRight(s, actor, input.sid, 'read');
  const { rows, total } = await repo.pageQuotaRecords(
    s.db,
    tenantOfSpace(space),
    space.sid,
    input.pageNum,
    input.pageSize,
  );
  const list = rows.map(
    (r): QuotaRecord => ({
      id: r.id,
      sid: r.sid,
      kind: r.kind === 'apply' ? 'apply' : r.kind === 'create' ? 'create' : 'change',
      oldQuota: Number(r.old_quota),
      newQuota: Number(r.new_quota),
      reason: r.reason,
      uid: r.actor_uid,
      userName: r.user_name ?? '',
      createTime: Number(r.created_at),
    }),
  );
  return { list, total, ...page(input) };
}

/** Use against quota of the spaces in reach, in all and per business and category. */
export async function statistics(s: Services, actor: SpaceActor, filterPno?: string): Promise<SpaceStatistics> {
  const tenant = readScope(actor, filterPno);
  const sids = actor.kind === 'member' ? spaceScope(actor.property, P.view) : null;
  const rows = await repo.usageBreakdown(s.db, tenant, sids);
  const sum = (list: typeof rows) => ({
    spaceNum: list.reduce((n, r) => n + Number(r.n), 0),
    quotaBytes: list.reduce((n, r) => n + Number(r.quota ?? 0), 0),
    usedBytes: list.reduce((n, r) => n + Number(r.used ?? 0), 0),
  });
  const by = <K extends 'business' | 'category'>(key: K) =>
    [...new Set(rows.map((r) => r[key]))]
      .sort()
      .map((value) => ({ value, ...sum(rows.filter((r) => r[key] === value)) }));
  return {
    ...sum(rows),
    reservedBytes: rows.reduce((n, r) => n + Number(r.reserved ?? 0), 0),
    nearFullNum: rows.reduce((n, r) => n + Number(r.near_full ?? 0), 0),
    byBusiness: by('business').map(({ value, ...u }) => ({ business: value as Business, ...u })),
    byCategory: by('category').map(({ value, ...u }) => ({ category: value as SpaceCategory, ...u })),
  };
}
