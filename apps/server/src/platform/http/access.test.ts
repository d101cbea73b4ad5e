import type { Endpoint } from '@keel/contract/endpoint';
import { endpoints } from '@keel/contract/endpoints/index';
import { Status } from '@keel/contract/status';
import type { FastifyRequest } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { seedDemo } from '../../seed/demo';
import { describeEachDb, freshIp } from '../../test/harness';
import { authorize, checkDeclaredAccess } from './access';
import { errorEnvelope } from './envelope';
import { AppError } from './errors';
import { newContext } from './mount';

/** Access enforcement for each declaration kind, straight through `authorize`. */
describeEachDb('access enforcement', (env) => {
  let memberToken: string;
  let operatorToken: string;
  let pno: string;

  const check = async (access: Parameters<typeof authorize>[1], headers: Record<string, string>) => {
    const ctx = newContext({ id: 'r', ip: '1.1.1.1', headers } as unknown as FastifyRequest);
    try {
      await authorize(env().app.keel, access, headers, ctx);
      return { status: 0, ctx };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return { status: errorEnvelope(error, 'en').status, ctx };
    }
  };

  beforeAll(async () => {
    await seedDemo(env().app.keel);
    const login = async (account: string, password: string) =>
      (await env().call('a/login', { account, password: await env().encrypt(password) }, { ip: freshIp() })).data;
    const member = await login('13800000002', 'Demo1234');
    memberToken = member.token;
    pno = member.propertyList[0].pno;
    operatorToken = (await login('13800000000', 'Operator123')).token;
  });

  it('lets anyone through a public endpoint', async () => {
    expect((await check({ kind: 'public' }, {})).status).toBe(0);
  });

  it('needs a live token for user endpoints', async () => {
    expect((await check({ kind: 'user' }, {})).status).toBe(Status.sessionExpired);
    const ok = await check({ kind: 'user' }, { token: memberToken });
    expect(ok.ctx.user?.name).toBe('演示成员');
  });

  it('needs membership, the business and the permission for property endpoints', async () => {
    expect((await check({ kind: 'property' }, { token: memberToken })).status).toBe(Status.forbidden);
    expect((await check({ kind: 'property' }, { token: memberToken, pno: 'nope' })).status).toBe(Status.notFound);
    const ok = await check({ kind: 'property', permission: 'general.home' }, { token: memberToken, pno });
    expect(ok.ctx.property?.role).toBe('member');
    const missing = await check({ kind: 'property', permission: 'account.title' }, { token: memberToken, pno });
    expect(missing.status).toBe(Status.forbidden);
    await env()
      .app.keel.db.updateTable('property_businesses')
      .set({ disabled: 1 })
      .where('pno', '=', pno)
      .where('business', '=', 'firmware')
      .execute();
    const disabled = await check({ kind: 'property', business: 'firmware' }, { token: memberToken, pno });
    expect(disabled.status).toBe(Status.forbidden);
  });

  it('keeps platform endpoints to operators', async () => {
    expect((await check({ kind: 'platform' }, { token: memberToken })).status).toBe(Status.forbidden);
    expect((await check({ kind: 'platform' }, { token: operatorToken })).status).toBe(0);
  });

  it("checks a platform endpoint's declared permission: operators hold the back-office pages, no one else does", async () => {
    const properties = { kind: 'platform', permission: 'back.properties' } as const;
    expect((await check(properties, { token: operatorToken })).status).toBe(0);
    expect((await check(properties, { token: memberToken })).status).toBe(Status.forbidden);
    // An id no operator holds (not a platform node) is refused even to an operator.
    expect((await check({ kind: 'platform', permission: 'account.title' }, { token: operatorToken })).status).toBe(
      Status.forbidden,
    );
  });

  it('refuses to mount an endpoint whose permission is not of its access kind', () => {
    const declared = (access: Endpoint['access']) => ({ path: 'x/y', access }) as Endpoint;
    expect(() => checkDeclaredAccess(declared({ kind: 'platform', permission: 'account.title' }))).toThrow(
      /not a platform permission/,
    );
    expect(() => checkDeclaredAccess(declared({ kind: 'property', permission: 'back.properties' }))).toThrow(
      /not a property permission/,
    );
    expect(() => checkDeclaredAccess(declared({ kind: 'property', permission: ['account.title', 'nope'] }))).toThrow();
    expect(() => checkDeclaredAccess(declared({ kind: 'platform', permission: 'back.properties' }))).not.toThrow();
    expect(() => checkDeclaredAccess(declared({ kind: 'device' }))).not.toThrow();
    for (const def of Object.values(endpoints)) expect(() => checkDeclaredAccess(def)).not.toThrow();
  });
});
