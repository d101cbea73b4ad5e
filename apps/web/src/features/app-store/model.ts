import { LOCALES } from '@keel/contract/constants';
import {
  AGE_LEVELS,
  type AppItem,
  type AppListing,
  type AppVersionItem,
  AUDIT_STATUS,
  SHELF_STATUS,
} from '@keel/contract/endpoints/app-store';
import type { Locale } from '@keel/contract/status';
import type { ImageRef } from '../../shared/upload/ImageFields';

/**
 * The app store page's forms and the save calls' inputs: an app's information with a listing per language, a
 * version's editable fields, review states. Pure, so the page and its tests share it.
 */

export type AuditState = 'draft' | 'auditing' | 'passed' | 'rejected';
export type AgeLevel = (typeof AGE_LEVELS)[number];

/** The review state of an app or a version (`auditStatus`). */
export function auditState(status: number): AuditState {
  if (status === AUDIT_STATUS.auditing) return 'auditing';
  if (status === AUDIT_STATUS.passed) return 'passed';
  if (status === AUDIT_STATUS.rejected) return 'rejected';
  return 'draft';
}

/** Whether the information or version may be changed: not under review, and (a version) not passed either. */
export const appEditable = (item: Pick<AppItem, 'auditStatus'>) => item.auditStatus !== AUDIT_STATUS.auditing;
export const versionEditable = (v: Pick<AppVersionItem, 'auditStatus'>) =>
  v.auditStatus === AUDIT_STATUS.draft || v.auditStatus === AUDIT_STATUS.rejected;
/** Whether it may be sent for review: a draft, or rejected and changed since (sent again as it is). */
export const submittable = (item: { auditStatus: number }) =>
  item.auditStatus === AUDIT_STATUS.draft || item.auditStatus === AUDIT_STATUS.rejected;

/** Where a version stands on its way to the shelf. */
export type ShelfState = 'on' | 'auditing' | 'scheduled' | 'rejected' | 'off';

/** A version's shelf state: on the shelf (`published`), else its shelf review's (`shelfStatus`). */
export function shelfState(v: Pick<AppVersionItem, 'published' | 'shelfStatus'>): ShelfState {
  if (v.published === 1) return 'on';
  if (v.shelfStatus === SHELF_STATUS.auditing) return 'auditing';
  if (v.shelfStatus === SHELF_STATUS.scheduled) return 'scheduled';
  if (v.shelfStatus === SHELF_STATUS.rejected) return 'rejected';
  return 'off';
}

/**
 * Whether a version may be asked onto the shelf: passed review, not on the shelf, and no shelf review running or
 * waiting (never asked, or rejected). The app's own review is the server's to check (`appNotPassed`).
 */
export const shelvable = (v: Pick<AppVersionItem, 'auditStatus' | 'published' | 'shelfStatus'>) =>
  v.auditStatus === AUDIT_STATUS.passed &&
  v.published === 0 &&
  (v.shelfStatus === SHELF_STATUS.none || v.shelfStatus === SHELF_STATUS.rejected);

/** Whether a version's withdrawal (`av/cancelAuditingAppVerInfo…`) has something to withdraw: a review or a shelf review. */
export const withdrawable = (v: Pick<AppVersionItem, 'auditStatus' | 'shelfStatus'>) =>
  v.auditStatus === AUDIT_STATUS.auditing || v.shelfStatus === SHELF_STATUS.auditing;

/**
 * A certificate fingerprint (hex) as people compare it: upper case, in groups of `size` digits separated by spaces,
 * as F-Droid clients show it. Anything but hex digits is dropped first, so `AB:CD` and `ab cd` read alike.
 */
export function groupFingerprint(hex: string, size = 2): string {
  const digits = hex.replace(/[^0-9a-f]/gi, '').toUpperCase();
  const groups: string[] = [];
  for (let i = 0; i < digits.length; i += size) groups.push(digits.slice(i, i + size));
  return groups.join(' ');
}

