import type { SoftGrantItem, SoftItem } from '@keel/contract/endpoints/pc-software';
import type { Locale } from '@keel/contract/status';
import { enabledBusinesses, propertyNames } from '../../platform/auth/properties-repo';
import { userNames } from '../../platform/auth/users-repo';
import { AppError, notFound } from '../../platform/http/errors';
import type { Services } from '../../platform/services';
import { type AllTenants, propertyTenant, type TenantScope } from '../../platform/tenancy/tenant';
import type { Paging } from './caller';
import { softItems, versionItems } from './items';
import * as repo from './repo';
import { SOFT_BUSINESS } from './software';
import { pageReleasedAcross } from './version-repo';

/**
 * The operators' view across properties (README "Platform main tools"): every property's software and released
 * versions, platform main tools (a property's main tool an operator marks) and their grants to other properties,
 * which then see the tool and may hang their own child tools under it. Revoking a grant, or unmarking the tool,
 * detaches those child tools. Scopes come from `operatorScope`/`operatorView` in the routes.
 */

type Filter = Paging & { str?: string };

export async function listAllSoft(
  s: Services,
  scope: TenantScope,
  input: Filter & { kind?: string; platformMain?: number },
) {
  const { rows, total } = await repo.pageSoftAcross(
    s.db,
    scope,
    { kind: input.kind, platformMain: input.platformMain, str: input.str },
    input.pageNum,
    input.pageSize,
  );
  return { list: await softItems(s, null, rows), total, pageNum: input.pageNum, pageSize: input.pageSize };
}

export async function listAllReleased(
  s: Services,
  scope: TenantScope,
  locale: Locale,
  input: Filter & { channel?: string },
) {
  const { rows, total } = await pageReleasedAcross(
    s.db,
    scope,
    { channel: input.channel, str: input.str },
    input.pageNum,
    input.pageSize,
  );
  return { list: await versionItems(s, locale, rows), total, pageNum: input.pageNum, pageSize: input.pageSize };
}

export async function listPlatformMainTools(
  s: Services,
  scope: TenantScope,
  input: Filter & { platformMain?: number },
) {
  const { rows, total } = await repo.pageMainToolsAcross(
    s.db,
    scope,
    { platformMain: input.platformMain, str: input.str },
    input.pageNum,
    input.pageSize,
  );
  return { list: await softItems(s, null, rows), total, pageNum: input.pageNum, pageSize: input.pageSize };
}

async function mainToolAnywhere(s: Services, all: AllTenants, softId: string) {
  const row = await repo.findSoftAnywhere(s.db, all, softId);
  if (!row) throw notFound('softId');
  if (row.kind !== 'main') throw new AppError('softNotMainTool', { name: row.name });
  return row;
}

/** Marks a main tool as a platform main tool, or unmarks it: its grants are revoked and their child tools detached. */
export async function setPlatformMainTool(
  s: Services,
  all: AllTenants,
  input: { softId: string; platformMain: 0 | 1 },
): Promise<SoftItem> {
  const row = await mainToolAnywhere(s, all, input.softId);
  const now = s.now();
  await s.db.transaction().execute(async (trx) => {
    if (input.platformMain === 0) {
      for (const pno of await repo.grantPnos(trx, all, input.softId)) {
        await repo.revokeGrant(trx, propertyTenant(pno), input.softId);
      }
    }
    await repo.setPlatformMain(trx, all, input.softId, input.platformMain, now);
  });
  const fresh = (await repo.findSoftAnywhere(s.db, all, row.soft_id)) as repo.SoftRow;
  return (await softItems(s, null, [fresh]))[0] as SoftItem;
}

async function grantItems(
  s: Services,
  all: AllTenants,
  rows: ReadonlyArray<{
    pno: string;
    soft_id: string;
    granted_by: string;
    granted_at: number;
    name: string;
    owner_pno: string;
  }>,
): Promise<SoftGrantItem[]> {
  const [properties, users, children] = await Promise.all([
    propertyNames(
      s.db,
      rows.flatMap((r) => [r.pno, r.owner_pno]),
    ),
    userNames(
      s.db,
      rows.map((r) => r.granted_by),
    ),
    repo.childCountsAcross(
      s.db,
      all,
      rows.map((r) => r.soft_id),
    ),
  ]);
  return rows.map((r) => ({
    softId: r.soft_id,
    softName: r.name,
    ownerPno: r.owner_pno,
    ownerPropertyName: properties.get(r.owner_pno) ?? '',
    pno: r.pno,
    propertyName: properties.get(r.pno) ?? '',
    childCount: children.get(`${r.pno}:${r.soft_id}`) ?? 0,
    grantedBy: r.granted_by,
    grantedByName: users.get(r.granted_by) ?? '',
    grantTime: Number(r.granted_at),
  }));
}

export async function listGrants(
  s: Services,
  all: AllTenants,
  input: Filter & { softId?: string; filterPno?: string },
) {
  const { rows, total } = await repo.pageGrants(
    s.db,
    all,
    { softId: input.softId, grantPno: input.filterPno, str: input.str },
    input.pageNum,
    input.pageSize,
  );
  return { list: await grantItems(s, all, rows), total, pageNum: input.pageNum, pageSize: input.pageSize };
}

/** Grants a platform main tool to another property that has the `pctools` business. */
export async function grant(
  s: Services,
  all: AllTenants,
  uid: string,
  input: { softId: string; grantPno: string },
): Promise<SoftGrantItem> {
  const row = await mainToolAnywhere(s, all, input.softId);
  if (Number(row.platform_main) !== 1) throw new AppError('softNotPlatformMain', { name: row.name });
  const names = await propertyNames(s.db, [input.grantPno]);
  const name = names.get(input.grantPno);
  if (name === undefined) throw notFound('grantPno');
  if (input.grantPno === row.pno) throw new AppError('softGrantOwnProperty');
  const t = propertyTenant(input.grantPno);
  if (!(await enabledBusinesses(s.db, t)).includes(SOFT_BUSINESS)) {
    throw new AppError('softGrantNoBusiness', { name });
  }
  if (await repo.findGrant(s.db, t, input.softId)) throw new AppError('softGrantExists', { name });
  const now = s.now();
  await repo.insertGrant(s.db, t, input.softId, uid, now);
  const [item] = await grantItems(s, all, [
    { pno: input.grantPno, soft_id: row.soft_id, granted_by: uid, granted_at: now, name: row.name, owner_pno: row.pno },
  ]);
  return item as SoftGrantItem;
}

/** Revokes a property's grant: that property's child tools are detached from the main tool. */
export async function revoke(s: Services, all: AllTenants, input: { softId: string; grantPno: string }) {
  await mainToolAnywhere(s, all, input.softId);
  if ((await propertyNames(s.db, [input.grantPno])).size === 0) throw notFound('grantPno');
  const n = await s.db
    .transaction()
    .execute((trx) => repo.revokeGrant(trx, propertyTenant(input.grantPno), input.softId));
  if (n === 0) throw notFound('grantPno');
  return n;
}
