import { z } from 'zod';
import { BUSINESSES, SPACE_LIST_PAGE_SIZE } from '../constants';
import { defineEndpoint, group } from '../endpoint';
import { flag, int, optionalText, pageOf, pageQuery } from '../envelope';
import { optionalRef, ref } from '../refs';
import { business } from './property';

/**
 * Spaces (`space/`, `bn/applySpaceBusiness`) and their group trees (`sg/`). A space (sid) lives in one property,
 * serves one of its businesses, has a category, an owner, a quota in bytes and the bytes used, and a tree of groups
 * holding its files and devices. Model: apps/server/src/modules/space/README.md.
 */

/**
 * Permission ids (catalogue nodes under `files`). Seeing the management page is the read right over the property's
 * spaces (within an administrator's space scope, `ps/assignMgeSpace`); its functions edit group trees and change
 * quotas. A member always reaches their own spaces (no permission: `files.fileSpace` is every member's page).
 */
export const SPACE_PERMISSIONS = {
  view: 'files.spaceBackDetail',
  group: 'files.spaceBackDetail.group',
  quota: 'files.spaceBackDetail.quota',
} as const;

/** What a space holds mostly: files (packages, documents) or terminals (devices and what is assigned to them). */
export const SPACE_CATEGORIES = ['file', 'terminal'] as const;
export type SpaceCategory = (typeof SPACE_CATEGORIES)[number];
/** Whom a space belongs to: the property (its owner is the member responsible) or one member (personal). */
export const SPACE_OWNER_TYPES = ['property', 'user'] as const;
export const SPACE_NAME_MAX = 50;
export const SPACE_REMARK_MAX = 200;
/** Quotas are bytes; at most 1 PB (far inside Number's safe integers). */
export const SPACE_QUOTA_MAX = 1_000_000_000_000_000;
export const GROUP_NAME_MAX = 50;
/** Levels of groups below the space. */
export const GROUP_MAX_DEPTH = 8;
export const GROUP_MAX_NODES = 1000;
export const APPLY_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const QUOTA_RECORD_KINDS = ['create', 'change', 'apply'] as const;

export const spaceCategory = () => z.enum(SPACE_CATEGORIES);
const ownerType = () => z.enum(SPACE_OWNER_TYPES);
const quota = () => int().pipe(z.number().min(0).max(SPACE_QUOTA_MAX));
const text = (max: number) => z.string().trim().max(max);
/** An optional enum filter arriving as a query string, where an empty text means "all". */
const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.literal(''), z.enum(values)])
    .optional()
    .transform((v) => (v === '' ? undefined : v));

