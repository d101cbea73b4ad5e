import { z } from 'zod';
import { pageQuery } from '../envelope';
import { refRegistry } from '../refs';
import { isEmail } from '../validators';
import { groupName, memberGroupEndpoints, optionalIdField, remark, searchText } from './member-group';

/** An optional text: trimmed, '' when absent. */
const optional = (max: number) => z.string().trim().max(max).default('');

export const CUSTOMER_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/;
/** Landline or mobile, with an optional country code and extension: digits, spaces, + - ( ) and #. */
export const CONTACT_PHONE_PATTERN = /^\+?[0-9][0-9 ()#-]{2,31}$/;

export const customerItem = z.object({
  cid: z.string(),
  name: z.string(),
  /** The property's own code for the customer (unique in the property), or ''. */
  code: z.string(),
  contactName: z.string(),
  contactPhone: z.string(),
  contactEmail: z.string(),
  address: z.string(),
  remark: z.string(),
  /** The customer property (its pno) this customer stands for, or '': firmware shared with it shows there. */
  propertyPno: z.string(),
  /** Members of the property assigned to the customer. */
  userCount: z.number().int(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
});
export type CustomerItem = z.output<typeof customerItem>;

/** Customers (downstream organisations a property serves). Model: apps/server/src/modules/customer/README.md. */
export const customerEndpoints = memberGroupEndpoints({
  prefix: 'cu',
  noun: 'Customer',
  idKey: 'cid',
  read: { kind: 'property', permission: 'account.customer' },
  edit: { kind: 'property', permission: 'account.customer.edit' },
  item: customerItem,
  listInput: pageQuery().extend({ ...optionalIdField('cid'), str: searchText() }),
  saveInput: z.object({
    ...optionalIdField('cid'),
    name: groupName(100),
    code: optional(32).refine((v) => v === '' || CUSTOMER_CODE_PATTERN.test(v), 'code'),
    contactName: optional(50),
    contactPhone: optional(32).refine((v) => v === '' || CONTACT_PHONE_PATTERN.test(v), 'phone'),
    contactEmail: optional(100).refine((v) => v === '' || isEmail(v), 'e-mail'),
    address: optional(200),
    remark: remark(),
    /** The customer's own property (a customer property), by number; '' for none. */
    propertyPno: z
      .string()
      .trim()
      .regex(/^[0-9]{0,20}$/, 'propertyPno')
      .register(refRegistry, { ref: 'property' })
      .default(''),
  }),
  summaries: {
    list: "The property's customers, newest first; `str` searches name, code, contact, phone and remark; `cid` picks one",
    save: 'Create a customer, or replace its details when `cid` is given; name and code are unique in the property',
    del: 'Delete a customer; one that still has users is refused unless `force` is 1, which removes them too',
    users: "A customer's users, latest added first; `str` searches name, phone and e-mail",
    add: 'Assign members of the property to a customer (idempotent: users already assigned are skipped)',
    remove: 'Remove users from a customer (idempotent: users not assigned are skipped)',
  },
});
