import { DEFAULT_LOCALE, LOCALES } from '@keel/contract/constants';
import type { Locale } from '@keel/contract/status';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setCurrentLanguage } from './language';
import { localeBackend } from './locale-loader';

/** Starts i18next in the language the URL names; resolves once its messages are loaded. */
export async function initI18n(locale: Locale): Promise<typeof i18next> {
  setCurrentLanguage(locale);
  await i18next
    .use(localeBackend)
    .use(initReactI18next)
    .init({
      lng: locale,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: [...LOCALES],
      lowerCaseLng: true,
      load: 'currentOnly',
      ns: ['translation'],
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  document.documentElement.lang = locale === 'en' ? 'en' : 'zh-CN';
  return i18next;
}
