import { z } from 'zod';
import { LOCALES } from '../constants';
import { defineEndpoint, group } from '../endpoint';
import { flag, int, optionalText, pageOf, pageQuery } from '../envelope';
import { optionalRef, ref } from '../refs';

/**
 * The Android app store: apps (`ai/`), their versions (`av/`) and the APK files they are made from. An app belongs to
 * a property and to the member who made it (its developer, `ownerUid`); its package name is unique in the property.
 * It has a listing per language. A version is one APK, analysed on upload (package, versionCode and name, SDK levels,
 * permissions, native ABIs, the signing certificate, icon and label): its versionCode rises strictly and its
 * certificate stays that of the app's earlier versions. Saving as a draft keeps it; submitting opens a review in the
 * workflow engine (apply types `app` and `appVersion`), which passes or rejects it.
 *
 * `…ByUser` calls are a developer's own apps: another developer's app is "not found". `…ByAdmin` calls are the
 * property's, for those holding `appService.appInfo.manage`, with an `ownerUid` filter. Model:
 * apps/server/src/modules/app-store/README.md.
 */

export const APP_STORE_PERMISSIONS = {
  /** The app details page: every member's own apps (a developer's). */
  develop: 'appService.appInfo',
  /** Every app of the property (the ByAdmin calls). */
  manage: 'appService.appInfo.manage',
} as const;

/** Review states of an app's information and of a version. */
export const AUDIT_STATUS = { draft: 0, auditing: 1, passed: 2, rejected: 3 } as const;
export const AUDIT_STATUS_VALUES = [0, 1, 2, 3] as const;
/**
 * Where a passed version stands on its way to the shelf: 0 not asked, 1 the shelf review runs, 2 passed and waiting
 * for `demandShelfTime`, 3 the shelf review rejected it (`published` says whether it is on the shelf).
 */
export const SHELF_STATUS = { none: 0, auditing: 1, scheduled: 2, rejected: 3 } as const;
export type AuditStatus = (typeof AUDIT_STATUS_VALUES)[number];

/** 1: an application users install; 2: a system app (installed with the firmware's privileges). */
export const APP_TYPES = [1, 2] as const;
/** The age an app is rated for: 0 is everyone. */
export const AGE_LEVELS = [0, 3, 8, 12, 16, 18] as const;

export const APP_NAME_MAX = 50;
export const APP_SUMMARY_MAX = 80;
export const APP_DESCRIPTION_MAX = 4000;
export const APP_LABELS_MAX = 10;
export const APP_SCREENSHOTS_MAX = 8;
export const APP_VERSION_TEXT_MAX = 4000;
/** The largest APK accepted. */
export const APK_MAX_BYTES = 512 * 1024 * 1024;
/** The largest icon or screenshot accepted. */
export const APP_IMAGE_MAX_BYTES = 4 * 1024 * 1024;
/** A Java package name: dot-separated identifiers, at least two. */
export const PACKAGE_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/;

const text = (max: number) => z.string().trim().max(max).default('');
const optionalFlag = z
  .union([flag(), z.literal('')])
  .optional()
  .transform((v) => (v === '' ? undefined : v));

/** One language's listing. */
export const appListing = z.object({
  language: z.enum(LOCALES),
  appName: z.string().trim().min(1).max(APP_NAME_MAX),
  summary: text(APP_SUMMARY_MAX),
  description: text(APP_DESCRIPTION_MAX),
  /** An image of the app's files (`ai/uploadAppFile`), or '' for none (the APK's own icon is then shown). */
  appIconFid: z.string().trim().max(64).default(''),
  screenshotFidList: z.array(z.string().trim().min(1).max(64)).max(APP_SCREENSHOTS_MAX).default([]),
  developer: text(APP_NAME_MAX),
  developerLink: z
    .string()
    .trim()
    .max(300)
    .regex(/^(https?:\/\/\S+)?$/i, 'developerLink')
    .default(''),
  labels: z.array(z.string().trim().min(1).max(20)).max(APP_LABELS_MAX).default([]),
});
export type AppListing = z.output<typeof appListing>;

