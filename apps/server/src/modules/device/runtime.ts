import { deviceCacheExpiry, deviceCacheTtlMs } from '../../platform/auth/device-credential-cache';
import { sha256 } from '../../platform/ids';
import type { Services } from '../../platform/services';
import { propertyTenant } from '../../platform/tenancy/tenant';
import { keyMatches } from './enrolment-repo';
import { pollIntervals } from './poll-intervals';
import { bySightingKey, recordSightings, type Sighting } from './presence-repo';
import { deviceState } from './repo';

/**
 * What the device API keeps in memory, one set per app (architecture §7: the poll is the hottest path): what it needs of
 * each device, each property's enrolment key, and the sightings not yet written. The first two are caches that
 * every change clears on every instance through the event bus (Redis with `REDIS_URL`); the third is flushed to the
 * database every FLUSH_MS and when the app closes, so a poll writes nothing itself.
 */

/** How often sightings are written (and so how late "last seen" may be in the database). */
export const FLUSH_MS = 2_000;
/**
 * A device's sighting is written at most once in this time (from the same address): polls in between only count
 * against its allowance. At most half the polling interval, so a device polling at its interval is written on
 * every poll and "online" (seen within two intervals, items.ts) is never wrong; faster polls (SWUpdate polls ten
 * times as often while it waits, and retries at once after an error) cost one row write per this time, not one
 * per poll. On SQLite a sighting's row write costs about 50 µs (a random page of `devices`), as much as a poll.
 */
export const SIGHTING_RESOLUTION_MS = 30_000;
const KEY_TTL_MS = 60_000;
const MAX_STATES = 200_000;
const MAX_WRITTEN = 200_000;
/**
 * Sightings written per statement; the flush lets requests run between statements. In `device_presence` (its own
 * narrow table, presence-repo.ts) on the device bench's 1 000 000-device database a statement of 25 cost about
 * 14 µs a sighting and one of 200 about 8.5 (the statement's own cost and its commit shared by more rows), so a
 * statement of 100 blocks the event loop for about a millisecond.
 */
const FLUSH_SLICE = 100;
const STATES_TOPIC = 'device-state';
const KEYS_TOPIC = 'device-enrolment-key';

export interface DeviceState {
  admission: string;
  hasCredential: boolean;
  /** Whether the device has reported its attributes (the poll asks for them until it has). */
  reported: boolean;
  /** The generation its Mender device tokens must carry; null when it never authenticated over Mender. */
  menderGeneration: number | null;
  /** Its model in the catalogue (what apps fit it), null when it has none. */
  modelId: string | null;
}

const stateKey = (pno: string, deviceId: string) => `${pno}\u0000${deviceId}`;

export interface DeviceRuntime {
  /** The device's state in the property, cached; null when the property has no such device. */
  state(pno: string, deviceId: string): Promise<DeviceState | null>;
  /** Drops the devices' cached state on every instance (after a change to admission, credential or attributes). */
  forgetStates(pno: string, deviceIds: readonly string[]): Promise<void>;
  /** Whether a key is the property's enrolment key (cached by its hash). */
  keyMatches(pno: string, key: string): Promise<boolean>;
  /** Drops a property's cached enrolment key on every instance. */
  forgetKey(pno: string): Promise<void>;
  /**
   * Whether `saw` notes anything (default true). Off only to measure what recording last-seen costs (the device
   * bench, bench/device.ts, compares the poll with and without it); devices then never show online.
   */
  recordSightings: boolean;
  /** Notes that a device called (written with the next flush). */
  saw(pno: string, deviceId: string, at: number, address: string): void;
  /** Writes the sightings noted so far. */
  flush(): Promise<void>;
  /** Starts flushing every FLUSH_MS (a listening or injected app's device API does it). */
  start(): void;
  /** Stops the timer and writes what is left. */
  close(): Promise<void>;
}

const runtimes = new WeakMap<Services, DeviceRuntime>();

/** The app's device runtime (created on first use). */
export function runtimeOf(s: Services): DeviceRuntime {
  let rt = runtimes.get(s);
  if (!rt) {
    rt = createRuntime(s);
    runtimes.set(s, rt);
  }
  return rt;
}

