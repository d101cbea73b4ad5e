import { BUSINESSES, type Business } from '@keel/contract/constants';
import type { BusinessStatus } from '@keel/contract/endpoints/property';
import { findMember } from '../../platform/auth/members-repo';
import * as repo from '../../platform/auth/properties-repo';
import { findUserHead } from '../../platform/auth/users-repo';
import { isUniqueViolation } from '../../platform/db/sql-helpers';
import type { RequestContext } from '../../platform/http/context';
import { requireUser } from '../../platform/http/context';
import { AppError, invalidInput, notFound } from '../../platform/http/errors';
import { notify } from '../../platform/news/notify';
import type { Services } from '../../platform/services';
import { type AllTenants, operatorScope, propertyTenant, type Tenant } from '../../platform/tenancy/tenant';
import { removeAdminRights } from '../permission/service';

/** The rules of properties and their businesses (README.md). No SQL and no HTTP here. */

/**
 * The property a call works on: the selected one (`pno` header; a `pno` in the input must then name it), or,
 * for an operator calling from the back office without a selected property, the one the input names.
 */
export async function targetProperty(s: Services, ctx: RequestContext, inputPno: string | undefined) {
  // No selected property: only an operator may go on, and names the property.
  if (!ctx.property) operatorScope(ctx);
  const pno = ctx.property ? ctx.property.pno : inputPno;
  if (ctx.property && inputPno !== undefined && inputPno !== ctx.property.pno) throw notFound('pno');
  if (pno === undefined) throw invalidInput('pno');
  const property = await repo.findProperty(s.db, pno);
  if (!property) throw notFound('pno');
  return property;
}

async function assertNameFree(s: Services, name: string, exceptPno?: string) {
  const same = await repo.findPropertyByName(s.db, name);
  if (same && same.pno !== exceptPno) throw new AppError('nameTaken', { name });
}

