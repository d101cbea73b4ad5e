import { AppError, notFound } from '../../platform/http/errors';
import type { Services } from '../../platform/services';
import { spaceHead, spacesOfBusiness } from '../space/reads';
import type { Caller } from './caller';

/** The security chain works in the property's spaces of the `security` business (modules/space). */
export const SECURITY_BUSINESS = 'security';

/** Checks `sid` names a security space of the property: another's (or none) is "not found", another business's refused. */
export async function assertSecuritySpace(s: Services, c: Caller, sid: string): Promise<void> {
  const space = await spaceHead(s.db, c.t, sid);
  if (!space) throw notFound('sid');
  if (space.business !== SECURITY_BUSINESS) throw new AppError('securitySpaceRequired', { name: space.name });
}

/** The security spaces the caller reaches with any of the permissions, by name (the pages' space choice). */
export function listSecuritySpaces(s: Services, c: Caller, permissions: readonly string[]) {
  return spacesOfBusiness(s.db, c.t, SECURITY_BUSINESS, c.reach(permissions));
}
