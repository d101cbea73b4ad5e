import type { Endpoint } from '@keel/contract/endpoint';
import type { Config } from '../config';
import type { RateLimiter } from './rate-limit';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

type Bucket = NonNullable<Endpoint['rateLimit']>;
type SignInLimits = Config['signInLimits'];

/**
 * The limits of each rate-limit bucket an endpoint can name, in two steps around validation.
 *
 * Decision: nothing reads a body before it is validated. What counts against the per-address limit is
 * every request that reaches the endpoint, before its input is validated — invalid ones included, so that a flood
 * of garbage is throttled like a flood of guesses. It reads only the address. The per-phone / per-account limits
 * count only requests whose input is valid, keyed on the validated field (a request that fails validation names
 * no subject). Bodies the JSON parser refuses (malformed, too deep, too large) never reach the endpoint: they cost
 * one linear scan and are counted by neither.
 */
export function applyAddressLimits(limiter: RateLimiter, bucket: Bucket, ip: string, signIn: SignInLimits): void {
  switch (bucket) {
    case 'signIn':
      limiter.hit(`signIn:ip:${ip}`, { limit: signIn.perAddress, windowMs: MINUTE });
      return;
    case 'sendCode':
      limiter.hit(`sendCode:ip:${ip}`, { limit: 20, windowMs: HOUR });
      return;
    case 'lookup':
      limiter.hit(`lookup:ip:${ip}`, { limit: 20, windowMs: MINUTE });
      return;
  }
}

/** The per-subject limits, from the validated input's `account` or `phoneNum` (strings by then). */
export function applySubjectLimits(limiter: RateLimiter, bucket: Bucket, input: unknown, signIn: SignInLimits): void {
  const subject = subjectOf(input);
  if (!subject) return;
  switch (bucket) {
    case 'signIn':
      limiter.hit(`signIn:acct:${subject}`, { limit: signIn.perAccount, windowMs: MINUTE });
      return;
    case 'sendCode':
      limiter.hit(`sendCode:phone:${subject}:min`, { limit: 1, windowMs: MINUTE });
      limiter.hit(`sendCode:phone:${subject}:hour`, { limit: 10, windowMs: HOUR });
      return;
    case 'lookup':
      return;
  }
}

function subjectOf(input: unknown): string {
  if (typeof input !== 'object' || input === null) return '';
  const { account, phoneNum } = input as { account?: unknown; phoneNum?: unknown };
  const value = typeof account === 'string' ? account : typeof phoneNum === 'string' ? phoneNum : '';
  return value.trim().toLowerCase();
}
