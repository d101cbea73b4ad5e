import type { Db } from '../../platform/db/connect';
import type { Services } from '../../platform/services';
import type { Tenant } from '../../platform/tenancy/tenant';
import { findCert, findUkey } from './repo';
import { serviceCertificate, signJarAsService } from './service-keys';

/**
 * The signing reads other modules build on (the app store's signing link and its index key). This file imports no
 * other module. No SQL here.
 */

/** Whether the property has the certificate. */
export const hasSigningCert = async (db: Db, tenant: Tenant, certId: string) =>
  (await findCert(db, tenant, certId)) !== undefined;

/** Whether the property has the USB key. */
export const hasUkey = async (db: Db, tenant: Tenant, ukeyId: string) =>
  (await findUkey(db, tenant, ukeyId)) !== undefined;

/** The certificate the property's app store index is signed with (made on first use): DER and SHA-256 (hex). */
export const appStoreIndexCertificate = (s: Services, tenant: Tenant) => serviceCertificate(s, tenant, 'appStoreIndex');

/** A JAR of `entries` signed with the property's app store index key. */
export const signAppStoreIndex = (s: Services, tenant: Tenant, entries: readonly { name: string; data: Buffer }[]) =>
  signJarAsService(s, tenant, 'appStoreIndex', entries);
