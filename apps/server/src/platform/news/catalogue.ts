import type { Locale } from '@keel/contract/status';
import en from './locales/en.json' with { type: 'json' };
import zhCn from './locales/zh-cn.json' with { type: 'json' };

/**
 * Message texts (the message centre, platform/news/notify.ts), once per language. A message is stored as its key
 * and parameters and rendered in the reader's language when it is read, so an English session reads English.
 * `{name}` placeholders take a parameter; a list parameter is joined with the language's list separator.
 */
export const newsCatalogue: Record<Locale, Record<NewsKey, NewsText>> = { 'zh-cn': zhCn, en };

export type NewsKey = keyof typeof zhCn;

export interface NewsText {
  title: string;
  content: string;
}

export type NewsParams = Record<string, string | number | string[]>;

const listSeparator: Record<Locale, string> = { 'zh-cn': '、', en: ', ' };

export const isNewsKey = (key: string): key is NewsKey => Object.hasOwn(zhCn, key);

const fill = (template: string, params: NewsParams, locale: Locale) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!Object.hasOwn(params, name)) return whole;
    const value = params[name];
    return Array.isArray(value) ? value.join(listSeparator[locale]) : String(value);
  });

/** The message's title and content in `locale`. */
export function renderNews(key: NewsKey, params: NewsParams, locale: Locale): NewsText {
  const text = newsCatalogue[locale][key];
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
