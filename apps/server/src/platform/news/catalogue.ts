import type { Locale } from '@keel/contract/status';
import en from './locales/en.json' with { type: 'json' };
import zhCn from './locales/zh-cn.json' with { type: 'json' };

/**
 * Message texts (the message centre, platform/news/notify.ts), once per language. A message is stored as its key
 * and parameters and rendered in the reader's language when it is read, so an English session reads English.
 * `{name}` placeholders take a parameter. A list parameter is joined with the language's list separator; its
 * items are strings (user data, as given) or fragments (`{ fragment, params }`, rendered from `fragments`).
 */
type Catalogue = { messages: Record<NewsKey, NewsText>; fragments: Record<FragmentKey, string> };
export const newsCatalogue: Record<Locale, Catalogue> = { 'zh-cn': zhCn, en };

export type NewsKey = keyof typeof zhCn.messages;
export type FragmentKey = keyof typeof zhCn.fragments;

export interface NewsText {
  title: string;
  content: string;
}

export interface NewsFragment {
  fragment: FragmentKey;
  params: Record<string, string | string[]>;
}

export type NewsParams = Record<string, string | number | Array<string | NewsFragment>>;

const listSeparator: Record<Locale, string> = { 'zh-cn': '、', en: ', ' };

export const isNewsKey = (key: string): key is NewsKey => Object.hasOwn(zhCn.messages, key);
const isFragmentKey = (key: unknown): key is FragmentKey =>
  typeof key === 'string' && Object.hasOwn(zhCn.fragments, key);

function fill(template: string, params: Record<string, unknown>, locale: Locale, depth = 0): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!Object.hasOwn(params, name)) return whole;
    const value = params[name];
    if (!Array.isArray(value)) return String(value);
    return value
      .map((item: unknown) => {
        if (typeof item === 'string') return item;
        const f = item as Partial<NewsFragment> | null;
        if (depth > 0 || !f || !isFragmentKey(f.fragment) || typeof f.params !== 'object' || f.params === null) {
          return '';
        }
        return fill(newsCatalogue[locale].fragments[f.fragment], f.params, locale, depth + 1);
      })
      .join(listSeparator[locale]);
  });
}

/** The message's title and content in `locale`. */
export function renderNews(key: NewsKey, params: NewsParams, locale: Locale): NewsText {
  const text = newsCatalogue[locale].messages[key];
  return { title: fill(text.title, params, locale), content: fill(text.content, params, locale) };
}

/**
 * A stored message's text for a reader in `locale`: rendered from its key and parameters, or, for rows written
 * before keys were stored (migration 0008) or with a key no longer catalogued, the text it was written with.
 */
export function readNewsText(
  row: { news_key: string | null; params: string | null; title: string; content: string },
  locale: Locale,
): NewsText {
  if (row.news_key === null || !isNewsKey(row.news_key)) return { title: row.title, content: row.content };
  let params: NewsParams = {};
  try {
    const parsed: unknown = row.params ? JSON.parse(row.params) : {};
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) params = parsed as NewsParams;
  } catch {
    return { title: row.title, content: row.content };
  }
  return renderNews(row.news_key, params, locale);
}
