import { describe, expect, it } from 'vitest';
import { pageInput, pageLocally, readTableParams, writeTableParams } from './table-params';

describe('table params in the URL', () => {
  it('reads page, size and the filter keys, with defaults', () => {
    expect(readTableParams({}, ['name'])).toEqual({ pageNum: 1, pageSize: 10, filters: {} });
    expect(readTableParams({ pageNum: 3, pageSize: '20', name: 'Alpha', other: 'x' }, ['name'])).toEqual({
      pageNum: 3,
      pageSize: 20,
      filters: { name: 'Alpha' },
    });
    expect(readTableParams({ pageNum: -2, pageSize: 'x', name: '' }, ['name'], 30)).toEqual({
      pageNum: 1,
      pageSize: 30,
      filters: {},
    });
  });

  it('makes the input of a paged call with a text filter', () => {
    expect(pageInput({ pageNum: 2, pageSize: 20, filters: { str: 'abc', other: 'x' } })).toEqual({
      pageNum: 2,
      pageSize: 20,
      str: 'abc',
    });
    expect(pageInput({ pageNum: 1, pageSize: 10, filters: {} })).toEqual({ pageNum: 1, pageSize: 10, str: undefined });
  });

  it('writes them back, keeping other params and dropping cleared filters', () => {
    expect(writeTableParams({ tab: 'a', name: 'old' }, { pageNum: 1, pageSize: 10, filters: {} }, ['name'])).toEqual({
      tab: 'a',
      pageNum: undefined,
      pageSize: 10,
    });
    expect(writeTableParams({}, { pageNum: 2, pageSize: 20, filters: { name: 'B' } }, ['name'])).toEqual({
      name: 'B',
      pageNum: 2,
      pageSize: 20,
    });
  });

  it('pages and filters a whole list locally', () => {
    const rows = ['alpha', 'beta', 'alphabet', 'gamma'].map((name) => ({ name }));
    const match = (row: { name: string }, _k: string, v: string) => row.name.includes(v);
    expect(pageLocally(rows, { pageNum: 1, pageSize: 1, filters: { name: 'alpha' } }, match)).toEqual({
      list: [{ name: 'alpha' }],
      total: 2,
    });
    expect(pageLocally(rows, { pageNum: 2, pageSize: 3, filters: {} }, match)).toEqual({
      list: [{ name: 'gamma' }],
      total: 4,
    });
  });
});