function createRuntime(s: Services): DeviceRuntime {
  const states = new Map<string, { state: DeviceState; until: number }>();
  /** When each device's last sighting was queued, and from where (a new address is written at once). */
  const written = new Map<string, { at: number; address: string }>();
  const resolution = Math.min(SIGHTING_RESOLUTION_MS, (s.config.devicePollSeconds * 1000) / 2);
  const intervals = pollIntervals(s);
  const stateTtl = deviceCacheTtlMs(s.config.devicePollSeconds);
  const keys = new Map<string, { hash: string | null; at: number }>();
  let stateEpoch = 0;
  let keyEpoch = 0;
  let pending = new Map<string, Sighting>();
  let flushing: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;

  const dropStates = (keysToDrop: readonly string[]) => {
    stateEpoch += 1;
    for (const k of keysToDrop) {
      states.delete(k);
      written.delete(k);
    }
  };
  const dropKey = (pno: string) => {
    keyEpoch += 1;
    keys.delete(pno);
  };
  s.bus.subscribe(STATES_TOPIC, (event) => {
    const list = (event as { keys?: unknown }).keys;
    if (Array.isArray(list)) dropStates(list.filter((k): k is string => typeof k === 'string'));
  });
  s.bus.subscribe(KEYS_TOPIC, (event) => {
    const pno = (event as { pno?: unknown }).pno;
    if (typeof pno === 'string') dropKey(pno);
  });

  const writeBatch = async () => {
    if (pending.size === 0) return;
    // In key order, so that consecutive sightings, within a statement and from one to the next, share pages of
    // `device_presence` (presence-repo.ts).
    const batch = [...pending.values()].sort(bySightingKey);
    pending = new Map();
    try {
      // A slice at a time, letting requests run in between: on SQLite each statement blocks the event loop (a
      // sighting's row write costs tens of µs), and a flush of thousands in one go would stall every poll meanwhile.
      for (let i = 0; i < batch.length; i += FLUSH_SLICE) {
        if (i > 0) await new Promise((resolve) => setImmediate(resolve));
        await recordSightings(s.db, batch.slice(i, i + FLUSH_SLICE));
      }
    } catch (err) {
      s.log.error({ err, devices: batch.length }, 'recording device sightings failed');
    }
  };

  const rt: DeviceRuntime = {
    recordSightings: true,
    async state(pno, deviceId) {
      const k = stateKey(pno, deviceId);
      const now = performance.now();
      const known = states.get(k);
      if (known && now < known.until) return known.state;
      const started = stateEpoch;
      // The property of the device's credential, as the server found it.
      const row = await deviceState(s.db, propertyTenant(pno), deviceId);
      if (!row) {
        states.delete(k);
        return null;
      }
      const state: DeviceState = Object.freeze({
        admission: row.admission,
        hasCredential: Boolean(Number(row.has_credential)),
        reported: row.attributes_at !== null,
        menderGeneration: row.mender_generation === null ? null : Number(row.mender_generation),
        modelId: row.model_id,
      });
      if (started === stateEpoch) {
        if (states.size >= MAX_STATES) {
          const oldest = states.keys().next();
          if (!oldest.done) states.delete(oldest.value);
        }
        // Kept as long as a credential (platform/auth/device-credential-cache.ts): with one fixed time, 50 000
        // devices read in one burst were all read again in one burst later, which doubled the poll's cost meanwhile.
        states.set(k, { state, until: deviceCacheExpiry(now, stateTtl) });
      }
      return state;
    },
    async forgetStates(pno, deviceIds) {
      if (deviceIds.length === 0) return;
      const list = deviceIds.map((id) => stateKey(pno, id));
      dropStates(list);
      await s.bus.publish(STATES_TOPIC, { keys: list });
    },
    async keyMatches(pno, key) {
      if (!key || key.length > 200) return false;
      const hash = sha256(key);
      const now = performance.now();
      const known = keys.get(pno);
      if (known && now - known.at < KEY_TTL_MS) return known.hash === hash;
      const started = keyEpoch;
      // The URL's property: the read answers only whether the key is that property's own.
      const matches = await keyMatches(s.db, propertyTenant(pno), hash);
      // The property's key is remembered once a device presented it; other keys are compared with it.
      if (matches && started === keyEpoch) keys.set(pno, { hash, at: now });
      return matches;
    },
    async forgetKey(pno) {
      dropKey(pno);
      await s.bus.publish(KEYS_TOPIC, { pno });
    },
    saw(pno, deviceId, at, address) {
      if (!rt.recordSightings) return;
      const k = stateKey(pno, deviceId);
      const last = written.get(k);
      // At most half the shortest interval the property's devices are told (poll-intervals.ts), when it is known.
      const shortest = intervals.known(pno)?.rollout;
      const every = shortest === undefined ? resolution : Math.min(resolution, shortest * 500);
      if (last && at - last.at < every && at >= last.at && last.address === address) return;
      if (!last && written.size >= MAX_WRITTEN) {
        const oldest = written.keys().next();
        if (!oldest.done) written.delete(oldest.value);
      }
      // Re-inserted, so that the map's order stays oldest first.
      written.delete(k);
      written.set(k, { at, address });
      pending.set(k, { pno, deviceId, at, address });
    },
    flush() {
      flushing = flushing.then(writeBatch);
      return flushing;
    },
    start() {
      if (timer) return;
      timer = setInterval(() => void rt.flush(), FLUSH_MS);
      timer.unref();
    },
    async close() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await rt.flush();
    },
  };
  return rt;
}
