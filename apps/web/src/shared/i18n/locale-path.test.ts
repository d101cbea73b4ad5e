import { describe, expect, it } from 'vitest';
import { addLocalePrefix, localeFromPath, localeRewrite, stripLocalePrefix } from './locale-path';

describe('locale path rewrite', () => {
  it('detects the language from the prefix', () => {
    expect(localeFromPath('/en')).toBe('en');
    expect(localeFromPath('/en/home')).toBe('en');
    expect(localeFromPath('/english')).toBe('zh-cn');
    expect(localeFromPath('/home')).toBe('zh-cn');
  });

  it('strips and adds the /en prefix', () => {
    expect(stripLocalePrefix('/en/Account/PropertyPage')).toBe('/Account/PropertyPage');
    expect(stripLocalePrefix('/en')).toBe('/');
    expect(stripLocalePrefix('/enx')).toBe('/enx');
    expect(addLocalePrefix('/home', 'en')).toBe('/en/home');
    expect(addLocalePrefix('/en/home', 'zh-cn')).toBe('/home');
    expect(addLocalePrefix('/', 'en')).toBe('/en/');
  });

  it('input strips /en, output adds it only for English', () => {
    let locale: 'en' | 'zh-cn' = 'en';
    const rw = localeRewrite(() => locale);
    const inUrl = rw.input({ url: new URL('http://x/en/home?pageNum=2') });
    expect(inUrl && new URL(inUrl.toString()).pathname).toBe('/home');
    expect(inUrl && new URL(inUrl.toString()).search).toBe('?pageNum=2');
    expect(rw.input({ url: new URL('http://x/home') })).toBeUndefined();
    const out = rw.output({ url: new URL('http://x/home') });
    expect(out && new URL(out.toString()).pathname).toBe('/en/home');
    locale = 'zh-cn';
    expect(rw.output({ url: new URL('http://x/home') })).toBeUndefined();
  });
});
