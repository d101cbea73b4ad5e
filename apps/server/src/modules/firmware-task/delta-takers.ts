import type { Db } from '../../platform/db/connect';
import type { Services } from '../../platform/services';
import type { Tenant } from '../../platform/tenancy/tenant';
import { filesOfPackage } from '../firmware/service';
import { menderDevices } from './device-repo';

/**
 * Which devices can be offered a delta of a package, as delivery offers them (the preview's volume and the offer's
 * recorded delta both ask here): only a package that is one raw image has deltas that replace it (device-ddi.ts),
 * and only over DDI: Mender devices always download the whole `.mender` artifact (README "Mender and deltas").
 * `db` is the caller's (a transaction's) database; `owner` the package's owner (package-owner.ts).
 */
export async function deltaTakers(
  s: Services,
  db: Db,
  tenant: Tenant,
  owner: Tenant,
  swId: string,
  deviceIds: readonly string[],
): Promise<(deviceId: string) => boolean> {
  const files = await filesOfPackage({ ...s, db }, owner, swId).catch(() => []);
  if (files.length !== 1 || files[0]?.kind !== 'raw') return () => false;
  const mender = await menderDevices(db, tenant, deviceIds);
  return (deviceId) => !mender.has(deviceId);
}
