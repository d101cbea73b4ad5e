import { defineEndpoint, group } from '@keel/contract/endpoint';
import { ref } from '@keel/contract/refs';
import { Status } from '@keel/contract/status';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { modules } from '../../modules/registry';
import { DEMO_OWNER_PHONE, seedDemo } from '../../seed/demo';
import { type CallOptions, describeEachDb, freshPhone } from '../../test/harness';
import { defineModule, mountModules } from './mount';
import { checkDeclaredScope, type ScopeResolver } from './scope';

/**
 * The central scope check (access.scope in the contract, scope.ts): organisation units through the organisation
 * module's real endpoints, and a space kind through a fake module registering a fake resolver, as the spaces
 * module will.
 */

/** A fake space tree: `hall` contains `hall-a`; `yard` stands alone. */
const SPACES: Record<string, string[]> = { hall: ['hall'], 'hall-a': ['hall-a', 'hall'], yard: ['yard'] };
const fakeSpaces: ScopeResolver = {
  async reach(_db, _pno, ids) {
    return new Map(ids.flatMap((id) => (SPACES[id] ? [[id, SPACES[id]] as const] : [])));
  },
};
const VIEW = 'account.property';
const spaceEndpoints = group(
  defineEndpoint({
    method: 'GET',
    path: 'fake/space',
    summary: 'A space-scoped read',
    access: { kind: 'property', permission: VIEW, scope: { space: 'sid' } },
    input: z.object({ sid: ref('space') }),
    output: z.object({ sid: z.string() }),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'fake/spaces',
    summary: 'A space-scoped change naming several',
    access: { kind: 'property', permission: VIEW, scope: { space: 'sidList' } },
    input: z.object({ sidList: z.array(ref('space')).min(1) }),
    output: z.object({ n: z.number() }),
  }),
);
const spaceModule = defineModule(
  spaceEndpoints,
  () => ({
    'fake/space': async (input) => ({ sid: input.sid }),
    'fake/spaces': async (input) => ({ n: input.sidList.length }),
  }),
  { scopes: { space: fakeSpaces } },
);

interface Who {
  token: string;
  uid: string;
}

