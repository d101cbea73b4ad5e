import type { SwItem } from '@keel/contract/endpoints/firmware';
import type { RequestContext } from '../../platform/http/context';
import { AppError } from '../../platform/http/errors';
import type { Services } from '../../platform/services';
import { propertyTenant, type Tenant, tenantOf } from '../../platform/tenancy/tenant';
import { customerRecordsStandingFor } from '../customer/service';
import { itemsOf } from './items';
import * as repo from './repo';

/**
 * Packages other properties shared with a customer property (README "Customers"). `sw/pushSwToCustomer` shares a
 * published package with customer records of the sharing property; a record standing for a customer property
 * (`customers.property_pno`, set in the customer's dialog) makes the package visible there — listed with its
 * version, read with its files and manifest — and nothing more: every write call on it answers `swSharedReadOnly`
 * (…0403) and changes nothing. What belongs to the sharing property alone (its space and group, who made the
 * package, whom else it is shared with) is not shown.
 */

interface Source {
  owner: Tenant;
  cids: string[];
}

/** The properties sharing with the caller's customer property, each with its customer records standing for it. */
async function sources(s: Services, ctx: RequestContext): Promise<Source[]> {
  if (!ctx.property?.isCustomer) return [];
  const byOwner = new Map<string, string[]>();
  for (const r of await customerRecordsStandingFor(s, tenantOf(ctx))) {
    const cids = byOwner.get(r.pno) ?? [];
    cids.push(r.cid);
    byOwner.set(r.pno, cids);
  }
  // The owners were read from the database (the records naming the caller), never from the input.
  return [...byOwner].map(([pno, cids]) => ({ owner: propertyTenant(pno), cids }));
}

/** What a customer property is shown of another property's package. */
const shownItem = (owner: Tenant, item: SwItem): SwItem => ({
  ...item,
  sid: '',
  spaceName: '',
  groupId: '',
  customerCount: 0,
  creatorName: '',
  sharedBy: owner.pno,
});

/** Packages shared with the caller (a customer property; none for any other), newest first. */
export async function sharedItems(
  s: Services,
  ctx: RequestContext,
  f: { swType?: string; str?: string; ids?: readonly string[] },
): Promise<SwItem[]> {
  const out: SwItem[] = [];
  for (const src of await sources(s, ctx)) {
    const rows = await repo.findPackagesBy(s.db, src.owner, { ...f, published: 1, sharedWith: src.cids });
    for (const item of await itemsOf(s, src.owner, rows)) out.push(shownItem(src.owner, item));
  }
  return out.sort((a, b) => b.createTime - a.createTime || (a.id < b.id ? 1 : -1));
}

/** A package shared with the caller: its owner and row, or null. */
export async function sharedPackage(s: Services, ctx: RequestContext, id: string) {
  for (const src of await sources(s, ctx)) {
    const [row] = await repo.findPackagesBy(s.db, src.owner, { ids: [id], published: 1, sharedWith: src.cids });
    if (row)
      return { owner: src.owner, row, item: shownItem(src.owner, (await itemsOf(s, src.owner, [row]))[0] as SwItem) };
  }
  return null;
}

/** Refuses a write on a package shared with the caller (read-only there); otherwise does nothing. */
export async function refuseSharedWrite(s: Services, ctx: RequestContext, id: string) {
  const shared = await sharedPackage(s, ctx, id);
  if (shared) throw new AppError('swSharedReadOnly', { pno: shared.owner.pno });
}
