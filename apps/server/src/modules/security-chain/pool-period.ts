import type { PoolPeriod } from '@keel/contract/endpoints/security-pools';

/**
 * A grant pool's periods in the server's UTC calendar: a day from midnight, a week from Monday midnight, a month
 * from the 1st at midnight; `total` is one period from 0 that never ends (the pool never refills).
 */

const DAY_MS = 86_400_000;

/** The start (epoch ms) of the period of `period` that holds `now`. */
export function periodStartOf(period: PoolPeriod, now: number): number {
  const at = new Date(now);
  const midnight = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  switch (period) {
    case 'day':
      return midnight;
    case 'week':
      // getUTCDay: 0 Sunday … 6 Saturday; days since Monday.
      return midnight - ((at.getUTCDay() + 6) % 7) * DAY_MS;
    case 'month':
      return Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1);
    case 'total':
      return 0;
  }
}

/** The end (epoch ms, exclusive) of the period of `period` that began at `start`; null for `total`. */
export function periodEndOf(period: PoolPeriod, start: number): number | null {
  switch (period) {
    case 'day':
      return start + DAY_MS;
    case 'week':
      return start + 7 * DAY_MS;
    case 'month': {
      const at = new Date(start);
      return Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1);
    }
    case 'total':
      return null;
  }
}
