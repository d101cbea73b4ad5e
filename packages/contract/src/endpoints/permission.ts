import { z } from 'zod';
import { defineEndpoint, group } from '../endpoint';
import { flag, optionalText, pageOf, pageQuery } from '../envelope';
import { ref } from '../refs';

/**
 * Administrators and permission sets (`ps/`). A set bundles catalogue ids; assigning sets to a member makes them
 * an administrator, each assignment optionally limited to organisation subtrees and spaces.
 * Model: apps/server/src/modules/permission/README.md.
 */

export const PERMISSION_SET_PERMISSIONS = {
  /** See the sets (and the grantable tree). */
  view: 'account.permissionSet',
  edit: 'account.permissionSet.edit',
  /** See the administrators. */
  admins: 'account.admin',
  assign: 'account.admin.assign',
} as const;

export const PERMISSION_SET_NAME_MAX = 50;
export const PERMISSION_SET_REMARK_MAX = 200;
/** Most ids a set holds (the catalogue is smaller). */
export const PERMISSION_SET_IDS_MAX = 1000;
/** Most users one `ps/assignPerSet` call changes, and most sets it names. */
export const ASSIGN_USERS_MAX = 100;
export const ASSIGN_SETS_MAX = 50;
/** Most organisations or spaces one assignment is limited to. */
export const SCOPE_IDS_MAX = 500;

const distinct = <T>(list: T[]) => [...new Set(list)];

/** Where an assignment applies: `null` is the whole property, otherwise those organisation subtrees / spaces. */
export const assignmentScope = z.object({
  oidList: z.array(z.string()).nullable(),
  sidList: z.array(z.string()).nullable(),
});

export const permissionSetItem = z.object({
  psid: z.string(),
  pno: z.string(),
  name: z.string(),
  remark: z.string(),
  /** The catalogue ids the set grants (as chosen; ancestors of a chosen id are implied for navigation). */
  permissionIdList: z.array(z.string()),
  /** Administrators holding the set. */
  adminCount: z.number().int(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
});

/** In the property: whether the caller may edit, delete and assign the set (it holds nothing beyond theirs). */
export const myPermissionSetItem = permissionSetItem.extend({
  grantable: flag(),
  /** With `assignedUid`: that administrator's scope for this set. */
  assignment: assignmentScope.optional(),
});
export type MyPermissionSetItem = z.output<typeof myPermissionSetItem>;

export const adminSetItem = assignmentScope.extend({ psid: z.string(), name: z.string() });

/** An administrator of a property: its owner (holds everything) or a member holding sets. */
export const adminItem = z.object({
  pno: z.string(),
  uid: z.string(),
  name: z.string(),
  phoneNum: z.string(),
  role: z.enum(['owner', 'admin']),
  permissionSetList: z.array(adminSetItem),
  joinTime: z.number().int(),
});
export type AdminItem = z.output<typeof adminItem>;

/** One node of the grantable permission tree, named in the request's language. */
export interface PermissionTreeItem {
  id: string;
  name: string;
  kind: 'menu' | 'page' | 'function';
  route?: string;
  business?: string;
  children: PermissionTreeItem[];
}
export const permissionTreeItem: z.ZodType<PermissionTreeItem> = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['menu', 'page', 'function']),
  route: z.string().optional(),
  business: z.string().optional(),
  get children() {
    return z.array(permissionTreeItem);
  },
});

const listQuery = () => pageQuery().extend({ str: optionalText(100) });

