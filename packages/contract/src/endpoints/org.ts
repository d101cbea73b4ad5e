import { z } from 'zod';
import { AUTH_TYPES } from '../constants';
import { defineEndpoint, group } from '../endpoint';
import { flag, int, pageOf, pageQuery } from '../envelope';
import { ref } from '../refs';
import { encryptedPassword, optionalEmail, phoneNum, propertyRole } from './auth';

/**
 * Organisations (`o/`): one tree per property, members placed on its nodes, invitations and join requests.
 * Model: apps/server/src/modules/org/README.md.
 */

/** The root of a property's tree is the property itself; its id is derived from the pno. */
export const ORG_ROOT_PREFIX = 'root-';
export const orgRootId = (pno: string) => `${ORG_ROOT_PREFIX}${pno}`;
export const ORG_NAME_MAX = 50;
/** Levels below the root. */
export const ORG_MAX_DEPTH = 15;
export const ORG_MAX_NODES = 10_000;
/** Most members one move takes. */
export const ORG_BATCH_MAX = 500;
/** An invitation stays open this long. */
export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const REMARK_MAX = 200;

/** Permission ids (catalogue function nodes under account.property). */
export const ORG_PERMISSIONS = {
  view: 'account.property',
  editTree: 'account.property.org',
  members: 'account.property.member',
} as const;

/**
 * Who may read the tree (`o/getMyOrgTreeList`): the organisation page, and the functions whose dialogs pick a unit
 * — editing users (their unit), limiting an administrator to subtrees, authorising units for a security function.
 */
export const ORG_PICKER_PERMISSIONS = [
  ORG_PERMISSIONS.view,
  'manage.users.edit',
  'account.admin.assign',
  // Authorising organisation units for a function (modules/security-chain user authorisations).
  'security.grant.users',
] as const;

/**
 * The property of a back-office call: operators calling without the `pno` header name it here (required then);
 * with the header it may be left out, and a different one is "not found".
 */
const backOfficePno = () => ref('property').optional();
const searchText = () => z.string().trim().max(100).optional();
const remark = () => z.string().trim().max(REMARK_MAX).default('');
const personName = () => z.string().trim().min(1).max(32);

export interface OrgNode {
  oid: string;
  /** null for the root. */
  pid: string | null;
  pno: string;
  name: string;
  sort: number;
  isRoot: 0 | 1;
  /** Members placed directly on this node. */
  userNum: number;
  /** Members of this node and every node below it. */
  totalUserNum: number;
  /** Child nodes (also when `children` is left empty by a lazy listing). */
  childNum: number;
  children: OrgNode[];
}

const zeroOne = z.union([z.literal(0), z.literal(1)]);

export const orgNode: z.ZodType<OrgNode> = z.object({
  oid: z.string(),
  pid: z.string().nullable(),
  pno: z.string(),
  name: z.string(),
  sort: z.number().int(),
  isRoot: zeroOne,
  userNum: z.number().int(),
  totalUserNum: z.number().int(),
  childNum: z.number().int(),
  get children() {
    return z.array(orgNode);
  },
});

/** A member of a property as the organisation and user pages show it. */
export const orgUser = z.object({
  uid: z.string(),
  name: z.string(),
  phoneNum: z.string(),
  email: z.string().nullable(),
  /** The node the member is placed on (the root when not placed elsewhere). */
  oid: z.string(),
  orgName: z.string(),
  role: propertyRole,
  /** The account's status: 1 enabled, 0 disabled. */
  status: zeroOne,
  joinTime: z.number().int(),
});
export type OrgUser = z.output<typeof orgUser>;

export const REQUEST_KINDS = ['invite', 'join'] as const;
export const REQUEST_STATUSES = [
  'pending',
  'accepted',
  'declined',
  'approved',
  'rejected',
  'revoked',
  'expired',
] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** An invitation (an administrator asks a phone to join) or a join request (a user asks to join). */
export const orgRequest = z.object({
  id: z.string(),
  kind: z.enum(REQUEST_KINDS),
  status: z.enum(REQUEST_STATUSES),
  pno: z.string(),
  propertyName: z.string(),
  phoneNum: z.string(),
  /** null while an invited phone has no account. */
  uid: z.string().nullable(),
  name: z.string().nullable(),
  /** The node the member will be placed on. */
  oid: z.string(),
  orgName: z.string(),
  remark: z.string(),
  /** The inviting administrator (invitations). */
  inviterUid: z.string().nullable(),
  inviterName: z.string().nullable(),
  /** Who approved, rejected or withdrew it. */
  reviewerUid: z.string().nullable(),
  reviewerName: z.string().nullable(),
  createTime: z.number().int(),
  decideTime: z.number().int().nullable(),
  /** Invitations lapse at this time; null for join requests. */
  expireTime: z.number().int().nullable(),
});
export type OrgRequest = z.output<typeof orgRequest>;

