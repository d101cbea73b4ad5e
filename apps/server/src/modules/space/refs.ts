import type { Services } from '../../platform/services';
import type { Tenant } from '../../platform/tenancy/tenant';
import * as applyRepo from './apply-repo';
import * as groupRepo from './group-repo';
import * as repo from './repo';

/**
 * The space an id of the contract's space kinds names in a property (`ref('space' | 'spaceGroup' | 'spaceApply')`),
 * for the central scope check: null when it names nothing there (another property's, unknown), and for an
 * application, which has no space until approved.
 */
export async function spaceOfRef(
  s: Services,
  tenant: Tenant,
  kind: 'space' | 'spaceGroup' | 'spaceApply',
  id: string,
): Promise<string | null> {
  if (kind === 'space') return (await repo.findSpaces(s.db, tenant, [id]))[0]?.sid ?? null;
  if (kind === 'spaceGroup') {
    // A group id may also be the sid itself (the root of the tree).
    const group = await groupRepo.spaceOfGroup(s.db, tenant, id);
    return group?.sid ?? (await repo.findSpaces(s.db, tenant, [id]))[0]?.sid ?? null;
  }
  return (await applyRepo.findApplications(s.db, tenant, [id]))[0]?.sid ?? null;
}
