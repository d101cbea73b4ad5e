import * as memberships from '../../platform/auth/members-repo';
import { propertyNames } from '../../platform/auth/reads';
import type { PropertyContext } from '../../platform/http/context';
import { notFound } from '../../platform/http/errors';
import { setWithin } from '../../platform/permissions/effective';
import * as repo from '../../platform/permissions/sets-repo';
import type { Services } from '../../platform/services';
import type { TenantScope } from '../../platform/tenancy/tenant';
import { propertyTenant } from '../../platform/tenancy/tenant';

/** The administrator and permission-set lists (README.md), for one property or (operators) all. No SQL, no HTTP. */

type AdminRow = Awaited<ReturnType<typeof memberships.listAdmins>>['rows'][number];

/** The rows with their sets and scopes, read property by property (an operator's page may span several). */
async function withSets(s: Services, rows: AdminRow[]) {
  const admins = new Map<string, string[]>();
  for (const r of rows) if (r.role === 'admin') admins.set(r.pno, [...(admins.get(r.pno) ?? []), r.uid]);
  const details = (
    await Promise.all([...admins].map(([pno, uids]) => repo.assignmentDetails(s.db, propertyTenant(pno), uids)))
  ).flat();
  return rows.map((r) => ({
    pno: r.pno,
    uid: r.uid,
    name: r.name,
    phoneNum: r.phone,
    role: r.role as 'owner' | 'admin',
    permissionSetList: details
      .filter((d) => d.pno === r.pno && d.uid === r.uid)
      .map((d) => ({ psid: d.psid, name: d.name, oidList: d.oidList, sidList: d.sidList })),
    joinTime: r.joined_at,
    propertyName: r.property_name,
  }));
}

type SetRow = Awaited<ReturnType<typeof repo.listSets>>['rows'][number];
const setItem = (r: SetRow) => ({
  psid: r.psid,
  pno: r.pno,
  name: r.name,
  remark: r.remark,
  permissionIdList: r.permissions,
  adminCount: r.admin_count,
  createTime: r.created_at,
  updateTime: r.updated_at,
});

interface Paging {
  pageNum: number;
  pageSize: number;
}

/** Owners and administrators with their sets and scopes. */
export async function listAdminsOf(s: Services, tenant: TenantScope, input: Paging & { str?: string }) {
  const { rows, total } = await memberships.listAdmins(s.db, tenant, { str: input.str }, input.pageNum, input.pageSize);
  return { list: await withSets(s, rows), total, pageNum: input.pageNum, pageSize: input.pageSize };
}

/** Permission sets with their property's name (the operators' list). */
export async function listSetsOf(s: Services, tenant: TenantScope, input: Paging & { str?: string }) {
  const { rows, total } = await repo.listSets(s.db, tenant, { str: input.str }, input.pageNum, input.pageSize);
  const names = await propertyNames(
    s.db,
    rows.map((r) => r.pno),
  );
  return {
    list: rows.map((r) => ({ ...setItem(r), propertyName: names.get(r.pno) ?? '' })),
    total,
    pageNum: input.pageNum,
    pageSize: input.pageSize,
  };
}

/** The property's sets, whether the caller may grant each, and (with `assignedUid`) that member's scopes. */
export async function listMySets(
  s: Services,
  property: PropertyContext,
  input: Paging & { str?: string; filterPno?: string; assignedUid?: string },
) {
  if (input.filterPno !== undefined && input.filterPno !== property.pno) throw notFound('filterPno');
  const tenant = propertyTenant(property.pno);
  if (
    input.assignedUid !== undefined &&
    (await memberships.membersOf(s.db, tenant, [input.assignedUid])).length === 0
  ) {
    throw notFound('assignedUid');
  }
  const { rows, total } = await repo.listSets(
    s.db,
    tenant,
    { str: input.str, assignedUid: input.assignedUid },
    input.pageNum,
    input.pageSize,
  );
  const scopes = input.assignedUid === undefined ? [] : await repo.assignmentDetails(s.db, tenant, [input.assignedUid]);
  const list = rows.map((r) => {
    const scope = scopes.find((a) => a.psid === r.psid);
    return {
      ...setItem(r),
      grantable: setWithin(property.permissions, property.businesses, r.permissions) ? (1 as const) : (0 as const),
      ...(scope ? { assignment: { oidList: scope.oidList, sidList: scope.sidList } } : {}),
    };
  });
  return { list, total, pageNum: input.pageNum, pageSize: input.pageSize };
}
