import { describe, expect, it } from 'vitest';
import { formatTime } from './time';

describe('formatTime', () => {
  const at = new Date(2026, 0, 31, 14, 5, 9).getTime();

  it('shows minutes by default and seconds when asked', () => {
    expect(formatTime(at)).toBe('2026-01-31 14:05');
    expect(formatTime(at, { seconds: true })).toBe('2026-01-31 14:05:09');
  });

  it('shows a dash for no value', () => {
    expect(formatTime(null)).toBe('—');
    expect(formatTime(undefined)).toBe('—');
    expect(formatTime(0)).toBe('—');
  });
});
