import type { Db } from '../../platform/db/connect';
import type { Tenant } from '../../platform/tenancy/tenant';
import { customers, propertiesStoodFor } from './repo';

/**
 * The customer reads other modules build on (firmware shares packages with customers). This file imports no other
 * module. No SQL here.
 */

/** The names of the property's customers among `cids`, by id (unknown ids are left out). */
export const customerNames = (db: Db, tenant: Tenant, cids: readonly string[]) => customers.names(db, tenant, cids);

/** The customer properties the property's customers among `cids` stand for, each once. */
export const customerProperties = (db: Db, tenant: Tenant, cids: readonly string[]) =>
  propertiesStoodFor(db, tenant, cids);
