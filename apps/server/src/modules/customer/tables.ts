import type { MemberGroupColumns, MembershipColumns } from '../../platform/member-groups/columns';

/** The tables modules/customer owns: only its files query them (architecture §6, tools/ownership.ts). */
export interface CustomerTables {
  customers: CustomersTable;
  customer_users: CustomerUsersTable;
}

export interface CustomersTable extends MemberGroupColumns {
  cid: string;
  code: string;
  /** `code` lower-cased, NULL when there is none; unique per property. */
  code_key: string | null;
  contact_name: string;
  contact_phone: string;
  contact_email: string;
  address: string;
  /** The customer property this customer stands for (migration 0033); NULL when none. */
  property_pno: string | null;
}

export interface CustomerUsersTable extends MembershipColumns {
  cid: string;
}
