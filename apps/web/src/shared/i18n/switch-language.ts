import type { Locale } from '@keel/contract/status';
import type { AnyRouter } from '@tanstack/react-router';
import i18next from 'i18next';
import { storeLanguage } from './language';
import { addLocalePrefix } from './locale-path';

/** Switches language: stores it (`KeyLanguage`, cookie), loads its messages and moves between `/x` and `/en/x`. */
export async function switchLanguage(router: AnyRouter, locale: Locale): Promise<void> {
  storeLanguage(locale);
  await i18next.changeLanguage(locale);
  document.documentElement.lang = locale === 'en' ? 'en' : 'zh-CN';
  const { pathname, searchStr, hash } = router.state.location;
  router.history.push(`${addLocalePrefix(pathname, locale)}${searchStr}${hash ? `#${hash}` : ''}`);
}
