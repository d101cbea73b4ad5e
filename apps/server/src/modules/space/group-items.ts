import { extensionPoint, indexBy } from '../../platform/extension-points';
import type { Services } from '../../platform/services';
import type { Tenant } from '../../platform/tenancy/tenant';

/**
 * What a space's groups hold is kept by other modules: devices (the devices module), files and firmware packages.
 * Each contributes a counter to `groupItemCounters` in its module definition, so that this module never imports
 * theirs (they import it: a device or file names its space and group). A kind nobody counts is 0.
 *
 * A counter answers, for one space of one property, how many items sit directly in each group: group id → count;
 * items in no group are counted under the sid (the root).
 */
export type GroupItemKind = 'device' | 'file' | 'firmware';
export type GroupItemCounter = (s: Services, tenant: Tenant, sid: string) => Promise<ReadonlyMap<string, number>>;

export const groupItemCounters = extensionPoint<{ kind: GroupItemKind; count: GroupItemCounter }>(
  'space.groupItemCounters',
);

/** The items of a kind directly in each group of a space (empty when nothing counts them). */
export async function countGroupItems(
  s: Services,
  tenant: Tenant,
  sid: string,
  kind: GroupItemKind,
): Promise<ReadonlyMap<string, number>> {
  const byKind = s.extensions.derive(groupItemCounters, 'byKind', (all) =>
    indexBy(groupItemCounters, all, (c) => c.kind),
  );
  const counter = byKind.get(kind);
  return counter ? counter.count(s, tenant, sid) : new Map();
}
