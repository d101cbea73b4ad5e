import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseSearch } from './search-of';

const listInput = z.object({
  pageNum: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(10),
  str: z.string().trim().max(10).optional(),
  tid: z.string().min(1).optional(),
});

describe('parseSearch', () => {
  it('keeps the fields that parse and drops the rest', () => {
    expect(parseSearch(listInput, { pageNum: 2, pageSize: 1000, str: ' abc ', other: 'x' })).toEqual({
      pageNum: 2,
      str: 'abc',
    });
  });

  it('reads numbers written as text and ignores empty values', () => {
    expect(parseSearch(listInput, { pageNum: '3', tid: '', str: null })).toEqual({ pageNum: 3 });
  });

  it('reads a number as text where the schema wants text', () => {
    expect(parseSearch(listInput, { tid: 123 })).toEqual({ tid: '123' });
  });

  it('answers nothing for a non-object', () => {
    expect(parseSearch(listInput, undefined)).toEqual({});
    expect(parseSearch(listInput, 'pageNum=2')).toEqual({});
  });

  it('does not invent defaults for missing fields', () => {
    expect(parseSearch(listInput, {})).toEqual({});
  });
});
