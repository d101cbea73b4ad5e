import { describe, expect, it } from 'vitest';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './constants';
import { flag, int, pageQuery } from './envelope';

describe('int()', () => {
  it('parses numbers and query-string integers', () => {
    expect(int().parse(5)).toBe(5);
    expect(int().parse(' 42 ')).toBe(42);
    expect(int().parse('-3')).toBe(-3);
  });
  it.each(['1.5', 'abc', '', 1.5])('rejects %s', (v) => expect(int().safeParse(v).success).toBe(false));
});

describe('flag()', () => {
  it('accepts 0/1 as number or text', () => {
    expect(flag().parse('1')).toBe(1);
    expect(flag().parse(0)).toBe(0);
  });
  it.each(['2', -1, 'yes'])('rejects %s', (v) => expect(flag().safeParse(v).success).toBe(false));
});

describe('pageQuery()', () => {
  it('defaults and parses strings', () => {
    expect(pageQuery().parse({})).toEqual({ pageNum: 1, pageSize: PAGE_SIZE_DEFAULT });
    expect(pageQuery(30).parse({})).toEqual({ pageNum: 1, pageSize: 30 });
    expect(pageQuery().parse({ pageNum: '3', pageSize: '20' })).toEqual({ pageNum: 3, pageSize: 20 });
  });
  it('caps the page size and rejects page 0', () => {
    expect(pageQuery().parse({ pageSize: String(PAGE_SIZE_MAX) }).pageSize).toBe(PAGE_SIZE_MAX);
    expect(pageQuery().safeParse({ pageSize: String(PAGE_SIZE_MAX + 1) }).success).toBe(false);
    expect(pageQuery().safeParse({ pageNum: '0' }).success).toBe(false);
  });
});
