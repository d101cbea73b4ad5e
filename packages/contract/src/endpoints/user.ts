import { z } from 'zod';
import { defineEndpoint, group } from '../endpoint';
import { flag, pageOf, pageQuery } from '../envelope';
import { ref } from '../refs';
import { encryptedPassword, optionalEmail, phoneNum, propertyRole } from './auth';

/**
 * Users (`u/`): the property administrator's user list (with `pno`) and the operator's across the platform
 * (without `pno`, `filterPno` optional). Model: apps/server/src/modules/user/README.md.
 */

export const USER_PERMISSIONS = { view: 'manage.users', edit: 'manage.users.edit' } as const;

/**
 * Who may search the members (`u/getUserList`): the users page, and every function whose dialog picks members —
 * adding them to a unit, a title, a user set or a customer, making one an administrator, or giving one a space. Without this an
 * administrator holding only, say, titles could open the dialog and find nobody to add.
 */
export const MEMBER_PICKER_PERMISSIONS = [
  USER_PERMISSIONS.view,
  'account.property.member',
  'account.title.edit',
  'account.userSet.edit',
  'account.customer.edit',
  'account.admin.assign',
  // Making a space for a member (modules/space).
  'files.spaceBackDetail.quota',
  // Making members privileged users of a security space (modules/security-chain).
  'security.grant.privileged',
  // Authorising members for a function (modules/security-chain user authorisations).
  'security.grant.users',
  // White-listing members for a security function (modules/security-chain).
  'security.grant.whiteList',
] as const;

const zeroOne = z.union([z.literal(0), z.literal(1)]);

export const userItem = z.object({
  uid: z.string(),
  name: z.string(),
  phoneNum: z.string(),
  email: z.string().nullable(),
  /** 1 enabled, 0 disabled (the account; DESIGN: status is global). */
  status: zeroOne,
  isOperator: zeroOne,
  createTime: z.number().int(),
  /** In a property listing: the member's node, role and joining time; null in a platform-wide listing. */
  oid: z.string().nullable(),
  orgName: z.string().nullable(),
  role: propertyRole.nullable(),
  joinTime: z.number().int().nullable(),
  /** How many properties the account belongs to. */
  propertyNum: z.number().int(),
});
export type UserItem = z.output<typeof userItem>;

export const userEndpoints = group(
  defineEndpoint({
    method: 'GET',
    path: 'u/getUserList',
    summary:
      "The selected property's members (operators without `pno`: every account, or `filterPno`'s members); `filterOid` a node, `includeSub` its subtree",
    access: { kind: 'property', permission: MEMBER_PICKER_PERMISSIONS, orPlatform: true, scope: { org: 'filterOid' } },
    input: pageQuery().extend({
      filterOid: ref('org').optional(),
      filterPno: z.string().trim().max(64).optional(),
      includeSub: flag().default(0),
      str: z.string().trim().max(100).optional(),
      status: flag().optional(),
    }),
    output: pageOf(userItem),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'u/addOrEditInternalUser',
    summary:
      'Create an account (a property administrator also makes it a member on `oid`), or edit one when `uid` is given',
    // A node given (create on it, or move to it); creating without one places on the root, checked by the service.
    access: { kind: 'property', permission: USER_PERMISSIONS.edit, orPlatform: true, scope: { org: 'oid' } },
    input: z.object({
      uid: ref('user').optional(),
      phoneNum: phoneNum().optional(),
      name: z.string().trim().min(1).max(32).optional(),
      email: optionalEmail(),
      password: encryptedPassword().optional(),
      oid: ref('org').optional(),
      /** Operators only: grant or take the platform-operator flag. */
      isOperator: flag().optional(),
    }),
    output: z.object({ uid: z.string() }),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'u/updateUserStatus',
    summary:
      "Enable (1) or disable (0) accounts; a disabled account's tokens stop at once. Administrators only for accounts that belong to no other property",
    access: { kind: 'property', permission: USER_PERMISSIONS.edit, orPlatform: true },
    input: z.object({
      uidList: z
        .array(ref('user'))
        .min(1)
        .max(500)
        .transform((ids) => [...new Set(ids)]),
      status: flag(),
    }),
    output: z.object({ changed: z.number().int() }),
  }),
);
