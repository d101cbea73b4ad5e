/**
 * Hand-written tenant filters known when the check (tools/tenancy-check.ts) was added, per file: 451 in 30 files,
 * none since every repo moved to `tenantDb`. A condition on `pno` that is not a tenant filter says so in a comment
 * (tools/tenancy.ts `NOT_A_TENANT_FILTER`). Never add an entry.
 */
export const KNOWN_TENANT_FILTERS: Readonly<Record<string, number>> = {};
