import { z } from 'zod';
import { defineEndpoint, group } from '../endpoint';
import { flag, id, optionalText, pageOf, pageQuery } from '../envelope';
import { optionalRef, ref } from '../refs';
import {
  admission,
  DEVICE_BATCH_MAX,
  DEVICE_BUSINESS,
  DEVICE_LABEL_MAX,
  DEVICE_NAME_MAX,
  DEVICE_READERS,
  DEVICE_REMARK_MAX,
  deviceIdText,
  ENROLMENTS,
  optionalFlag,
  osType,
  DEVICE_PERMISSIONS as P,
} from './device-common';
import { FIRMWARE_PERMISSIONS } from './firmware';
import { filterPno, searchText } from './member-group';
import { business } from './property';

/**
 * Devices (`di/`) and their users (`db/`): the property's device registry, self-enrolment with the property's
 * enrolment key and its admission, and binding devices to users. The device API itself (hawkBit DDI) is declared
 * in `../device-api/ddi.ts`. Model: apps/server/src/modules/device/README.md.
 */

/** A device as lists show it. */
export const deviceItem = z.object({
  deviceId: z.string(),
  /** The device's property (operators list across properties). */
  pno: z.string(),
  propertyName: z.string(),
  name: z.string(),
  label: z.string(),
  business: business(),
  /** The model's id, or null. */
  model: z.string().nullable(),
  modelName: z.string().nullable(),
  osType: osType(),
  /** 1: a sample (prototype) device, 0: a production one. */
  mockup: flag(),
  /** The terminal space and the group of its tree the device belongs to (ids). */
  sid: z.string().nullable(),
  groupId: z.string().nullable(),
  /** The bound user, or null. */
  uid: z.string().nullable(),
  userName: z.string().nullable(),
  userPhoneNum: z.string().nullable(),
  admission: admission(),
  enrolment: z.enum(ENROLMENTS),
  /** 1 when the device has its own credential (TargetToken); 0 when it uses the enrolment key. */
  hasCredential: flag(),
  firmwareVersion: z.string(),
  appVersion: z.string(),
  /** 1 when the device polled within twice its polling interval. */
  online: flag(),
  firstSeenTime: z.number().int().nullable(),
  lastSeenTime: z.number().int().nullable(),
  createTime: z.number().int(),
});
export type DeviceItem = z.output<typeof deviceItem>;

/** One device with everything it reported. */
export const deviceDetail = deviceItem.extend({
  remark: z.string(),
  /** The attributes the device reported (hawkBit configData), by name. */
  attributes: z.record(z.string(), z.string()),
  attributesTime: z.number().int().nullable(),
  lastAddress: z.string().nullable(),
  bindTime: z.number().int().nullable(),
  platformName: z.string().nullable(),
  typeName: z.string().nullable(),
  updateTime: z.number().int(),
  /**
   * Mender: the key the device enrolled with and another one it presented since (a factory reset, a new secure
   * element), waiting for an administrator (`di/admitDeviceKey`); SHA-256 fingerprints of the public keys. Null for
   * a device that does not speak Mender.
   */
  menderKey: z
    .object({
      fingerprint: z.string(),
      pending: z.object({ fingerprint: z.string(), time: z.number().int() }).nullable(),
    })
    .nullable(),
});
export type DeviceDetail = z.output<typeof deviceDetail>;

const deviceName = () => z.string().trim().max(DEVICE_NAME_MAX);
const label = () => z.string().trim().max(DEVICE_LABEL_MAX);
const remark = () => z.string().trim().max(DEVICE_REMARK_MAX);
/** A group of a space's group tree (spaces issue): a plain id here. */
const groupId = () => id();
const deviceIdList = () =>
  z
    .array(ref('device'))
    .min(1)
    .max(DEVICE_BATCH_MAX)
    .transform((ids) => [...new Set(ids)]);

/** The device's own credential, shown once. */
const issued = z.object({ deviceId: z.string(), credential: z.string() });

/** A text filter of a query string, where '' means none. */

