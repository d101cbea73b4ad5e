// @vitest-environment happy-dom
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import en from '../locales/en.json';
import zh from '../locales/zh-cn.json';
import { useToasts } from '../toast/toast-store';
import { api } from './client';
import { httpErrorText, networkErrorText, TRANSLATED_STATUSES } from './http-error-text';
import { fakeFetch, installEndpointMethods } from './test-methods';

beforeAll(async () => {
  installEndpointMethods();
  await i18next.init({
    lng: 'zh-cn',
    lowerCaseLng: true,
    resources: { 'zh-cn': { translation: zh }, en: { translation: en } },
    interpolation: { escapeValue: false },
  });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage('zh-cn');
});

describe('HTTP failures in the reader’s language', () => {
  it('names a 5xx in Chinese in the Chinese console and in English under /en', async () => {
    useToasts.setState({ items: [] });
    vi.stubGlobal('fetch', fakeFetch([{ status: 500, statusText: 'Internal Server Error', body: 'x' }]).fn);
    await expect(api('pro/getMyPropertyList', {})).rejects.toMatchObject({ status: 500, message: '服务器内部错误' });
    expect(useToasts.getState().items).toEqual([expect.objectContaining({ type: 'error', text: '服务器内部错误' })]);

    await i18next.changeLanguage('en');
    vi.stubGlobal('fetch', fakeFetch([{ status: 500, statusText: 'Internal Server Error', body: 'x' }]).fn);
    await expect(api('pro/getMyPropertyList', {})).rejects.toMatchObject({ message: 'Internal server error' });
  });

  it('has a text for every listed status in both languages, and one for the others', async () => {
    for (const lang of ['zh-cn', 'en']) {
      await i18next.changeLanguage(lang);
      for (const status of TRANSLATED_STATUSES) {
        const text = httpErrorText(status, 'English text');
        expect(text, `${lang} ${status}`).not.toMatch(/^error\./);
        expect(text).not.toBe('English text');
      }
      expect(httpErrorText(418, "I'm a teapot")).toContain('418');
      expect(networkErrorText()).not.toMatch(/^error\./);
    }
    await i18next.changeLanguage('zh-cn');
    expect(httpErrorText(502, 'Bad Gateway')).toBe('网关错误');
    expect(networkErrorText()).toMatch(/网络/);
  });
});
