import { flagsTopic, RELOAD_MS } from '../../platform/realtime/device-flags';
import type { Services } from '../../platform/services';
import { kindsGivenAs } from './kinds';

/**
 * The poll's memory of what each device is offered (offers.ts), so that a device polling while it has an action
 * costs no query either (README.md "Delivery"). Kept true by the same changes as the kinds' flags: a change names
 * the devices whose actions changed, or the whole property, here at once (`forget`) and on every instance through
 * the bus (the flags' topics); an action fetched or reported on is such a change too. An entry is also read again
 * after `TTL_MS`, so that a lost event is repaired in bounded time.
 */

/** As long as the flags keep a property's set (a device polling every 5 minutes is answered from memory). */
const TTL_MS = RELOAD_MS;
/** Entries kept at most; past it the memory is emptied (and filled again by the next polls). */
const MAX_ENTRIES = 200_000;

interface Entry<T> {
  value: T;
  at: number;
}

export interface ActionCache<T> {
  get(pno: string, deviceId: string): T | undefined;
  /** A read started at `generation(pno)`: kept only if nothing changed in the property since. */
  set(pno: string, deviceId: string, value: T, generation: number): void;
  generation(pno: string): number;
  forget(pno: string, deviceIds: readonly string[] | null): void;
}

const caches = new WeakMap<Services, ActionCache<unknown>>();

/**
 * This app's memory of the devices' offers (made on first use), kept true by the changes of the deployment kinds'
 * open flags (service.ts `openFlags`, named `device-action:<kind>`).
 */
export function offerCache<T>(s: Services): ActionCache<T> {
  const known = caches.get(s);
  if (known) return known as ActionCache<T>;
  const flagsNames = kindsGivenAs(s, 'deployment').map((k) => `device-action:${k.kind}`);
  const byPno = new Map<string, Map<string, Entry<T>>>();
  const generations = new Map<string, number>();
  let size = 0;
  const cache: ActionCache<T> = {
    get(pno, deviceId) {
      const e = byPno.get(pno)?.get(deviceId);
      if (!e) return undefined;
      if (performance.now() - e.at > TTL_MS) return undefined;
      return e.value;
    },
    set(pno, deviceId, value, generation) {
      if ((generations.get(pno) ?? 0) !== generation) return;
      if (size >= MAX_ENTRIES) {
        byPno.clear();
        size = 0;
      }
      let m = byPno.get(pno);
      if (!m) {
        m = new Map();
        byPno.set(pno, m);
      }
      if (!m.has(deviceId)) size += 1;
      m.set(deviceId, { value, at: performance.now() });
    },
    generation: (pno) => generations.get(pno) ?? 0,
    forget(pno, deviceIds) {
      generations.set(pno, (generations.get(pno) ?? 0) + 1);
      const m = byPno.get(pno);
      if (!m) return;
      if (deviceIds === null) {
        size -= m.size;
        byPno.delete(pno);
        return;
      }
      for (const id of deviceIds) if (m.delete(id)) size -= 1;
    },
  };
  for (const name of flagsNames)
    s.bus.subscribe(flagsTopic(name), (event) => {
      const e = event as { pno?: unknown; ids?: unknown };
      if (typeof e.pno !== 'string') return;
      cache.forget(e.pno, Array.isArray(e.ids) ? e.ids.filter((id): id is string => typeof id === 'string') : null);
    });
  caches.set(s, cache as ActionCache<unknown>);
  return cache;
}

/** Actions of these devices (null: any of the property's) changed: this instance reads their offers again at once. */
export const forgetOffers = (s: Services, pno: string, deviceIds: readonly string[] | null) =>
  caches.get(s)?.forget(pno, deviceIds);
