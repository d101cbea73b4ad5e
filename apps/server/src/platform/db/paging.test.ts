import { describe, expect, it } from 'vitest';
import { pageWindow, readPage } from './paging';

describe('paging', () => {
  const items = Array.from({ length: 25 }, (_, i) => i);
  /** A list sorted descending, read as a database would: ordered by `dir`, then offset and limit. */
  const read = (total: number, pageNum: number, pageSize: number) =>
    readPage(
      async () => total,
      async (w) => {
        const sorted = [...items.slice(0, total)].sort((a, b) => (w.dir === 'desc' ? b - a : a - b));
        return sorted.slice(w.offset, w.offset + w.limit);
      },
      { pageNum, pageSize, order: 'desc' },
    );

  it('reads every page in the list order, from whichever end is nearer', async () => {
    const pages = [];
    for (let p = 1; p <= 3; p++) pages.push(...(await read(25, p, 10)).rows);
    expect(pages).toEqual([...items].reverse());
    expect(pageWindow(25, 3, 10)).toEqual({ reverse: true, offset: 0, limit: 5 });
    expect(pageWindow(25, 1, 10)).toEqual({ reverse: false, offset: 0, limit: 10 });
  });

  it('answers no rows past the end, with the total', async () => {
    expect(await read(25, 4, 10)).toEqual({ rows: [], total: 25 });
    expect(await read(0, 1, 10)).toEqual({ rows: [], total: 0 });
  });
});
