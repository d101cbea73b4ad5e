import { z } from 'zod';
import { defineEndpoint, group } from '../endpoint';
import { flag, int, optionalText, pageOf, pageQuery } from '../envelope';
import { optionalRef, ref } from '../refs';
import { FUNC_RISKS } from './security-chain';
import { epochMs, WINDOW_ORDER_ERROR, windowInOrder } from './security-window';

/**
 * Grant pools and white lists of the security chain (`grantPool/`, `whiteList/`; every call ours, the spec shows
 * none). A pool holds a number of grants of one function per period (day, week, month in the server's UTC calendar,
 * or a total never refilled); a white list names users and devices always allowed a function, drawing nothing from
 * its pool. Model: apps/server/src/modules/security-chain/README.md "Grant pools and white lists".
 */

export const GRANT_POOL_PERMISSIONS = {
  /** The authorisations page: reads pools and white lists of the security spaces in the caller's scope. */
  read: 'security.grant',
  /** Sets up, edits, disables, resets and deletes grant pools. */
  pools: 'security.grant.pools',
  /** Adds and deletes white-list entries (and lists the members and devices to pick). */
  whiteList: 'security.grant.whiteList',
} as const;

/** How often a pool refills: each UTC day, week (from Monday), month, or never (`total`). */
export const POOL_PERIODS = ['day', 'week', 'month', 'total'] as const;
export type PoolPeriod = (typeof POOL_PERIODS)[number];

export const POOL_QUOTA_MAX = 1_000_000;
export const POOL_REMARK_MAX = 200;

/** Who a white-list entry names: a member of the property or one of its devices. */
export const WHITE_LIST_MEMBER_TYPES = ['user', 'device'] as const;
export type WhiteListMemberType = (typeof WHITE_LIST_MEMBER_TYPES)[number];
/** The most members one call adds to a white list. */
export const WHITE_LIST_MEMBERS_PER_CALL = 100;
export const WHITE_LIST_REMARK_MAX = 200;

/** Where a white-list entry stands now: in its window, before it, after it. */
export const WHITE_LIST_STATES = ['active', 'pending', 'expired'] as const;
export type WhiteListState = (typeof WHITE_LIST_STATES)[number];

