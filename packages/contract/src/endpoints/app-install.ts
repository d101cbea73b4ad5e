import { z } from 'zod';
import { defineEndpoint, group } from '../endpoint';
import { flag, pageOf, pageQuery } from '../envelope';
import { ref } from '../refs';
import { APP_STORE_PERMISSIONS } from './app-store';
import { ACTION_RESULT_STATES, actionResultCounts } from './device-action';
import { DEVICE_READERS } from './device-common';

/**
 * Apps on devices (ours: the spec shows none of it): what each device reports it has installed, and pushes — an
 * administrator asks chosen devices to install a version on the shelf now, or as a forced update. A push is a
 * campaign of device actions of kind `appInstall` (modules/device-action), given to devices through Keel's commands
 * resource; each device's part ends when it answers. Model: apps/server/src/modules/app-store/README.md "Devices".
 */

/** Devices one push may name. */
export const APP_PUSH_DEVICES_MAX = 1000;
/** How long a push waits for its devices, in days. */
export const APP_PUSH_EXPIRE_DAYS = 7;

export const APP_PUSH_STATES = ['active', 'finished', 'cancelled'] as const;
export type AppPushState = (typeof APP_PUSH_STATES)[number];

export const installedAppItem = z.object({
  packageName: z.string(),
  versionCode: z.number().int(),
  versionName: z.string(),
  /** When the device last reported it (ms). */
  reportTime: z.number().int(),
  /** The store's app of that package ('' when the store has none), its name in the reader's language and icon link. */
  appId: z.string(),
  appName: z.string(),
  iconUrl: z.string(),
  /** The newest version on the shelf for the device's model, if any, and whether it is newer than the installed one. */
  latestVersionCode: z.number().int().nullable(),
  latestVersionName: z.string(),
  updateAvailable: flag(),
  forceUpdate: flag(),
});
export type InstalledAppItem = z.output<typeof installedAppItem>;

export const appPushItem = z.object({
  pushId: z.string(),
  appId: z.string(),
  appVersionId: z.string(),
  versionCode: z.number().int(),
  versionName: z.string(),
  force: flag(),
  state: z.enum(APP_PUSH_STATES),
  total: z.number().int(),
  counts: actionResultCounts,
  expireTime: z.number().int(),
  creatorName: z.string(),
  createTime: z.number().int(),
});
export type AppPushItem = z.output<typeof appPushItem>;

export const appPushDeviceItem = z.object({
  deviceId: z.string(),
  deviceName: z.string(),
  state: z.enum(ACTION_RESULT_STATES),
  /** What the device answered (a failure's reason). */
  message: z.string(),
  updateTime: z.number().int(),
});
export type AppPushDeviceItem = z.output<typeof appPushDeviceItem>;

const manage = { kind: 'property', permission: APP_STORE_PERMISSIONS.manage, business: 'appstore' } as const;

export const appInstallEndpoints = group(
  defineEndpoint({
    method: 'GET',
    path: 'ai/getDeviceAppList',
    summary:
      'The apps a device reported it has installed, by package, each with the store app of that package and whether a newer version is on the shelf for its model',
    access: { kind: 'property', permission: DEVICE_READERS, business: 'appstore' },
    input: z.object({ deviceId: ref('device') }),
    output: z.object({ list: z.array(installedAppItem) }),
    ours: true,
  }),
  defineEndpoint({
    method: 'POST',
    path: 'av/pushAppVersion',
    summary: `Ask devices (at most ${APP_PUSH_DEVICES_MAX}, each of a model the version fits) to install a version on the shelf; \`force\` 1 installs it without asking the device's user. Waits ${APP_PUSH_EXPIRE_DAYS} days for them`,
    access: manage,
    input: z.object({
      appVersionId: ref('appVersion'),
      deviceIdList: z.array(ref('device')).min(1).max(APP_PUSH_DEVICES_MAX),
      force: flag().default(0),
    }),
    output: appPushItem,
    ours: true,
  }),
  defineEndpoint({
    method: 'GET',
    path: 'av/getAppPushList',
    summary: "An app's pushes, newest first, with their devices counted by state",
    access: manage,
    input: pageQuery().extend({ appId: ref('app') }),
    output: pageOf(appPushItem),
    ours: true,
  }),
  defineEndpoint({
    method: 'GET',
    path: 'av/getAppPushDeviceList',
    summary: "A push's devices and what each answered, in the order they were asked",
    access: manage,
    input: pageQuery().extend({ pushId: ref('appPush') }),
    output: pageOf(appPushDeviceItem),
    ours: true,
  }),
  defineEndpoint({
    method: 'GET',
    path: 'av/cancelAppPush',
    summary:
      'Cancel an active push: devices that have not answered are not asked any more (one already installing may finish)',
    access: manage,
    input: z.object({ pushId: ref('appPush') }),
    output: appPushItem,
    mutates: true,
    ours: true,
  }),
);
