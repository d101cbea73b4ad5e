import type { Services } from '../../platform/services';
import type { Tenant } from '../../platform/tenancy/tenant';

/**
 * What a space's groups hold is kept by other modules: devices (the devices module) and files (storage). Each
 * registers a counter here, through this module's service (`registerGroupItemCounter`), so that this module never
 * imports theirs (they import it: a device or file names its space and group). Until one registers, its count is 0.
 *
 * A counter answers, for one space of one property, how many items sit directly in each group: group id → count;
 * items in no group are counted under the sid (the root).
 */
export type GroupItemKind = 'device' | 'file' | 'firmware';
export type GroupItemCounter = (s: Services, tenant: Tenant, sid: string) => Promise<ReadonlyMap<string, number>>;

const counters = new Map<GroupItemKind, GroupItemCounter>();

/** Registers (or replaces) the counter of a kind of item. */
export function registerGroupItemCounter(kind: GroupItemKind, counter: GroupItemCounter): void {
  counters.set(kind, counter);
}

/** The items of a kind directly in each group of a space (empty when nothing counts them yet). */
export async function countGroupItems(
  s: Services,
  tenant: Tenant,
  sid: string,
  kind: GroupItemKind,
): Promise<ReadonlyMap<string, number>> {
  const counter = counters.get(kind);
  return counter ? counter(s, tenant, sid) : new Map();
}
