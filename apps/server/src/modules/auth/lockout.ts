import { AppError } from '../../platform/http/errors';
import type { Services } from '../../platform/services';
import * as repo from './repo';

/** After this many failures each further one waits longer (30 s, doubling); at LOCK_AT the account locks. */
const SLOW_FROM = 5;
const LOCK_AT = 10;
const SLOW_BASE_MS = 30_000;
const LOCK_MS = 15 * 60_000;
/** Failures older than this are forgotten. */
const FORGET_MS = 60 * 60_000;

const keyOf = (account: string) => account.trim().toLowerCase();

/** Throws "locked" while the account (known or not, so nothing tells which) must wait. */
export async function assertNotLocked(s: Services, account: string): Promise<void> {
  const row = await repo.findFailures(s.db, keyOf(account));
  const now = s.now();
  if (row && row.locked_until > now) {
    throw new AppError('accountLocked', { minutes: Math.max(1, Math.ceil((row.locked_until - now) / 60_000)) });
  }
}

export async function recordFailure(s: Services, account: string): Promise<void> {
  const key = keyOf(account);
  const now = s.now();
  const row = await repo.findFailures(s.db, key);
  const failures = (row && now - row.updated_at < FORGET_MS ? row.failures : 0) + 1;
  let lockedUntil = 0;
  if (failures >= LOCK_AT) lockedUntil = now + LOCK_MS;
  else if (failures >= SLOW_FROM) lockedUntil = now + SLOW_BASE_MS * 2 ** (failures - SLOW_FROM);
  await repo.saveFailures(s.db, key, failures, lockedUntil, now);
}

export const clearFailures = (s: Services, account: string) => repo.clearFailures(s.db, keyOf(account));
