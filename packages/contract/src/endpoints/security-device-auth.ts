import { z } from 'zod';
import { defineEndpoint, group } from '../endpoint';
import { flag, optionalText, pageOf, pageQuery } from '../envelope';
import { optionalRef, ref } from '../refs';
import { FUNC_RISKS } from './security-chain';
import { PRIVILEGED_STATES } from './security-privileged';
import { epochMs, WINDOW_ORDER_ERROR, windowInOrder } from './security-window';

/**
 * Device-function authorisations of the security chain (`da/`): a device, or a device group (its devices and its
 * subgroups' devices), may have a function of a security space within an optional validity window, until disabled or
 * deleted. Model: apps/server/src/modules/security-chain/README.md.
 */

export const DEVICE_AUTH_PERMISSIONS = {
  /** The device settings page: reads the device authorisations of the security spaces in the caller's scope. */
  read: 'security.device',
  /** The device settings detail page: reads one device's functions. */
  detail: 'security.deviceDetail',
  /** Adds, edits, disables, enables and deletes device authorisations. */
  edit: 'security.device.edit',
} as const;

/** What an authorisation names: one device, or a group of a space's tree (with its subgroups). */
export const DEVICE_AUTH_TARGETS = ['device', 'group'] as const;
export type DeviceAuthTarget = (typeof DEVICE_AUTH_TARGETS)[number];

/** The most devices or groups one call authorises. */
export const DEVICE_AUTH_TARGETS_PER_CALL = 100;
export const DEVICE_AUTH_REMARK_MAX = 200;

/** Where an authorisation stands now: the same states as privileged users'. */
export const DEVICE_AUTH_STATES = PRIVILEGED_STATES;
export type DeviceAuthState = (typeof DEVICE_AUTH_STATES)[number];

const remark = () => z.string().trim().max(DEVICE_AUTH_REMARK_MAX).default('');
const ids = (kind: 'device' | 'spaceGroup', field: string) =>
  z
    .array(ref(kind))
    .min(1)
    .max(DEVICE_AUTH_TARGETS_PER_CALL)
    .refine((l) => new Set(l).size === l.length, field);

