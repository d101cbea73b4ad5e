import type { Db } from '../../platform/db/connect';
import { type GroupValues, memberGroupRepo } from '../../platform/member-groups/repo';
import { acrossProperties } from '../../platform/tenancy/filters';
import type { Tenant } from '../../platform/tenancy/tenant';
import { tenantDb } from '../../platform/tenancy/tenant-scope';
import type { CustomersTable } from './tables';

/** Customers and their users (`customers`, `customer_users`): the member-group SQL (platform/member-groups). */

export interface CustomerValues extends GroupValues {
  code: string;
  /** Lower-cased code; null when there is none. */
  codeKey: string | null;
  contactName: string;
  contactPhone: string;
  contactEmail: string;
  address: string;
  /** The customer property this customer stands for (migration 0033), or null. */
  propertyPno: string | null;
}

const columns = (v: CustomerValues) => ({
  name: v.name,
  name_key: v.nameKey,
  code: v.code,
  code_key: v.codeKey,
  contact_name: v.contactName,
  contact_phone: v.contactPhone,
  contact_email: v.contactEmail,
  address: v.address,
  remark: v.remark,
  property_pno: v.propertyPno,
});

type CustomerColumns = Pick<
  CustomersTable,
  'code' | 'contact_name' | 'contact_phone' | 'contact_email' | 'address' | 'property_pno'
>;

export const customers = memberGroupRepo<'cid', CustomerColumns, CustomerValues>({
  groups: 'customers',
  members: 'customer_users',
  id: 'cid',
  listColumns: ['code', 'contact_name', 'contact_phone', 'contact_email', 'address', 'property_pno'],
  searchColumns: ['name', 'code', 'contact_name', 'contact_phone', 'remark'],
  propertyName: false,
  columns,
});

/** Another customer of the property with the same name key, if any. */
export const findCustomerByNameKey = (db: Db, tenant: Tenant, nameKey: string, exceptCid?: string) =>
  customers.findByKey(db, tenant, 'name_key', nameKey, exceptCid);

export const insertCustomer = customers.insert;

/** Inserts the assignments that do not exist yet; answers how many were added. */
export const addCustomerUsers = customers.addUsers;

/** Removes a user from every customer of the property (call when the user leaves it). */
export const removeUserFromCustomers = (db: Db, tenant: Tenant, uid: string) =>
  customers.removeUserEverywhere(db, tenant, uid);

/**
 * The customer records, in every property, that stand for the customer property `t` (`property_pno`): what
 * another property shared with them is what `t` is shared. Read across properties, keyed by `t` itself.
 */
export const recordsStandingFor = (db: Db, t: Tenant) =>
  db
    .selectFrom('customers')
    .select(['pno', 'cid'])
    .where('property_pno', '=', t.pno)
    .where(acrossProperties('customer-share'))
    .execute();

/** The customer properties the property's customer records among `cids` stand for (`property_pno`), each once. */
export async function propertiesStoodFor(db: Db, tenant: Tenant, cids: readonly string[]): Promise<string[]> {
  if (cids.length === 0) return [];
  const rows = await tenantDb(db, tenant)
    .selectFrom('customers')
    .select('property_pno')
    .distinct()
    .where('cid', 'in', [...cids])
    .where('property_pno', 'is not', null)
    .execute();
  return rows.map((r) => r.property_pno as string);
}
