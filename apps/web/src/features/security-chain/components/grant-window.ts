import { formatTime } from '../../../shared/format/time';

/** A grant's window as text: both ends (`…` for an open one), or `always` when neither is set. */
export function windowText(r: { startTime: number | null; endTime: number | null }, always: string): string {
  if (r.startTime === null && r.endTime === null) return always;
  return `${r.startTime === null ? '…' : formatTime(r.startTime)} – ${r.endTime === null ? '…' : formatTime(r.endTime)}`;
}
