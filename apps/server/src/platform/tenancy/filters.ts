import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { TenantScope } from './tenant';

/** The tenant condition of a query on a tenant-owned table (architecture §5), and its one explicit opt-out. */

/** `column = pno` for one property; for `AllTenants` (operators only: `operatorScope`) the marked opt-out. */
export function tenantFilter(column: string, tenant: TenantScope): RawBuilder<SqlBool> {
  return tenant.pno === null ? acrossProperties('operator') : sql<SqlBool>`${sql.ref(column)} = ${tenant.pno}`;
}

/**
 * Why a query may read across properties: an operator's (after `operatorScope`), one keyed by a user's own uid, one
 * keyed by a device's secret whose answer names the property (an enrolment key presented as Mender's tenant token),
 * one keyed by the caller's own customer property (what other properties shared with it), or a test's look at the
 * tables.
 */
export type AcrossReason =
  | 'operator'
  | 'own-uid'
  | 'device-secret'
  | 'access-token'
  | 'system-job'
  /** The customer records (of any property) that stand for the caller's own customer property, and what was shared with them. */
  | 'customer-share'
  /** The apps the operator made platform apps (modules/app-store), which every property sees, in the property holding them. */
  | 'platform-app'
  /** The public id installed PC software and its download page name it by (modules/pc-software): the row names the property. */
  | 'public-id'
  /** The platform main tools (modules/pc-software) granted to the reader's property, in the property holding them. */
  | 'platform-main-tool'
  | 'test';

export const ACROSS_MARKER = 'keel:across-properties';

/**
 * The only way past the tenant guard (tenant-guard.ts): a condition that is always true and says, in the SQL,
 * that the query means to read across properties. Allowed only in operator queries (the repo took an
 * `AllTenants`/`TenantScope` handle) and in queries keyed by a user's own uid (the properties a user belongs to,
 * how many they belong to); tests use it to look at whole tables. Grep `acrossProperties(` to review every use.
 */
export function acrossProperties(why: AcrossReason): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.raw(`1 = 1 /* ${ACROSS_MARKER}: ${why} */`)}`;
}
