import { tooManyAttempts } from './errors';

export interface RateRule {
  limit: number;
  windowMs: number;
}

const SWEEP_ABOVE = 100_000;

/**
 * Fixed-window counters in memory, per instance (enough for one process). With `REDIS_URL` the counts are shared
 * by every instance through Redis (rate-limit-redis.ts), behind the same interface. `hit` throws `…0429` with the
 * seconds to wait once a key is over its limit.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();
  /**
   * Expired windows are swept when the map grows past this, which then doubles what is left: a sweep costs one pass
   * over the map, so with more live keys than the first threshold (a fleet of devices, each polling within its
   * window) sweeping on every new window would make each call walk them all.
   */
  private sweepAbove = SWEEP_ABOVE;

  constructor(protected readonly now: () => number) {}

  /** Releases what the limiter holds (the Redis one sends its last counts and disconnects). */
  async close(): Promise<void> {}

  hit(key: string, rule: RateRule): void {
    const t = this.now();
    let w = this.windows.get(key);
    if (!w || t - w.start >= rule.windowMs) {
      w = { start: t, count: 0 };
      this.windows.set(key, w);
      if (this.windows.size > this.sweepAbove) {
        this.sweep(t, rule.windowMs);
        this.sweepAbove = Math.max(SWEEP_ABOVE, 2 * this.windows.size);
      }
    }
    w.count += 1;
    if (w.count > rule.limit) throw tooManyAttempts(Math.max(1, Math.ceil((w.start + rule.windowMs - t) / 1000)));
  }

  private sweep(t: number, windowMs: number): void {
    for (const [key, w] of this.windows) if (t - w.start >= windowMs) this.windows.delete(key);
  }
}
