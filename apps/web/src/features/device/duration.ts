/**
 * Polling intervals as the console shows and takes them: `HH:MM:SS` (as hawkBit's `config.polling.sleep`), or a
 * plain number of seconds.
 */

/** Seconds as `HH:MM:SS`. */
export function formatDuration(seconds: number): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(Math.floor(seconds / 3600))}:${two(Math.floor((seconds % 3600) / 60))}:${two(seconds % 60)}`;
}

/** `HH:MM:SS`, `MM:SS` or seconds; null when blank, NaN when not a duration. */
export function parseDuration(text: string | undefined | null): number | null {
  const v = (text ?? '').trim();
  if (v === '') return null;
  if (/^\d{1,6}$/.test(v)) return Number(v);
  const m = /^(?:(\d{1,3}):)?([0-5]?\d):([0-5]\d)$/.exec(v);
  if (!m) return Number.NaN;
  return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]);
}
