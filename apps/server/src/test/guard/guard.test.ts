import { type Endpoint, SCOPE_KINDS, scopeFieldName } from '@keel/contract/endpoint';
import { endpoints } from '@keel/contract/endpoints/index';
import { EVERY_MEMBER_PAGES } from '@keel/contract/permissions/functions';
import { refsOf } from '@keel/contract/refs';
import { Status } from '@keel/contract/status';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { describeEachDb } from '../harness';
import { payloadOf, validInputWith } from './arbitraries';
import { fuzzEndpoint, sendRaw } from './fuzz';
import { buildWorld, EVERY_ENDPOINT_MS, type GuardWorld } from './world';

vi.setConfig({ testTimeout: EVERY_ENDPOINT_MS });

/**
 * Guard tests generated from the contract: every endpoint of `endpoints/index.ts`, today's and every
 * one added later, is refused without a session, refused without its permission, kept to an administrator's
 * subtree where it declares a scope (access.scope), and answers generated and mutated inputs with a translated
 * business answer or success, never a 5xx. The last test counts the endpoints each check covered and fails on
 * any left out.
 */
const all = Object.values(endpoints) as Endpoint[];
const SEED = 20_261_123;
const RUNS = Number(process.env.GUARD_RUNS ?? 12);

type Check = 'unauthenticated' | 'permission' | 'scope' | 'inputs';
const covered: Record<Check, Set<string>> = {
  unauthenticated: new Set(),
  permission: new Set(),
  scope: new Set(),
  inputs: new Set(),
};
const scopeOf = (def: Endpoint) => (def.access.kind === 'property' ? def.access.scope : undefined);

