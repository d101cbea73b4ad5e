import { z } from 'zod';
import { flag } from '../envelope';
import { FIRMWARE_PERMISSIONS } from './firmware';

/**
 * What the device calls (`di/`, `db/`) and the device catalogue (`dm/`) share: the device id, operating systems,
 * admission states and the permission ids. Model: apps/server/src/modules/device/README.md.
 */

export const DEVICE_PERMISSIONS = {
  /** The terminal list page: read devices. */
  list: 'terminals.list',
  /** Register, edit and delete devices; reset their credentials. */
  edit: 'terminals.list.edit',
  /** Accept or reject self-enrolled devices; the enrolment key. */
  admit: 'terminals.list.admit',
  /** Bind devices to users and unbind them. */
  bind: 'terminals.list.bind',
  /** The terminal detail page. */
  detail: 'terminals.detail',
  /** The data-management page (models, platforms, types): read. */
  catalogue: 'terminals.data',
  /** Create, edit and delete models, platforms and types. */
  catalogueEdit: 'terminals.data.edit',
} as const;

/**
 * Who reads the device list and a device's details: the terminal pages, and the firmware update-terminals page
 * (FotaTerminalPage), which shows the same devices with their versions and upgrades.
 */
export const DEVICE_READERS = [
  DEVICE_PERMISSIONS.list,
  DEVICE_PERMISSIONS.detail,
  FIRMWARE_PERMISSIONS.terminal,
] as const;

/** The business devices belong to (the terminal pages need it enabled). */
export const DEVICE_BUSINESS = 'terminal';

/**
 * A device id: the device's own identifier (serial number, MAC address, hawkBit controller id), unique on the
 * platform. Letters, digits and `. _ : -`, starting with a letter or digit, at most 64: it appears in device-API
 * URLs unescaped.
 */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;
export const deviceIdText = () => z.string().trim().regex(DEVICE_ID_PATTERN, 'deviceId');

/** Operating systems a device platform (and so a device) runs; `getOsTypeList` names them in both languages. */
export const OS_TYPES = ['linux', 'android', 'rtos', 'windows', 'other'] as const;
export type OsType = (typeof OS_TYPES)[number];
export const OS_TYPE_NAMES: Record<OsType, { 'zh-cn': string; en: string }> = {
  linux: { 'zh-cn': 'Linux', en: 'Linux' },
  android: { 'zh-cn': 'Android', en: 'Android' },
  rtos: { 'zh-cn': '实时操作系统（RTOS）', en: 'RTOS' },
  windows: { 'zh-cn': 'Windows', en: 'Windows' },
  other: { 'zh-cn': '其他', en: 'Other' },
};
export const osType = () => z.enum(OS_TYPES);

/**
 * Admission: a device registered in the console is `accepted`; one that enrolled itself with the property's
 * enrolment key waits `pending` until an administrator accepts or rejects it. A rejected device is refused by the
 * device API.
 */
export const ADMISSIONS = ['pending', 'accepted', 'rejected'] as const;
export type Admission = (typeof ADMISSIONS)[number];
export const admission = () => z.enum(ADMISSIONS);

/** How a device came to be known: registered in the console, or enrolled itself over the device API. */
export const ENROLMENTS = ['console', 'gateway'] as const;

export const DEVICE_NAME_MAX = 50;
export const DEVICE_LABEL_MAX = 50;
export const DEVICE_REMARK_MAX = 200;
/** Most devices one call changes (bind, unbind, admit, delete). */
export const DEVICE_BATCH_MAX = 500;

/** A 0/1 flag or '' (no filter) in a query string. */
export const optionalFlag = () =>
  z
    .union([z.literal(''), flag()])
    .optional()
    .transform((v) => (v === '' ? undefined : v));
