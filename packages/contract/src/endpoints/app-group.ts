import { z } from 'zod';
import { defineEndpoint, group } from '../endpoint';
import { int, optionalText, pageOf, pageQuery } from '../envelope';
import { optionalRef, ref } from '../refs';

/**
 * App groups (`group/`) arrange the app store a set of devices shows. A group belongs to a master app of the property
 * (the launcher or store client that shows the store on the device; one group per master app), has a name in both
 * languages, the devices it applies to (a device is in at most one group; the others show the whole store) and
 * ordered categories, each an ordered list of the property's apps on the shelf. `device/getDeviceInfoList` is the
 * device picker of a group. Model: apps/server/src/modules/app-group/README.md.
 */

export const APP_GROUP_PERMISSIONS = {
  /** The app groups page: reads groups, categories and the device picker. */
  read: 'appService.group',
  /** Creates, edits and deletes groups and their categories. */
  manage: 'appService.group.manage',
  /** The app store page: the store as a device shows it. */
  store: 'appService.store',
} as const;

export const APP_GROUP_NAME_MAX = 40;
/** The most devices one group names. */
export const APP_GROUP_DEVICES_MAX = 2000;
/** The most apps one category holds. */
export const APP_CATEGORY_APPS_MAX = 200;
/** The most categories one group has. */
export const APP_GROUP_CATEGORIES_MAX = 50;
export const APP_CATEGORY_POSITION_MAX = 9999;

const name = z.string().trim().min(1).max(APP_GROUP_NAME_MAX);

/** An app as the store shows it: the listing in the reader's language and the newest version on the shelf. */
export const storeAppItem = z.object({
  appId: z.string(),
  packageName: z.string(),
  appName: z.string(),
  summary: z.string(),
  description: z.string(),
  developer: z.string(),
  developerLink: z.string(),
  labels: z.array(z.string()),
  /** Signed links, valid about an hour ('' without an icon). */
  iconUrl: z.string(),
  screenshotUrlList: z.array(z.string()),
  appVersionId: z.string(),
  versionName: z.string(),
  versionCode: z.number().int(),
  /** The APK's size in bytes. */
  size: z.number().int(),
  minSdk: z.number().int(),
  permissions: z.array(z.string()),
  publishTime: z.number().int().nullable(),
});
export type StoreAppItem = z.output<typeof storeAppItem>;

