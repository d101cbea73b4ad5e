import { describe, expect, it } from 'vitest';
import { compareLocales, flattenKeys } from './i18n-keys';

describe('flattenKeys', () => {
  it('flattens nested objects to dotted keys', () => {
    expect([...flattenKeys({ a: { b: 'x', c: { d: 'y' } }, e: 'z' }).keys()]).toEqual(['a.b', 'a.c.d', 'e']);
  });
});

describe('compareLocales', () => {
  it('reports keys missing on either side and empty values', () => {
    const r = compareLocales({ a: '甲', b: { c: '' } }, { a: 'A', d: 'D' });
    expect(r.missingInEn).toEqual(['b.c']);
    expect(r.missingInZh).toEqual(['d']);
    expect(r.empty).toEqual(['zh-cn:b.c']);
  });
  it('passes identical key sets', () => {
    expect(compareLocales({ a: { b: '乙' } }, { a: { b: 'B' } })).toEqual({
      missingInEn: [],
      missingInZh: [],
      empty: [],
    });
  });
});
