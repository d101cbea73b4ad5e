import type { Db } from '../../platform/db/connect';
import type { Tenant } from '../../platform/tenancy/tenant';
import { findCert, findUkey } from './repo';

/**
 * The signing reads other modules build on (the app store's signing link). This file imports no other module. No
 * SQL here.
 */

/** Whether the property has the certificate. */
export const hasSigningCert = async (db: Db, tenant: Tenant, certId: string) =>
  (await findCert(db, tenant, certId)) !== undefined;

/** Whether the property has the USB key. */
export const hasUkey = async (db: Db, tenant: Tenant, ukeyId: string) =>
  (await findUkey(db, tenant, ukeyId)) !== undefined;
