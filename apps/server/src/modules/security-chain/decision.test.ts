import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { newId } from '../../platform/ids';
import type { Services } from '../../platform/services';
import { propertyTenant, type Tenant } from '../../platform/tenancy/tenant';
import { tenantDb } from '../../platform/tenancy/tenant-scope';
import { type DeviceFixture, deviceFixture } from '../../test/device-fixture';
import { describeEachDb } from '../../test/harness';
import { decide } from './decision';
import { subjectKeysOf } from './subjects';

/**
 * The decision against a reference evaluator of README "The decision", written here from the rules (it imports
 * nothing of decision.ts): generated privileged users, user authorisations (users, titles, user sets, units; windows;
 * disabled), device authorisations (devices, groups; windows; disabled), white lists and pools (quota, used, period,
 * disabled), written straight into the tables, must get the same answer from `decide` — allowed and by what, or
 * refused and why — and the pool must be drawn exactly when the reference draws.
 */
const RUNS = Number(process.env.SECURITY_DECISION_RUNS ?? 250);
const SEED = Number(process.env.SECURITY_DECISION_SEED ?? 20_261_129);

interface Window {
  start: number | null;
  end: number | null;
}
interface Grant extends Window {
  disabled: boolean;
}
interface Case {
  now: number;
  user: number;
  device: number;
  privileged: (Grant | null)[];
  userAuths: (Grant & { key: number })[];
  deviceAuths: (Grant & { target: number })[];
  whiteUsers: (Window & { user: number })[];
  whiteDevices: (Window & { device: number })[];
  pool: { quota: number; used: number; disabled: boolean; period: 'total' | 'day'; stale: boolean } | null;
}

/** 2027-01-15 08:00 UTC: the windows are around it, and the day pools' current period is its day. */
const T0 = 1_800_000_000_000;
/** A window's side: open most often (so that grants hold often enough), else on either side of T0, or at it. */
const edge = fc.oneof(
  { weight: 5, arbitrary: fc.constant(null) },
  { weight: 3, arbitrary: fc.constantFrom(T0 - 60_000, T0 - 1, T0, T0 + 1, T0 + 60_000) },
);
const disabled = fc.oneof({ weight: 4, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) });
const grant = fc.record({ start: edge, end: edge, disabled });
const maybe = <T>(a: fc.Arbitrary<T>, weight: number) =>
  fc.oneof({ weight, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: a });