/** A listing as answered: with links to its images (signed, valid about an hour). */
export const appListingView = appListing.extend({
  /** The icon: the listing's, else the newest version's APK icon; '' for none. */
  appIconUrl: z.string(),
  screenshotUrlList: z.array(z.string()),
});
export type AppListingView = z.output<typeof appListingView>;

export const appItem = z.object({
  appId: z.string(),
  packageName: z.string(),
  free: flag(),
  ageLevel: z.number().int(),
  auditStatus: z.number().int(),
  appType: z.number().int(),
  /** The signing service's certificate, USB key and key part the app is signed with ('' for none). */
  keystore: z.string(),
  ukey: z.string(),
  partKey: z.string(),
  ownerUid: z.string(),
  ownerName: z.string(),
  languageList: z.array(appListingView),
  /** The listing in the reader's language, else the first, else empty. */
  activeLanguage: appListingView.extend({ language: z.string() }),
  /** 1 when a version is on the shelf. */
  published: flag(),
  versionCount: z.number().int(),
  /** The newest version's name ('' without versions). */
  latestVersionName: z.string(),
  /** Why the last review rejected it ('' otherwise). */
  auditComment: z.string(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
});
export type AppItem = z.output<typeof appItem>;

/** What an APK holds, read on upload. */
export const apkAnalysis = z.object({
  packageName: z.string(),
  versionCode: z.number().int(),
  versionName: z.string(),
  minSdk: z.number().int(),
  targetSdk: z.number().int(),
  permissions: z.array(z.string()),
  abis: z.array(z.string()),
  /** SHA-256 of the signing certificate (lower-case hex), '' when unsigned. */
  certSha256: z.string(),
  /** The launcher label, by language ('' key: the default). */
  labels: z.record(z.string(), z.string()),
  /** The icon, stored as an image of the app's files ('' when the APK has none Keel can show). */
  iconFid: z.string(),
});
export type ApkAnalysis = z.output<typeof apkAnalysis>;

export const APP_FILE_KINDS = ['apk', 'image'] as const;
export type AppFileKind = (typeof APP_FILE_KINDS)[number];

export const appFileItem = z.object({
  fid: z.string(),
  /** A link to the file (an image shown, an APK saved), signed, valid about an hour. */
  url: z.string(),
  /** An APK's icon read from it ('' without one, and for an image), likewise. */
  iconUrl: z.string(),
  kind: z.enum(APP_FILE_KINDS),
  name: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  /** An APK's analysis; null for an image. */
  apk: apkAnalysis.nullable(),
});
export type AppFileItem = z.output<typeof appFileItem>;

export const appVersionItem = z.object({
  appVersionId: z.string(),
  appId: z.string(),
  packageName: z.string(),
  versionCode: z.number().int(),
  versionName: z.string(),
  fid: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  /** Links to the APK and its icon ('' without one), signed, valid about an hour. */
  downloadUrl: z.string(),
  iconUrl: z.string(),
  apk: apkAnalysis,
  supportPlugin: flag(),
  forceUpdate: flag(),
  privacyStatement: z.string(),
  copyrights: z.string(),
  auditStatus: z.number().int(),
  auditComment: z.string(),
  /** When it should go on the shelf once passed (ms), or null: as soon as it is put there. */
  demandShelfTime: z.number().int().nullable(),
  compatibleDeviceList: z.array(z.object({ modelId: z.string(), name: z.string() })),
  shelfStatus: z.number().int(),
  /** Why the shelf review rejected it ('' otherwise). */
  shelfComment: z.string(),
  published: flag(),
  publishTime: z.number().int().nullable(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
});
export type AppVersionItem = z.output<typeof appVersionItem>;

const appListInput = pageQuery().extend({
  appId: optionalRef('app'),
  str: optionalText(100),
  published: optionalFlag,
});

const appSaveInput = z.object({
  /** Edit this app; leave out to create one. */
  appId: optionalRef('app'),
  packageName: z.string().trim().regex(PACKAGE_NAME_PATTERN, 'packageName').max(200),
  free: flag().default(1),
  ageLevel: z.union(AGE_LEVELS.map((a) => z.literal(a))).default(0),
  appType: int()
    .pipe(z.union([z.literal(1), z.literal(2)]))
    .default(1),
  keystore: optionalRef('signCert'),
  ukey: optionalRef('ukey'),
  partKey: z.string().trim().max(64).default(''),
  languageList: z
    .array(appListing)
    .min(1)
    .max(LOCALES.length)
    .refine((l) => new Set(l.map((e) => e.language)).size === l.length, 'languageList'),
  /** 0: keep it as a draft; 1: submit it for review. */
  submit: flag().default(0),
});

const versionListInput = pageQuery().extend({
  appId: ref('app'),
  published: optionalFlag,
  supportPlugin: optionalFlag,
});

const versionSaveInput = z.object({
  /** Edit this version (a draft or a rejected one); leave out to add one. */
  appVersionId: optionalRef('appVersion'),
  appId: ref('app'),
  /** The APK (`ai/uploadAppFile`). */
  fid: ref('appFile'),
  supportPlugin: flag().default(0),
  forceUpdate: flag().default(0),
  privacyStatement: text(APP_VERSION_TEXT_MAX),
  copyrights: text(APP_VERSION_TEXT_MAX),
  demandShelfTime: int().pipe(z.number().min(0)).nullable().default(null),
  compatibleDeviceList: z.array(ref('deviceModel')).max(200).default([]),
  submit: flag().default(0),
});

/** One endpoint per caller kind: the developer's own (`ByUser`) and the property's (`ByAdmin`). */
function byUserAndAdmin<const P extends string, I extends z.ZodType, O extends z.ZodType>(def: {
  method: 'GET' | 'POST';
  path: P;
  summary: string;
  input: I;
  output: O;
  mutates?: boolean;
  ours?: boolean;
}) {
  return [
    defineEndpoint({
      ...def,
      path: `${def.path}ByUser` as `${P}ByUser`,
      summary: `${def.summary} (the caller's own apps)`,
      access: { kind: 'property', permission: APP_STORE_PERMISSIONS.develop, business: 'appstore' },
    }),
    defineEndpoint({
      ...def,
      path: `${def.path}ByAdmin` as `${P}ByAdmin`,
      summary: `${def.summary} (any app of the property)`,
      access: { kind: 'property', permission: APP_STORE_PERMISSIONS.manage, business: 'appstore' },
    }),
  ] as const;
}

export const appStoreEndpoints = group(
  defineEndpoint({
    method: 'GET',
    path: 'ai/getAppInfoListByUser',
    summary:
      "The caller's own apps, newest first; `str` searches package name and app names; `published` keeps those on the shelf or not",
    access: { kind: 'property', permission: APP_STORE_PERMISSIONS.develop, business: 'appstore' },
    input: appListInput,
    output: pageOf(appItem),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'ai/getAppInfoListByAdmin',
    summary:
      "The property's apps, newest first; `ownerUid` keeps one developer's; `str` searches package name and app names",
    access: { kind: 'property', permission: APP_STORE_PERMISSIONS.manage, business: 'appstore' },
    input: appListInput.extend({ ownerUid: optionalRef('user') }),
    output: pageOf(appItem),
  }),
  ...byUserAndAdmin({
    method: 'POST',
    path: 'ai/saveAppInfo',
    summary:
      'Create an app or edit one (not while it is under review): its package name (unique in the property), rating, type, signing link and a listing per language; `submit` 1 sends it for review',
    input: appSaveInput,
    output: appItem,
  }),
  ...byUserAndAdmin({
    method: 'POST',
    path: 'ai/cancelAuditingAppInfo',
    summary: "Withdraw an app's information from review: it is a draft again",
    input: z.object({ appId: ref('app') }),
    output: appItem,
  }),
  ...byUserAndAdmin({
    method: 'GET',
    path: 'ai/deleteAppInfoDraft',
    summary: 'Delete an app that is a draft and has no version past draft, with its draft versions',
    input: z.object({ appId: ref('app') }),
    output: z.object({ deleted: z.number().int() }),
    mutates: true,
  }),
  defineEndpoint({
    method: 'POST',
    path: 'ai/uploadAppFile',
    summary:
      "Upload an APK (analysed: refused with the reason when it is not a sound, signed APK) or an image (PNG, JPEG or WebP) for an app's listing; answers the file and what was read from it",
    access: { kind: 'property', permission: APP_STORE_PERMISSIONS.develop, business: 'appstore' },
    input: z.object({ kind: z.enum(APP_FILE_KINDS) }),
    output: appFileItem,
    upload: { maxBytes: APK_MAX_BYTES },
    ours: true,
  }),
  defineEndpoint({
    method: 'GET',
    path: 'ai/getAppStoreRepository',
    summary:
      "The property's F-Droid repository, to add to an F-Droid client: its path (under this server's address; `modelId` gives the one of a device model's apps) and the SHA-256 fingerprint of the certificate its index is signed with",
    access: { kind: 'property', permission: APP_STORE_PERMISSIONS.develop, business: 'appstore' },
    input: z.object({ modelId: optionalRef('deviceModel') }),
    output: z.object({ path: z.string(), fingerprint: z.string() }),
    ours: true,
  }),
  ...byUserAndAdmin({
    method: 'POST',
    path: 'av/resignAppVerInfo',
    summary:
      "Re-sign a draft or rejected version's APK with the app's certificate (`keystore`) through a sign module of type apk the caller is authorised for (the signing service keeps the record); the signed APK becomes the version's file. An app with a certificate submits only versions signed with it",
    input: z.object({ appVersionId: ref('appVersion'), moduleId: ref('signModule') }),
    output: appVersionItem,
    ours: true,
  }),
  ...byUserAndAdmin({
    method: 'GET',
    path: 'av/getAppVerInfoList',
    summary: "An app's versions, highest versionCode first",
    input: versionListInput,
    output: pageOf(appVersionItem),
  }),
  ...byUserAndAdmin({
    method: 'POST',
    path: 'av/saveAppVerInfo',
    summary:
      "Add a version from an uploaded APK, or edit a draft or rejected one: the APK must be of the app's package, its versionCode above every other version's and its certificate that of the earlier versions; `submit` 1 sends it for review",
    input: versionSaveInput,
    output: appVersionItem,
  }),
  ...byUserAndAdmin({
    method: 'POST',
    path: 'av/putOnShelf',
    summary:
      'Ask for a passed version of a passed app to go on the shelf: the shelf review opens (apply type `appShelf`); once it passes, the version is on the shelf at once or at its `demandShelfTime`',
    input: z.object({ appId: ref('app'), appVersionId: ref('appVersion') }),
    output: appVersionItem,
  }),
  ...byUserAndAdmin({
    method: 'POST',
    path: 'av/cancelAuditingAppVerInfo',
    summary: 'Withdraw a version from its review (it is a draft again) or from its shelf review',
    input: z.object({ appVersionId: ref('appVersion') }),
    output: appVersionItem,
  }),
  ...byUserAndAdmin({
    method: 'GET',
    path: 'av/deleteAppVerInfoDraft',
    summary: 'Delete a draft version',
    input: z.object({ appVersionId: ref('appVersion') }),
    output: z.object({ deleted: z.number().int() }),
    mutates: true,
  }),
);
