import { LOCALE_CACHE_MS } from '@keel/contract/constants';
import type { BackendModule, ResourceKey } from 'i18next';
import { BUILD_ID } from '../runtime/build-poll';

interface Cached {
  at: number;
  build: string;
  messages: ResourceKey;
}

const cacheKey = (locale: string) => `keel:i18n:${locale}`;

function readCache(locale: string, now: number): ResourceKey | null {
  try {
    const cached = JSON.parse(localStorage.getItem(cacheKey(locale)) ?? 'null') as Cached | null;
    if (cached && cached.build === BUILD_ID && now - cached.at < LOCALE_CACHE_MS) return cached.messages;
  } catch {
    // a broken cache entry is simply refetched
  }
  return null;
}

/** Loads `/_i18n/{locale}/messages.json`, cached in local storage for 24 h per build. */
export async function loadLocale(locale: string, now: number = Date.now()): Promise<ResourceKey> {
  const cached = readCache(locale, now);
  if (cached) return cached;
  const response = await fetch(`/_i18n/${locale}/messages.json`);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const messages = (await response.json()) as ResourceKey;
  try {
    localStorage.setItem(cacheKey(locale), JSON.stringify({ at: now, build: BUILD_ID, messages } satisfies Cached));
  } catch {
    // storage full: served uncached
  }
  return messages;
}

/** i18next backend over `loadLocale`; a failure logs 'Failed loading locale' (SPEC §8). */
export const localeBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    loadLocale(language).then(
      (messages) => callback(null, messages),
      (error: unknown) => {
        console.error('Failed loading locale', language, error);
        callback(error as Error, false);
      },
    );
  },
};
