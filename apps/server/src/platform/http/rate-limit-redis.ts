import { Redis } from 'ioredis';
import { tooManyAttempts } from './errors';
import { RateLimiter, type RateRule } from './rate-limit';

interface SharedWindow {
  /** The count Redis last answered for this window (every instance's hits). */
  shared: number;
  /** This instance's hits not yet answered by Redis. */
  pending: number;
  end: number;
}

/**
 * Rate limits shared by every instance through Redis (`REDIS_URL`), behind the same synchronous `hit` as the
 * in-memory limiter so that the request path never waits on the network. Windows are fixed and aligned to the
 * clock (`floor(now / windowMs)`), so all instances count into the same Redis key (`keel:rl:<key>:<window>`).
 * `hit` decides on the last count Redis answered plus this instance's unanswered hits, and queues an INCRBY;
 * the batched answers (one pipeline per event-loop turn) bring every instance's hits into the next decision.
 * A key's limit can therefore be passed only by the hits an instance takes before its first answer for that
 * window arrives (about one round trip).
 */
export class RedisRateLimiter extends RateLimiter {
  private readonly counts = new Map<string, SharedWindow>();
  private readonly queued = new Map<string, { n: number; ttlMs: number }>();
  private flushing: Promise<void> | undefined;
  private scheduled = false;

  constructor(
    now: () => number,
    private readonly redis: Redis,
  ) {
    super(now);
  }

  static async connect(url: string, now: () => number): Promise<RedisRateLimiter> {
    const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
    await redis.connect();
    return new RedisRateLimiter(now, redis);
  }

  override hit(key: string, rule: RateRule): void {
    const t = this.now();
    const window = Math.floor(t / rule.windowMs);
    const redisKey = `keel:rl:${key}:${window}`;
    let w = this.counts.get(redisKey);
    if (!w) {
      w = { shared: 0, pending: 0, end: (window + 1) * rule.windowMs };
      this.counts.set(redisKey, w);
      if (this.counts.size > 100_000) this.forget(t);
    }
    w.pending += 1;
    const q = this.queued.get(redisKey);
    this.queued.set(redisKey, { n: (q?.n ?? 0) + 1, ttlMs: rule.windowMs });
    this.schedule();
    if (w.shared + w.pending > rule.limit) throw tooManyAttempts(Math.max(1, Math.ceil((w.end - t) / 1000)));
  }

  /** Sends the queued hits and takes in Redis's counts; resolves when they have arrived (tests, close). */
  async flush(): Promise<void> {
    while (this.flushing || this.queued.size > 0) {
      if (this.flushing) await this.flushing;
      else await this.send();
    }
  }

  async close(): Promise<void> {
    await this.flush().catch(() => {});
    this.redis.disconnect();
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      if (!this.flushing) void this.send();
    });
  }

  private send(): Promise<void> {
    const batch = [...this.queued];
    this.queued.clear();
    if (batch.length === 0) return Promise.resolve();
    const pipeline = this.redis.pipeline();
    for (const [redisKey, { n, ttlMs }] of batch) {
      pipeline.incrby(redisKey, n);
      // Kept a little past its window, then gone.
      pipeline.pexpire(redisKey, ttlMs + 1000);
    }
    this.flushing = pipeline
      .exec()
      .then((answers) => {
        batch.forEach(([redisKey, { n }], i) => {
          const w = this.counts.get(redisKey);
          if (!w) return;
          w.pending -= n;
          const [error, count] = answers?.[i * 2] ?? [new Error('no answer'), null];
          if (!error) w.shared = Math.max(w.shared, Number(count));
        });
      })
      .catch(() => {
        // Redis unreachable: the hits stay counted locally (`pending`), so this instance still limits on its own.
        for (const [redisKey, { n }] of batch) {
          const w = this.counts.get(redisKey);
          if (w) {
            w.pending -= n;
            w.shared += n;
          }
        }
      })
      .finally(() => {
        this.flushing = undefined;
        if (this.queued.size > 0) this.schedule();
      });
    return this.flushing;
  }

  private forget(t: number): void {
    for (const [key, w] of this.counts) if (w.end <= t && w.pending === 0) this.counts.delete(key);
  }
}
