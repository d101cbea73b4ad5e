import type { Services } from '../../platform/services';
import type { Tenant } from '../../platform/tenancy/tenant';
import { softUsingFiles } from './version-repo';

/** A file of a space that software names (an installer or an icon) is not deleted: the file module asks here. */
export async function fileUse(s: Services, tenant: Tenant, fids: readonly string[]) {
  return (await softUsingFiles(s.db, tenant, fids)) ?? null;
}
