import type { Services } from '../../platform/services';
import type { Tenant } from '../../platform/tenancy/tenant';
import { groupTreeOf } from '../space/reads';

/**
 * The groups a device is in: its group and every group above it in its space's tree (the space itself is no group).
 * A device authorisation naming any of them covers the device.
 */
export async function groupsOfDevice(
  s: Services,
  t: Tenant,
  sid: string | null,
  groupId: string | null,
): Promise<string[]> {
  if (!sid || !groupId || groupId === sid) return [];
  const parent = new Map((await groupTreeOf(s.db, t, sid)).map((g) => [g.group_id, g.pid]));
  const out: string[] = [];
  for (let g: string | undefined = groupId; g && parent.has(g) && !out.includes(g); g = parent.get(g)) out.push(g);
  return out;
}