export const appGroupItem = z.object({
  groupId: z.string(),
  masterAppId: z.string(),
  /** The master app's name in the reader's language, else its package name ('' when the app is gone). */
  masterAppName: z.string(),
  masterPackageName: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  /** The name in the reader's language. */
  name: z.string(),
  deviceIdList: z.array(z.string()),
  deviceCount: z.number().int(),
  categoryCount: z.number().int(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
});
export type AppGroupItem = z.output<typeof appGroupItem>;

export const groupCategoryItem = z.object({
  categoryId: z.string(),
  groupId: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  name: z.string(),
  position: z.number().int(),
  /** An image of the app store's uploads ('' for none) and its signed link. */
  iconFid: z.string(),
  iconUrl: z.string(),
  /** The apps in their order, as saved. */
  appIdList: z.array(z.string()),
  /** Those of them on the shelf now, in that order, as the store shows them. */
  appList: z.array(storeAppItem),
});
export type GroupCategoryItem = z.output<typeof groupCategoryItem>;

export const pickerDeviceItem = z.object({
  deviceId: z.string(),
  name: z.string(),
  label: z.string(),
  modelId: z.string(),
  modelName: z.string(),
  sid: z.string(),
  /** The device's group in its space's group tree ('' for none). */
  groupId: z.string(),
  /** The app group the device is in ('' for none: it shows the whole store) and its name in the reader's language. */
  appGroupId: z.string(),
  appGroupName: z.string(),
});
export type PickerDeviceItem = z.output<typeof pickerDeviceItem>;

export const appGroupEndpoints = group(
  defineEndpoint({
    method: 'POST',
    path: 'group/addOrUpdateAppGroup',
    summary:
      "Create an app group for a master app of the property (one group per master app) or edit one: its names in both languages and the devices it applies to (the property's; a device is in one group at most)",
    access: { kind: 'property', permission: APP_GROUP_PERMISSIONS.manage, business: 'appstore' },
    input: z.object({
      /** Edit this group; leave out to create one. */
      groupId: optionalRef('appGroup'),
      masterAppId: ref('app'),
      nameZh: name,
      nameEn: name,
      deviceIdList: z.array(ref('device')).max(APP_GROUP_DEVICES_MAX).default([]),
    }),
    output: appGroupItem,
  }),
  defineEndpoint({
    method: 'POST',
    path: 'group/deleteAppGroup',
    summary: 'Delete an app group with its categories; its devices show the whole store again',
    access: { kind: 'property', permission: APP_GROUP_PERMISSIONS.manage, business: 'appstore' },
    input: z.object({ groupId: ref('appGroup') }),
    output: z.object({ deleted: z.number().int() }),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'group/getGroupCategoryList',
    summary:
      "The app group of a master app and its categories in order, each with its apps on the shelf as the store shows them (listing in the reader's language, icon link, newest version); no group: `group` null and no categories",
    access: {
      kind: 'property',
      permission: [APP_GROUP_PERMISSIONS.read, APP_GROUP_PERMISSIONS.store],
      business: 'appstore',
    },
    input: z.object({ masterAppId: ref('app') }),
    output: z.object({ group: appGroupItem.nullable(), list: z.array(groupCategoryItem) }),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'group/addOrUpdateGroupCategory',
    summary:
      "Add a category to an app group or edit one: names in both languages (unique in the group), its place, an optional icon (an image of the app store's uploads) and its apps in order (the property's, on the shelf)",
    access: { kind: 'property', permission: APP_GROUP_PERMISSIONS.manage, business: 'appstore' },
    input: z.object({
      /** Edit this category; leave out to add one. */
      categoryId: optionalRef('appCategory'),
      groupId: ref('appGroup'),
      nameZh: name,
      nameEn: name,
      /** Lower first; left out: after the group's last category. */
      position: int().pipe(z.number().min(0).max(APP_CATEGORY_POSITION_MAX)).optional(),
      iconFid: optionalRef('appFile'),
      appIdList: z
        .array(ref('app'))
        .max(APP_CATEGORY_APPS_MAX)
        .refine((l) => new Set(l).size === l.length, 'appIdList')
        .default([]),
    }),
    output: groupCategoryItem,
  }),
  defineEndpoint({
    method: 'POST',
    path: 'group/deleteGroupCategory',
    summary: 'Delete a category of an app group',
    access: { kind: 'property', permission: APP_GROUP_PERMISSIONS.manage, business: 'appstore' },
    input: z.object({ categoryId: ref('appCategory') }),
    output: z.object({ deleted: z.number().int() }),
    ours: true,
  }),
  defineEndpoint({
    method: 'GET',
    path: 'group/getAppGroupListByAdmin',
    summary:
      "The property's app groups, newest first, with their device and category counts; `str` searches the names and the master app's package; `groupId` keeps one",
    access: {
      kind: 'property',
      permission: [APP_GROUP_PERMISSIONS.read, APP_GROUP_PERMISSIONS.store],
      business: 'appstore',
    },
    input: pageQuery().extend({ groupId: optionalRef('appGroup'), str: optionalText(100) }),
    output: pageOf(appGroupItem),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'group/getStoreAppList',
    summary:
      "The whole store: the property's apps on the shelf (passed review, a version published) by name, as the store shows them; `str` searches package and names",
    access: {
      kind: 'property',
      permission: [APP_GROUP_PERMISSIONS.store, APP_GROUP_PERMISSIONS.read],
      business: 'appstore',
    },
    input: pageQuery(24).extend({ str: optionalText(100) }),
    output: pageOf(storeAppItem),
    ours: true,
  }),
  defineEndpoint({
    method: 'GET',
    path: 'device/getDeviceInfoList',
    summary:
      "The device picker of app groups: the property's devices, newest first, with the app group each is in; `str` searches serial, name and label; `modelId`, `sid` and `spaceGroupId` filter",
    access: { kind: 'property', permission: APP_GROUP_PERMISSIONS.read, business: 'appstore' },
    input: pageQuery().extend({
      str: optionalText(100),
      modelId: optionalRef('deviceModel'),
      sid: optionalRef('space'),
      spaceGroupId: optionalRef('spaceGroup'),
    }),
    output: pageOf(pickerDeviceItem),
  }),
);
