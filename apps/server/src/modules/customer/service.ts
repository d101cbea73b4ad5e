import type { Db } from '../../platform/db/connect';
import { nameKey } from '../../platform/db/sql-helpers';
import { AppError } from '../../platform/http/errors';
import { memberGroupService, nameTaken } from '../../platform/member-groups/service';
import type { Services } from '../../platform/services';
import type { Tenant } from '../../platform/tenancy/tenant';
import { isCustomerProperty } from '../property/service';
import { type CustomerValues, customers, recordsStandingFor, removeUserFromCustomers } from './repo';

export type { Scope } from '../../platform/member-groups/service';

export interface CustomerInput {
  name: string;
  code: string;
  contactName: string;
  contactPhone: string;
  contactEmail: string;
  address: string;
  remark: string;
  /** '' for none. */
  propertyPno: string;
}

/**
 * The rules of customers (README.md): those of every member group (platform/member-groups), in the selected
 * property only; a save replaces every detail, and the name and (non-empty) code are unique in the property.
 */
export const customerService = memberGroupService(customers, {
  values: (input: CustomerInput): CustomerValues => ({
    name: input.name,
    nameKey: nameKey(input.name),
    code: input.code,
    codeKey: input.code === '' ? null : nameKey(input.code),
    contactName: input.contactName,
    contactPhone: input.contactPhone,
    contactEmail: input.contactEmail,
    address: input.address,
    remark: input.remark,
    propertyPno: input.propertyPno === '' ? null : input.propertyPno,
  }),
  uniqueKeys: (v) => [
    { column: 'name_key', key: v.nameKey, taken: () => nameTaken(v) },
    { column: 'code_key', key: v.codeKey, taken: () => new AppError('codeTaken', { code: v.code }) },
  ],
});

/** Removes the user from every one of these groups in the property (they leave it; called in its transaction). */
export const removeUserFromCustomersOf = (db: Db, tenant: Tenant, uid: string) =>
  removeUserFromCustomers(db, tenant, uid);

/**
 * A customer's own property (`propertyPno`, '' for none) must be a customer property other than the caller's:
 * anything else is `customerPropertyNotFound` (…0404), nothing saved.
 */
export async function checkCustomerProperty(s: Services, callerPno: string, propertyPno: string) {
  if (propertyPno === '') return;
  if (propertyPno === callerPno || !(await isCustomerProperty(s, propertyPno)))
    throw new AppError('customerPropertyNotFound', { pno: propertyPno, field: 'propertyPno' });
}

/** The customer records (property and cid) that stand for customer property `t`: what is shared with `t`. */
export const customerRecordsStandingFor = (s: Services, t: Tenant) => recordsStandingFor(s.db, t);