describeEachDb('guard', (env) => {
  let world: GuardWorld;
  beforeAll(async () => {
    world = await buildWorld(env().app);
  });

  it('refuses every non-public endpoint without a session (…0401)', async () => {
    for (const def of all) {
      if (def.access.kind === 'public') continue;
      const res = await sendRaw(env().app, def, def.method === 'GET' ? '' : '{}', {});
      expect(res.status, def.path).toBe(Status.sessionExpired);
      covered.unauthenticated.add(def.path);
    }
  });

  it('forbids a member without the declared permission, and anyone but an operator on platform endpoints', async () => {
    for (const def of all) {
      const access = def.access;
      const body = def.method === 'GET' ? '' : '{}';
      if (access.kind === 'platform') {
        for (const who of ['owner', 'member'] as const) {
          const res = await sendRaw(env().app, def, body, { token: await world.token(who), pno: world.demoPno });
          expect(res.status, `${def.path} as ${who}`).toBe(Status.forbidden);
        }
      } else if (access.kind === 'property' && access.credential === 'accessToken') {
        // The token names its property: a session (of anyone, with any pno) or a token of no one is refused.
        const session = await sendRaw(env().app, def, body, { token: await world.token('owner'), pno: world.demoPno });
        expect(session.status, `${def.path} with a session`).toBe(Status.sessionExpired);
        const forged = await sendRaw(env().app, def, body, { authorization: 'Bearer kst_forged' });
        expect(forged.status, `${def.path} with a forged token`).toBe(Status.sessionExpired);
      } else if (access.kind === 'property' && access.permission) {
        // The ordinary member holds the general pages and the every-member pages only (their own spaces, their own
        // apps): admitted where one of those suffices, refused elsewhere. The owner of another property is not a
        // member here.
        const member = await sendRaw(env().app, def, body, { token: await world.token('member'), pno: world.demoPno });
        const permissions = typeof access.permission === 'string' ? [access.permission] : access.permission;
        if (permissions.some((p) => EVERY_MEMBER_PAGES.includes(p))) {
          expect(member.status, `${def.path} as member`).not.toBe(Status.forbidden);
        } else {
          expect(member.status, `${def.path} as member`).toBe(Status.forbidden);
        }
        const stranger = await sendRaw(env().app, def, body, {
          token: await world.token('member'),
          pno: world.partnerPno,
        });
        expect(stranger.status, `${def.path} in a property not one's own`).toBe(Status.notFound);
        if (access.orPlatform) {
          const noPno = await sendRaw(env().app, def, body, { token: await world.token('member') });
          expect(noPno.status, `${def.path} without pno`).toBe(Status.forbidden);
        }
      } else if (access.kind === 'property') {
        const stranger = await sendRaw(env().app, def, body, {
          token: await world.token('member'),
          pno: world.partnerPno,
        });
        expect(stranger.status, `${def.path} in a property not one's own`).toBe(Status.notFound);
      }
      covered.permission.add(def.path);
    }
  });

  it("keeps an administrator limited to units or spaces inside them on every endpoint declaring a scope, and another property's out", async () => {
    const headers = { token: await world.scoped.token(), pno: world.demoPno };
    for (const def of all) {
      const scope = scopeOf(def);
      if (!scope) continue;
      for (const kind of SCOPE_KINDS) {
        const declared = scope[kind];
        if (declared === undefined) continue;
        const { inside, outside, foreign } = world.scoped.ids[kind];
        const field = scopeFieldName(declared);
        const list = refsOf(def.input).find((r) => r.field === field)?.list ?? false;
        const cases: Array<[string, string | undefined, number]> = [
          ['inside', inside, 0],
          ['outside', outside, Status.forbidden],
          // Units have a root naming the whole property, outside a limited scope; spaces have none.
          ...(kind === 'org'
            ? [['the root', `root-${world.demoPno}`, Status.forbidden] as [string, string, number]]
            : []),
          ["another property's", foreign, Status.notFound],
          ...(typeof declared === 'string'
            ? []
            : [['left out', undefined, Status.forbidden] as [string, undefined, number]]),
        ];
        for (const [what, oid, expected] of cases) {
          const fixed = oid === undefined ? {} : { [field]: list ? [oid] : oid };
          const input = validInputWith(def, fixed, { omit: oid === undefined ? [field] : [] });
          expect(input, `${def.path}: a valid input with ${field} ${what}`).toBeDefined();
          const before = await world.snapshot();
          const res = await sendRaw(env().app, def, payloadOf(def, input as Record<string, unknown>), headers);
          if (expected === 0) {
            // Inside, the scope lets the call through: whatever the handler answers, it is not the scope's refusal.
            expect([Status.forbidden], `${def.path} ${field} ${what}: ${res.msg}`).not.toContain(res.status);
            continue;
          }
          expect(res.status, `${def.path} ${field} ${what}: ${res.msg}`).toBe(expected);
          expect(await world.snapshot(), `${def.path} ${field} ${what} changed nothing`).toBe(before);
        }
      }
      covered.scope.add(def.path);
    }
  });

  // One test per endpoint, so that each has its own time limit and a failure names the endpoint.
  for (const def of all) {
    it(`answers generated and mutated inputs of ${def.path} with a business answer, never a 5xx`, async () => {
      await fuzzEndpoint(env().app, world, def, { seed: SEED, numRuns: RUNS });
      covered.inputs.add(def.path);
    });
  }

  it('stays up', async () => {
    const health = await env().app.inject({ method: 'GET', url: '/healthz' });
    expect(health.json()).toEqual({ ok: true });
  });

  it('covers every endpoint of the contract (prints the count)', () => {
    const total = all.length;
    const checks = Object.keys(covered) as Check[];
    const applies = (c: Check, d: Endpoint) =>
      c === 'unauthenticated' ? d.access.kind !== 'public' : c === 'scope' ? scopeOf(d) !== undefined : true;
    for (const c of checks) {
      const applicable = all.filter((d) => applies(c, d));
      console.info(`guard [${env().dialect}] ${c}: ${covered[c].size}/${applicable.length} endpoints`);
      expect(
        applicable.filter((d) => !covered[c].has(d.path)).map((d) => d.path),
        c,
      ).toEqual([]);
    }
    const full = all.filter((d) => checks.every((c) => !applies(c, d) || covered[c].has(d.path))).length;
    console.info(`guard [${env().dialect}]: ${full}/${total} endpoints`);
    expect(full).toBe(total);
  });

  afterAll(() => {
    for (const c of Object.values(covered)) c.clear();
  });
});