export const orgEndpoints = group(
  defineEndpoint({
    method: 'GET',
    path: 'o/ifOrgUser',
    summary:
      'Whether the signed-in user (or, for member managers, the phone `phoneNum`) is a member of the selected property, and on which node',
    access: { kind: 'property', orPlatform: true },
    input: z.object({
      pno: backOfficePno(),
      phoneNum: phoneNum().optional(),
    }),
    output: z.object({
      ifOrgUser: zeroOne,
      /** The member's uid when `ifOrgUser` is 1 (the invite dialog then offers to move them: `o/moveOrgUser`). */
      uid: z.string().nullable(),
      /** Whether the phone has an account (0 means an invitation also sends a registration code). */
      hasAccount: zeroOne,
      oid: z.string().nullable(),
      orgName: z.string().nullable(),
      /** An invitation to this phone is waiting for an answer. */
      invitePending: zeroOne,
    }),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'o/getMyOrgTreeList',
    summary: "The selected property's organisation tree, root first, with member counts",
    access: { kind: 'property', permission: ORG_PICKER_PERMISSIONS, orPlatform: true },
    input: z.object({ pno: backOfficePno() }),
    output: z.array(orgNode),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'o/getAllOrgTreeList',
    summary:
      "A property's organisation tree (operators); without `filterPno`, every property's root with its child count",
    access: { kind: 'platform', permission: 'back.orgs' },
    input: z.object({ filterPno: z.string().trim().max(64).optional() }),
    output: z.array(orgNode),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'o/addOrUpdateOrg',
    summary:
      'Create a node under `pid`, or rename / re-sort / move one when `oid` is given; sibling names are unique and moves never create cycles',
    // The node edited; its parent, when created under or moved to, is checked by the service.
    access: { kind: 'property', permission: ORG_PERMISSIONS.editTree, orPlatform: true, scope: { org: 'oid' } },
    input: z.object({
      pno: backOfficePno(),
      oid: ref('org').optional(),
      pid: ref('org'),
      name: z.string().trim().min(1).max(ORG_NAME_MAX),
      sort: int().pipe(z.number().min(0).max(1_000_000)).optional(),
    }),
    output: z.object({ oid: z.string() }),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'o/delOrgTree',
    summary: 'Delete an empty node; one with sub-nodes or members is refused with what blocks it',
    access: { kind: 'property', permission: ORG_PERMISSIONS.editTree, orPlatform: true, scope: { org: 'oid' } },
    input: z.object({
      pno: backOfficePno(),
      oid: ref('org'),
    }),
    output: z.null(),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'o/getOrgUserList',
    summary: 'Members of a node (with `includeSub` 1, of its whole subtree); `str` searches name, phone and e-mail',
    access: { kind: 'property', permission: ORG_PERMISSIONS.view, orPlatform: true, scope: { org: 'oid' } },
    input: pageQuery().extend({
      pno: backOfficePno(),
      oid: ref('org'),
      str: searchText(),
      includeSub: flag().default(0),
    }),
    output: pageOf(orgUser),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'o/moveOrgUser',
    summary: 'Place members on another node of the same property',
    // The target node; the members' own nodes are checked by the service.
    access: { kind: 'property', permission: ORG_PERMISSIONS.members, orPlatform: true, scope: { org: 'oid' } },
    input: z.object({
      pno: backOfficePno(),
      uidList: z
        .array(ref('user'))
        .min(1)
        .max(ORG_BATCH_MAX)
        .transform((ids) => [...new Set(ids)]),
      oid: ref('org'),
    }),
    output: z.object({ moved: z.number().int() }),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'o/delOrgUser',
    summary: 'Remove a member from the property (the node must be the one the member is on); not the owner',
    access: { kind: 'property', permission: ORG_PERMISSIONS.members, orPlatform: true, scope: { org: 'oid' } },
    input: z.object({
      pno: backOfficePno(),
      oid: ref('org'),
      uid: ref('user'),
    }),
    output: z.null(),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'o/inviteOrgUser',
    summary:
      'Invite a phone to the property (valid 7 days): a message to an existing account, a registration code by SMS otherwise',
    access: {
      kind: 'property',
      permission: ORG_PERMISSIONS.members,
      orPlatform: true,
      // Without a node the member lands on the root.
      scope: { org: { field: 'oid', absent: 'root' } },
    },
    input: z.object({
      pno: backOfficePno(),
      phoneNum: phoneNum(),
      oid: ref('org').optional(),
      remark: remark(),
    }),
    output: z.object({ id: z.string(), hasAccount: zeroOne }),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'o/processInvite',
    ours: true,
    summary: 'The invitee accepts (1) or declines (0) an invitation (SPEC: the dialog is shown, its call is not)',
    access: { kind: 'user' },
    input: z.object({ id: ref('orgRequest'), accept: flag() }),
    output: z.object({ pno: z.string(), status: z.enum(REQUEST_STATUSES) }),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'o/getInviteInfo',
    ours: true,
    summary: 'An invitation addressed to the signed-in user, for the dialog that answers it',
    access: { kind: 'user' },
    input: z.object({ id: ref('orgRequest') }),
    output: orgRequest,
  }),
  defineEndpoint({
    method: 'POST',
    path: 'o/registerOrgUser',
    summary:
      'Create an account for a phone that has none and place it on a node; without a password the user signs in by code',
    access: {
      kind: 'property',
      permission: ORG_PERMISSIONS.members,
      orPlatform: true,
      // Without a node the member lands on the root.
      scope: { org: { field: 'oid', absent: 'root' } },
    },
    input: z.object({
      pno: backOfficePno(),
      phoneNum: phoneNum(),
      name: personName(),
      email: optionalEmail(),
      password: encryptedPassword().optional(),
      oid: ref('org').optional(),
    }),
    output: z.object({ uid: z.string() }),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'o/applyJoinProperty',
    ours: true,
    summary: 'Ask to join a property by its number (SPEC: /JoinPropertyDlg is shown, its call is not)',
    access: { kind: 'user' },
    rateLimit: 'lookup',
    input: z.object({ pno: ref('property'), remark: remark() }),
    output: z.object({ id: z.string(), propertyName: z.string() }),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'o/auditInviteOrgUser',
    summary:
      'Approve (1) or reject (0) join requests, placing approved members on `oid`; rejecting a pending invitation withdraws it',
    access: { kind: 'property', permission: ORG_PERMISSIONS.members },
    input: z.object({
      idList: z
        .array(ref('orgRequest'))
        .min(1)
        .max(ORG_BATCH_MAX)
        .transform((ids) => [...new Set(ids)]),
      pass: flag(),
      oid: ref('org').optional(),
      remark: remark(),
    }),
    output: z.object({
      changed: z.number().int(),
      /**
       * Join requests this call passed one step of and that still wait (the property's flow has further steps, or
       * the caller's step needs every auditor): they are decided by the next auditors (modules/workflow).
       */
      waiting: z.number().int(),
    }),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'o/getAuditUserList',
    // A read the specification sends as POST: not a change for the audit log.
    mutates: false,
    summary:
      'Join requests and invitations to review, newest first: `pid` limits to a subtree, `authScope` 1 to users, 4 to nodes (`authScopeValues`)',
    access: { kind: 'property', permission: ORG_PERMISSIONS.members },
    input: pageQuery().extend({
      pid: ref('org').optional(),
      authScope: int()
        .pipe(z.union([z.literal(AUTH_TYPES.users), z.literal(AUTH_TYPES.orgs)]))
        .optional(),
      authScopeValues: z.array(ref('org')).max(ORG_BATCH_MAX).optional(),
      str: searchText(),
      /** Ours: which kind (default both) and which statuses (default pending only). */
      kind: z.enum(REQUEST_KINDS).optional(),
      statusList: z.array(z.enum(REQUEST_STATUSES)).max(REQUEST_STATUSES.length).optional(),
    }),
    output: pageOf(orgRequest),
  }),
);
