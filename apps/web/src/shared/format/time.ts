import dayjs from 'dayjs';

const MINUTES = 'YYYY-MM-DD HH:mm';
const SECONDS = 'YYYY-MM-DD HH:mm:ss';

/**
 * The console's one way to show a moment (epoch ms): `2026-01-31 14:05`, or with `seconds` `2026-01-31 14:05:09`
 * (audit trails). No value shows a dash.
 */
export function formatTime(ms: number | null | undefined, options: { seconds?: boolean } = {}): string {
  return ms ? dayjs(ms).format(options.seconds ? SECONDS : MINUTES) : '—';
}