export const deviceAuthItem = z.object({
  authId: z.string(),
  sid: z.string(),
  funcId: z.string(),
  /** The function's code, its name in the reader's language and its risk. */
  funcCode: z.string(),
  funcName: z.string(),
  risk: z.enum(FUNC_RISKS),
  targetType: z.enum(DEVICE_AUTH_TARGETS),
  /** A device id, or a group id. */
  targetId: z.string(),
  /** The device's name (its id when unnamed) or the group's; '' when it is gone. */
  targetName: z.string(),
  /** A group's space and its name ('' for a device). */
  targetSid: z.string(),
  targetSpaceName: z.string(),
  /** The window, epoch ms; null: from the start / without end. */
  startTime: z.number().int().nullable(),
  endTime: z.number().int().nullable(),
  disabled: z.union([z.literal(0), z.literal(1)]),
  state: z.enum(DEVICE_AUTH_STATES),
  remark: z.string(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
});
export type DeviceAuthItem = z.output<typeof deviceAuthItem>;

/** A device as the detail page heads it. */
export const authDeviceHead = z.object({
  deviceId: z.string(),
  name: z.string(),
  modelName: z.string(),
  firmwareVersion: z.string(),
  appVersion: z.string(),
  /** Seen within two polling intervals. */
  online: z.union([z.literal(0), z.literal(1)]),
  lastSeenTime: z.number().int().nullable(),
  /** Where the device is placed: a space and a group of its tree ('' when not placed). */
  sid: z.string(),
  spaceName: z.string(),
  groupId: z.string(),
  groupName: z.string(),
});
export type AuthDeviceHead = z.output<typeof authDeviceHead>;

/** A function a device has, by one authorisation (`via`: naming the device, or a group it is in or below). */
export const deviceFuncItem = deviceAuthItem.extend({
  via: z.enum(DEVICE_AUTH_TARGETS),
  spaceName: z.string(),
  funcNameZh: z.string(),
  funcNameEn: z.string(),
});
export type DeviceFuncItem = z.output<typeof deviceFuncItem>;

/** A device the add dialog's picker lists. */
export const authPickerDevice = z.object({
  deviceId: z.string(),
  name: z.string(),
  modelName: z.string(),
  spaceName: z.string(),
});
export type AuthPickerDevice = z.output<typeof authPickerDevice>;

const readers = [DEVICE_AUTH_PERMISSIONS.read];
const edit = DEVICE_AUTH_PERMISSIONS.edit;

export const deviceAuthEndpoints = group(
  defineEndpoint({
    method: 'GET',
    path: 'da/getAuthDeviceList',
    summary:
      "A security space's device authorisations, newest first, each with its function, its target's name and where it stands now; `str` searches the function's code and names and the target's id and device name; `funcId`, `targetType`, `state` and `authId` filter",
    access: { kind: 'property', permission: readers, business: 'security', scope: { space: 'sid' } },
    input: pageQuery().extend({
      sid: ref('space'),
      str: optionalText(100),
      funcId: optionalRef('securityFunc'),
      targetType: z.enum(DEVICE_AUTH_TARGETS).optional(),
      state: z.enum(DEVICE_AUTH_STATES).optional(),
      /** Keep one authorisation (the edit dialog's). */
      authId: optionalRef('deviceAuth'),
    }),
    output: pageOf(deviceAuthItem),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'da/addDeviceFuncAuth',
    summary:
      'Give devices (`deviceIdList`) or groups of a space (`groupIdList`, their subgroups included) a function of a security space, within an optional window; a target that has the function already is refused',
    access: { kind: 'property', permission: edit, business: 'security', scope: { space: 'sid' } },
    input: z
      .object({
        sid: ref('space'),
        funcId: ref('securityFunc'),
        targetType: z.enum(DEVICE_AUTH_TARGETS),
        /** With `targetType` device. */
        deviceIdList: ids('device', 'deviceIdList').optional(),
        /** With `targetType` group. */
        groupIdList: ids('spaceGroup', 'groupIdList').optional(),
        /** From (epoch ms); left out: from now on. */
        startTime: epochMs().optional(),
        /** Until (epoch ms); left out: without end. */
        endTime: epochMs().optional(),
        remark: remark(),
      })
      .refine((v) => (v.targetType === 'device' ? v.deviceIdList : v.groupIdList) !== undefined, {
        path: ['targetType'],
        message: 'targetType',
      })
      .refine(windowInOrder, WINDOW_ORDER_ERROR),
    output: z.object({ list: z.array(deviceAuthItem) }),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'da/updateDeviceFuncAuth',
    summary: "Change a device authorisation's window (a side left out: no limit there) and remark",
    access: { kind: 'property', permission: edit, business: 'security' },
    input: z
      .object({
        authId: ref('deviceAuth'),
        startTime: epochMs().optional(),
        endTime: epochMs().optional(),
        remark: remark(),
      })
      .refine(windowInOrder, WINDOW_ORDER_ERROR),
    output: deviceAuthItem,
  }),
  defineEndpoint({
    method: 'POST',
    path: 'da/delDeviceFuncAuth',
    summary: 'Delete a device authorisation',
    access: { kind: 'property', permission: edit, business: 'security' },
    input: z.object({ authId: ref('deviceAuth') }),
    output: z.object({ deleted: z.number().int() }),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'da/setAuthDeviceDisable',
    summary: 'Disable (1) or enable (0) a device authorisation: disabled, it gives nothing until enabled',
    access: { kind: 'property', permission: edit, business: 'security' },
    input: z.object({ authId: ref('deviceAuth'), disabled: flag() }),
    output: deviceAuthItem,
  }),
  defineEndpoint({
    method: 'GET',
    path: 'da/getDeviceFuncAuth',
    summary:
      "A device's head and the functions it has, directly or through its group or a group above it, each by authorisation with its window and state, by function code; `sid` keeps one security space's",
    access: {
      kind: 'property',
      permission: [DEVICE_AUTH_PERMISSIONS.read, DEVICE_AUTH_PERMISSIONS.detail],
      business: 'security',
      scope: { space: 'sid' },
    },
    input: z.object({ deviceId: ref('device'), sid: optionalRef('space') }),
    output: z.object({ device: authDeviceHead, list: z.array(deviceFuncItem) }),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'da/getAuthDevicePickList',
    ours: true,
    summary:
      "The device picker of device authorisations: the property's devices, newest first; `str` searches serial, name and label (added: not in the spec)",
    access: { kind: 'property', permission: readers, business: 'security' },
    input: pageQuery().extend({ str: optionalText(100) }),
    output: pageOf(authPickerDevice),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'da/getAuthGroupSpaceList',
    ours: true,
    summary:
      "The property's device (terminal) spaces by name, whose group trees (`sg/getGroupTree`) device authorisations pick groups from (added: not in the spec)",
    access: { kind: 'property', permission: readers, business: 'security' },
    input: z.object({}),
    output: z.object({ list: z.array(z.object({ sid: z.string(), name: z.string() })) }),
  }),
);
