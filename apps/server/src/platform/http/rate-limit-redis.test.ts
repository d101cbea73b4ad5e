import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { RedisRateLimiter } from './rate-limit-redis';

const url = process.env.TEST_REDIS_URL;

/** The refusal's key, or null when the hit is allowed. */
const refused = (f: () => void): string | null => {
  try {
    f();
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).key;
  }
};

// Needs Redis: TEST_REDIS_URL (CI sets it); skipped when unset.
describe.skipIf(!url)('rate limits in Redis', () => {
  it('holds a limit across two instances sharing one Redis', async () => {
    let t = 1_000_000 * 60_000; // a window boundary
    const now = () => t;
    const a = await RedisRateLimiter.connect(url as string, now);
    const b = await RedisRateLimiter.connect(url as string, now);
    const key = `test:${randomBytes(6).toString('hex')}`;
    const rule = { limit: 5, windowMs: 60_000 };
    try {
      for (let i = 0; i < 3; i += 1) expect(refused(() => a.hit(key, rule))).toBeNull();
      await a.flush();
      // B has seen none of A's hits yet; its own first hit tells it the shared count.
      expect(refused(() => b.hit(key, rule))).toBeNull();
      await b.flush();
      expect(refused(() => b.hit(key, rule))).toBeNull(); // the 5th hit in all
      expect(refused(() => b.hit(key, rule))).toBe('tooManyAttempts'); // the 6th: over, though B made only 3
      await b.flush();
      // A decides on its last answer (3) until its next one arrives: the one hit it may let through before it
      // learns B's is the bound the limiter documents; from its next answer on it refuses.
      a.hit(key, rule);
      await a.flush();
      expect(refused(() => a.hit(key, rule))).toBe('tooManyAttempts');
      expect(refused(() => b.hit(key, rule))).toBe('tooManyAttempts');
      // A new window starts afresh on both.
      t += 60_000;
      expect(refused(() => a.hit(key, rule))).toBeNull();
      expect(refused(() => b.hit(key, rule))).toBeNull();
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('says how long to wait, to the end of the shared window', async () => {
    const t = 1_000_000 * 60_000 + 45_000;
    const limiter = await RedisRateLimiter.connect(url as string, () => t);
    const key = `test:${randomBytes(6).toString('hex')}`;
    try {
      limiter.hit(key, { limit: 1, windowMs: 60_000 });
      let error: unknown;
      try {
        limiter.hit(key, { limit: 1, windowMs: 60_000 });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).params).toMatchObject({ seconds: 15 });
    } finally {
      await limiter.close();
    }
  });
});
