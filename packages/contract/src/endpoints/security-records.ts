import { z } from 'zod';
import { defineEndpoint, group } from '../endpoint';
import { optionalText, pageOf, pageQuery } from '../envelope';
import { optionalRef, ref } from '../refs';
import { TOKEN_SOURCES, type TokenSource } from './security-tokens';
import { epochMs, WINDOW_ORDER_ERROR, windowInOrder } from './security-window';

/**
 * The security chain's records and routed commands (`seclink/channel/…`): every authorisation issued or refused and
 * every use a device reported, per space, function, device, user, source and pool; and routed commands, functions a
 * member runs on a device through the platform (a token delivered as a device action of kind `securityCommand`, which
 * the device verifies offline and answers with one of the function's response codes). Model:
 * apps/server/src/modules/security-chain/README.md "Security routes and records".
 */

export const SECURITY_RECORD_PERMISSIONS = {
  /** The authorisations page: its records tabs, and a pool's draws. */
  grant: 'security.grant',
  /** The device settings page and a device's detail: a device's records and routed commands. */
  device: 'security.device',
  deviceDetail: 'security.deviceDetail',
  /** The routed commands page: a space's routed commands; cancels anyone's. */
  routedCmd: 'security.routedCmd',
  /** The back office's secure-route page (operators): every property's routed commands; cancels any. */
  platRoute: 'back.securityRoute',
} as const;

const P = SECURITY_RECORD_PERMISSIONS;
/** Who reads the records of issues, refusals and uses. */
export const FUNC_RECORD_READERS = [P.grant, P.device, P.deviceDetail] as const;
/** Who reads routed commands. */
export const ROUTED_CMD_READERS = [P.routedCmd, P.device, P.deviceDetail] as const;

/** What a record is: an authorisation issued, one refused, or a use a device reported. */
export const FUNC_RECORD_KINDS = ['issue', 'refuse', 'use'] as const;
export type FuncRecordKind = (typeof FUNC_RECORD_KINDS)[number];
/** What allowed an issue: the token's source. */
export const FUNC_RECORD_SOURCES = TOKEN_SOURCES;
export type FuncRecordSource = TokenSource;

/** Where a routed command stands: waiting for the device, fetched by it, answered (ok or not), cancelled, expired. */
export const ROUTED_CMD_STATES = ['pending', 'delivered', 'succeeded', 'failed', 'cancelled', 'expired'] as const;
export type RoutedCmdState = (typeof ROUTED_CMD_STATES)[number];
/** The states in which a routed command still waits for its device. */
export const ROUTED_CMD_OPEN_STATES: readonly RoutedCmdState[] = ['pending', 'delivered'];

/** The longest argument a routed command carries to the device. */
export const ROUTED_CMD_ARGUMENT_MAX = 1000;

const optionalTime = () =>
  z
    .union([epochMs(), z.literal('')])
    .optional()
    .transform((v) => (v === '' ? undefined : v));

/** A record of the security chain, with the names a reader needs. */
export const funcRecordItem = z.object({
  recordId: z.string(),
  kind: z.enum(FUNC_RECORD_KINDS),
  sid: z.string(),
  funcId: z.string(),
  /** The function's code and name in the reader's language ('' when it is gone). */
  funcCode: z.string(),
  funcName: z.string(),
  deviceId: z.string(),
  /** The device's name ('' when it is gone). */
  deviceName: z.string(),
  uid: z.string(),
  userName: z.string(),
  /** What allowed an issue ('' for a refusal or a use). */
  source: z.union([z.enum(FUNC_RECORD_SOURCES), z.literal('')]),
  /** The token's nonce (`jti`) of an issue or a use. */
  nonce: z.string().nullable(),
  poolId: z.string().nullable(),
  /** A use's response code and its name in the reader's language. */
  responseCode: z.string(),
  responseName: z.string(),
  /** Why it was refused, in the reader's language ('' unless refused), and its key. */
  reason: z.string(),
  reasonKey: z.string(),
  /** An issue's window (epoch ms). */
  notBefore: z.number().int().nullable(),
  expiresAt: z.number().int().nullable(),
  createTime: z.number().int(),
});
export type FuncRecordItem = z.output<typeof funcRecordItem>;

/** A device's use of the functions of a space (or of one function, one pool). */
export const funcRecordDeviceItem = z.object({
  deviceId: z.string(),
  deviceName: z.string(),
  issues: z.number().int(),
  uses: z.number().int(),
  refusals: z.number().int(),
  /** The last use (epoch ms), null when none. */
  lastUseTime: z.number().int().nullable(),
  lastTime: z.number().int(),
});
export type FuncRecordDeviceItem = z.output<typeof funcRecordDeviceItem>;

/** A routed command. */
export const routedCmdItem = z.object({
  cmdId: z.string(),
  sid: z.string(),
  funcId: z.string(),
  funcCode: z.string(),
  funcName: z.string(),
  deviceId: z.string(),
  deviceName: z.string(),
  /** Who sent it. */
  uid: z.string(),
  userName: z.string(),
  argument: z.string(),
  state: z.enum(ROUTED_CMD_STATES),
  /** What allowed its token. */
  source: z.union([z.enum(FUNC_RECORD_SOURCES), z.literal('')]),
  /** The device's response code and its name in the reader's language ('' before it answered). */
  responseCode: z.string(),
  responseName: z.string(),
  /** What the device said with its answer. */
  message: z.string(),
  /** When the token, and so the command, expires (epoch ms). */
  expireTime: z.number().int(),
  deliverTime: z.number().int().nullable(),
  finishTime: z.number().int().nullable(),
  createTime: z.number().int(),
});
export type RoutedCmdItem = z.output<typeof routedCmdItem>;