const listFilters = {
  business: z
    .union([z.literal(''), business()])
    .optional()
    .transform((v) => v || undefined),
  groupId: optionalText(64),
  /** Exact label. */
  label: optionalText(DEVICE_LABEL_MAX),
  mockup: optionalFlag(),
  /** A model id. */
  model: optionalRef('deviceModel'),
  osType: z
    .union([z.literal(''), osType()])
    .optional()
    .transform((v) => v || undefined),
  sid: optionalRef('space'),
  /** Searches the device id, name and label. */
  str: searchText(),
  /** The bound user. */
  uid: optionalRef('user'),
  admission: z
    .union([z.literal(''), admission()])
    .optional()
    .transform((v) => v || undefined),
  online: optionalFlag(),
};

/**
 * The polling interval devices are told (hawkBit DDI `config.polling.sleep`), in seconds: what a property sets must lie
 * within the operator's bounds, and the bounds within these limits (DDI writes it as `HH:MM:SS`).
 */
export const POLL_SECONDS_LIMIT = { min: 1, max: 86_400 } as const;
/** The operator's bounds until they set their own. */
export const POLL_BOUNDS_DEFAULT = { minSeconds: 10, maxSeconds: 86_400 } as const;
const pollSeconds = () => z.number().int().min(POLL_SECONDS_LIMIT.min).max(POLL_SECONDS_LIMIT.max);

/** The operator's bounds on the intervals properties set. */
export const pollBounds = z.object({
  minSeconds: z.number().int(),
  maxSeconds: z.number().int(),
  /** The interval devices are told where a property set none (`DEVICE_POLL_SLEEP`), in seconds. */
  defaultPollSeconds: z.number().int(),
  /** When the operator last saved them; null: never (the defaults). */
  updateTime: z.number().int().nullable(),
});

/** A property's polling intervals: what it set (null: the default), what devices are told, and the bounds. */
export const pollSettings = z.object({
  /** Set by the property, in seconds; null: the platform's default. */
  pollSeconds: z.number().int().nullable(),
  /** While a rollout targets the device (it is offered a deployment); null: the same as `pollSeconds`. */
  rolloutPollSeconds: z.number().int().nullable(),
  /** What devices are told: the values set, brought within the current bounds, or the defaults. */
  effectivePollSeconds: z.number().int(),
  effectiveRolloutPollSeconds: z.number().int(),
  defaultPollSeconds: z.number().int(),
  minSeconds: z.number().int(),
  maxSeconds: z.number().int(),
  updateTime: z.number().int().nullable(),
});

