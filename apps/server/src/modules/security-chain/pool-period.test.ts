import { describe, expect, it } from 'vitest';
import { periodEndOf, periodStartOf } from './pool-period';

const utc = (text: string) => Date.parse(`${text}Z`);

describe('grant pool periods (UTC calendar)', () => {
  it('starts a day at midnight, a week on Monday, a month on the 1st, the total at 0', () => {
    // Wednesday 2026-03-18 13:45:10.500 UTC.
    const now = utc('2026-03-18T13:45:10.500');
    expect(periodStartOf('day', now)).toBe(utc('2026-03-18T00:00:00'));
    expect(periodStartOf('week', now)).toBe(utc('2026-03-16T00:00:00'));
    expect(periodStartOf('month', now)).toBe(utc('2026-03-01T00:00:00'));
    expect(periodStartOf('total', now)).toBe(0);
  });

  it('puts Sunday in the week that began the Monday before, and Monday midnight in its own', () => {
    expect(periodStartOf('week', utc('2026-03-22T23:59:59.999'))).toBe(utc('2026-03-16T00:00:00'));
    expect(periodStartOf('week', utc('2026-03-23T00:00:00'))).toBe(utc('2026-03-23T00:00:00'));
    // A week across the new year.
    expect(periodStartOf('week', utc('2027-01-01T08:00:00'))).toBe(utc('2026-12-28T00:00:00'));
  });

  it('keeps the start of a period a start (idempotent) and the last millisecond in it', () => {
    for (const period of ['day', 'week', 'month'] as const) {
      const start = periodStartOf(period, utc('2026-02-11T10:00:00'));
      expect(periodStartOf(period, start)).toBe(start);
      const end = periodEndOf(period, start) as number;
      expect(periodStartOf(period, end - 1)).toBe(start);
      expect(periodStartOf(period, end)).toBe(end);
    }
  });

  it('ends a day, a week and a month where the next begins; the total never', () => {
    expect(periodEndOf('day', utc('2026-03-18T00:00:00'))).toBe(utc('2026-03-19T00:00:00'));
    expect(periodEndOf('week', utc('2026-03-16T00:00:00'))).toBe(utc('2026-03-23T00:00:00'));
    expect(periodEndOf('month', utc('2026-02-01T00:00:00'))).toBe(utc('2026-03-01T00:00:00'));
    expect(periodEndOf('month', utc('2028-02-01T00:00:00'))).toBe(utc('2028-03-01T00:00:00'));
    expect(periodEndOf('month', utc('2026-12-01T00:00:00'))).toBe(utc('2027-01-01T00:00:00'));
    expect(periodEndOf('total', 0)).toBeNull();
  });
});
