/**
 * The rows a page needs, read from whichever end of the ordering is nearer (DESIGN §6: no deep OFFSET scans).
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

/** `%text%` for `like … escape '\'`, lower-cased; wildcards in the text match themselves. */
export const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
