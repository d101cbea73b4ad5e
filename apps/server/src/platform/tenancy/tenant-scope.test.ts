import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { seedDemo } from '../../seed/demo';
import { describeEachDb } from '../../test/harness';
import type { Db } from '../db/connect';
import { propertyTenant, type Tenant } from './tenant';
import { TenantScopeError, tenantChecked, tenantDb } from './tenant-scope';

/** The tenant-scoped query handle: every query on a tenant table is the property's, whatever it forgets to say. */
describeEachDb('tenant scope', (env) => {
  let db: Db;
  let mine: Tenant;
  let theirs: Tenant;
  const title = (tid: string, name: string) => ({
    tid,
    name,
    name_key: name.toLowerCase(),
    remark: '',
    created_by: null,
    created_at: 1,
    updated_at: 1,
  });
  const names = (rows: Array<{ name: string }>) => rows.map((r) => r.name).sort();

  beforeAll(async () => {
    db = env().app.keel.db;
    await seedDemo(env().app.keel);
    const props = await db.withoutPlugins().selectFrom('properties').select(['pno', 'name']).execute();
    mine = propertyTenant(props.find((p) => p.name === '演示物业')?.pno as string);
    theirs = propertyTenant(props.find((p) => p.name === '合作物业')?.pno as string);
    await tenantDb(db, mine)
      .insertInto('titles')
      .values([title('ts-a', 'Scope A'), title('ts-b', 'Scope B')])
      .execute();
    await tenantDb(db, theirs).insertInto('titles').values(title('ts-c', 'Scope C')).execute();
  });

  it('sets the property on inserts and refuses a row naming another', async () => {
    const rows = await db
      .withoutPlugins()
      .selectFrom('titles')
      .select(['tid', 'pno'])
      .where('tid', 'like', 'ts-%')
      .execute();
    expect(Object.fromEntries(rows.map((r) => [r.tid, r.pno]))).toEqual({
      'ts-a': mine.pno,
      'ts-b': mine.pno,
      'ts-c': theirs.pno,
    });
    await expect(
      tenantDb(db, mine)
        .insertInto('titles')
        .values({ ...title('ts-x', 'Scope X'), pno: theirs.pno })
        .execute(),
    ).rejects.toThrow(TenantScopeError);
    await expect(
      tenantDb(db, mine)
        .insertInto('titles')
        .columns(['tid', 'name', 'name_key', 'remark', 'created_at', 'updated_at'])
        .expression((eb) =>
          eb.selectFrom('titles').select(['tid', 'name', 'name_key', 'remark', 'created_at', 'updated_at']),
        )
        .execute(),
    ).rejects.toThrow(/must name pno/);
  });

  it('reads only the property: from, joins (left joins kept), subqueries and CTEs', async () => {
    const t = tenantDb(db, mine);
    expect(names(await t.selectFrom('titles').select('name').where('name', 'like', 'Scope%').execute())).toEqual([
      'Scope A',
      'Scope B',
    ]);
    // Another property's id is simply not there.
    expect(await t.selectFrom('titles').select('tid').where('tid', '=', 'ts-c').execute()).toEqual([]);
    // A left join to a tenant table keeps the rows without a match.
    const joined = await t
      .selectFrom('titles as x')
      .leftJoin('title_users as u', 'u.tid', 'x.tid')
      .select(['x.name', 'u.uid'])
      .where('x.tid', 'like', 'ts-%')
      .execute();
    expect(names(joined)).toEqual(['Scope A', 'Scope B']);
    const counted = await t
      .selectFrom('properties as p')
      .select((eb) =>
        eb
          .selectFrom('titles')
          .select((e) => e.fn.countAll<number>().as('n'))
          .where('tid', 'like', 'ts-%')
          .as('n'),
      )
      .where('p.pno', '=', mine.pno)
      .executeTakeFirstOrThrow();
    expect(Number(counted.n)).toBe(2);
    // A cross join takes no `on`: its table is scoped in the `where` (PostgreSQL refuses `cross join … on`).
    const crossed = await t
      .selectFrom('titles as x')
      .crossJoin('titles as y')
      .select(['x.name as a', 'y.name as b'])
      .where('x.tid', 'like', 'ts-%')
      .where('y.tid', 'like', 'ts-%')
      .execute();
    expect(crossed).toHaveLength(4);
    const viaCte = await t
      .with('mine', (q) => q.selectFrom('titles').select('name').where('tid', 'like', 'ts-%'))
      .selectFrom('mine')
      .select('name')
      .execute();
    expect(names(viaCte)).toEqual(['Scope A', 'Scope B']);
  });

  it('updates and deletes only the property’s rows, in a transaction too', async () => {
    const t = tenantDb(db, mine);
    const updated = await t
      .updateTable('titles')
      .set({ remark: 'touched' })
      .where('tid', 'like', 'ts-%')
      .executeTakeFirst();
    expect(Number(updated.numUpdatedRows)).toBe(2);
    await db.transaction().execute(async (trx) => {
      const deleted = await tenantDb(trx, mine)
        .deleteFrom('titles')
        .where('tid', 'in', ['ts-b', 'ts-c'])
        .executeTakeFirst();
      expect(Number(deleted.numDeletedRows)).toBe(1);
    });
    const left = await db
      .withoutPlugins()
      .selectFrom('titles')
      .select(['tid', 'remark'])
      .where('tid', 'like', 'ts-%')
      .orderBy('tid')
      .execute();
    expect(left).toEqual([
      { tid: 'ts-a', remark: 'touched' },
      { tid: 'ts-c', remark: '' },
    ]);
  });

  it('lets an upsert update only the property’s row', async () => {
    const t = tenantDb(db, mine);
    await t
      .insertInto('titles')
      .values(title('ts-c', 'Scope C2'))
      .onConflict((oc) => oc.column('tid').doUpdateSet({ remark: 'taken over' }))
      .execute();
    const theirRow = await db
      .withoutPlugins()
      .selectFrom('titles')
      .select('remark')
      .where('tid', '=', 'ts-c')
      .executeTakeFirstOrThrow();
    expect(theirRow.remark).toBe('');
  });

  it('refuses raw SQL on a tenant table unless it says why it filters by itself', async () => {
    const t = tenantDb(db, mine);
    await expect(sql`select count(*) as n from titles`.execute(t)).rejects.toThrow(TenantScopeError);
    const checked = await sql<{
      n: number;
    }>`select count(*) as n ${tenantChecked('counted by pno')} from titles where pno = ${mine.pno} and tid like 'ts-%'`.execute(
      t,
    );
    expect(Number(checked.rows[0]?.n)).toBe(1);
    // Raw SQL without a tenant table is nobody's business.
    expect((await sql<{ one: number }>`select 1 as one`.execute(t)).rows[0]?.one).toBe(1);
  });
});