describeEachDb('security chain decision against its reference', (env) => {
  let fx: DeviceFixture;
  let s: Services;
  let t: Tenant;
  let sid: string;
  let funcId: string;
  /** The users asked about, and the subject keys (`type:id`) each counts as. */
  let users: { uid: string; keys: string[] }[];
  /** Every subject key a user authorisation may name: the users' and some of nobody's. */
  let subjectKeys: string[];
  /** The devices: one outside any group, one in `g2` (below `g1`), one in `g3`. */
  let devices: { id: string; groups: string[] }[];
  let targets: { type: 'device' | 'group'; id: string }[];

  beforeAll(async () => {
    fx = await deviceFixture(env);
    s = env().app.keel;
    t = propertyTenant(fx.demo);
    sid = (
      await fx.ok('space/addSpace', {
        name: `Decision ${Date.now() % 100000}`,
        business: 'security',
        category: 'terminal',
        quota: 1 << 20,
      })
    ).sid;
    funcId = (await fx.ok('func/saveFunc', { sid, code: 'debug.adb', nameZh: '调试', nameEn: 'Debug', risk: 'high' }))
      .funcId;
    const terminals = (
      await fx.ok('space/addSpace', {
        name: `Decision devices ${Date.now() % 100000}`,
        business: 'terminal',
        category: 'terminal',
        quota: 1 << 20,
      })
    ).sid;
    const g1 = (await fx.ok('sg/addOrUpdateGroup', { sid: terminals, name: 'Building' })).groupId;
    const g2 = (await fx.ok('sg/addOrUpdateGroup', { sid: terminals, pid: g1, name: 'Floor' })).groupId;
    const g3 = (await fx.ok('sg/addOrUpdateGroup', { sid: terminals, name: 'Yard' })).groupId;
    const placed = async (groupId: string | null) => {
      const { deviceId } = await fx.deviceAt('1.0.0', { prefix: 'decide' });
      await tenantDb(s.db, t)
        .updateTable('devices')
        .set({ sid: groupId ? terminals : null, group_id: groupId })
        .where('device_id', '=', deviceId)
        .execute();
      return deviceId;
    };
    devices = [
      { id: await placed(null), groups: [] },
      { id: await placed(g2), groups: [g2, g1] },
      { id: await placed(g3), groups: [g3] },
    ];
    targets = [
      ...devices.map((d) => ({ type: 'device' as const, id: d.id })),
      ...[g1, g2, g3, newId()].map((id) => ({ type: 'group' as const, id })),
    ];
    // The member counts as every kind of subject: a title, a user set and two units above the root, besides themselves.
    const { tid } = await fx.ok('t/addOrUpdateTitle', { name: 'Decision title' });
    await fx.ok('t/addTitleUser', { tid, uidList: [fx.member.uid] });
    const { usid } = await fx.ok('us/addOrUpdateUserSet', { name: 'Decision set' });
    await fx.ok('us/addUserSetUser', { usid, uidList: [fx.member.uid] });
    const { oid: upper } = await fx.ok('o/addOrUpdateOrg', { pid: `root-${fx.demo}`, name: 'Decision upper' });
    const { oid: lower } = await fx.ok('o/addOrUpdateOrg', { pid: upper, name: 'Decision lower' });
    await fx.ok('o/moveOrgUser', { uidList: [fx.member.uid], oid: lower });
    users = await Promise.all(
      [fx.owner.uid, fx.member.uid].map(async (uid) => ({
        uid,
        keys: (await subjectKeysOf(s, t, uid)).map((k) => `${k.subjectType}:${k.subjectId}`),
      })),
    );
    subjectKeys = [...new Set([...users.flatMap((u) => u.keys), '1:nobody', '2:no-title', '3:no-set', '4:no-unit'])];
    expect(new Set(users[1]?.keys.map((k) => k.split(':')[0]))).toEqual(new Set(['1', '2', '3', '4']));
  });

  /** README "The decision", as a reference: what the answer must be, and whether the pool is drawn. */
  function reference(c: Case): { answer: string; draws: boolean } {
    const within = (w: Window) => (w.start === null || w.start <= c.now) && (w.end === null || w.end > c.now);
    const active = (g: Grant) => !g.disabled && within(g);
    const privilege = c.privileged[c.user];
    if (privilege && active(privilege)) return { answer: 'privileged', draws: false };
    const user = users[c.user] as (typeof users)[number];
    const device = devices[c.device] as (typeof devices)[number];
    const userWhite = c.whiteUsers.some((w) => w.user === c.user && within(w));
    const userGrant = c.userAuths.some((a) => active(a) && user.keys.includes(subjectKeys[a.key] as string));
    const deviceWhite = c.whiteDevices.some((w) => w.device === c.device && within(w));
    const deviceGrant = c.deviceAuths.some((a) => {
      const target = targets[a.target] as (typeof targets)[number];
      const names = target.type === 'device' ? target.id === device.id : device.groups.includes(target.id);
      return active(a) && names;
    });
    if (!userWhite && !userGrant) return { answer: 'funcNotGrantedUser', draws: false };
    if (!deviceWhite && !deviceGrant) return { answer: 'funcNotGrantedDevice', draws: false };
    if (userWhite || deviceWhite) return { answer: 'whiteList', draws: false };
    if (!c.pool) return { answer: 'grant', draws: false };
    if (c.pool.disabled) return { answer: 'grantPoolDisabled', draws: false };
    // A day pool whose period began before today's starts again from 0.
    const used = c.pool.period === 'day' && c.pool.stale ? 0 : c.pool.used;
    return used < c.pool.quota ? { answer: 'grant', draws: true } : { answer: 'grantPoolEmpty', draws: false };
  }

  const unique = <T>(items: T[], key: (item: T) => unknown) => {
    const seen = new Set<unknown>();
    return items.filter((i) => !seen.has(key(i)) && seen.add(key(i)));
  };

  async function write(c: Case): Promise<string | null> {
    const db = tenantDb(s.db, t);
    for (const table of ['security_user_auths', 'security_device_auths', 'security_white_lists'] as const)
      await db.deleteFrom(table).where('func_id', '=', funcId).execute();
    await db.deleteFrom('security_grant_pools').where('func_id', '=', funcId).execute();
    await db.deleteFrom('security_privileged_users').where('sid', '=', sid).execute();
    const common = { sid, remark: '', created_by: fx.owner.uid, created_at: T0, updated_at: T0 };
    const times = (w: Window) => ({ start_time: w.start, end_time: w.end });
    const privileged = c.privileged.flatMap((p, i) =>
      p
        ? [
            {
              ...common,
              ...times(p),
              privilege_id: newId(),
              uid: users[i]?.uid as string,
              disabled: p.disabled ? 1 : 0,
            },
          ]
        : [],
    );
    if (privileged.length > 0) await db.insertInto('security_privileged_users').values(privileged).execute();
    const userAuths = c.userAuths.map((a) => {
      const [type, ...id] = (subjectKeys[a.key] as string).split(':');
      return {
        ...common,
        ...times(a),
        auth_id: newId(),
        func_id: funcId,
        subject_type: Number(type),
        subject_id: id.join(':'),
        disabled: a.disabled ? 1 : 0,
        apply_id: null,
      };
    });
    if (userAuths.length > 0) await db.insertInto('security_user_auths').values(userAuths).execute();
    const deviceAuths = c.deviceAuths.map((a) => {
      const target = targets[a.target] as (typeof targets)[number];
      return {
        ...common,
        ...times(a),
        auth_id: newId(),
        func_id: funcId,
        target_type: target.type,
        target_id: target.id,
        disabled: a.disabled ? 1 : 0,
      };
    });
    if (deviceAuths.length > 0) await db.insertInto('security_device_auths').values(deviceAuths).execute();
    const { updated_at: _, ...entry } = common;
    const white = [
      ...c.whiteUsers.map((w) => ({
        ...entry,
        ...times(w),
        entry_id: newId(),
        func_id: funcId,
        member_type: 'user',
        member_id: users[w.user]?.uid as string,
      })),
      ...c.whiteDevices.map((w) => ({
        ...entry,
        ...times(w),
        entry_id: newId(),
        func_id: funcId,
        member_type: 'device',
        member_id: devices[w.device]?.id as string,
      })),
    ];
    if (white.length > 0) await db.insertInto('security_white_lists').values(white).execute();
    if (!c.pool) return null;
    const today = Date.UTC(2027, 0, 15);
    const poolId = newId();
    await db
      .insertInto('security_grant_pools')
      .values({
        ...common,
        pool_id: poolId,
        func_id: funcId,
        period: c.pool.period,
        quota: c.pool.quota,
        used: c.pool.used,
        period_start: c.pool.period === 'total' ? 0 : c.pool.stale ? today - 86_400_000 : today,
        disabled: c.pool.disabled ? 1 : 0,
      })
      .execute();
    return poolId;
  }

  const usedOf = async (poolId: string) =>
    Number(
      (
        await tenantDb(s.db, t)
          .selectFrom('security_grant_pools')
          .select('used')
          .where('pool_id', '=', poolId)
          .executeTakeFirstOrThrow()
      ).used,
    );

  it('agrees with the reference on every generated case', async () => {
    const arbitrary: fc.Arbitrary<Case> = fc.record({
      now: fc.constant(T0),
      user: fc.integer({ min: 0, max: 1 }),
      device: fc.integer({ min: 0, max: 2 }),
      privileged: fc.tuple(maybe(grant, 4), maybe(grant, 4)),
      userAuths: fc.array(fc.record({ start: edge, end: edge, disabled, key: fc.nat(30) }), {
        maxLength: 6,
      }),
      deviceAuths: fc.array(fc.record({ start: edge, end: edge, disabled, target: fc.nat(6) }), {
        maxLength: 6,
      }),
      whiteUsers: fc.array(fc.record({ start: edge, end: edge, user: fc.integer({ min: 0, max: 1 }) }), {
        maxLength: 2,
      }),
      whiteDevices: fc.array(fc.record({ start: edge, end: edge, device: fc.integer({ min: 0, max: 2 }) }), {
        maxLength: 2,
      }),
      pool: maybe(
        fc.record({
          quota: fc.integer({ min: 0, max: 2 }),
          used: fc.integer({ min: 0, max: 3 }),
          disabled,
          period: fc.constantFrom('total' as const, 'day' as const),
          stale: fc.boolean(),
        }),
        1,
      ),
    });
    const seen = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(arbitrary, async (generated) => {
        const c: Case = {
          ...generated,
          now: T0,
          // One grant per subject, target and member (the tables' unique indexes): the first generated.
          userAuths: unique(
            generated.userAuths.map((a) => ({ ...a, key: a.key % subjectKeys.length })),
            (a) => a.key,
          ),
          deviceAuths: unique(generated.deviceAuths, (a) => a.target),
          whiteUsers: unique(generated.whiteUsers, (w) => w.user),
          whiteDevices: unique(generated.whiteDevices, (w) => w.device),
        };
        const poolId = await write({ ...c, pool: c.pool && { ...c.pool } });
        const before = poolId ? await usedOf(poolId) : 0;
        const expected = reference(c);
        const got = await decide(s, t, {
          uid: (users[c.user] as (typeof users)[number]).uid,
          funcId,
          deviceId: (devices[c.device] as (typeof devices)[number]).id,
          now: c.now,
          draw: true,
        });
        seen.set(expected.answer, (seen.get(expected.answer) ?? 0) + 1);
        expect(got.allowed ? got.source : got.reason).toBe(expected.answer);
        if (poolId) {
          const after = await usedOf(poolId);
          // A draw that was tried rolled a day pool whose period ended.
          const tried = expected.draws || expected.answer === 'grantPoolEmpty';
          const from = tried && c.pool?.period === 'day' && c.pool.stale ? 0 : before;
          expect(after - from).toBe(expected.draws ? 1 : 0);
        }
      }),
      { numRuns: RUNS, seed: SEED },
    );
    console.info(`decision [${env().dialect}]: ${JSON.stringify(Object.fromEntries(seen))}`);
    // The generator reaches every answer.
    expect([...seen.keys()].sort()).toEqual(
      [
        'funcNotGrantedDevice',
        'funcNotGrantedUser',
        'grant',
        'grantPoolDisabled',
        'grantPoolEmpty',
        'privileged',
        'whiteList',
      ].sort(),
    );
  }, 300_000);
});
