import { POLL_BOUNDS_DEFAULT } from '@keel/contract/endpoints/device';
import { deviceCacheExpiry } from '../../platform/auth/device-credential-cache';
import type { Services } from '../../platform/services';
import { propertyTenant } from '../../platform/tenancy/tenant';
import { findBounds, findIntervals } from './poll-settings-repo';

/**
 * The polling intervals devices are told, per property (README.md "Polling interval"), kept in memory: the DDI poll
 * is the hottest path and reads no table for them. A property's intervals are read once and then answered from here
 * until a save clears them on every instance through the event bus (Redis with `REDIS_URL`), a change of the
 * operator's bounds clears every property's, and each is read again after a random 2.5–5 minutes without an event,
 * so that a missed event heals.
 */

/** How long a property's intervals are kept without an event (each entry a random 50–100 % of it). */
const TTL_MS = 5 * 60_000;
const TOPIC = 'device-poll-intervals';

export interface Bounds {
  minSeconds: number;
  maxSeconds: number;
}

/** What a property's devices are told, in seconds. */
export interface PollIntervals {
  /** The usual interval. */
  poll: number;
  /** While a rollout targets the device (it is offered a deployment or told of a cancel); at most `poll`. */
  rollout: number;
}

/** The operator's bounds: their row, or the defaults. */
export const boundsOf = (row: { min_seconds: number; max_seconds: number } | undefined): Bounds =>
  row ? { minSeconds: Number(row.min_seconds), maxSeconds: Number(row.max_seconds) } : { ...POLL_BOUNDS_DEFAULT };

const clamp = (v: number, b: Bounds) => Math.min(b.maxSeconds, Math.max(b.minSeconds, v));

/**
 * What a property's devices are told: what it set, brought within the bounds as they are now (lowering the bounds
 * moves what properties set without rewriting it), else the server's default (`DEVICE_POLL_SLEEP`, the operator's
 * own setting, not clamped). The rollout interval is at most the usual one; unset, it is the usual one.
 */
export function effectiveIntervals(
  row: { poll_seconds: number | null; rollout_poll_seconds: number | null } | undefined,
  bounds: Bounds,
  defaultSeconds: number,
): PollIntervals {
  const set = row?.poll_seconds ?? null;
  const poll = set === null ? defaultSeconds : clamp(Number(set), bounds);
  const rolloutSet = row?.rollout_poll_seconds ?? null;
  const rollout = rolloutSet === null ? poll : Math.min(poll, clamp(Number(rolloutSet), bounds));
  return { poll, rollout };
}

export interface PollIntervalCache {
  /** The property's intervals if they are in memory (the poll's path: no promise). */
  known(pno: string): PollIntervals | undefined;
  /** The property's intervals, read when not in memory. */
  of(pno: string): Promise<PollIntervals>;
  /** Drops a property's intervals (null: every property's, after the bounds changed) on every instance. */
  forget(pno: string | null): Promise<void>;
}

const caches = new WeakMap<Services, PollIntervalCache>();

/** The app's cache of polling intervals (created on first use). */
export function pollIntervals(s: Services): PollIntervalCache {
  let cache = caches.get(s);
  if (!cache) {
    cache = createCache(s);
    caches.set(s, cache);
  }
  return cache;
}

function createCache(s: Services): PollIntervalCache {
  type Row = Parameters<typeof effectiveIntervals>[0];
  /**
   * Per property its row and the bounds as read, and the intervals made of them with the default they used (the
   * default is the server's setting, read on every use so that a changed one applies at once).
   */
  const entries = new Map<
    string,
    { row: Row; bounds: Bounds; until: number; made: { defaultSeconds: number; intervals: PollIntervals } | null }
  >();
  /** Bumped by every event: a read that overlapped one is answered but not kept. */
  let epoch = 0;
  const drop = (pno: string | null) => {
    epoch += 1;
    if (pno === null) entries.clear();
    else entries.delete(pno);
  };
  s.bus.subscribe(TOPIC, (event) => {
    const pno = (event as { pno?: unknown }).pno;
    drop(typeof pno === 'string' ? pno : null);
  });
  const cache: PollIntervalCache = {
    known(pno) {
      const entry = entries.get(pno);
      if (!entry || performance.now() >= entry.until) return undefined;
      const defaultSeconds = s.config.devicePollSeconds;
      if (entry.made?.defaultSeconds !== defaultSeconds)
        entry.made = { defaultSeconds, intervals: effectiveIntervals(entry.row, entry.bounds, defaultSeconds) };
      return entry.made.intervals;
    },
    async of(pno) {
      const known = cache.known(pno);
      if (known) return known;
      const started = epoch;
      const [boundsRow, row] = await Promise.all([findBounds(s.db), findIntervals(s.db, propertyTenant(pno))]);
      const bounds = boundsOf(boundsRow);
      if (started === epoch)
        entries.set(pno, { row, bounds, until: deviceCacheExpiry(performance.now(), TTL_MS), made: null });
      return effectiveIntervals(row, bounds, s.config.devicePollSeconds);
    },
    async forget(pno) {
      drop(pno);
      await s.bus.publish(TOPIC, { pno });
    },
  };
  return cache;
}
