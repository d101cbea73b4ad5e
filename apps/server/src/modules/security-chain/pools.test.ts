import { Status } from '@keel/contract/status';
import { beforeAll, expect, it } from 'vitest';
import { acrossProperties } from '../../platform/tenancy/filters';
import { type DeviceFixture, deviceFixture } from '../../test/device-fixture';
import { describeEachDb } from '../../test/harness';
import { periodEndOf, periodStartOf } from './pool-period';

/**
 * Grant pools of a security space: one per function of the space, the period and quota, what is used of the current
 * period and when it refills, disable, reset, delete; the function's authorisation count; audit; another property's
 * pools and the page's permissions.
 */
describeEachDb('security chain grant pools', (env) => {
  let fx: DeviceFixture;
  let sid: string;
  let serial = 0;
  const space = async (name: string, business = 'security') =>
    (await fx.ok('space/addSpace', { name, business, category: 'terminal', quota: 1 << 20 })).sid as string;
  const func = async (code: string, inSpace = sid) =>
    fx.ok('func/saveFunc', { sid: inSpace, code, nameZh: `功能 ${code}`, nameEn: `Function ${code}`, risk: 'high' });
  const authCount = async (funcId: string, inSpace = sid) =>
    (await fx.ok('func/getFuncList', { sid: inSpace, funcId })).list[0].authCount as number;
  const db = () => env().app.keel.db.withoutPlugins();

  beforeAll(async () => {
    fx = await deviceFixture(env);
    sid = await space(`Pools ${Date.now() % 100000}`);
  });

  it('sets up one pool per function, with the current period and its refill, and counts it on the function', async () => {
    const f = await func('pool.day');
    const now = env().now();
    const pool = await fx.ok('grantPool/saveGrantPool', {
      sid,
      funcId: f.funcId,
      period: 'day',
      quota: 3,
      remark: 'Night shift',
    });
    const start = periodStartOf('day', now);
    expect(pool).toMatchObject({
      funcId: f.funcId,
      funcCode: 'pool.day',
      funcName: 'Function pool.day',
      risk: 'high',
      period: 'day',
      quota: 3,
      used: 0,
      periodStart: start,
      refillTime: periodEndOf('day', start),
      disabled: 0,
      remark: 'Night shift',
    });
    expect(await authCount(f.funcId)).toBe(1);

    // A second pool for the function is refused, naming it; so is a function of another space, or none.
    let res = await fx.call('grantPool/saveGrantPool', { sid, funcId: f.funcId, period: 'week', quota: 1 }, fx.owner);
    expect([res.status, res.msg]).toEqual([
      Status.conflict,
      'The function "pool.day Function pool.day" has a grant pool already',
    ]);
    const elsewhere = await func('pool.elsewhere', await space(`Pools other ${++serial}`));
    res = await fx.call(
      'grantPool/saveGrantPool',
      { sid, funcId: elsewhere.funcId, period: 'day', quota: 1 },
      fx.owner,
    );
    expect([res.status, res.msg]).toEqual([Status.notFound, 'Not found: funcId']);
    for (const quota of [0, -1, 1.5, 1_000_001]) {
      res = await fx.call('grantPool/saveGrantPool', { sid, funcId: f.funcId, period: 'day', quota }, fx.owner);
      expect(res.status, String(quota)).toBe(Status.invalidInput);
    }
    res = await fx.call('grantPool/saveGrantPool', { sid, funcId: f.funcId, period: 'year', quota: 1 }, fx.owner);
    expect(res.status).toBe(Status.invalidInput);

    // A function with a pool is in use: it cannot be deleted.
    res = await fx.call('func/deleteFunc', { funcId: f.funcId }, fx.owner);
    expect(res.status).toBe(Status.conflict);

    const page = await fx.ok('grantPool/getGrantPoolList', { sid });
    expect(page.list.map((p: { poolId: string }) => p.poolId)).toContain(pool.poolId);
    expect((await fx.ok('grantPool/getGrantPoolList', { sid, str: 'POOL.DAY' })).total).toBe(1);
    expect((await fx.ok('grantPool/getGrantPoolList', { sid, str: 'nothing like it' })).total).toBe(0);
    const total = await fx.ok('grantPool/saveGrantPool', {
      sid,
      funcId: (await func('pool.total')).funcId,
      period: 'total',
      quota: 10,
    });
    expect(total).toMatchObject({ periodStart: 0, refillTime: null });
  });

  it('answers a race for the same function with one pool and a conflict', async () => {
    const f = await func(`pool.race${++serial}`);
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        fx.call('grantPool/saveGrantPool', { sid, funcId: f.funcId, period: 'month', quota: 5 }, fx.owner),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([0, Status.conflict, Status.conflict]);
    expect(await authCount(f.funcId)).toBe(1);
  });

  it('edits a pool: the quota keeps what is used, a new period starts afresh, the function stays', async () => {
    const f = await func(`pool.edit${++serial}`);
    const pool = await fx.ok('grantPool/saveGrantPool', { sid, funcId: f.funcId, period: 'day', quota: 5 });
    await db().updateTable('security_grant_pools').set({ used: 4 }).where('pool_id', '=', pool.poolId).execute();
    let edited = await fx.ok('grantPool/saveGrantPool', {
      poolId: pool.poolId,
      sid,
      funcId: f.funcId,
      period: 'day',
      quota: 8,
      remark: 'More',
      disabled: 1,
    });
    expect(edited).toMatchObject({ quota: 8, used: 4, remark: 'More', disabled: 1 });
    edited = await fx.ok('grantPool/saveGrantPool', {
      poolId: pool.poolId,
      sid,
      funcId: f.funcId,
      period: 'week',
      quota: 8,
    });
    expect(edited).toMatchObject({ period: 'week', used: 0, periodStart: periodStartOf('week', env().now()) });

    const other = await func(`pool.other${serial}`);
    let res = await fx.call(
      'grantPool/saveGrantPool',
      { poolId: pool.poolId, sid, funcId: other.funcId, period: 'week', quota: 8 },
      fx.owner,
    );
    expect([res.status, res.msg]).toEqual([
      Status.invalidInput,
      `The grant pool belongs to the function "${f.code} ${f.nameEn}" and cannot move to another`,
    ]);
    // Naming another space with its id does not move it.
    const otherSpace = await space(`Pools moved ${serial}`);
    const there = await func(f.code, otherSpace);
    res = await fx.call(
      'grantPool/saveGrantPool',
      { poolId: pool.poolId, sid: otherSpace, funcId: there.funcId, period: 'week', quota: 8 },
      fx.owner,
    );
    expect([res.status, res.msg]).toEqual([Status.notFound, 'Not found: poolId']);
    expect(await authCount(f.funcId)).toBe(1);
    expect(await authCount(other.funcId)).toBe(0);
  });

  it('shows nothing used once the period ended, without writing; resets, disables, enables, deletes', async () => {
    const f = await func(`pool.life${++serial}`);
    const pool = await fx.ok('grantPool/saveGrantPool', { sid, funcId: f.funcId, period: 'day', quota: 5 });
    // Drawn in an earlier day.
    const yesterday = periodStartOf('day', env().now()) - 86_400_000;
    await db()
      .updateTable('security_grant_pools')
      .set({ used: 5, period_start: yesterday })
      .where('pool_id', '=', pool.poolId)
      .execute();
    const [listed] = (await fx.ok('grantPool/getGrantPoolList', { sid, funcId: f.funcId })).list;
    expect(listed).toMatchObject({ used: 0, periodStart: periodStartOf('day', env().now()) });
    const stored = await db()
      .selectFrom('security_grant_pools')
      .select(['used', 'period_start'])
      .where('pool_id', '=', pool.poolId)
      .executeTakeFirstOrThrow();
    expect([Number(stored.used), Number(stored.period_start)]).toEqual([5, yesterday]);

    // Used up in this period; a reset gives the whole quota again.
    await db()
      .updateTable('security_grant_pools')
      .set({ used: 5, period_start: periodStartOf('day', env().now()) })
      .where('pool_id', '=', pool.poolId)
      .execute();
    expect((await fx.ok('grantPool/getGrantPoolList', { sid, funcId: f.funcId })).list[0].used).toBe(5);
    expect(await fx.ok('grantPool/resetGrantPool', { poolId: pool.poolId })).toMatchObject({ used: 0 });

    expect(await fx.ok('grantPool/setGrantPoolDisable', { poolId: pool.poolId, disabled: 1 })).toMatchObject({
      disabled: 1,
    });
    expect(await fx.ok('grantPool/setGrantPoolDisable', { poolId: pool.poolId, disabled: 0 })).toMatchObject({
      disabled: 0,
    });
    expect(await authCount(f.funcId)).toBe(1);
    expect(await fx.ok('grantPool/deleteGrantPool', { poolId: pool.poolId })).toEqual({ deleted: 1 });
    expect(await authCount(f.funcId)).toBe(0);
    const res = await fx.call('grantPool/deleteGrantPool', { poolId: pool.poolId }, fx.owner);
    expect([res.status, res.msg]).toEqual([Status.notFound, 'Not found: poolId']);
    expect(await authCount(f.funcId)).toBe(0);
    // The function is free again: deleted.
    expect(await fx.ok('func/deleteFunc', { funcId: f.funcId })).toEqual({ deleted: 1 });

    const audited = await env()
      .app.keel.db.selectFrom('audit_log')
      .select('endpoint')
      .where(acrossProperties('test'))
      .where('target', '=', pool.poolId)
      .execute();
    expect(audited.map((a) => a.endpoint).sort()).toEqual(
      expect.arrayContaining([
        'grantPool/saveGrantPool',
        'grantPool/resetGrantPool',
        'grantPool/setGrantPoolDisable',
        'grantPool/deleteGrantPool',
      ]),
    );
  });

  it("keeps another property's pools out, and the page's permissions", async () => {
    const guarded = await space(`Pools guarded ${++serial}`);
    const f = await func('pool.guarded', guarded);
    const mine = await fx.ok('grantPool/saveGrantPool', { sid: guarded, funcId: f.funcId, period: 'day', quota: 2 });
    await fx.ok(
      'pro/authPropertyBusiness',
      { pno: fx.partner, businessList: ['firmware', 'appstore', 'terminal', 'security'] },
      fx.operator,
      { pno: '' },
    );
    for (const [path, input, what] of [
      ['grantPool/getGrantPoolList', { sid: guarded }, 'sid'],
      ['grantPool/saveGrantPool', { sid: guarded, funcId: f.funcId, period: 'day', quota: 1 }, 'sid'],
      ['grantPool/setGrantPoolDisable', { poolId: mine.poolId, disabled: 1 }, 'poolId'],
      ['grantPool/resetGrantPool', { poolId: mine.poolId }, 'poolId'],
      ['grantPool/deleteGrantPool', { poolId: mine.poolId }, 'poolId'],
    ] as const) {
      const res = await fx.call(path, input, fx.operator);
      expect([res.status, res.msg], path).toEqual([Status.notFound, `Not found: ${what}`]);
    }
    expect((await fx.ok('grantPool/getGrantPoolList', { sid: guarded })).list[0].disabled).toBe(0);
    const res = await fx.call('grantPool/getGrantPoolList', { sid: guarded }, fx.member);
    expect(res.status).toBe(Status.forbidden);
  });
});
