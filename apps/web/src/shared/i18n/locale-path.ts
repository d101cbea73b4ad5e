import { DEFAULT_LOCALE, EN_PREFIX } from '@keel/contract/constants';
import type { Locale } from '@keel/contract/status';

/** The language a browser path is in: `/en` and `/en/...` are English, everything else Chinese. */
export function localeFromPath(pathname: string): Locale {
  return pathname === EN_PREFIX || pathname.startsWith(`${EN_PREFIX}/`) ? 'en' : DEFAULT_LOCALE;
}

/** `/en/x` → `/x`, `/en` → `/`; other paths unchanged. */
export function stripLocalePrefix(pathname: string): string {
  if (pathname === EN_PREFIX) return '/';
  if (pathname.startsWith(`${EN_PREFIX}/`)) return pathname.slice(EN_PREFIX.length);
  return pathname;
}

/** Adds `/en` for English (`/` → `/en/`); Chinese paths stay unprefixed. */
export function addLocalePrefix(pathname: string, locale: Locale): string {
  const bare = stripLocalePrefix(pathname);
  return locale === 'en' ? `${EN_PREFIX}${bare}` : bare;
}

/** Router `rewrite` pair: input strips `/en`, output adds it while the current language is English. */
export function localeRewrite(currentLocale: () => Locale) {
  return {
    input: ({ url }: { url: URL }) => {
      const bare = stripLocalePrefix(url.pathname);
      if (bare === url.pathname) return undefined;
      const next = new URL(url.href);
      next.pathname = bare;
      return next;
    },
    output: ({ url }: { url: URL }) => {
      const locale = currentLocale();
      if (locale !== 'en') return undefined;
      const next = new URL(url.href);
      next.pathname = addLocalePrefix(url.pathname, locale);
      return next;
    },
  };
}