export const permissionEndpoints = group(
  defineEndpoint({
    method: 'GET',
    path: 'ps/getAllAdminList',
    summary: 'The administrators (owners and set holders) of every property or of `filterPno` (operators)',
    access: { kind: 'platform', permission: 'back.permissionSets' },
    input: listQuery().extend({ filterPno: optionalText(64) }),
    output: pageOf(adminItem.extend({ propertyName: z.string() })),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'ps/getMyAdminList',
    summary: "The selected property's administrators with their sets and scopes; the owner first",
    access: { kind: 'property', permission: PERMISSION_SET_PERMISSIONS.admins },
    input: listQuery(),
    output: pageOf(adminItem),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'ps/getAllPerSetList',
    summary: 'The permission sets of every property or of `filterPno` (operators)',
    access: { kind: 'platform', permission: 'back.permissionSets' },
    input: listQuery().extend({ filterPno: optionalText(64) }),
    output: pageOf(permissionSetItem.extend({ propertyName: z.string() })),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'ps/getMyPerSetList',
    summary:
      "The selected property's permission sets (needs the set page or the administrator page); `assignedUid` keeps those assigned to that member, with the scope",
    access: { kind: 'property', permission: [PERMISSION_SET_PERMISSIONS.view, PERMISSION_SET_PERMISSIONS.admins] },
    input: listQuery().extend({ filterPno: optionalText(64), assignedUid: optionalText(64) }),
    output: pageOf(myPermissionSetItem),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'ps/delPerSet',
    summary: 'Delete a permission set; one still assigned is refused unless `force` is 1, which unassigns it too',
    access: { kind: 'property', permission: PERMISSION_SET_PERMISSIONS.edit },
    input: z.object({ psid: ref('permissionSet'), force: flag().default(0) }),
    output: z.object({ unassigned: z.number().int() }),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'ps/addOrUpdatePerSet',
    summary:
      "Create a permission set, or edit it when `psid` is given; it may hold only ids the property's businesses allow and the caller holds",
    access: { kind: 'property', permission: PERMISSION_SET_PERMISSIONS.edit },
    input: z.object({
      psid: ref('permissionSet').optional(),
      name: z.string().trim().min(1).max(PERMISSION_SET_NAME_MAX),
      remark: z.string().trim().max(PERMISSION_SET_REMARK_MAX).default(''),
      permissionIdList: z.array(z.string().trim().min(1).max(100)).max(PERMISSION_SET_IDS_MAX).transform(distinct),
    }),
    output: z.object({ psid: z.string() }),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'ps/getPerTreeList',
    summary: 'The permission catalogue as a tree, limited to what the caller may grant in the selected property',
    access: { kind: 'property', permission: [PERMISSION_SET_PERMISSIONS.view, PERMISSION_SET_PERMISSIONS.admins] },
    input: z.object({}),
    output: z.array(permissionTreeItem),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'ps/assignPerSet',
    summary:
      'Give members permission sets (`mode` replace: exactly these; add; remove); members with sets are administrators',
    access: { kind: 'property', permission: PERMISSION_SET_PERMISSIONS.assign },
    input: z.object({
      uidList: z.array(ref('user')).min(1).max(ASSIGN_USERS_MAX).transform(distinct),
      psidList: z.array(ref('permissionSet')).max(ASSIGN_SETS_MAX).transform(distinct),
      mode: z.enum(['replace', 'add', 'remove']).default('replace'),
    }),
    output: z.object({ changed: z.number().int() }),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'ps/assignMgeOrg',
    summary: "Limit an administrator's set to organisation subtrees (`oidList`; empty: the whole property)",
    access: { kind: 'property', permission: PERMISSION_SET_PERMISSIONS.assign },
    input: z.object({
      uid: ref('user'),
      psid: ref('permissionSet'),
      oidList: z.array(ref('org')).max(SCOPE_IDS_MAX).transform(distinct),
    }),
    output: z.null(),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'ps/assignMgeSpace',
    summary: "Limit an administrator's set to spaces (`sidList`; empty: every space)",
    access: { kind: 'property', permission: PERMISSION_SET_PERMISSIONS.assign },
    input: z.object({
      uid: ref('user'),
      psid: ref('permissionSet'),
      sidList: z.array(ref('space')).max(SCOPE_IDS_MAX).transform(distinct),
    }),
    output: z.null(),
  }),
);
