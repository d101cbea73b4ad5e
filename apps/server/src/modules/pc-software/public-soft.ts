import { hasBusiness } from '../../platform/auth/businesses';
import { notFound } from '../../platform/http/errors';
import type { Services } from '../../platform/services';
import { propertyTenant, type Tenant } from '../../platform/tenancy/tenant';
import { findSoftByPublicId, type PublicSoftRow } from './public-repo';

/** The business a property needs for its software to be seen by installed clients and visitors. */
export const PC_TOOLS_BUSINESS = 'pctools';

/**
 * The software a public id names, with its property, or "not found" (README rule 1): unknown, or of a property whose
 * `pctools` business is off (the businesses are read from memory, platform/auth/businesses.ts).
 */
export async function publicSoft(s: Services, publicId: string): Promise<{ t: Tenant; soft: PublicSoftRow }> {
  const soft = await findSoftByPublicId(s.db, publicId);
  if (!soft || !hasBusiness(await s.businesses.enabled(soft.pno), PC_TOOLS_BUSINESS)) throw notFound('software');
  return { t: propertyTenant(soft.pno), soft };
}