/** A routed command as the operators' back office lists it: with its property. */
export const routedCmdPlatItem = routedCmdItem.extend({
  pno: z.string(),
  /** The property's name ('' when it is gone). */
  propertyName: z.string(),
});
export type RoutedCmdPlatItem = z.output<typeof routedCmdPlatItem>;

const recordFilters = {
  sid: ref('space'),
  funcId: optionalRef('securityFunc'),
  deviceId: optionalRef('device'),
  /** Time range (epoch ms): from `startTime` (inclusive) to `endTime` (exclusive). */
  startTime: optionalTime(),
  endTime: optionalTime(),
};

export const securityRecordEndpoints = group(
  defineEndpoint({
    method: 'GET',
    path: 'seclink/channel/getFuncRecordList',
    summary:
      "A security space's records, newest first: authorisations issued and refused, and uses devices reported; filters: function, device, user, kind, source, pool, time range",
    access: { kind: 'property', permission: FUNC_RECORD_READERS, business: 'security', scope: { space: 'sid' } },
    input: pageQuery().extend({
      ...recordFilters,
      uid: optionalRef('user'),
      kind: z
        .union([z.enum(FUNC_RECORD_KINDS), z.literal('')])
        .optional()
        .transform((v) => v || undefined),
      source: z
        .union([z.enum(FUNC_RECORD_SOURCES), z.literal('')])
        .optional()
        .transform((v) => v || undefined),
      poolId: optionalRef('grantPool'),
    }),
    output: pageOf(funcRecordItem),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'seclink/channel/getFuncRecordDeviceList',
    summary:
      'Per device of a security space (or of one function, or one pool): authorisations issued, refused, uses, and the last use; the most recently active first',
    access: { kind: 'property', permission: FUNC_RECORD_READERS, business: 'security', scope: { space: 'sid' } },
    input: pageQuery().extend({ ...recordFilters, poolId: optionalRef('grantPool'), uid: optionalRef('user') }),
    output: pageOf(funcRecordDeviceItem),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'seclink/channel/getCmdRecordList',
    summary: "A security space's routed commands, newest first; filters: function, device, sender, state, time range",
    access: { kind: 'property', permission: ROUTED_CMD_READERS, business: 'security', scope: { space: 'sid' } },
    input: pageQuery().extend({
      ...recordFilters,
      uid: optionalRef('user'),
      state: z
        .union([z.enum(ROUTED_CMD_STATES), z.literal('')])
        .optional()
        .transform((v) => v || undefined),
    }),
    output: pageOf(routedCmdItem),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'seclink/channel/sendFuncCommand',
    summary:
      "Run a function on a device through the platform: the decision and a token for the caller, delivered to the device as a `securityCommand` action; the device verifies it offline and answers one of the function's response codes",
    access: { kind: 'property', business: 'security' },
    input: z.object({
      deviceId: ref('device'),
      funcId: ref('securityFunc'),
      argument: z.string().trim().max(ROUTED_CMD_ARGUMENT_MAX).default(''),
    }),
    output: routedCmdItem,
    ours: true,
  }),
  defineEndpoint({
    method: 'POST',
    path: 'seclink/channel/cancelFuncCommand',
    summary:
      'Cancel a routed command while it waits for its device (its sender, or with the routed commands page in its space)',
    access: { kind: 'property', business: 'security' },
    input: z.object({ cmdId: ref('routedCommand') }),
    output: routedCmdItem,
    ours: true,
  }),
  defineEndpoint({
    method: 'GET',
    path: 'seclink/channel/getFuncCommand',
    summary:
      'One routed command (its sender, or a reader of routed commands in its space): the page watches its answer',
    access: { kind: 'property', business: 'security' },
    input: z.object({ cmdId: ref('routedCommand') }),
    output: routedCmdItem,
    ours: true,
  }),
  // Ours, not in the spec: the operators' view of routed commands across properties
  // (`/Backend/SecurityRoute/SecurityRoutePlatPage`) and their cancel.
  defineEndpoint({
    method: 'GET',
    path: 'seclink/channel/getAllCmdRecordList',
    summary:
      "Every property's routed commands (operators), newest first; filters: `filterPno` (one property), `state`, `func` (a function's code or id), `device` (text in the device's id or name), time range",
    access: { kind: 'platform', permission: P.platRoute },
    input: pageQuery()
      .extend({
        filterPno: optionalText(64),
        state: z
          .union([z.enum(ROUTED_CMD_STATES), z.literal('')])
          .optional()
          .transform((v) => v || undefined),
        func: optionalText(64),
        device: optionalText(64),
        /** Time range (epoch ms) of sending: from `startTime` (inclusive) to `endTime` (exclusive). */
        startTime: optionalTime(),
        endTime: optionalTime(),
      })
      .refine(windowInOrder, WINDOW_ORDER_ERROR),
    output: pageOf(routedCmdPlatItem),
    ours: true,
  }),
  defineEndpoint({
    method: 'POST',
    path: 'seclink/channel/cancelAnyFuncCommand',
    summary: "Cancel any property's routed command while it waits for its device (operators)",
    access: { kind: 'platform', permission: P.platRoute },
    input: z.object({ cmdId: ref('routedCommand') }),
    output: routedCmdPlatItem,
    ours: true,
  }),
);
