/**
 * Tenancy is the query layer's (apps/server/src/platform/tenancy/tenant-scope.ts): module code reads and writes a
 * property's tables through `tenantDb(db, tenant)`, which adds the property itself. This finds what module code
 * still writes by hand: a condition on a `pno` column (`where`, `on`, `onRef`, an expression builder's `eb('pno', …)`)
 * and `tenantFilter(…)`, unless a comment declares it is none (`NOT_A_TENANT_FILTER`).
 */
const HAND_WRITTEN = [
  /\.(?:where|orWhere|on|onRef|whereRef)\(\s*['"](?:\w+\.)?pno['"]/g,
  /\.onRef\([^()]*,\s*['"]\w+\.pno['"]\s*\)/g,
  /\beb\(\s*['"](?:\w+\.)?pno['"]/g,
  /\btenantFilter\(/g,
];

export interface TenantFilter {
  line: number;
  text: string;
}

/**
 * What declares a condition on `pno` that is not a tenant filter (a key lookup on `properties`, an operator's read
 * across properties): a comment on the line, or a comment line just above it, saying why.
 */
export const NOT_A_TENANT_FILTER = '// not a tenant filter:';

/** The hand-written tenant filters of one source text, each with its line. */
export function handWrittenTenantFilters(source: string): TenantFilter[] {
  const lines = source.split('\n');
  const declared = (line: number) =>
    (lines[line - 1] ?? '').includes(NOT_A_TENANT_FILTER) ||
    (lines[line - 2] ?? '').trim().startsWith(NOT_A_TENANT_FILTER);
  const found = new Map<number, string>();
  for (const pattern of HAND_WRITTEN) {
    for (const m of source.matchAll(pattern)) if (!found.has(m.index)) found.set(m.index, m[0]);
  }
  return [...found]
    .sort(([a], [b]) => a - b)
    .map(([index, text]) => ({ line: source.slice(0, index).split('\n').length, text }))
    .filter((f) => !declared(f.line));
}

/** Module code the rule applies to: the server's modules, tests aside (they look at whole tables on purpose). */
export const isModuleCode = (rel: string) =>
  rel.startsWith('apps/server/src/modules/') && /\.ts$/.test(rel) && !/\.test\.ts$/.test(rel);
