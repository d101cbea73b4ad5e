import { PAGE_SIZE_DEFAULT } from '@keel/contract/constants';

export interface TableParams {
  pageNum: number;
  pageSize: number;
  /** Filter values by column key. */
  filters: Record<string, string>;
}

const positive = (value: unknown, fallback: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/** Reads page, size and filters (the given keys) from URL search params. */
export function readTableParams(
  search: Record<string, unknown>,
  filterKeys: readonly string[],
  pageSize = PAGE_SIZE_DEFAULT,
): TableParams {
  const filters: Record<string, string> = {};
  for (const key of filterKeys) {
    const value = search[key];
    if (value !== undefined && value !== null && String(value) !== '') filters[key] = String(value);
  }
  return { pageNum: positive(search.pageNum, 1), pageSize: positive(search.pageSize, pageSize), filters };
}

/** The search params for table params: empty filters and defaults are left out. */
export function writeTableParams(
  search: Record<string, unknown>,
  params: TableParams,
  filterKeys: readonly string[],
): Record<string, unknown> {
  const next: Record<string, unknown> = { ...search };
  for (const key of filterKeys) delete next[key];
  for (const [key, value] of Object.entries(params.filters)) if (value !== '') next[key] = value;
  next.pageNum = params.pageNum > 1 ? params.pageNum : undefined;
  next.pageSize = params.pageSize;
  return next;
}

/** The input of a paged list call with a text filter (`str`, the usual search column): page, size and the text. */
export function pageInput(params: TableParams): { pageNum: number; pageSize: number; str: string | undefined } {
  return { pageNum: params.pageNum, pageSize: params.pageSize, str: params.filters.str };
}

/** Client-side paging and filtering for calls that return a whole list. */
export function pageLocally<T>(
  rows: readonly T[],
  params: TableParams,
  match: (row: T, key: string, value: string) => boolean,
): { list: T[]; total: number } {
  const filtered = rows.filter((row) => Object.entries(params.filters).every(([k, v]) => match(row, k, v)));
  const start = (params.pageNum - 1) * params.pageSize;
  return { list: filtered.slice(start, start + params.pageSize), total: filtered.length };
}
