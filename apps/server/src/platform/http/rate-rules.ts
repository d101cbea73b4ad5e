import type { Endpoint } from '@keel/contract/endpoint';
import type { RateLimiter } from './rate-limit';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * The limits of each rate-limit bucket an endpoint can name (issue 2 §3): per address always, and per phone or
 * account when the input names one.
 */
export function applyRateLimits(
  limiter: RateLimiter,
  bucket: NonNullable<Endpoint['rateLimit']>,
  ip: string,
  input: unknown,
): void {
  const fields = (input ?? {}) as Record<string, unknown>;
  const subject = String(fields.account ?? fields.phoneNum ?? '')
    .trim()
    .toLowerCase();
  switch (bucket) {
    case 'signIn':
      limiter.hit(`signIn:ip:${ip}`, { limit: 30, windowMs: MINUTE });
      if (subject) limiter.hit(`signIn:acct:${subject}`, { limit: 10, windowMs: MINUTE });
      return;
    case 'sendCode':
      limiter.hit(`sendCode:ip:${ip}`, { limit: 20, windowMs: HOUR });
      if (subject) {
        limiter.hit(`sendCode:phone:${subject}:min`, { limit: 1, windowMs: MINUTE });
        limiter.hit(`sendCode:phone:${subject}:hour`, { limit: 10, windowMs: HOUR });
      }
      return;
    case 'lookup':
      limiter.hit(`lookup:ip:${ip}`, { limit: 20, windowMs: MINUTE });
      return;
  }
}