export const grantPoolItem = z.object({
  poolId: z.string(),
  sid: z.string(),
  funcId: z.string(),
  /** The function's code, name in the reader's language and risk. */
  funcCode: z.string(),
  funcName: z.string(),
  risk: z.enum(FUNC_RISKS),
  period: z.enum(POOL_PERIODS),
  quota: z.number().int(),
  /** Drawn in the current period (0 when the period the pool last drew in has ended). */
  used: z.number().int(),
  /** The current period's start (epoch ms; 0 for `total`). */
  periodStart: z.number().int(),
  /** When the pool refills: the current period's end (epoch ms); null for `total`. */
  refillTime: z.number().int().nullable(),
  disabled: z.union([z.literal(0), z.literal(1)]),
  remark: z.string(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
});
export type GrantPoolItem = z.output<typeof grantPoolItem>;

export const whiteListItem = z.object({
  entryId: z.string(),
  sid: z.string(),
  funcId: z.string(),
  funcCode: z.string(),
  funcName: z.string(),
  memberType: z.enum(WHITE_LIST_MEMBER_TYPES),
  memberId: z.string(),
  /** A user's name, a device's name ('' when gone or unnamed). */
  memberName: z.string(),
  /** A user's phone, a device's model name. */
  memberDetail: z.string(),
  /** The window, epoch ms; null: from the start / without end. */
  startTime: z.number().int().nullable(),
  endTime: z.number().int().nullable(),
  state: z.enum(WHITE_LIST_STATES),
  remark: z.string(),
  createTime: z.number().int(),
});
export type WhiteListItem = z.output<typeof whiteListItem>;

/** A device as the white list's device picker lists it. */
export const whiteListDeviceChoice = z.object({
  deviceId: z.string(),
  name: z.string(),
  label: z.string(),
  modelName: z.string(),
});
export type WhiteListDeviceChoice = z.output<typeof whiteListDeviceChoice>;

export const grantPoolEndpoints = group(
  defineEndpoint({
    method: 'GET',
    path: 'grantPool/getGrantPoolList',
    summary:
      "A security space's grant pools, newest first, each with its function, what is used of the current period and when it refills; `str` searches the function's code and names",
    access: {
      kind: 'property',
      permission: [GRANT_POOL_PERMISSIONS.read],
      business: 'security',
      scope: { space: 'sid' },
    },
    input: pageQuery().extend({
      sid: ref('space'),
      str: optionalText(100),
      funcId: optionalRef('securityFunc'),
      poolId: optionalRef('grantPool'),
    }),
    output: pageOf(grantPoolItem),
    ours: true,
  }),
  defineEndpoint({
    method: 'POST',
    path: 'grantPool/saveGrantPool',
    summary:
      "Set up a function's grant pool (one per function) or edit one: the period, the quota per period, a remark, disabled; a changed period starts afresh",
    access: {
      kind: 'property',
      permission: GRANT_POOL_PERMISSIONS.pools,
      business: 'security',
      scope: { space: 'sid' },
    },
    input: z.object({
      /** Left out: a new pool. */
      poolId: ref('grantPool').optional(),
      sid: ref('space'),
      funcId: ref('securityFunc'),
      period: z.enum(POOL_PERIODS),
      quota: int().pipe(z.number().min(1).max(POOL_QUOTA_MAX)),
      remark: z.string().trim().max(POOL_REMARK_MAX).default(''),
      disabled: flag().default(0),
    }),
    output: grantPoolItem,
    ours: true,
  }),
  defineEndpoint({
    method: 'POST',
    path: 'grantPool/setGrantPoolDisable',
    summary: 'Disable (1) or enable (0) a grant pool: disabled, it refuses every grant that would draw from it',
    access: { kind: 'property', permission: GRANT_POOL_PERMISSIONS.pools, business: 'security' },
    input: z.object({ poolId: ref('grantPool'), disabled: flag() }),
    output: grantPoolItem,
    ours: true,
  }),
  defineEndpoint({
    method: 'POST',
    path: 'grantPool/resetGrantPool',
    summary: "Give a grant pool its whole quota again: the current period's used count back to 0",
    access: { kind: 'property', permission: GRANT_POOL_PERMISSIONS.pools, business: 'security' },
    input: z.object({ poolId: ref('grantPool') }),
    output: grantPoolItem,
    ours: true,
  }),
  defineEndpoint({
    method: 'POST',
    path: 'grantPool/deleteGrantPool',
    summary: 'Delete a grant pool: its function then draws nothing',
    access: { kind: 'property', permission: GRANT_POOL_PERMISSIONS.pools, business: 'security' },
    input: z.object({ poolId: ref('grantPool') }),
    output: z.object({ deleted: z.number().int() }),
    ours: true,
  }),
);

export const whiteListEndpoints = group(
  defineEndpoint({
    method: 'GET',
    path: 'whiteList/getWhiteList',
    summary:
      "A security space's white-list entries (or one function's), newest first, with where each stands now; `memberType` filters; `str` searches users' names and phones and devices' ids and names",
    access: {
      kind: 'property',
      permission: [GRANT_POOL_PERMISSIONS.read],
      business: 'security',
      scope: { space: 'sid' },
    },
    input: pageQuery().extend({
      sid: ref('space'),
      funcId: optionalRef('securityFunc'),
      memberType: z.enum(WHITE_LIST_MEMBER_TYPES).optional(),
      str: optionalText(100),
    }),
    output: pageOf(whiteListItem),
    ours: true,
  }),
  defineEndpoint({
    method: 'POST',
    path: 'whiteList/addWhiteList',
    summary:
      "White-list members of the property (`uidList`) or its devices (`deviceIdList`) for a function, within an optional window; one already on the function's list is refused",
    access: {
      kind: 'property',
      permission: GRANT_POOL_PERMISSIONS.whiteList,
      business: 'security',
      scope: { space: 'sid' },
    },
    input: z
      .object({
        sid: ref('space'),
        funcId: ref('securityFunc'),
        memberType: z.enum(WHITE_LIST_MEMBER_TYPES),
        /** The members, with `memberType` user. */
        uidList: z
          .array(ref('user'))
          .max(WHITE_LIST_MEMBERS_PER_CALL)
          .refine((l) => new Set(l).size === l.length, 'uidList')
          .default([]),
        /** The devices, with `memberType` device. */
        deviceIdList: z
          .array(ref('device'))
          .max(WHITE_LIST_MEMBERS_PER_CALL)
          .refine((l) => new Set(l).size === l.length, 'deviceIdList')
          .default([]),
        /** From (epoch ms); left out: from now on. */
        startTime: epochMs().optional(),
        /** Until (epoch ms); left out: without end. */
        endTime: epochMs().optional(),
        remark: z.string().trim().max(WHITE_LIST_REMARK_MAX).default(''),
      })
      .refine((v) => (v.memberType === 'user' ? v.uidList.length > 0 : v.uidList.length === 0), {
        path: ['uidList'],
        message: 'uidList',
      })
      .refine((v) => (v.memberType === 'device' ? v.deviceIdList.length > 0 : v.deviceIdList.length === 0), {
        path: ['deviceIdList'],
        message: 'deviceIdList',
      })
      .refine(windowInOrder, WINDOW_ORDER_ERROR),
    output: z.object({ list: z.array(whiteListItem) }),
    ours: true,
  }),
  defineEndpoint({
    method: 'POST',
    path: 'whiteList/delWhiteList',
    summary: 'Delete a white-list entry',
    access: { kind: 'property', permission: GRANT_POOL_PERMISSIONS.whiteList, business: 'security' },
    input: z.object({ entryId: ref('whiteListEntry') }),
    output: z.object({ deleted: z.number().int() }),
    ours: true,
  }),
  defineEndpoint({
    method: 'GET',
    path: 'whiteList/getWhiteListDeviceList',
    summary:
      "The white list's device picker: the property's devices, newest first; `str` searches serial, name and label",
    access: { kind: 'property', permission: GRANT_POOL_PERMISSIONS.whiteList, business: 'security' },
    input: pageQuery().extend({ str: optionalText(100) }),
    output: pageOf(whiteListDeviceChoice),
    ours: true,
  }),
);

/** Every call of the grant pools and white lists. */
export const securityPoolEndpoints = { ...grantPoolEndpoints, ...whiteListEndpoints };
