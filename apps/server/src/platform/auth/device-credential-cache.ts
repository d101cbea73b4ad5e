import type { Db } from '../db/connect';
import type { DeviceContext } from '../http/context';
import type { EventBus } from '../realtime/bus';
import { issueDeviceCredential, resolveDeviceCredential, setDeviceCredentialDisabled } from './device-credentials';

/** The bus topic on which a revocation reaches every instance. */
export const DEVICE_CREDENTIALS_TOPIC = 'device-credentials';

/**
 * How long a device's cached credential and state (modules/device/runtime.ts) are trusted without reading them
 * again: a missed event (Redis reconnecting) heals by then. Each entry keeps it for a random 50–100 % of this, so
 * that entries read together (every device after a restart) do not all expire together. At least three polling
 * intervals: with 5 minutes for a 5-minute interval, a device polling at its pace found its entries gone on most
 * polls, and every such poll read the database (about five times a cached poll's CPU on the device bench).
 */
export function deviceCacheTtlMs(pollSeconds: number): number {
  return Math.max(5 * 60_000, 3 * pollSeconds * 1000);
}

/** When an entry read now stops being trusted: a random 50–100 % of `ttlMs` from `now`. */
export const deviceCacheExpiry = (now: number, ttlMs: number): number => now + ttlMs * (0.5 + 0.5 * Math.random());
/** Most credentials kept per instance; the oldest go first. */
const MAX_ENTRIES = 200_000;

/**
 * Device credentials as every device call checks them (architecture §7: the poll is the hottest path): a token's
 * device is read from the database once and then answered from memory. Whatever stops a credential — a new one
 * issued, the device disabled, rejected or deleted — calls `forget`, which clears this instance at once and tells
 * every other through the event bus (Redis with `REDIS_URL`), so a revoked credential stops working everywhere on
 * its next use. Unknown tokens are not cached (each costs one indexed lookup).
 *
 * Decision: the cache is keyed by the token itself, not by its SHA-256 (which only the database lookup needs): hashing
 * it on every call was half of what a cached resolve cost (2 % of a DDI poll's CPU). The tokens held are those the
 * devices send on every call anyway; the process never writes them anywhere.
 */
export interface DeviceCredentials {
  /** The device of a token, with its property; null when missing, unknown or disabled. */
  resolve(token: string | undefined): Promise<DeviceContext | null>;
  /** Issues (or replaces) a device's credential and answers the token; `db` may be a transaction. Call `forget` after it commits. */
  issue(db: Db, device: { deviceId: string; pno: string; name: string }, now: number): Promise<string>;
  /** Deletes the credentials of devices of a property; `db` may be a transaction. Call `forget` after it commits. */
  remove(db: Db, pno: string, deviceIds: readonly string[]): Promise<void>;
  setDisabled(pno: string, deviceId: string, disabled: boolean): Promise<void>;
  /** Drops the devices' cached credentials on every instance. */
  forget(deviceIds: readonly string[]): Promise<void>;
}

interface Entry {
  device: DeviceContext;
  until: number;
}

export function createDeviceCredentials(db: Db, bus: EventBus, ttlMs: number): DeviceCredentials {
  const byToken = new Map<string, Entry>();
  const tokenOf = new Map<string, string>();
  /** Bumped by every forget: a lookup that started before one does not cache what it read. */
  let epoch = 0;

  const drop = (deviceIds: readonly string[]) => {
    epoch += 1;
    for (const id of deviceIds) {
      const token = tokenOf.get(id);
      if (token !== undefined) byToken.delete(token);
      tokenOf.delete(id);
    }
  };
  bus.subscribe(DEVICE_CREDENTIALS_TOPIC, (event) => {
    const ids = (event as { deviceIds?: unknown }).deviceIds;
    if (Array.isArray(ids)) drop(ids.filter((id): id is string => typeof id === 'string'));
  });

  const credentials: DeviceCredentials = {
    async resolve(token) {
      if (!token || token.length > 200) return null;
      const now = performance.now();
      const known = byToken.get(token);
      if (known && now < known.until) return known.device;
      const started = epoch;
      const device = await resolveDeviceCredential(db, token);
      if (!device) {
        if (known) byToken.delete(token);
        return null;
      }
      if (epoch === started) {
        if (byToken.size >= MAX_ENTRIES) {
          const oldest = byToken.keys().next();
          if (!oldest.done) byToken.delete(oldest.value);
        }
        const previous = tokenOf.get(device.deviceId);
        if (previous !== undefined && previous !== token) byToken.delete(previous);
        byToken.set(token, { device: Object.freeze(device), until: deviceCacheExpiry(now, ttlMs) });
        tokenOf.set(device.deviceId, token);
      }
      return device;
    },
    issue: (trx, device, now) => issueDeviceCredential(trx, device, now),
    async remove(trx, pno, deviceIds) {
      if (deviceIds.length === 0) return;
      await trx.deleteFrom('device_credentials').where('pno', '=', pno).where('device_id', 'in', deviceIds).execute();
    },
    async setDisabled(pno, deviceId, disabled) {
      await setDeviceCredentialDisabled(db, pno, deviceId, disabled);
      await credentials.forget([deviceId]);
    },
    async forget(deviceIds) {
      if (deviceIds.length === 0) return;
      drop(deviceIds);
      await bus.publish(DEVICE_CREDENTIALS_TOPIC, { deviceIds });
    },
  };
  return credentials;
}
