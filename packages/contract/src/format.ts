import { FILE_SIZE_BASE } from './constants';
import type { Locale } from './status';

const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/**
 * SPEC §5 file size display: divide by 1000 up to four steps (B → KB → MB → GB), two decimals; an empty size
 * gives an empty string.
 */
export function formatFileSize(size: number | string | null | undefined): string {
  if (size === null || size === undefined || size === '') return '';
  let value = Number(size);
  if (!Number.isFinite(value)) return '';
  let unit = 0;
  while (Math.abs(value) >= FILE_SIZE_BASE && unit < UNITS.length - 1) {
    value /= FILE_SIZE_BASE;
    unit++;
  }
  return `${value.toFixed(2)} ${UNITS[unit]}`;
}

/** The name in the reader's language of a row that keeps one per language (`name_zh`, `name_en`). */
export const nameIn = (row: { name_zh: string; name_en: string }, locale: Locale): string =>
  locale === 'en' ? row.name_en : row.name_zh;
