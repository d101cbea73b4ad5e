import { DEFAULT_LOCALE, LOCALE_COOKIE, LOCALE_COOKIE_DAYS, STORAGE_KEYS } from '@keel/contract/constants';
import type { Locale } from '@keel/contract/status';

export function isLocale(value: unknown): value is Locale {
  return value === 'en' || value === 'zh-cn';
}

/** The language the page currently shows (kept in step with i18next and the URL prefix). */
let current: Locale = DEFAULT_LOCALE;

export function currentLanguage(): Locale {
  return current;
}

/** Records a language choice: memory, `KeyLanguage` in local storage and the `locale` cookie for 365 days. */
export function storeLanguage(locale: Locale): void {
  current = locale;
  try {
    localStorage.setItem(STORAGE_KEYS.language, locale);
  } catch {
    // storage unavailable (private mode): the URL prefix still carries the language
  }
  const maxAge = LOCALE_COOKIE_DAYS * 24 * 60 * 60;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in some supported browsers
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=${maxAge}; SameSite=Lax`;
}

/** Sets the in-memory language without persisting (used when the URL decides it at load). */
export function setCurrentLanguage(locale: Locale): void {
  current = locale;
}
