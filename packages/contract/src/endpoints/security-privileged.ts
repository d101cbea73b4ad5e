import { z } from 'zod';
import { defineEndpoint, group } from '../endpoint';
import { flag, pageOf, pageQuery } from '../envelope';
import { ref } from '../refs';
import { epochMs, WINDOW_ORDER_ERROR, windowInOrder } from './security-window';

/**
 * Privileged users of the security chain (`pa/`): members of the property who may operate any function of a security
 * space, within an optional validity window, until disabled or deleted. Model:
 * apps/server/src/modules/security-chain/README.md.
 */

export const PRIVILEGED_USER_PERMISSIONS = {
  /** The authorisations page: reads the privileged users of the security spaces in the caller's scope. */
  read: 'security.grant',
  /** Adds, disables, enables and deletes privileged users. */
  edit: 'security.grant.privileged',
} as const;

/** The most members one call makes privileged. */
export const PRIVILEGED_USERS_PER_CALL = 100;
export const PRIVILEGED_REMARK_MAX = 200;

/** Where a privileged user stands now: in their window and enabled, before it, after it, or disabled. */
export const PRIVILEGED_STATES = ['active', 'pending', 'expired', 'disabled'] as const;
export type PrivilegedState = (typeof PRIVILEGED_STATES)[number];

export const privilegedUserItem = z.object({
  privilegeId: z.string(),
  sid: z.string(),
  uid: z.string(),
  /** The member's name and phone ('' when the account is gone). */
  userName: z.string(),
  phone: z.string(),
  /** The window, epoch ms; null: from now on / without end. */
  startTime: z.number().int().nullable(),
  endTime: z.number().int().nullable(),
  disabled: z.union([z.literal(0), z.literal(1)]),
  state: z.enum(PRIVILEGED_STATES),
  remark: z.string(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
});
export type PrivilegedUserItem = z.output<typeof privilegedUserItem>;

export const privilegedUserEndpoints = group(
  defineEndpoint({
    method: 'GET',
    path: 'pa/getPrivilegedUserList',
    summary:
      "A security space's privileged users, newest first, each with where they stand now (active, pending, expired, disabled); `str` searches name and phone",
    access: {
      kind: 'property',
      permission: [PRIVILEGED_USER_PERMISSIONS.read],
      business: 'security',
      scope: { space: 'sid' },
    },
    input: pageQuery().extend({
      sid: ref('space'),
      str: z
        .string()
        .trim()
        .max(100)
        .optional()
        .transform((v) => v || undefined),
    }),
    output: pageOf(privilegedUserItem),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'pa/addPrivilegedUser',
    summary:
      'Make members of the property privileged users of a security space (any function, on any of its devices), within an optional window; a member privileged there already is refused',
    access: {
      kind: 'property',
      permission: PRIVILEGED_USER_PERMISSIONS.edit,
      business: 'security',
      scope: { space: 'sid' },
    },
    input: z
      .object({
        sid: ref('space'),
        uidList: z
          .array(ref('user'))
          .min(1)
          .max(PRIVILEGED_USERS_PER_CALL)
          .refine((l) => new Set(l).size === l.length, 'uidList'),
        /** From (epoch ms); left out: from now on. */
        startTime: epochMs().optional(),
        /** Until (epoch ms); left out: without end. */
        endTime: epochMs().optional(),
        remark: z.string().trim().max(PRIVILEGED_REMARK_MAX).default(''),
      })
      .refine(windowInOrder, WINDOW_ORDER_ERROR),
    output: z.object({ list: z.array(privilegedUserItem) }),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'pa/setPrivilegedUserDisable',
    summary: 'Disable (1) or enable (0) a privileged user: disabled, they operate nothing until enabled',
    access: { kind: 'property', permission: PRIVILEGED_USER_PERMISSIONS.edit, business: 'security' },
    input: z.object({ privilegeId: ref('privilegedUser'), disabled: flag() }),
    output: privilegedUserItem,
  }),
  defineEndpoint({
    method: 'POST',
    path: 'pa/delPrivilegedUser',
    summary: 'Delete a privileged user of a security space',
    access: { kind: 'property', permission: PRIVILEGED_USER_PERMISSIONS.edit, business: 'security' },
    input: z.object({ privilegeId: ref('privilegedUser') }),
    output: z.object({ deleted: z.number().int() }),
  }),
);