/** The repository's address for a client: the console's origin and the path `ai/getAppStoreRepository` answers. */
export function repositoryAddress(origin: string, path: string): string {
  return `${origin.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** An uploaded image of a listing: its file and a link to show it. */
/** A listing's icon or screenshot. */
export type ListingImage = ImageRef;

/** One language's listing in the app dialog. */
export interface ListingValues {
  appName: string;
  summary?: string;
  description?: string;
  developer?: string;
  developerLink?: string;
  labels?: string[];
  icon?: ListingImage | null;
  screenshots?: ListingImage[];
}

export interface AppFormValues {
  packageName: string;
  free: 0 | 1;
  ageLevel: AgeLevel;
  appType: 1 | 2;
  listings: Partial<Record<Locale, ListingValues>>;
}

export const isLocale = (value: string): value is Locale => (LOCALES as readonly string[]).includes(value);

/** The form of an app (a new one: the reader's language only), and the languages of its listings in their order. */
export function appFormOf(item: AppItem | undefined, language: Locale): { values: AppFormValues; languages: Locale[] } {
  if (!item) {
    return {
      values: { packageName: '', free: 1, ageLevel: 0, appType: 1, listings: { [language]: { appName: '' } } },
      languages: [language],
    };
  }
  const listings: Partial<Record<Locale, ListingValues>> = {};
  const languages: Locale[] = [];
  for (const l of item.languageList) {
    if (!isLocale(l.language) || languages.includes(l.language)) continue;
    languages.push(l.language);
    listings[l.language] = {
      appName: l.appName,
      summary: l.summary,
      description: l.description,
      developer: l.developer,
      developerLink: l.developerLink,
      labels: [...l.labels],
      // The listing's own icon only: `appIconUrl` without `appIconFid` is the newest APK's, not the listing's.
      icon: l.appIconFid ? { fid: l.appIconFid, url: l.appIconUrl } : null,
      screenshots: l.screenshotFidList.map((fid, i) => ({ fid, url: l.screenshotUrlList[i] ?? '' })),
    };
  }
  if (languages.length === 0) {
    languages.push(language);
    listings[language] = { appName: '' };
  }
  const ageLevel = (AGE_LEVELS as readonly number[]).includes(item.ageLevel) ? (item.ageLevel as AgeLevel) : 0;
  return {
    values: {
      packageName: item.packageName,
      free: item.free,
      ageLevel,
      appType: item.appType === 2 ? 2 : 1,
      listings,
    },
    languages,
  };
}

const trimmed = (text: string | undefined) => (text ?? '').trim();

/** One listing as the save call takes it. */
export function listingInput(language: Locale, v: ListingValues): AppListing {
  return {
    language,
    appName: trimmed(v.appName),
    summary: trimmed(v.summary),
    description: trimmed(v.description),
    appIconFid: v.icon?.fid ?? '',
    screenshotFidList: (v.screenshots ?? []).map((s) => s.fid),
    developer: trimmed(v.developer),
    developerLink: trimmed(v.developerLink),
    labels: [...new Set((v.labels ?? []).map((l) => l.trim()).filter(Boolean))],
  };
}

/**
 * `ai/saveAppInfo…`'s input: the form's listings in the tabs' order; the signing link the app has is kept as it is
 * (the page does not change it), so that saving does not drop it.
 */
export function appSaveInput(
  values: AppFormValues,
  languages: readonly Locale[],
  item: AppItem | undefined,
  submit: 0 | 1,
) {
  return {
    ...(item ? { appId: item.appId } : {}),
    packageName: trimmed(values.packageName),
    free: values.free,
    ageLevel: values.ageLevel,
    appType: values.appType,
    ...(item?.keystore ? { keystore: item.keystore } : {}),
    ...(item?.ukey ? { ukey: item.ukey } : {}),
    partKey: item?.partKey ?? '',
    languageList: languages.map((language) => listingInput(language, values.listings[language] ?? { appName: '' })),
    submit,
  };
}

/** Sending an app for review as it is (the list's "submit for review"). */
export function appResubmitInput(item: AppItem) {
  const { values, languages } = appFormOf(item, 'zh-cn');
  return appSaveInput(values, languages, item, 1);
}

/** The editable fields of a version in its dialog. */
export interface VersionFormValues {
  supportPlugin: boolean;
  forceUpdate: boolean;
  privacyStatement?: string;
  copyrights?: string;
  /** `datetime-local` text (the browser's time zone), '' or absent for none. */
  demandShelfTime?: string;
}

export interface ModelRef {
  modelId: string;
  name: string;
}

export function versionFormOf(v: AppVersionItem | undefined): VersionFormValues {
  if (!v)
    return { supportPlugin: false, forceUpdate: false, privacyStatement: '', copyrights: '', demandShelfTime: '' };
  return {
    supportPlugin: v.supportPlugin === 1,
    forceUpdate: v.forceUpdate === 1,
    privacyStatement: v.privacyStatement,
    copyrights: v.copyrights,
    demandShelfTime: v.demandShelfTime === null ? '' : localInput(v.demandShelfTime),
  };
}

/** `av/saveAppVerInfo…`'s input from the dialog. */
export function versionSaveInput(
  appId: string,
  fid: string,
  values: VersionFormValues,
  models: readonly ModelRef[],
  version: AppVersionItem | undefined,
  submit: 0 | 1,
) {
  return {
    ...(version ? { appVersionId: version.appVersionId } : {}),
    appId,
    fid,
    supportPlugin: values.supportPlugin ? (1 as const) : (0 as const),
    forceUpdate: values.forceUpdate ? (1 as const) : (0 as const),
    privacyStatement: trimmed(values.privacyStatement),
    copyrights: trimmed(values.copyrights),
    demandShelfTime: fromLocalInput(values.demandShelfTime),
    compatibleDeviceList: [...new Set(models.map((m) => m.modelId))],
    submit,
  };
}

/** A saved version as the save call takes it again, with other models or sent for review. */
export function versionResaveInput(
  v: AppVersionItem,
  submit: 0 | 1,
  models: readonly ModelRef[] = v.compatibleDeviceList,
) {
  return versionSaveInput(v.appId, v.fid, versionFormOf(v), models, v, submit);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A time (ms) as `datetime-local` text in the browser's time zone. */
export function localInput(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** `datetime-local` text as a time (ms); null for none or text that is no time. */
export function fromLocalInput(text: string | undefined): number | null {
  if (!text) return null;
  const ms = new Date(text).getTime();
  return Number.isFinite(ms) ? ms : null;
}

/** The launcher label an APK states for a language (`zh-cn` reads `zh-CN`, then `zh`), else its default one. */
export function apkLabel(labels: Readonly<Record<string, string>>, language: Locale): string {
  const wanted = language === 'zh-cn' ? ['zh-CN', 'zh-rCN', 'zh'] : ['en', 'en-US', 'en-GB'];
  for (const key of wanted) if (labels[key]) return labels[key];
  return labels[''] ?? Object.values(labels)[0] ?? '';
}
