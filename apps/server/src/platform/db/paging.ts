import { type SelectQueryBuilder, sql } from 'kysely';
import { type Db, readAside } from './connect';

/**
 * The rows a page needs, read from whichever end of the ordering is nearer (architecture §6: no deep OFFSET scans).
 * Past the middle, the query runs in reverse order with a small offset and the caller reverses the rows, so the
 * last page costs what the first does.
 */
export interface PageWindow {
  reverse: boolean;
  offset: number;
  limit: number;
}

export function pageWindow(total: number, pageNum: number, pageSize: number): PageWindow | null {
  const start = (pageNum - 1) * pageSize;
  if (start >= total) return null;
  const end = Math.min(start + pageSize, total);
  if (start > total / 2) return { reverse: true, offset: total - end, limit: end - start };
  return { reverse: false, offset: start, limit: end - start };
}

/** A page's window with the direction to read it in: the list's own order, or the reverse past the middle. */
export interface PageRead {
  offset: number;
  limit: number;
  dir: 'asc' | 'desc';
}

/**
 * One page of a list in its order (`order`, by the caller's sort keys): the total from `count`, then `rows` of the
 * window from the nearer end (`orderBy(key, w.dir)`, `limit(w.limit)`, `offset(w.offset)`), put back in order.
 */
export async function readPage<R>(
  count: () => Promise<number>,
  rows: (w: PageRead) => Promise<R[]>,
  page: { pageNum: number; pageSize: number; order: 'asc' | 'desc' },
): Promise<{ rows: R[]; total: number }> {
  const total = await count();
  const w = pageWindow(total, page.pageNum, page.pageSize);
  if (!w) return { rows: [], total };
  const reversed = page.order === 'asc' ? 'desc' : 'asc';
  const out = await rows({ offset: w.offset, limit: w.limit, dir: w.reverse ? reversed : page.order });
  if (w.reverse) out.reverse();
  return { rows: out, total };
}

/**
 * `count(*)` of a query's rows. With `aside`, the database the query was built on, the count runs beside the
 * requests (`readAside`: on SQLite in the side thread): for lists whose count may scan a hundred thousand rows.
 */
export async function countOf<DB, TB extends keyof DB, O>(
  q: SelectQueryBuilder<DB, TB, O>,
  aside?: Db,
): Promise<number> {
  const counting = q.select(sql<number>`count(*)`.as('n'));
  const row = aside ? (await readAside(aside, counting))[0] : await counting.executeTakeFirstOrThrow();
  return Number((row as unknown as { n: number | string | bigint } | undefined)?.n ?? 0);
}
