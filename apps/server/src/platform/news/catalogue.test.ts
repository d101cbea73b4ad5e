import { describe, expect, it } from 'vitest';
import { isNewsKey, type NewsFragment, newsCatalogue, readNewsText, renderNews } from './catalogue';
import en from './locales/en.json' with { type: 'json' };
import zhCn from './locales/zh-cn.json' with { type: 'json' };

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('message catalogue', () => {
  it('has the same keys in zh-cn and en, none empty, with the same placeholders', () => {
    expect(Object.keys(en.messages).sort()).toEqual(Object.keys(zhCn.messages).sort());
    expect(Object.keys(en.fragments).sort()).toEqual(Object.keys(zhCn.fragments).sort());
    for (const [key, zh] of Object.entries(newsCatalogue['zh-cn'].fragments)) {
      const english = newsCatalogue.en.fragments[key as keyof typeof zhCn.fragments];
      expect(english.trim(), key).not.toBe('');
      expect(placeholders(english), key).toEqual(placeholders(zh));
    }
    for (const [key, zh] of Object.entries(newsCatalogue['zh-cn'].messages)) {
      const english = newsCatalogue.en.messages[key as keyof typeof zhCn.messages];
      for (const part of ['title', 'content'] as const) {
        expect(zh[part].trim(), `${key}.${part}`).not.toBe('');
        expect(english[part].trim(), `${key}.${part}`).not.toBe('');
        expect(placeholders(english[part]), `${key}.${part}`).toEqual(placeholders(zh[part]));
      }
    }
  });

  it('renders parameters, lists with the language separator', () => {
    expect(renderNews('adminRightsChanged', { property: 'P', sets: ['A', 'B'] }, 'zh-cn').content).toBe(
      '您现在持有的权限集：A、B。',
    );
    expect(renderNews('adminRightsChanged', { property: 'P', sets: ['A', 'B'] }, 'en')).toEqual({
      title: 'Your administrator rights in "P" changed',
      content: 'Your permission sets now: A, B.',
    });
    const sets: NewsFragment[] = [
      { fragment: 'setWhole', params: { set: 'A' } },
      { fragment: 'setInOrgs', params: { set: 'B', orgs: ['East', 'West'] } },
    ];
    expect(renderNews('adminRightsChanged', { property: 'P', sets }, 'en').content).toBe(
      'Your permission sets now: "A" (everywhere), "B" (limited to the units East, West).',
    );
    expect(renderNews('adminRightsChanged', { property: 'P', sets }, 'zh-cn').content).toBe(
      '您现在持有的权限集：「A」（全部范围）、「B」（限于组织：East、West）。',
    );
    // A parameter's own braces are not read as placeholders.
    expect(renderNews('removedFromProperty', { property: '{pno}' }, 'en').content).toBe(
      'You were removed from the property {pno}.',
    );
  });

  it('falls back to the stored text for old rows, unknown keys and broken parameters', () => {
    const stored = { title: 'T', content: 'C' };
    expect(readNewsText({ ...stored, news_key: null, params: null }, 'en')).toEqual(stored);
    expect(readNewsText({ ...stored, news_key: 'toString', params: '{}' }, 'en')).toEqual(stored);
    expect(readNewsText({ ...stored, news_key: 'removedFromProperty', params: '{' }, 'en')).toEqual(stored);
    expect(isNewsKey('__proto__')).toBe(false);
  });
});
