import { describe, expect, it } from 'vitest';
import { formatMessage, messages, pickLocale, Status } from './status';

describe('messages', () => {
  const codes = new Set<number>(Object.values(Status));
  it.each(Object.entries(messages))('%s has both languages and a known status', (_key, m) => {
    expect(m['zh-cn'].trim()).not.toBe('');
    expect(m.en.trim()).not.toBe('');
    expect(codes.has(m.status)).toBe(true);
    const holes = (t: string) => [...t.matchAll(/\{(\w+)\}/g)].map((x) => x[1]).sort();
    expect(holes(m['zh-cn'])).toEqual(holes(m.en));
  });
  it('keeps the spec session-expired code', () => expect(Status.sessionExpired).toBe(100110050401));
});

describe('formatMessage', () => {
  it('fills placeholders per locale', () => {
    expect(formatMessage('invalidInput', 'en', { field: 'phone' })).toBe('Illegal input: phone');
    expect(formatMessage('tooManyAttempts', 'zh-cn', { seconds: 30 })).toBe('尝试次数过多，请 30 秒后再试');
  });
  it('leaves unknown placeholders', () => expect(formatMessage('notFound', 'en')).toBe('Not found: {what}'));
});

describe('pickLocale', () => {
  it.each([
    [undefined, 'zh-cn'],
    [null, 'zh-cn'],
    ['', 'zh-cn'],
    ['en', 'en'],
    ['en-US,en;q=0.9', 'en'],
    ['zh-CN,zh;q=0.9,en;q=0.8', 'zh-cn'],
    ['fr', 'zh-cn'],
  ])('%s → %s', (header, locale) => expect(pickLocale(header)).toBe(locale));
});
