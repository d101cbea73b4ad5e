import type { Services } from '../../platform/services';
import { propertyTenant } from '../../platform/tenancy/tenant';
import { installedActionsOf, lastInstalledByDevice } from './attempt-repo';

/**
 * Each device's last installed action (DDI `installedBase`, README "Device side"), kept in memory per property so
 * that the poll asks the database nothing: a property's map is read once (one query), then kept true by change
 * events on the bus (an action that succeeded names its device, which is looked up once more on its next poll),
 * and read again after `RELOAD_MS`. Only devices that installed something through Keel have an entry.
 */

const RELOAD_MS = 10 * 60_000;
const TOPIC = 'device-installed:firmware-task';

interface Entry {
  byDevice: Map<string, number>;
  unknown: Set<string>;
  at: number;
}

interface Installed {
  of(pno: string, deviceId: string): Promise<number | null>;
  changed(pno: string, deviceIds: readonly string[]): Promise<void>;
}

const instances = new WeakMap<Services, Installed>();

export function installed(s: Services): Installed {
  let known = instances.get(s);
  if (!known) {
    known = create(s);
    instances.set(s, known);
  }
  return known;
}

function create(s: Services): Installed {
  const entries = new Map<string, Entry>();
  const changes = new Map<string, number>();
  const apply = (pno: string, ids: readonly string[]) => {
    changes.set(pno, (changes.get(pno) ?? 0) + 1);
    const entry = entries.get(pno);
    if (entry) for (const id of ids) entry.unknown.add(id);
  };
  s.bus.subscribe(TOPIC, (event) => {
    const e = event as { pno?: unknown; ids?: unknown };
    if (typeof e.pno !== 'string' || !Array.isArray(e.ids)) return;
    apply(
      e.pno,
      e.ids.filter((id): id is string => typeof id === 'string'),
    );
  });
  const entryOf = async (pno: string): Promise<Entry> => {
    const have = entries.get(pno);
    if (have && performance.now() - have.at < RELOAD_MS) return have;
    const started = changes.get(pno) ?? 0;
    const rows = await lastInstalledByDevice(s.db, propertyTenant(pno));
    const entry: Entry = {
      byDevice: new Map(rows.map((r) => [r.deviceId, r.actionId])),
      unknown: new Set(),
      at: performance.now(),
    };
    if ((changes.get(pno) ?? 0) === started) entries.set(pno, entry);
    return entry;
  };
  return {
    async of(pno, deviceId) {
      const entry = await entryOf(pno);
      if (!entry.unknown.has(deviceId)) return entry.byDevice.get(deviceId) ?? null;
      const started = changes.get(pno) ?? 0;
      const [last] = await installedActionsOf(s.db, propertyTenant(pno), deviceId, 1);
      if ((changes.get(pno) ?? 0) === started) {
        entry.unknown.delete(deviceId);
        if (last === undefined) entry.byDevice.delete(deviceId);
        else entry.byDevice.set(deviceId, last);
      }
      return last ?? null;
    },
    async changed(pno, deviceIds) {
      if (deviceIds.length === 0) return;
      apply(pno, deviceIds);
      await s.bus.publish(TOPIC, { pno, ids: [...deviceIds] });
    },
  };
}

/** A device installed an action: every instance looks its last one up again. */
export const installedChanged = (s: Services, pno: string, deviceIds: readonly string[]) =>
  installed(s)
    .changed(pno, deviceIds)
    .catch(() => undefined);
