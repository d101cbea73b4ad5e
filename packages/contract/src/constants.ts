/** SPEC §9 business constants and limits. One place; everything else imports them. */

export const LOCALES = ['zh-cn', 'en'] as const;
export const DEFAULT_LOCALE = 'zh-cn';
/** The English tree lives under this prefix; Chinese is unprefixed. */
export const EN_PREFIX = '/en';

export const LOCALE_CACHE_MS = 24 * 60 * 60 * 1000;
export const LOCALE_COOKIE_DAYS = 365;
export const LOCALE_COOKIE = 'locale';

export const CHUNK_RELOAD_GUARD_MS = 10_000;
export const MAX_CONCURRENT_PRELOADS = 4;
export const PREFETCH_DELAY_MS = 1000;
/** Not shown in the spec: ours. */
export const BUILD_POLL_INTERVAL_MS = 60_000;

export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_MAX = 1000;
export const SPACE_LIST_PAGE_SIZE = 1000;
export const SOFT_VERSION_PAGE_SIZE = 30;

/** News `readStatus`: -1 means all. */
export const READ_STATUS_ALL = -1;

export const TOAST_DURATION_MS = 3000;
export const TOAST_OFFSET_PX = 16;
export const TOAST_TYPES = ['primary', 'success', 'warning', 'error', 'info'] as const;
export type ToastType = (typeof TOAST_TYPES)[number];
export const TOAST_BADGE_MAX = 99;

export const STORAGE_KEYS = {
  userInfo: 'UserInfo',
  selectedProperty: 'KeySelectedProperty',
  selectedPropertyPno: 'KeySelectedPropertyPno',
  language: 'KeyLanguage',
  isForeground: 'KeyIsForground',
} as const;

export const SIGNATURE_ALGORITHMS = [
  'MD5WITHRSA',
  'SHA1WITHRSA',
  'SHA1WITHECDSA',
  'SHA224WITHRSA',
  'SHA224WITHECDSA',
  'SHA256WITHRSA',
  'SHA256WITHECDSA',
  'SHA384WITHRSA',
  'SHA384WITHECDSA',
  'SHA512WITHRSA',
  'SHA512WITHECDSA',
  'SM3WITHSM2',
] as const;
export type SignatureAlgorithm = (typeof SIGNATURE_ALGORITHMS)[number];

export const MOBILE_LENGTH = 11;
export const FILE_SIZE_BASE = 1000;

/** Authorisation target types (SPEC §3). */
export const AUTH_TYPES = { users: 1, titles: 2, userSets: 3, orgs: 4 } as const;

/** The businesses the platform can authorise for a property (GLOSSARY "business"). */
export const BUSINESSES = [
  'firmware',
  'terminal',
  'appstore',
  'pctools',
  'signing',
  'security',
  'process',
  'ukey',
] as const;
export type Business = (typeof BUSINESSES)[number];

/** Sign-in codes: six digits, valid five minutes, single use. */
export const CODE_LENGTH = 6;
export const CODE_TTL_MS = 5 * 60 * 1000;
export const CODE_PURPOSES = ['register', 'signIn', 'reset'] as const;