describeEachDb('scope declared on the endpoint', (env) => {
  let demo: string;
  let partner: string;
  let owner: Who;
  let scoped: Who; // limited to `branch` (organisation) and `hall` (spaces)
  let whole: Who; // the same set, not limited
  let branch: string;
  let inside: string;
  let outside: string;
  let partnerNode: string;
  let spaces: FastifyInstance;

  const as = (who: Who): CallOptions => ({ token: who.token, pno: demo, lang: 'en' });
  // biome-ignore lint/suspicious/noExplicitAny: inputs are checked by the contract in the app.
  const call = (path: string, input: Record<string, unknown>, who: Who) => env().call(path as any, input, as(who));
  // biome-ignore lint/suspicious/noExplicitAny: as above.
  const ok = (path: string, input: Record<string, unknown>, who: Who) => env().ok(path as any, input, as(who));
  const tokenOf = (uid: string) => env().app.keel.sessions.issue(uid);
  const uidOf = async (phone: string) =>
    (await env().app.keel.db.selectFrom('users').select('uid').where('phone', '=', phone).executeTakeFirstOrThrow())
      .uid;

  beforeAll(async () => {
    const s = env().app.keel;
    await seedDemo(s);
    const pnoOf = async (name: string) =>
      (await s.db.selectFrom('properties').select('pno').where('name', '=', name).executeTakeFirstOrThrow()).pno;
    demo = await pnoOf('演示物业');
    partner = await pnoOf('合作物业');
    const ownerUid = await uidOf(DEMO_OWNER_PHONE);
    owner = { uid: ownerUid, token: await tokenOf(ownerUid) };
    const operatorUid = await uidOf('13800000000');
    const operator = { uid: operatorUid, token: await tokenOf(operatorUid) };
    const root = `root-${demo}`;
    branch = (await ok('o/addOrUpdateOrg', { pid: root, name: 'Scope branch' }, owner)).oid;
    inside = (await ok('o/addOrUpdateOrg', { pid: branch, name: 'Scope team' }, owner)).oid;
    outside = (await ok('o/addOrUpdateOrg', { pid: root, name: 'Scope elsewhere' }, owner)).oid;
    partnerNode = (
      await env().call(
        'o/addOrUpdateOrg',
        { pid: `root-${partner}`, name: 'Scope partner unit' },
        { token: operator.token, pno: partner },
      )
    ).data.oid;
    const set = await ok(
      'ps/addOrUpdatePerSet',
      { name: 'Scope set', permissionIdList: [VIEW, 'account.property.member', 'manage.users.edit'] },
      owner,
    );
    const admin = async (name: string) => {
      const { uid } = await ok('o/registerOrgUser', { phoneNum: freshPhone(), name, oid: inside }, owner);
      await ok('ps/assignPerSet', { uidList: [uid], psidList: [set.psid] }, owner);
      return { uid, token: await tokenOf(uid) };
    };
    scoped = await admin('Scoped admin');
    whole = await admin('Whole admin');
    await ok('ps/assignMgeOrg', { uid: scoped.uid, psid: set.psid, oidList: [branch] }, owner);
    // ps/assignMgeSpace takes only the property's spaces: the fake tree's spaces are rows of the demo property.
    const now = Date.now();
    await s.db
      .insertInto('spaces')
      .values(
        Object.keys(SPACES).map((sid) => ({
          sid,
          pno: demo,
          name: `Fake ${sid}`,
          name_key: `fake ${sid}`,
          business: 'terminal',
          category: 'file',
          owner_type: 'property',
          quota_bytes: 1000,
          remark: '',
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    await ok('ps/assignMgeSpace', { uid: scoped.uid, psid: set.psid, sidList: ['hall'] }, owner);
    scoped.token = await tokenOf(scoped.uid);

    spaces = Fastify();
    mountModules(spaces, s, [spaceModule]);
    await spaces.ready();
  });

  afterAll(async () => {
    await spaces?.close();
  });

  describe('organisation units (the organisation module resolves them)', () => {
    it('lets a scoped administrator name a node inside the scope', async () => {
      expect((await call('o/getOrgUserList', { oid: inside }, scoped)).status).toBe(0);
      expect((await call('o/getOrgUserList', { oid: branch }, scoped)).status).toBe(0);
      expect((await call('u/getUserList', { filterOid: inside }, scoped)).status).toBe(0);
    });

    it('forbids a node outside the scope, and the root', async () => {
      for (const oid of [outside, `root-${demo}`]) {
        const res = await call('o/getOrgUserList', { oid }, scoped);
        expect(res.status, oid).toBe(Status.forbidden);
        expect(res.msg).toBe('You are not allowed to do this');
      }
      expect((await call('u/getUserList', { filterOid: outside }, scoped)).status).toBe(Status.forbidden);
    });

    it("answers another property's node (or root) as not found, naming the field, before judging the scope", async () => {
      for (const who of [scoped, whole, owner]) {
        for (const oid of [partnerNode, `root-${partner}`]) {
          const res = await call('o/getOrgUserList', { oid }, who);
          expect(res.status, oid).toBe(Status.notFound);
          expect(res.msg).toBe('Not found: oid');
        }
      }
      const users = await call('u/getUserList', { filterOid: partnerNode }, scoped);
      expect(users).toMatchObject({ status: Status.notFound, msg: 'Not found: filterOid' });
    });

    it('lets an administrator not limited, and the owner, name any node of the property', async () => {
      for (const who of [whole, owner]) {
        for (const oid of [outside, inside, `root-${demo}`]) {
          expect((await call('o/getOrgUserList', { oid }, who)).status, oid).toBe(0);
        }
      }
    });

    it('reads a field left out as the root where the endpoint declares so', async () => {
      expect((await call('o/inviteOrgUser', { phoneNum: freshPhone() }, scoped)).status).toBe(Status.forbidden);
      expect((await call('o/inviteOrgUser', { phoneNum: freshPhone(), oid: inside }, scoped)).status).toBe(0);
      expect((await call('o/inviteOrgUser', { phoneNum: freshPhone() }, whole)).status).toBe(0);
      // Creating a user without a node places it on the root: the user service checks that one.
      const created = await call('u/addOrEditInternalUser', { phoneNum: freshPhone(), name: 'Rooted' }, scoped);
      expect(created.status).toBe(Status.forbidden);
    });
  });

  describe('a kind another module resolves (spaces, faked)', () => {
    const ask = async (method: 'GET' | 'POST', path: string, input: Record<string, unknown>, who: Who | null) => {
      const res = await spaces.inject({
        method,
        url: `/api/${path}`,
        headers: { 'accept-language': 'en', ...(who ? { token: who.token, pno: demo } : {}) },
        ...(method === 'GET' ? { query: input as Record<string, string> } : { payload: input }),
      });
      return res.json() as { status: number; msg: string; data: unknown };
    };

    it('lets the scoped administrator reach a space inside the scope, and refuses one outside', async () => {
      expect(await ask('GET', 'fake/space', { sid: 'hall-a' }, scoped)).toMatchObject({
        status: 0,
        data: { sid: 'hall-a' },
      });
      expect((await ask('GET', 'fake/space', { sid: 'yard' }, scoped)).status).toBe(Status.forbidden);
      expect((await ask('POST', 'fake/spaces', { sidList: ['hall', 'hall-a'] }, scoped)).status).toBe(0);
      expect((await ask('POST', 'fake/spaces', { sidList: ['hall-a', 'yard'] }, scoped)).status).toBe(Status.forbidden);
    });

    it('answers a space the resolver does not know as not found', async () => {
      expect(await ask('GET', 'fake/space', { sid: 'elsewhere' }, scoped)).toMatchObject({
        status: Status.notFound,
        msg: 'Not found: sid',
      });
      expect((await ask('POST', 'fake/spaces', { sidList: ['yard', 'elsewhere'] }, owner)).status).toBe(
        Status.notFound,
      );
    });

    it('lets an administrator not limited, and the owner, reach every space', async () => {
      for (const who of [whole, owner]) expect((await ask('GET', 'fake/space', { sid: 'yard' }, who)).status).toBe(0);
    });

    it('checks access before scope: no session, no permission', async () => {
      expect((await ask('GET', 'fake/space', { sid: 'yard' }, null)).status).toBe(Status.sessionExpired);
      const plain = { uid: '', token: await tokenOf(await uidOf('13800000002')) };
      expect((await ask('GET', 'fake/space', { sid: 'hall' }, plain)).status).toBe(Status.forbidden);
    });
  });

  describe('declarations the server refuses to mount', () => {
    const endpoint = (access: object, input: z.ZodType = z.object({ sid: ref('space') })) =>
      // biome-ignore lint/suspicious/noExplicitAny: malformed declarations on purpose.
      defineEndpoint({ method: 'GET', path: 'fake/bad', summary: '', access: access as any, input, output: z.null() });
    const refusal = (def: ReturnType<typeof endpoint>, resolvers = { space: fakeSpaces }) => {
      try {
        checkDeclaredScope(def, resolvers);
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    };

    it('refuses a kind no module resolves, a field of another kind or none, a missing permission or root', () => {
      expect(refusal(endpoint({ kind: 'property', permission: VIEW, scope: { space: 'sid' } }))).toBe('');
      expect(refusal(endpoint({ kind: 'property', permission: VIEW, scope: { space: 'sid' } }), {} as never)).toMatch(
        /no resolver/,
      );
      expect(
        refusal(endpoint({ kind: 'property', permission: VIEW, scope: { org: 'sid' } }), {
          org: fakeSpaces,
          space: fakeSpaces,
        } as never),
      ).toMatch(/not an input id of kind org/);
      expect(refusal(endpoint({ kind: 'property', permission: VIEW, scope: { space: 'nope' } }))).toMatch(/nope/);
      expect(refusal(endpoint({ kind: 'property', scope: { space: 'sid' } }))).toMatch(/needs a declared permission/);
      expect(
        refusal(endpoint({ kind: 'property', permission: VIEW, scope: { space: { field: 'sid', absent: 'root' } } })),
      ).toMatch(/no root/);
    });

    it('mounts the whole product: every declared kind has its resolver', () => {
      const app = Fastify();
      expect(() => mountModules(app, env().app.keel, modules)).not.toThrow();
      expect(() => mountModules(Fastify(), env().app.keel, [spaceModule, spaceModule])).toThrow(/two modules/);
    });
  });
});