/** A space as the lists show it. */
export const spaceItem = z.object({
  sid: z.string(),
  pno: z.string(),
  propertyName: z.string(),
  name: z.string(),
  business: business(),
  category: spaceCategory(),
  ownerType: ownerType(),
  /** The owner: the member a personal space belongs to, or the member responsible for a property's space. */
  uid: z.string().nullable(),
  ownerName: z.string(),
  quotaBytes: z.number().int(),
  /** Bytes of the files kept. */
  usedBytes: z.number().int(),
  /** Bytes promised to uploads under way (counted against the quota until they finish or give up). */
  reservedBytes: z.number().int(),
  remark: z.string(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
});
export type SpaceItem = z.output<typeof spaceItem>;

/** One space in detail. */
export const spaceInfo = spaceItem.extend({
  groupNum: z.number().int(),
  deviceNum: z.number().int(),
  /** Whether the caller may change the quota, and edit the group tree. */
  canEditQuota: flag(),
  canEditGroups: flag(),
});
export type SpaceInfo = z.output<typeof spaceInfo>;

const usage = z.object({
  spaceNum: z.number().int(),
  quotaBytes: z.number().int(),
  usedBytes: z.number().int(),
});

export const spaceStatistics = usage.extend({
  reservedBytes: z.number().int(),
  /** Spaces using 90 % of their quota or more. */
  nearFullNum: z.number().int(),
  byBusiness: z.array(usage.extend({ business: business() })),
  byCategory: z.array(usage.extend({ category: spaceCategory() })),
});
export type SpaceStatistics = z.output<typeof spaceStatistics>;

/** One change of a space's quota. */
export const quotaRecord = z.object({
  id: z.string(),
  sid: z.string(),
  kind: z.enum(QUOTA_RECORD_KINDS),
  oldQuota: z.number().int(),
  newQuota: z.number().int(),
  reason: z.string(),
  /** Who changed it (null once the account is gone). */
  uid: z.string().nullable(),
  userName: z.string(),
  createTime: z.number().int(),
});
export type QuotaRecord = z.output<typeof quotaRecord>;

/** An application for a space of a business. */
export const spaceApplyItem = z.object({
  id: z.string(),
  pno: z.string(),
  propertyName: z.string(),
  uid: z.string(),
  userName: z.string(),
  phoneNum: z.string(),
  business: business(),
  category: spaceCategory(),
  ownerType: ownerType(),
  name: z.string(),
  quotaBytes: z.number().int(),
  reason: z.string(),
  status: z.enum(APPLY_STATUSES),
  reviewerName: z.string(),
  note: z.string(),
  /** The space made when it was approved. */
  sid: z.string().nullable(),
  createTime: z.number().int(),
  decideTime: z.number().int().nullable(),
});
export type SpaceApplyItem = z.output<typeof spaceApplyItem>;

/** A node of a space's group tree; the root is the space itself (`groupId` = sid, `pid` null). */
export interface SpaceGroupNode {
  groupId: string;
  sid: string;
  pid: string | null;
  name: string;
  sort: number;
  isRoot: 0 | 1;
  /** With `includeDeviceNum`: devices in this group and every group below it. */
  deviceNum?: number;
  children: SpaceGroupNode[];
}
export const spaceGroupNode: z.ZodType<SpaceGroupNode> = z.object({
  groupId: z.string(),
  sid: z.string(),
  pid: z.string().nullable(),
  name: z.string(),
  sort: z.number().int(),
  isRoot: z.union([z.literal(0), z.literal(1)]),
  deviceNum: z.number().int().optional(),
  get children() {
    return z.array(spaceGroupNode);
  },
});

const listFilters = {
  str: optionalText(100),
  business: optionalEnum(BUSINESSES),
  category: optionalEnum(SPACE_CATEGORIES),
};

/** Operators calling without the `pno` header may name the property here; with the header it must be the same. */
const backOfficePno = () => optionalRef('property');

export const spaceEndpoints = group(
  defineEndpoint({
    method: 'GET',
    path: 'space/getMySpaceList',
    summary: "The caller's own spaces in the selected property (personal ones and those they are responsible for)",
    access: { kind: 'property' },
    input: pageQuery(SPACE_LIST_PAGE_SIZE).extend({
      str: listFilters.str,
      business: listFilters.business,
      category: listFilters.category,
    }),
    output: pageOf(spaceItem),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'space/getAllSpaceList',
    summary:
      "The selected property's spaces within the caller's space scope, or (operators without `pno`) every property's or `filterPno`'s; newest first",
    access: { kind: 'property', permission: SPACE_PERMISSIONS.view, orPlatform: true },
    input: pageQuery(SPACE_LIST_PAGE_SIZE).extend({
      ...listFilters,
      uid: optionalRef('user'),
      filterPno: optionalText(64),
    }),
    output: pageOf(spaceItem),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'space/addSpace',
    summary:
      "Create a space for one of the property's enabled businesses, the property's or a member's, with a quota (recorded)",
    access: { kind: 'property', permission: SPACE_PERMISSIONS.quota, orPlatform: true },
    // `uid` is required for a personal space (`ownerType` user): checked once the property is known.
    input: z.object({
      pno: backOfficePno(),
      name: text(SPACE_NAME_MAX).min(1),
      business: business(),
      category: spaceCategory(),
      ownerType: ownerType().default('property'),
      uid: ref('user').optional(),
      quota: quota(),
      remark: text(SPACE_REMARK_MAX).default(''),
    }),
    output: z.object({ sid: z.string() }),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'space/getSpaceStatistics',
    summary:
      "Use against quota of the spaces in the caller's scope (operators without `pno`: every property or `filterPno`), in all and per business and category",
    access: { kind: 'property', permission: SPACE_PERMISSIONS.view, orPlatform: true },
    input: z.object({ filterPno: optionalText(64) }),
    output: spaceStatistics,
  }),
  defineEndpoint({
    method: 'GET',
    path: 'space/getMySpaceInfo',
    summary: 'One of the caller’s own spaces, with its use, groups and devices',
    access: { kind: 'property' },
    input: z.object({ sid: ref('space') }),
    output: spaceInfo,
  }),
  defineEndpoint({
    method: 'GET',
    path: 'space/getAnySpaceInfo',
    summary: "Any space of the property within the caller's space scope (operators without `pno`: any space)",
    access: { kind: 'property', permission: SPACE_PERMISSIONS.view, orPlatform: true },
    input: z.object({ sid: ref('space') }),
    output: spaceInfo,
  }),
  defineEndpoint({
    method: 'POST',
    path: 'space/updateSpaceQuota',
    summary:
      'Change a space’s quota with a reason (recorded with who and when); never below what it uses and has promised to uploads',
    access: { kind: 'property', permission: SPACE_PERMISSIONS.quota, orPlatform: true, scope: { space: 'sid' } },
    input: z.object({ sid: ref('space'), quota: quota(), reason: text(SPACE_REMARK_MAX).min(1) }),
    output: z.object({ oldQuota: z.number().int(), newQuota: z.number().int() }),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'space/getSpaceQuotaRecordList',
    summary: "A space's quota changes, newest first: for its owner, and administrators of the space",
    access: { kind: 'property', orPlatform: true },
    input: pageQuery().extend({ sid: ref('space') }),
    output: pageOf(quotaRecord),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'space/getMySpaceApplyList',
    ours: true,
    summary: "The caller's applications for spaces in the selected property, newest first (added: not in the spec)",
    access: { kind: 'property' },
    input: pageQuery().extend({ status: optionalEnum(APPLY_STATUSES) }),
    output: pageOf(spaceApplyItem),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'space/getSpaceApplyList',
    ours: true,
    summary:
      "Applications for spaces to review: the selected property's, or (operators without `pno`) every property's or `filterPno`'s (added: not in the spec)",
    access: { kind: 'property', permission: SPACE_PERMISSIONS.quota, orPlatform: true },
    input: pageQuery().extend({
      status: optionalEnum(APPLY_STATUSES),
      str: optionalText(100),
      filterPno: optionalText(64),
    }),
    output: pageOf(spaceApplyItem),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'space/reviewSpaceApply',
    ours: true,
    summary:
      'Approve an application (`pass` 1: the space is made, with `quota` when given) or reject it with a note; the applicant is told (added: not in the spec; the workflow engine takes this over later)',
    access: { kind: 'property', permission: SPACE_PERMISSIONS.quota, orPlatform: true },
    input: z.object({
      id: ref('spaceApply'),
      pass: flag(),
      quota: quota().optional(),
      note: text(SPACE_REMARK_MAX).default(''),
    }),
    output: z.object({
      /** The space made (null until the application's last step passes). */
      sid: z.string().nullable(),
      /**
       * Where the application stands (modules/workflow): `pending` when the call passed one step of the property's
       * flow and the next step's auditors decide now; `passed` or `rejected` once decided.
       */
      // APPLY_STATES of ./workflow, spelled here: importing that module would pull it into the web's shell.
      state: z.enum(['pending', 'passed', 'rejected', 'withdrawn']),
    }),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'bn/applySpaceBusiness',
    summary:
      "Apply for a space of one of the property's businesses (a personal one, or the property's for its administrators); an administrator reviews it",
    access: { kind: 'property' },
    input: z.object({
      business: business(),
      category: spaceCategory(),
      ownerType: ownerType().default('user'),
      name: text(SPACE_NAME_MAX).min(1),
      quota: quota(),
      reason: text(SPACE_REMARK_MAX).min(1),
    }),
    output: z.object({ id: z.string() }),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'sg/addOrUpdateGroup',
    summary:
      "Add a group to a space's tree (under `pid`, the space itself when left out), or rename / move one (`groupId`): for the space's owner and administrators with the group right",
    access: { kind: 'property', orPlatform: true },
    input: z.object({
      sid: ref('space'),
      groupId: ref('spaceGroup').optional(),
      pid: ref('spaceGroup').optional(),
      name: text(GROUP_NAME_MAX).min(1),
      sort: int().pipe(z.number().min(0).max(1_000_000)).optional(),
    }),
    output: z.object({ groupId: z.string() }),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'sg/getGroupTree',
    summary:
      "A space's group tree, the space itself as the root; `includeDeviceNum` 1 counts the devices of each group and those below it",
    access: { kind: 'property', orPlatform: true },
    input: z.object({ sid: ref('space'), includeDeviceNum: flag().default(0) }),
    output: z.array(spaceGroupNode),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'sg/delGroup',
    ours: true,
    summary: 'Delete an empty group (no groups, devices or files below it) (added: not in the spec)',
    access: { kind: 'property', orPlatform: true },
    input: z.object({ sid: ref('space'), groupId: ref('spaceGroup') }),
    output: z.null(),
  }),
);
