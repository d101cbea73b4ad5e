import { deviceCacheExpiry, deviceCacheTtlMs } from '../../platform/auth/device-credential-cache';
import type { Services } from '../../platform/services';
import { propertyTenant } from '../../platform/tenancy/tenant';
import { installedActionsOf } from './attempt-repo';

/**
 * Each device's last installed action (DDI `installedBase`, README "Device side"), derived from the database — the
 * device's last attempt that succeeded in a task that installs — so a restart or another instance answers the same.
 * A bounded cache keeps recent answers (none too: most polls are of devices that installed nothing new): at most
 * `MAX_ENTRIES` devices, least recently polled dropped first. Each is read again after a random half to all of the
 * device caches' lifetime (`deviceCacheTtlMs`: three polling intervals, at least 5 min), so that a device polling at
 * its pace finds its entry and a fleet's entries do not all expire at once. An attempt that succeeds drops its
 * device's entry on every instance (bus). A device not cached costs one indexed query.
 */

export const MAX_ENTRIES = 100_000;
/** How stale a cached device's place in the least-recently-polled order may get (a device polls every few minutes). */
const TOUCH_MS = 60_000;
const TOPIC = 'device-installed:firmware-task';

interface Installed {
  of(pno: string, deviceId: string): Promise<number | null>;
  changed(pno: string, deviceIds: readonly string[]): Promise<void>;
  /** How many devices are cached (tests). */
  size(): number;
}

const instances = new WeakMap<Services, Installed>();

export function installed(s: Services): Installed {
  let known = instances.get(s);
  if (!known) {
    known = createInstalled(s);
    instances.set(s, known);
  }
  return known;
}

const keyOf = (pno: string, deviceId: string) => `${pno}\u0000${deviceId}`;

export function createInstalled(s: Services, max = MAX_ENTRIES): Installed {
  const cache = new Map<string, { actionId: number | null; until: number; touched: number }>();
  const ttlMs = deviceCacheTtlMs(s.config.devicePollSeconds);
  // Bumped by every change: a read that overlapped one does not store its (maybe older) answer.
  let changes = 0;
  const drop = (pno: string, ids: readonly string[]) => {
    changes += 1;
    for (const id of ids) cache.delete(keyOf(pno, id));
  };
  s.bus.subscribe(TOPIC, (event) => {
    const e = event as { pno?: unknown; ids?: unknown };
    if (typeof e.pno !== 'string' || !Array.isArray(e.ids)) return;
    drop(
      e.pno,
      e.ids.filter((id): id is string => typeof id === 'string'),
    );
  });
  return {
    async of(pno, deviceId) {
      const key = keyOf(pno, deviceId);
      const hit = cache.get(key);
      const now = performance.now();
      if (hit && now < hit.until) {
        // Most recently used last: the first key is the one to drop. Moved at most once a TOUCH_MS (moving it on
        // every poll, a delete and an insert in a map of up to MAX_ENTRIES, was most of a cached answer's cost).
        if (now - hit.touched >= TOUCH_MS) {
          hit.touched = now;
          cache.delete(key);
          cache.set(key, hit);
        }
        return hit.actionId;
      }
      const started = changes;
      const [last] = await installedActionsOf(s.db, propertyTenant(pno), deviceId, 1);
      const actionId = last ?? null;
      if (changes === started) {
        cache.delete(key);
        while (cache.size >= max) {
          const oldest = cache.keys().next().value;
          if (oldest === undefined) break;
          cache.delete(oldest);
        }
        const at = performance.now();
        cache.set(key, { actionId, until: deviceCacheExpiry(at, ttlMs), touched: at });
      }
      return actionId;
    },
    async changed(pno, deviceIds) {
      if (deviceIds.length === 0) return;
      drop(pno, deviceIds);
      await s.bus.publish(TOPIC, { pno, ids: [...deviceIds] });
    },
    size: () => cache.size,
  };
}

/** A device installed an action: every instance looks its last one up again. */
export const installedChanged = (s: Services, pno: string, deviceIds: readonly string[]) =>
  installed(s)
    .changed(pno, deviceIds)
    .catch(() => undefined);
