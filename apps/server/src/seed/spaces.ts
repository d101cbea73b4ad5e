import * as groupRepo from '../modules/space/group-repo';
import * as spaceRepo from '../modules/space/repo';
import { nameKey } from '../platform/db/sql-helpers';
import { newId } from '../platform/ids';
import type { Services } from '../platform/services';
import { propertyTenant } from '../platform/tenancy/tenant';

/** Quotas are in SPEC §5 units, base 1000. */
const GB = 1000 ** 3;

/** The demo property's spaces, each with its group tree (top-level groups, in order). */
const SPACES = [
  {
    key: 'terminals',
    name: '门店终端',
    business: 'terminal',
    category: 'terminal',
    quota: 10 * GB,
    remark: '演示：各区门店的终端',
    groups: ['华东门店', '华北门店', '华南门店'],
  },
  {
    key: 'files',
    name: '固件与资料',
    business: 'firmware',
    category: 'file',
    quota: 50 * GB,
    remark: '演示：固件包与产品资料',
    groups: ['固件包', '产品资料'],
  },
] as const;

export type DemoSpaceKey = (typeof SPACES)[number]['key'];

/** A seeded space: its sid and its groups' ids, in the order declared. */
export interface DemoSpace {
  sid: string;
  groupIds: string[];
}

/**
 * The spaces of 演示物业 (idempotent: a space or group found by its name is kept as it is): a terminal space whose
 * groups hold the demo fleet, and a file space for firmware packages and documents, both the property's, with the
 * owner responsible.
 */
export async function seedDemoSpaces(
  s: Services,
  pno: string,
  ownerUid: string,
): Promise<Record<DemoSpaceKey, DemoSpace>> {
  const tenant = propertyTenant(pno);
  const out = {} as Record<DemoSpaceKey, DemoSpace>;
  for (const space of SPACES) {
    const key = nameKey(space.name);
    let sid = (await spaceRepo.findSpaceByNameKey(s.db, tenant, key))?.sid;
    if (!sid) {
      sid = newId();
      await spaceRepo.insertSpace(
        s.db,
        tenant,
        {
          sid,
          name: space.name,
          nameKey: key,
          business: space.business,
          category: space.category,
          ownerType: 'property',
          uid: ownerUid,
          quota: space.quota,
          remark: space.remark,
        },
        { id: newId(), kind: 'create', reason: space.remark },
        ownerUid,
        s.now(),
      );
    }
    const existing = (await groupRepo.groupsOf(s.db, tenant, sid)).filter((g) => g.pid === sid);
    const byKey = new Map(existing.map((g) => [g.name_key, g.group_id]));
    const groupIds: string[] = [];
    for (const [sort, name] of space.groups.entries()) {
      let groupId = byKey.get(nameKey(name));
      if (!groupId) {
        groupId = newId();
        await groupRepo.insertGroup(
          s.db,
          tenant,
          { groupId, sid, pid: sid, name, nameKey: nameKey(name), sort },
          s.now(),
        );
      }
      groupIds.push(groupId);
    }
    out[space.key] = { sid, groupIds };
  }
  return out;
}
