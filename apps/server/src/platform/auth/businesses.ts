import type { Db } from '../db/connect';
import type { EventBus } from '../realtime/bus';

/**
 * The businesses a property may use (GLOSSARY "business"): those the operator authorised
 * (`pro/authPropertyBusiness`) and the owner has not switched off (`pro/setBusinessDisable`). `hasBusiness` is the
 * one rule every credential passes:
 * - a session and a personal access token (http/access.ts): an endpoint declaring `business` is refused with
 *   `businessDisabled` (the property's businesses are read with the member's context, on every call);
 * - a device credential (the device API, modules/device): a property without the terminal business serves its
 *   devices nothing (DDI 403, Mender 401: every call, the authentication request included), and a device is
 *   offered no work of a business the property does not have (no deployment or command links, no deployment, its
 *   downloads 404). What a device reports about work it was already given (feedback, status, logs) is still
 *   taken, so that the history stays true. Devices read the businesses from memory (`PropertyBusinesses`): a
 *   change reaches every instance through the event bus at once, and an entry is read again after `ttlMs` anyway.
 */
export function hasBusiness(enabled: ReadonlySet<string> | readonly string[], business: string | undefined): boolean {
  if (business === undefined) return true;
  return 'has' in enabled ? enabled.has(business) : enabled.includes(business);
}

/** The bus topic on which a change of a property's businesses reaches every instance. */
export const BUSINESSES_TOPIC = 'property-businesses';

export interface PropertyBusinesses {
  /** The property's enabled businesses (empty for no such property), from memory when read lately. */
  enabled(pno: string): Promise<ReadonlySet<string>>;
  /** Call once a change of the property's businesses has committed: every instance reads them again. */
  changed(pno: string): Promise<void>;
}

const NONE: ReadonlySet<string> = new Set();

/** Most properties kept; the oldest go first. */
const MAX_ENTRIES = 50_000;

export function createPropertyBusinesses(db: Db, bus: EventBus, ttlMs: number): PropertyBusinesses {
  const cache = new Map<string, { enabled: ReadonlySet<string>; until: number }>();
  /** Bumped by every change: a read that started before one does not cache what it read. */
  let epoch = 0;
  const drop = (pno: string) => {
    epoch += 1;
    cache.delete(pno);
  };
  bus.subscribe(BUSINESSES_TOPIC, (event) => {
    const pno = (event as { pno?: unknown }).pno;
    if (typeof pno === 'string') drop(pno);
  });
  return {
    async enabled(pno) {
      // A pno from a path (a signed download link is read before its signature) may hold U+0000, which PostgreSQL
      // cannot take in a text parameter (the query fails): no property's pno has one.
      if (pno.includes('\u0000')) return NONE;
      const now = performance.now();
      const known = cache.get(pno);
      if (known && now < known.until) return known.enabled;
      const started = epoch;
      const rows = await db
        .selectFrom('property_businesses')
        .select('business')
        .where('pno', '=', pno)
        .where('disabled', '=', 0)
        .execute();
      const enabled: ReadonlySet<string> = new Set(rows.map((r) => r.business));
      if (epoch === started) {
        if (cache.size >= MAX_ENTRIES) {
          const oldest = cache.keys().next();
          if (!oldest.done) cache.delete(oldest.value);
        }
        cache.set(pno, { enabled, until: now + ttlMs });
      }
      return enabled;
    },
    async changed(pno) {
      drop(pno);
      await bus.publish(BUSINESSES_TOPIC, { pno });
    },
  };
}
