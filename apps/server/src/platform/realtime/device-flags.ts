import type { Services } from '../services';

/**
 * Which devices of a property have open work of one kind (commands waiting for them, a temporary firmware action),
 * kept in memory so that a poll asks the database nothing for a device that has none (architecture §7: the poll is the
 * hottest path). Per property, the set of devices with open work is read once (one query), then kept true by change
 * events on the bus (Redis with `REDIS_URL`, so every instance hears them): a change names devices, which are then
 * looked up once more on their next poll (one query each), or the whole property, which is read again. A property's
 * set is also read again after `RELOAD_MS`, so that a lost event is repaired in bounded time.
 */

/** A property's set is read again after this long even without events. */
export const RELOAD_MS = 10 * 60_000;
/** A change naming more devices than this reloads the whole property instead (a smaller bus message). */
const CHANGE_IDS_MAX = 2000;

export interface DeviceFlagSource {
  /** The devices of the property with open work. */
  all(s: Services, pno: string): Promise<readonly string[]>;
  /** Whether one device has open work. */
  one(s: Services, pno: string, deviceId: string): Promise<boolean>;
}

export interface DeviceFlags {
  /** Whether the device has open work: from memory, or one query when its property or it is not known. */
  has(pno: string, deviceId: string): Promise<boolean>;
  /** After work changed for these devices (null: any of the property's), on every instance. */
  changed(pno: string, deviceIds: readonly string[] | null): Promise<void>;
}

interface Entry {
  open: Set<string>;
  /** Devices whose work changed since the set was read: looked up on their next poll. */
  unknown: Set<string>;
  at: number;
}

const instances = new WeakMap<Services, Map<string, DeviceFlags>>();

/** The flags of one kind of work (`name`, e.g. `device-action:command`) in this app, created on first use. */
export function deviceFlags(s: Services, name: string, source: DeviceFlagSource): DeviceFlags {
  let byName = instances.get(s);
  if (!byName) {
    byName = new Map();
    instances.set(s, byName);
  }
  let flags = byName.get(name);
  if (!flags) {
    flags = createFlags(s, name, source);
    byName.set(name, flags);
  }
  return flags;
}

/** The bus topic of one kind's changes (`{ pno, ids }`, ids null: the whole property), for caches kept beside it. */
export const flagsTopic = (name: string) => `device-flags:${name}`;

function createFlags(s: Services, name: string, source: DeviceFlagSource): DeviceFlags {
  const topic = flagsTopic(name);
  const entries = new Map<string, Entry>();
  /** Changes heard per property, so that a read that overlapped one is not kept. */
  const changes = new Map<string, number>();
  const bump = (pno: string) => changes.set(pno, (changes.get(pno) ?? 0) + 1);

  const apply = (pno: string, ids: readonly string[] | null) => {
    bump(pno);
    const entry = entries.get(pno);
    if (!entry) return;
    if (ids === null) {
      entries.delete(pno);
      return;
    }
    for (const id of ids) {
      entry.open.delete(id);
      entry.unknown.add(id);
    }
  };
  s.bus.subscribe(topic, (event) => {
    const e = event as { pno?: unknown; ids?: unknown };
    if (typeof e.pno !== 'string') return;
    apply(e.pno, Array.isArray(e.ids) ? e.ids.filter((id): id is string => typeof id === 'string') : null);
  });

  const entryOf = async (pno: string): Promise<Entry> => {
    const known = entries.get(pno);
    if (known && performance.now() - known.at < RELOAD_MS) return known;
    const started = changes.get(pno) ?? 0;
    const entry: Entry = { open: new Set(await source.all(s, pno)), unknown: new Set(), at: performance.now() };
    // A change heard while reading may be missing from what was read: use it for this answer, keep it only if none.
    if ((changes.get(pno) ?? 0) === started) entries.set(pno, entry);
    return entry;
  };

  return {
    async has(pno, deviceId) {
      const entry = await entryOf(pno);
      if (!entry.unknown.has(deviceId)) return entry.open.has(deviceId);
      const started = changes.get(pno) ?? 0;
      const open = await source.one(s, pno, deviceId);
      if ((changes.get(pno) ?? 0) === started) {
        entry.unknown.delete(deviceId);
        if (open) entry.open.add(deviceId);
      }
      return open;
    },
    async changed(pno, deviceIds) {
      const ids = deviceIds && deviceIds.length <= CHANGE_IDS_MAX ? [...deviceIds] : null;
      if (ids?.length === 0) return;
      // The local bus delivers to this instance too; Redis's does as well, but apply at once for this one's next poll.
      apply(pno, ids);
      await s.bus.publish(topic, { pno, ids });
    },
  };
}
