import { z } from 'zod';
import { AUTH_TYPES } from '../constants';
import { defineEndpoint, group } from '../endpoint';
import { flag, id, int, pageOf, pageQuery } from '../envelope';
import { ref } from '../refs';
import { FUNC_RISKS } from './security-chain';
import { PRIVILEGED_STATES } from './security-privileged';
import { epochMs, WINDOW_ORDER_ERROR, windowInOrder } from './security-window';

/**
 * User authorisations of the security chain (`ua/`): users, titles, user sets or organisation units may operate a
 * function of a security space on the devices that have it, within an optional window, until disabled or deleted;
 * and function applications (`ua/applyFuncAuth`, ours): a member asks for a function through the workflow engine
 * (apply type `function`), whose pass makes a user authorisation naming them. Model:
 * apps/server/src/modules/security-chain/README.md.
 */

export const USER_AUTH_PERMISSIONS = {
  /** The authorisations page: reads the user authorisations of the security spaces in the caller's scope. */
  read: 'security.grant',
  /** Adds, disables, enables and deletes user authorisations (and reviews function applications in the built-in flow). */
  edit: 'security.grant.users',
} as const;

/** The most subjects one call authorises. */
export const USER_AUTH_SUBJECTS_PER_CALL = 100;
export const USER_AUTH_REMARK_MAX = 200;
export const FUNC_APPLY_REASON_MAX = 500;

/** Whom an authorisation names: SPEC §3's types (1 users, 2 titles, 3 user sets, 4 organisation units). */
export const USER_AUTH_SUBJECT_TYPES = [
  AUTH_TYPES.users,
  AUTH_TYPES.titles,
  AUTH_TYPES.userSets,
  AUTH_TYPES.orgs,
] as const;
export type UserAuthSubjectType = (typeof USER_AUTH_SUBJECT_TYPES)[number];

const subjectType = () =>
  int().pipe(
    z.union([
      z.literal(AUTH_TYPES.users),
      z.literal(AUTH_TYPES.titles),
      z.literal(AUTH_TYPES.userSets),
      z.literal(AUTH_TYPES.orgs),
    ]),
  );

const searchText = () =>
  z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((v) => v || undefined);

export const userAuthItem = z.object({
  authId: z.string(),
  sid: z.string(),
  funcId: z.string(),
  /** The function's code, names and risk. */
  funcCode: z.string(),
  funcNameZh: z.string(),
  funcNameEn: z.string(),
  risk: z.enum(FUNC_RISKS),
  subjectType: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  subjectId: z.string(),
  /** The subject's name ('' when it is gone: it then names nobody); a user's phone in `subjectPhone`. */
  subjectName: z.string(),
  subjectPhone: z.string(),
  /** The window, epoch ms; null: from the start / without end. */
  startTime: z.number().int().nullable(),
  endTime: z.number().int().nullable(),
  disabled: z.union([z.literal(0), z.literal(1)]),
  /** Where it stands now, like a privileged user's. */
  state: z.enum(PRIVILEGED_STATES),
  remark: z.string(),
  /** The function application whose pass made it; null when an administrator did. */
  applyId: z.string().nullable(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
});
export type UserAuthItem = z.output<typeof userAuthItem>;

/** A function a member may apply for: any function of the property's security spaces. */
export const applyFuncItem = z.object({
  funcId: z.string(),
  sid: z.string(),
  spaceName: z.string(),
  code: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  risk: z.enum(FUNC_RISKS),
  description: z.string(),
});
export type ApplyFuncItem = z.output<typeof applyFuncItem>;

export const userAuthEndpoints = group(
  defineEndpoint({
    method: 'GET',
    path: 'ua/getUserAuthList',
    summary:
      "A security space's user authorisations, newest first, each with its subject's name, the function's code, names and risk, and where it stands now; `str` searches the function's code and names and the subject's name (a user's phone too); `funcId` and `subjectType` filter",
    access: {
      kind: 'property',
      permission: [USER_AUTH_PERMISSIONS.read],
      business: 'security',
      scope: { space: 'sid' },
    },
    input: pageQuery().extend({
      sid: ref('space'),
      funcId: ref('securityFunc').optional(),
      subjectType: subjectType().optional(),
      str: searchText(),
    }),
    output: pageOf(userAuthItem),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'ua/addUserAuth',
    summary:
      'Authorise users, titles, user sets or organisation units of the property (one type a call) to operate a function of a security space, within an optional window; a subject authorised for the function already is refused',
    access: {
      kind: 'property',
      permission: USER_AUTH_PERMISSIONS.edit,
      business: 'security',
      scope: { space: 'sid' },
    },
    input: z
      .object({
        sid: ref('space'),
        funcId: ref('securityFunc'),
        subjectType: subjectType(),
        /** Ids of the subject type: uids, title ids, user set ids or unit ids (`root-<pno>`: the whole property). */
        subjectIdList: z
          .array(id())
          .min(1)
          .max(USER_AUTH_SUBJECTS_PER_CALL)
          .refine((l) => new Set(l).size === l.length, 'subjectIdList'),
        /** From (epoch ms); left out: from now on. */
        startTime: epochMs().optional(),
        /** Until (epoch ms); left out: without end. */
        endTime: epochMs().optional(),
        remark: z.string().trim().max(USER_AUTH_REMARK_MAX).default(''),
      })
      .refine(windowInOrder, WINDOW_ORDER_ERROR),
    output: z.object({ list: z.array(userAuthItem) }),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'ua/setUserAuthDisable',
    summary: 'Disable (1) or enable (0) a user authorisation: disabled, it grants nothing until enabled',
    access: { kind: 'property', permission: USER_AUTH_PERMISSIONS.edit, business: 'security' },
    input: z.object({ authId: ref('userAuth'), disabled: flag() }),
    output: userAuthItem,
  }),
  defineEndpoint({
    method: 'POST',
    path: 'ua/delUserAuth',
    summary: 'Delete a user authorisation',
    access: { kind: 'property', permission: USER_AUTH_PERMISSIONS.edit, business: 'security' },
    input: z.object({ authId: ref('userAuth') }),
    output: z.object({ deleted: z.number().int() }),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'ua/getApplyFuncList',
    ours: true,
    summary:
      "The functions of the property's security spaces a member may apply for, by space and code; `str` searches code and names, `sid` keeps one space",
    access: { kind: 'property', business: 'security' },
    input: pageQuery().extend({ sid: ref('space').optional(), str: searchText() }),
    output: pageOf(applyFuncItem),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'ua/applyFuncAuth',
    ours: true,
    summary:
      'Apply for a function of a security space (apply type `function`, through the workflow engine): its pass authorises the applicant for the function within the window asked for',
    access: { kind: 'property', business: 'security' },
    input: z
      .object({
        funcId: ref('securityFunc'),
        /** From (epoch ms); left out: from the pass on. */
        startTime: epochMs().optional(),
        /** Until (epoch ms); required: an application asks for a limited time. */
        endTime: epochMs(),
        reason: z.string().trim().min(1).max(FUNC_APPLY_REASON_MAX),
      })
      .refine(windowInOrder, WINDOW_ORDER_ERROR),
    output: z.object({
      applyId: z.string(),
      /** `pending`, or `passed` when the flow passed by itself (its only step skipped the applicant). */
      state: z.enum(['pending', 'passed', 'rejected', 'withdrawn']),
    }),
  }),
);
