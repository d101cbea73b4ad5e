import { z } from 'zod';
import { LOCALES } from '../constants';
import { defineEndpoint, group } from '../endpoint';
import { flag, optionalText, pageOf, pageQuery } from '../envelope';
import { optionalRef, ref } from '../refs';

/**
 * Platform apps of the Android app store (`platform/`): apps the platform operator picks from the shelves of every
 * property, which every property then sees — on the platform apps page and in its F-Droid repository, beside its own
 * apps (its own win when a package name is on both). An app counts while it passed review and a version of it is on
 * the shelf of its property; otherwise it stops showing. Model: apps/server/src/modules/app-store/README.md
 * ("Platform apps").
 */

export const APP_PLATFORM_PERMISSIONS = {
  /** The platform apps page: every member of a property with the app store business reads it. */
  read: 'appService.platform',
  /** Adding and removing platform apps: a platform operator's (scope `platform`). */
  curate: 'appService.platform.curate',
} as const;

export const platformAppItem = z.object({
  appId: z.string(),
  /** The property whose app it is, and its name. */
  pno: z.string(),
  propertyName: z.string(),
  packageName: z.string(),
  /** The name in the list's language, else the app's first listing, else the package name. */
  appName: z.string(),
  summary: z.string(),
  /** The app's name in each language it has a listing in. */
  nameList: z.array(z.object({ language: z.string(), appName: z.string() })),
  /** The listing's icon, else the newest shelf version's APK icon ('' for none); signed, valid about an hour. */
  iconUrl: z.string(),
  /** The newest version on the shelf. */
  versionName: z.string(),
  versionCode: z.number().int(),
  publishTime: z.number().int().nullable(),
  /** 1 when it is a platform app (a candidate may not be yet). */
  isPlatform: flag(),
  /** Who made it a platform app, and when ('' and null for a candidate that is not one). */
  addedBy: z.string(),
  addedByName: z.string(),
  addTime: z.number().int().nullable(),
});
export type PlatformAppItem = z.output<typeof platformAppItem>;

export const appPlatformEndpoints = group(
  defineEndpoint({
    method: 'GET',
    path: 'platform/getPlatformAppList',
    summary:
      "The platform apps, newest added first, in `language` (default the reader's): `str` searches package and names, `slaveAppId` keeps one app. With `candidates` 1 (operators only) the apps on the shelf of every property instead, those already platform apps marked",
    access: { kind: 'property', permission: APP_PLATFORM_PERMISSIONS.read, business: 'appstore', orPlatform: true },
    input: pageQuery().extend({
      slaveAppId: optionalRef('app'),
      language: z.enum(LOCALES).optional(),
      str: optionalText(100),
      /** 1: the apps an operator may add (ours: the add dialog's list). */
      candidates: flag().optional(),
    }),
    output: pageOf(platformAppItem),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'platform/addPlatformApp',
    summary:
      'Make an app of any property a platform app: it must have passed review and have a version on the shelf, and no other platform app may have its package name',
    access: { kind: 'platform', permission: APP_PLATFORM_PERMISSIONS.curate },
    input: z.object({ appId: ref('app') }),
    output: platformAppItem,
    mutates: true,
  }),
  defineEndpoint({
    method: 'GET',
    path: 'platform/removePlatformApp',
    summary: 'Stop an app being a platform app (the app itself stays in its property)',
    access: { kind: 'platform', permission: APP_PLATFORM_PERMISSIONS.curate },
    input: z.object({ appId: ref('app') }),
    output: z.object({ removed: z.number().int() }),
    mutates: true,
  }),
);
