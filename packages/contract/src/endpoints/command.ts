import { z } from 'zod';
import { defineEndpoint, group } from '../endpoint';
import { flag, int, pageOf, pageQuery } from '../envelope';
import { optionalRef, ref } from '../refs';
import { ACTION_RESULT_STATES, type ActionResultState, actionResultCounts } from './device-action';

/**
 * Commands (`cmd/`) sent to devices of the property (by id, or every device of a space group),
 * delivered on each device's next poll and answered by it. A command has a type (reboot, log upload, factory reset,
 * config push with a JSON payload, or a custom one named by the sender), an expiry, and one result per device:
 * pending → delivered → succeeded | failed (with the device's message), or expired / cancelled.
 * `cmd/getPnoCmdList` is the spec's; `cmd/sendCmd`, `cmd/getCmdResultList` and `cmd/cancelCmd` are ours (the spec
 * shows no more of the page). Model and the device side (hawkBit DDI extension `keelCommands`):
 * apps/server/src/modules/command/README.md.
 */

export const COMMAND_PERMISSIONS = {
  /** The commands page (FotaDirectivePage): read commands and their results. */
  view: 'firmware.directive',
  /** Send and cancel commands. */
  send: 'firmware.directive.send',
} as const;

export const CMD_TYPES = ['reboot', 'logUpload', 'factoryReset', 'configPush', 'custom'] as const;
export type CmdType = (typeof CMD_TYPES)[number];
/** Types that destroy what is on the device: the sender must confirm (`confirm: 1`). */
export const DESTRUCTIVE_CMD_TYPES: readonly CmdType[] = ['factoryReset'];

export const CMD_STATES = ['active', 'finished', 'cancelled'] as const;
export type CmdState = (typeof CMD_STATES)[number];
/** A command's result on one device: a device action's result state (device-action.ts). */
export const CMD_TARGET_STATES = ACTION_RESULT_STATES;
export type CmdTargetState = ActionResultState;
/** Target states still waiting for the device. */
export const CMD_OPEN_STATES: readonly CmdTargetState[] = ['pending', 'delivered'];

/** Devices one command may name by id; a group may hold more, up to `CMD_TARGETS_MAX`. */
export const CMD_DEVICE_IDS_MAX = 1000;
export const CMD_TARGETS_MAX = 100_000;
/** Largest payload, as JSON text. */
export const CMD_PAYLOAD_MAX = 16 * 1024;
/** A device's answer is kept up to this length (a log upload answers its log's tail). */
export const CMD_MESSAGE_MAX = 4000;
export const CMD_EXPIRE_MINUTES_DEFAULT = 24 * 60;
export const CMD_EXPIRE_MINUTES_MAX = 30 * 24 * 60;
/** A custom command's name: letters, digits, `.`, `_`, `-` (`wifi.scan`). */
export const CMD_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9._-]{0,63}$/;

/** A JSON object (`catchall`, not `record`: its JSON Schema is a plain object with any properties). */
const payload = z
  .object({})
  .catchall(z.unknown())
  .refine((v) => JSON.stringify(v).length <= CMD_PAYLOAD_MAX, `payload at most ${CMD_PAYLOAD_MAX} characters`);

export const cmdItem = z.object({
  cmdId: z.string(),
  type: z.enum(CMD_TYPES),
  /** A custom command's name, '' for the others. */
  name: z.string(),
  payload: z.record(z.string(), z.unknown()),
  /** The group the devices were chosen by, '' when they were named. */
  groupId: z.string(),
  total: z.number().int(),
  state: z.enum(CMD_STATES),
  counts: actionResultCounts,
  expireTime: z.number().int(),
  creatorName: z.string(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
});
export type CmdItem = z.output<typeof cmdItem>;

export const cmdResultItem = z.object({
  cmdId: z.string(),
  deviceId: z.string(),
  deviceName: z.string(),
  state: z.enum(CMD_TARGET_STATES),
  /** What the device answered (its failure reason, a log's tail), or ''. */
  message: z.string(),
  deliverTime: z.number().int().nullable(),
  finishTime: z.number().int().nullable(),
  updateTime: z.number().int(),
});
export type CmdResultItem = z.output<typeof cmdResultItem>;

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.enum(values), z.literal('')])
    .optional()
    .transform((v) => v || undefined);

export const commandEndpoints = group(
  defineEndpoint({
    method: 'GET',
    path: 'cmd/getPnoCmdList',
    summary:
      "The property's commands, newest first, each with its devices' counts by state (`type`, `state` filter; `deviceId` those sent to one device; `str` searches the id and the custom name)",
    access: { kind: 'property', permission: COMMAND_PERMISSIONS.view },
    input: pageQuery().extend({
      type: optionalEnum(CMD_TYPES),
      state: optionalEnum(CMD_STATES),
      deviceId: optionalRef('device'),
      str: z
        .string()
        .trim()
        .max(64)
        .optional()
        .transform((v) => v || undefined),
    }),
    output: pageOf(cmdItem),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'cmd/sendCmd',
    ours: true,
    summary:
      'Send a command to devices of the property, named by id (`deviceIdList`) or every device of a space group (`groupId`); each gets it at its next poll. A factory reset needs `confirm: 1`; a config push a non-empty `payload`; a custom command its `name` (added: not in the spec)',
    access: { kind: 'property', permission: COMMAND_PERMISSIONS.send },
    input: z.object({
      type: z.enum(CMD_TYPES),
      name: z
        .string()
        .trim()
        .max(64)
        .optional()
        .transform((v) => v || undefined),
      payload: payload.default({}),
      deviceIdList: z.array(ref('device')).max(CMD_DEVICE_IDS_MAX).optional(),
      groupId: optionalRef('spaceGroup'),
      expireMinutes: int().pipe(z.number().min(1).max(CMD_EXPIRE_MINUTES_MAX)).default(CMD_EXPIRE_MINUTES_DEFAULT),
      confirm: flag().default(0),
    }),
    output: cmdItem,
  }),
  defineEndpoint({
    method: 'GET',
    path: 'cmd/getCmdResultList',
    ours: true,
    summary: "One command's result per device (`state` filters), in device id order (added: not in the spec)",
    access: { kind: 'property', permission: COMMAND_PERMISSIONS.view },
    input: pageQuery(50).extend({ cmdId: ref('command'), state: optionalEnum(CMD_TARGET_STATES) }),
    output: pageOf(cmdResultItem),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'cmd/cancelCmd',
    ours: true,
    summary:
      'Cancel a command: devices that have not answered are cancelled (one that already fetched it may still act on it) (added: not in the spec)',
    access: { kind: 'property', permission: COMMAND_PERMISSIONS.send },
    input: z.object({ cmdId: ref('command') }),
    output: cmdItem,
  }),
);
