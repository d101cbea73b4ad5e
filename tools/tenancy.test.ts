import { describe, expect, it } from 'vitest';
import { handWrittenTenantFilters, isModuleCode } from './tenancy';

describe('hand-written tenant filters', () => {
  it('finds conditions on pno and tenantFilter, not other columns', () => {
    const source = [
      "db.selectFrom('titles').where('pno', '=', t.pno)",
      "  .innerJoin('users as u', (j) => j.onRef('u.uid', '=', 'm.uid').on('u.pno', '=', t.pno))",
      "  .innerJoin('orgs as o', (j) => j.onRef('o.oid', '=', 'm.oid').onRef('o.pno', '=', 'm.pno'))",
      "  .where((eb) => eb('m.pno', '=', pno))",
      "  .where(tenantFilter('d.pno', scope))",
      "  .where('pnoKey', '=', 1).where('name', '=', 'pno')",
    ].join('\n');
    expect(handWrittenTenantFilters(source).map((f) => f.line)).toEqual([1, 2, 3, 4, 5]);
  });

  it('leaves a condition a comment declares is not a tenant filter', () => {
    const source = [
      "db.selectFrom('properties')",
      '  // not a tenant filter: a key lookup on properties',
      "  .where('pno', '=', pno)",
      "  .where('pno', '=', other) // not a tenant filter: the operator's filter",
      "  .where('pno', '=', t.pno)",
    ].join('\n');
    expect(handWrittenTenantFilters(source).map((f) => f.line)).toEqual([5]);
  });

  it('applies to module code only, tests aside', () => {
    expect(isModuleCode('apps/server/src/modules/title/repo.ts')).toBe(true);
    expect(isModuleCode('apps/server/src/modules/title/title.test.ts')).toBe(false);
    expect(isModuleCode('apps/server/src/platform/auth/sessions.ts')).toBe(false);
  });
});