export async function addProperty(
  s: Services,
  input: { name: string; isCustomer: 0 | 1; ownerUid?: string; ownerPhoneNum?: string; businessList: string[] },
): Promise<string> {
  const owner = await findUserHead(s.db, { uid: input.ownerUid, phone: input.ownerPhoneNum });
  if (!owner) throw notFound(input.ownerUid !== undefined ? 'ownerUid' : 'ownerPhoneNum');
  if (owner.status !== 1) throw new AppError('accountDisabled');
  await assertNameFree(s, input.name);
  let pno: string;
  try {
    pno = await repo.createProperty(
      s.db,
      { name: input.name, isCustomer: input.isCustomer === 1, ownerUid: owner.uid, businesses: input.businessList },
      s.now(),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('nameTaken', { name: input.name });
    throw error;
  }
  await tellOwner(s, owner.uid, pno, input.name);
  return pno;
}

/**
 * Renames, transfers or re-flags a property. Operators may change everything on any property; in the property,
 * `account.property.edit` renames, only the owner transfers (to another member), and the customer flag is the
 * platform's.
 */
export async function updateProperty(
  s: Services,
  ctx: RequestContext,
  input: { pno?: string; name?: string; isCustomer?: 0 | 1; ownerUid?: string },
): Promise<string> {
  const user = requireUser(ctx);
  const property = await targetProperty(s, ctx, input.pno);
  const operator = user.isOperator;
  if (input.isCustomer !== undefined && !operator) throw new AppError('notForAdmins', { field: 'isCustomer' });
  let newOwner: { uid: string } | undefined;
  if (input.ownerUid !== undefined && input.ownerUid !== property.owner_uid) {
    if (!operator && ctx.property?.role !== 'owner') throw new AppError('onlyOwnerTransfers');
    const target = await findUserHead(s.db, { uid: input.ownerUid });
    const member = target ? await findMember(s.db, propertyTenant(property.pno), target.uid) : undefined;
    // In the property only a member can take it over; an operator may hand it to any account.
    if (!target || (!operator && !member)) throw notFound('ownerUid');
    if (target.status !== 1) throw new AppError('accountDisabled');
    newOwner = target;
  }
  if (input.name !== undefined && input.name !== property.name) await assertNameFree(s, input.name, property.pno);
  const now = s.now();
  try {
    await repo.updateProperty(s.db, property.pno, { name: input.name, isCustomer: input.isCustomer }, now);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('nameTaken', { name: input.name ?? '' });
    throw error;
  }
  if (newOwner) {
    const tenant = propertyTenant(property.pno);
    await repo.transferOwnership(s.db, tenant, property.owner_uid, newOwner.uid, now, (trx) =>
      removeAdminRights(trx, tenant, newOwner.uid),
    );
    await tellOwner(s, newOwner.uid, property.pno, input.name ?? property.name);
  }
  return property.pno;
}

/** Every business of the catalogue as it stands for the property. */
export async function businessStatus(s: Services, tenant: Tenant): Promise<BusinessStatus[]> {
  const rows = await repo.businessesOf(s.db, tenant);
  return BUSINESSES.map((business) => {
    const row = rows.find((r) => r.business === business);
    return {
      business,
      authorised: row ? 1 : 0,
      disabled: row?.disabled === 1 ? 1 : 0,
      authoriseTime: row ? row.authorised_at : null,
    };
  });
}

export async function setBusinessDisabled(s: Services, tenant: Tenant, business: string, disabled: 0 | 1) {
  if (!(await repo.setBusinessDisabled(s.db, tenant, business, disabled))) {
    throw new AppError('businessNotAuthorised', { business });
  }
  await s.businesses.changed(tenant.pno);
}

export async function authoriseBusinesses(s: Services, pno: string, businessList: string[]) {
  const property = await repo.findProperty(s.db, pno);
  if (!property) throw notFound('pno');
  const result = await repo.authoriseBusinesses(s.db, propertyTenant(property.pno), businessList, s.now());
  await s.businesses.changed(pno);
  return result;
}

async function tellOwner(s: Services, uid: string, pno: string, name: string) {
  await notify(s, {
    uid,
    pno,
    type: 'role',
    key: 'becameOwner',
    params: { property: name, pno },
    link: { kind: 'property', id: pno },
  });
}

const flag01 = (v: number) => (v === 1 ? (1 as const) : (0 as const));

/** Every property (the back office; the handle proves the caller is an operator), with owner and businesses. */
export async function listProperties(
  s: Services,
  operator: AllTenants,
  input: {
    str?: string;
    isCustomer?: number;
    filterUid?: string;
    business?: string;
    pageNum: number;
    pageSize: number;
  },
) {
  const { rows, total } = await repo.listProperties(
    s.db,
    {
      str: input.str || undefined,
      isCustomer: input.isCustomer ?? -1,
      filterUid: input.filterUid,
      business: input.business,
    },
    input.pageNum,
    input.pageSize,
  );
  const businesses = await repo.businessesOfListed(
    s.db,
    operator,
    rows.map((r) => r.pno),
  );
  const list = rows.map((r) => ({
    pno: r.pno,
    name: r.name,
    isCustomer: flag01(r.is_customer),
    ownerUid: r.owner_uid,
    ownerName: r.owner_name,
    ownerPhoneNum: r.owner_phone,
    memberCount: Number(r.member_count ?? 0),
    businessList: businesses
      .filter((b) => b.pno === r.pno)
      .map((b) => ({ business: b.business as Business, disabled: flag01(b.disabled), authoriseTime: b.authorised_at })),
    createTime: r.created_at,
    updateTime: r.updated_at,
  }));
  return { list, total, pageNum: input.pageNum, pageSize: input.pageSize };
}

/** The businesses of the selected property. */
export async function businessList(s: Services, tenant: Tenant) {
  const rows = await repo.businessesOf(s.db, tenant);
  return rows.map((b) => ({
    business: b.business as Business,
    disabled: flag01(b.disabled),
    authoriseTime: b.authorised_at,
  }));
}

/** Whether `pno` is a customer property (what a customer record of another property may stand for). */
export async function isCustomerProperty(s: Services, pno: string): Promise<boolean> {
  const row = await repo.findProperty(s.db, pno);
  return row?.is_customer === 1;
}
