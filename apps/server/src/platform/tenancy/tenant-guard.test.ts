import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../migrations';
import { connect, type Db } from '../db/connect';
import { acrossProperties, tenantFilter } from './filters';
import { operatorScope, propertyTenant, tenantOf } from './tenant';
import { TenantGuardError } from './tenant-guard';

describe('tenant guard', () => {
  let db: Db;
  beforeAll(async () => {
    db = connect({ kind: 'sqlite', file: ':memory:' }).db;
    await migrateToLatest(db);
  });
  afterAll(() => db.destroy());

  it('refuses a select, update or delete on a tenant table without a pno condition', async () => {
    await expect(db.selectFrom('orgs').selectAll().where('oid', '=', 'x').execute()).rejects.toThrow(TenantGuardError);
    await expect(
      db.updateTable('org_requests').set({ status: 'revoked' }).where('id', '=', 'x').execute(),
    ).rejects.toThrow(/org_requests has no pno condition/);
    await expect(db.deleteFrom('title_users').where('uid', '=', 'u').execute()).rejects.toThrow(TenantGuardError);
    // A join does not lend its pno: the tenant table itself must be filtered in the where clause.
    await expect(
      db.selectFrom('permission_sets as s').innerJoin('properties as p', 'p.pno', 's.pno').select('s.psid').execute(),
    ).rejects.toThrow(TenantGuardError);
  });

  it('checks nested queries on their own', async () => {
    await expect(
      db
        .selectFrom('orgs as o')
        .select((eb) =>
          eb.selectFrom('property_members as m').select('m.uid').whereRef('m.oid', '=', 'o.oid').limit(1).as('one'),
        )
        .where('o.pno', '=', 'P1')
        .execute(),
    ).rejects.toThrow(/property_members/);
  });

  it('lets through queries filtered by the tenant, and the marked operator and own-uid queries', async () => {
    const one = propertyTenant('P1');
    await expect(db.selectFrom('orgs').selectAll().where('pno', '=', one.pno).execute()).resolves.toEqual([]);
    await expect(db.selectFrom('orgs').selectAll().where(tenantFilter('pno', one)).execute()).resolves.toEqual([]);
    const all = operatorScope({ user: { isOperator: true } as never });
    await expect(db.selectFrom('orgs').selectAll().where(tenantFilter('pno', all)).execute()).resolves.toEqual([]);
    await expect(
      db
        .selectFrom('property_members')
        .select('pno')
        .where(acrossProperties('own-uid'))
        .where('uid', '=', 'u')
        .execute(),
    ).resolves.toEqual([]);
    // Tables that are not tenant-owned are not checked.
    await expect(db.selectFrom('users').select('uid').execute()).resolves.toEqual([]);
  });
});

describe('tenant handles', () => {
  it('spans every property only for an operator', () => {
    expect(() => operatorScope({ user: null })).toThrow();
    expect(() => operatorScope({ user: { isOperator: false } as never })).toThrow();
    expect(operatorScope({ user: { isOperator: true } as never }).pno).toBeNull();
  });

  it('is built from the selected property, and never without one', () => {
    expect(() => tenantOf({ property: null })).toThrow();
    expect(tenantOf({ property: { pno: 'P9' } as never }).pno).toBe('P9');
    expect(() => propertyTenant('')).toThrow();
  });
});