export const deviceEndpoints = group(
  defineEndpoint({
    method: 'GET',
    path: 'di/getDeviceFilterList',
    summary:
      "What the device list can be filtered by in the property (operators without `pno`: `filterPno`'s): models, operating systems, labels in use, businesses",
    access: { kind: 'property', permission: DEVICE_READERS, business: DEVICE_BUSINESS, orPlatform: true },
    input: z.object({ filterPno }),
    output: z.object({
      modelList: z.array(z.object({ modelId: z.string(), name: z.string() })),
      osTypeList: z.array(z.object({ osType: osType(), name: z.string() })),
      labelList: z.array(z.string()),
      businessList: z.array(business()),
    }),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'di/getMyDeviceList',
    summary:
      'The devices bound to the signed-in user, in every property, newest first; `str` searches id, name and label',
    access: { kind: 'user' },
    input: pageQuery().extend({ str: searchText() }),
    output: pageOf(deviceItem),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'di/getAllDeviceList',
    summary:
      "The property's devices, newest first (operators without `pno`: every property's, or `filterPno`'s), filtered by business, group, label, sample flag, model, OS, space, user, admission and online state",
    access: {
      kind: 'property',
      permission: [P.list, FIRMWARE_PERMISSIONS.terminal],
      business: DEVICE_BUSINESS,
      orPlatform: true,
    },
    input: pageQuery().extend({ ...listFilters, filterPno }),
    output: pageOf(deviceItem),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'di/getMyDeviceInfo',
    summary: 'A device bound to the signed-in user, with what it reported',
    access: { kind: 'user' },
    input: z.object({ deviceId: ref('device') }),
    output: deviceDetail,
  }),
  defineEndpoint({
    method: 'GET',
    path: 'di/getAnyDeviceInfo',
    summary: 'A device of the property (operators without `pno`: any device), with what it reported',
    access: { kind: 'property', permission: DEVICE_READERS, business: DEVICE_BUSINESS, orPlatform: true },
    input: z.object({ deviceId: ref('device') }),
    output: deviceDetail,
  }),
  defineEndpoint({
    method: 'GET',
    path: 'di/getOsTypeList',
    summary: 'The operating systems a device platform can run, named in the request language',
    access: { kind: 'user' },
    input: z.object({}),
    output: z.array(z.object({ osType: osType(), name: z.string() })),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'di/registerDevice',
    summary:
      "Register a device in the property (accepted at once) and issue its own credential, shown only in this answer; the OS defaults to the model's platform's",
    access: { kind: 'property', permission: P.edit, business: DEVICE_BUSINESS, scope: { space: 'sid' } },
    input: z.object({
      deviceId: deviceIdText(),
      name: deviceName().default(''),
      label: label().default(''),
      business: business().default(DEVICE_BUSINESS),
      model: ref('deviceModel').optional(),
      osType: osType().optional(),
      mockup: flag().default(0),
      sid: ref('space').optional(),
      groupId: groupId().optional(),
      uid: ref('user').optional(),
      remark: remark().default(''),
    }),
    output: issued,
  }),
  defineEndpoint({
    method: 'POST',
    path: 'di/updateDeviceInfo',
    ours: true,
    summary: "Change a device's name, label, business, model, OS, sample flag, space, group or remark (null clears)",
    access: { kind: 'property', permission: P.edit, business: DEVICE_BUSINESS, scope: { space: 'sid' } },
    input: z.object({
      deviceId: ref('device'),
      name: deviceName().optional(),
      label: label().optional(),
      business: business().optional(),
      model: ref('deviceModel').nullable().optional(),
      osType: osType().optional(),
      mockup: flag().optional(),
      sid: ref('space').nullable().optional(),
      groupId: groupId().nullable().optional(),
      remark: remark().optional(),
    }),
    output: z.null(),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'di/delDevice',
    ours: true,
    summary: 'Remove devices from the property; their credentials stop working at once',
    access: { kind: 'property', permission: P.edit, business: DEVICE_BUSINESS },
    input: z.object({ deviceIdList: deviceIdList() }),
    output: z.object({ removed: z.number().int() }),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'di/resetDeviceCredential',
    ours: true,
    summary: 'Issue a device a new credential (shown only in this answer); the old one stops working at once',
    access: { kind: 'property', permission: P.edit, business: DEVICE_BUSINESS },
    input: z.object({ deviceId: ref('device') }),
    output: issued,
  }),
  defineEndpoint({
    method: 'POST',
    path: 'di/admitDevice',
    ours: true,
    summary: 'Accept (1) or reject (0) devices; a rejected device is refused by the device API, an accepted one served',
    access: { kind: 'property', permission: P.admit, business: DEVICE_BUSINESS },
    input: z.object({ deviceIdList: deviceIdList(), accept: flag() }),
    output: z.object({ changed: z.number().int() }),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'di/admitDeviceKey',
    ours: true,
    summary:
      "Accept (1) or reject (0) the new key a Mender device presented: accepted, it replaces the enrolled key and the old key's tokens stop; rejected, the device keeps its enrolled key",
    access: { kind: 'property', permission: P.admit, business: DEVICE_BUSINESS },
    input: z.object({ deviceId: ref('device'), accept: flag() }),
    output: z.object({ changed: flag() }),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'di/getEnrolmentKeyInfo',
    ours: true,
    summary:
      "Whether the property's enrolment key is on (devices enrol themselves with it and wait for admission), its last characters, and the device API's polling interval",
    access: { kind: 'property', permission: P.admit, business: DEVICE_BUSINESS },
    input: z.object({}),
    output: z.object({
      enabled: flag(),
      /** The key's last four characters. */
      hint: z.string().nullable(),
      createTime: z.number().int().nullable(),
      /** The polling interval devices are told ("HH:MM:SS"). */
      pollSleep: z.string(),
    }),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'di/getPollSettings',
    ours: true,
    summary:
      "The property's device polling intervals (the usual one and the shorter one while a rollout targets a device), what devices are told, and the operator's bounds",
    access: { kind: 'property', permission: [P.list, P.edit], business: DEVICE_BUSINESS },
    input: z.object({}),
    output: pollSettings,
  }),
  defineEndpoint({
    method: 'POST',
    path: 'di/savePollSettings',
    ours: true,
    summary:
      "Set the property's device polling intervals in seconds (null: the default), within the operator's bounds; the rollout interval may not be longer than the usual one. Devices are told at their next poll",
    access: { kind: 'property', permission: P.edit, business: DEVICE_BUSINESS },
    input: z.object({ pollSeconds: pollSeconds().nullable(), rolloutPollSeconds: pollSeconds().nullable() }),
    output: pollSettings,
  }),
  defineEndpoint({
    method: 'GET',
    path: 'di/getPollBounds',
    ours: true,
    summary: 'The shortest and longest device polling interval a property may set (operators)',
    access: { kind: 'platform', permission: 'back.terminals' },
    input: z.object({}),
    output: pollBounds,
  }),
  defineEndpoint({
    method: 'POST',
    path: 'di/savePollBounds',
    ours: true,
    summary:
      "Set the shortest and longest device polling interval a property may set, in seconds; properties' intervals outside them are brought within at once",
    access: { kind: 'platform', permission: 'back.terminals' },
    input: z.object({ minSeconds: pollSeconds(), maxSeconds: pollSeconds() }),
    output: pollBounds,
  }),
  defineEndpoint({
    method: 'POST',
    path: 'di/resetEnrolmentKey',
    ours: true,
    summary: 'Issue the property a new enrolment key (shown only in this answer); the old one stops working at once',
    access: { kind: 'property', permission: P.admit, business: DEVICE_BUSINESS },
    input: z.object({}),
    output: z.object({ key: z.string() }),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'di/disableEnrolmentKey',
    ours: true,
    summary: "Switch self-enrolment off: the property's enrolment key stops working",
    access: { kind: 'property', permission: P.admit, business: DEVICE_BUSINESS },
    input: z.object({}),
    output: z.null(),
  }),
);

