import { formatFileSize } from '@keel/contract/format';
import { formatTime } from '../../../shared/format/time';

/** One field of an application's snapshot, ready to show: its key and its value as text. */
export interface SnapshotField {
  key: string;
  text: string;
}

/** Keys whose values are no reader's business (ids of the area's own, internal markers). */
const HIDDEN = /^(pno|uid|applicantUid|.*Id|.*Uid|version|token|password.*)$/;

/** A value as text: times (`…Time`, epoch ms) and sizes (`…Bytes`, `…Size`) formatted, lists joined, objects as JSON. */
export function valueText(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'number') {
    if (/Time$|At$/.test(key) && value > 1e11) return formatTime(value);
    if (/Bytes$|Size$/.test(key)) return formatFileSize(value);
    return String(value);
  }
  if (typeof value === 'boolean') return value ? '✓' : '✗';
  if (typeof value === 'string') return value;
  if (Array.isArray(value))
    return value.length === 0
      ? '—'
      : value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join(', ');
  return JSON.stringify(value);
}

/**
 * The fields of a snapshot to show, `first` in that order and then the rest in the area's order; ids and internal
 * fields left out (`keep` shows some anyway, e.g. a device's id).
 */
export function snapshotFields(
  snapshot: Readonly<Record<string, unknown>>,
  first: readonly string[] = [],
  keep: readonly string[] = [],
): SnapshotField[] {
  const keys = [
    ...first.filter((k) => k in snapshot),
    ...Object.keys(snapshot).filter((k) => !first.includes(k)),
  ].filter((k) => keep.includes(k) || !HIDDEN.test(k));
  return keys.map((key) => ({ key, text: valueText(key, snapshot[key]) }));
}

/** A field name as words when the locale has no label for it: `deviceModel` → `Device model`. */
export function humanKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