/** One line of a bind call: a device and its user, by uid or phone number. */
export const bindLine = z.object({
  deviceId: z.string().trim().min(1).max(64),
  uid: id().optional(),
  phoneNum: z.string().trim().max(20).optional(),
});

/** The result of one line: status 0 bound (or already bound to the user), otherwise a catalogue status. */
export const bindResult = z.object({
  deviceId: z.string(),
  uid: z.string().nullable(),
  status: z.number().int(),
  msg: z.string(),
});
export type BindResult = z.output<typeof bindResult>;

export const deviceBindEndpoints = group(
  defineEndpoint({
    method: 'POST',
    path: 'db/bindDevice',
    summary:
      "Bind devices to users (by uid or phone), each line on its own: a user must be a member of the device's property; a device bound to someone else is refused until unbound. Operators without `pno` bind in any property",
    access: { kind: 'property', permission: P.bind, business: DEVICE_BUSINESS, orPlatform: true },
    input: z.object({ bindList: z.array(bindLine).min(1).max(DEVICE_BATCH_MAX) }),
    output: z.object({ bound: z.number().int(), resultList: z.array(bindResult) }),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'db/unbindDevice',
    summary: 'Unbind devices from their users (idempotent: a device bound to nobody is skipped)',
    access: { kind: 'property', permission: P.bind, business: DEVICE_BUSINESS, orPlatform: true },
    input: z.object({ deviceIdList: deviceIdList() }),
    output: z.object({ unbound: z.number().int() }),
  }),
);
