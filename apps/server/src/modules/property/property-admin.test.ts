import type { EndpointPath } from '@keel/contract/endpoints/index';
import { Status } from '@keel/contract/status';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMember } from '../../platform/auth/members-repo';
import { DEMO_MEMBER_PHONE, DEMO_OWNER_PHONE, DEMO_PASSWORD, seedDemo } from '../../seed/demo';
import { type CallOptions, describeEachDb, freshIp, freshPhone } from '../../test/harness';

interface Who {
  token: string;
  uid: string;
}

describeEachDb('property administration', (env) => {
  let owner: Who;
  let member: Who;
  let operator: Who;
  let newOwner: Who & { phone: string };
  let helper: Who;
  let demo: string;
  let partner: string;
  let created: string;

  const as = (who: Who, pno: string | null = null, lang: 'zh-cn' | 'en' = 'zh-cn'): CallOptions => ({
    token: who.token,
    ...(pno ? { pno } : {}),
    lang,
  });
  const call = <P extends EndpointPath>(path: P, input: Record<string, unknown>, options: CallOptions) =>
    env().call(path, input, options);
  const menu = async (who: Who, pno: string): Promise<string[]> =>
    (await env().ok('pro/getMenuIdList', {}, as(who, pno))).menuIdList;
  // Tests look at whole tables: the tenant guard (platform/tenancy) is for the product's queries.
  const db = () => env().app.keel.db.withoutPlugins();
  const snapshot = async () => ({
    properties: await db().selectFrom('properties').selectAll().orderBy('pno').execute(),
    businesses: await db().selectFrom('property_businesses').selectAll().orderBy('pno').orderBy('business').execute(),
    members: await db().selectFrom('property_members').selectAll().orderBy('pno').orderBy('uid').execute(),
  });
  const login = async (account: string, password: string) => {
    const res = await env().call('a/login', { account, password: await env().encrypt(password) }, { ip: freshIp() });
    expect(res.status, res.msg).toBe(0);
    return res.data;
  };

  beforeAll(async () => {
    await seedDemo(env().app.keel);
    const o = await login(DEMO_OWNER_PHONE, DEMO_PASSWORD);
    owner = o;
    [demo, partner] = o.propertyList.map((p: { pno: string }) => p.pno);
    member = await login(DEMO_MEMBER_PHONE, DEMO_PASSWORD);
    operator = await login('13800000000', 'Operator123');
    const phone = freshPhone();
    newOwner = { ...(await env().register(phone, 'New owner')), phone };
    helper = await env().register(freshPhone(), 'Helper');
  });

  describe('pro/addProperty', () => {
    it('lets an operator create a property for an existing account, who is told and holds its businesses', async () => {
      env().advance(1000);
      const res = await env().ok(
        'pro/addProperty',
        { name: '新物业', ownerPhoneNum: newOwner.phone, businessList: ['firmware', 'signing', 'firmware'] },
        as(operator),
      );
      created = res.pno;
      expect(created).toMatch(/^\d{8}$/);
      const mine = await env().ok('pro/getMyPropertyList', {}, as(newOwner));
      expect(mine).toEqual([{ pno: created, name: '新物业', isCustomer: 0, role: 'owner' }]);
      const ids = await menu(newOwner, created);
      expect(ids).toEqual(expect.arrayContaining(['firmware.task', 'signing.module', 'account.property.edit']));
      expect(ids.some((id) => id.startsWith('appService'))).toBe(false);
      const news = await env().ok('news/getMyNewsList', { newsType: 'role' }, as(newOwner));
      expect(news.list[0].title).toBe('您已成为“新物业”的所有者');
    });

    it('checks the input, the owner and the name', async () => {
      const before = await snapshot();
      const cases: Array<[Record<string, unknown>, number]> = [
        [{ name: '', ownerUid: newOwner.uid }, Status.invalidInput],
        [{ name: 'x'.repeat(51), ownerUid: newOwner.uid }, Status.invalidInput],
        [{ name: 'Two owners', ownerUid: newOwner.uid, ownerPhoneNum: newOwner.phone }, Status.invalidInput],
        [{ name: 'No owner' }, Status.invalidInput],
        [{ name: 'Bad phone', ownerPhoneNum: '2380000000' }, Status.invalidInput],
        [{ name: 'Bad business', ownerUid: newOwner.uid, businessList: ['mining'] }, Status.invalidInput],
        [{ name: 'Bad flag', ownerUid: newOwner.uid, isCustomer: 2 }, Status.invalidInput],
        [{ name: 'Ghost', ownerUid: 'nope' }, Status.notFound],
        [{ name: 'Ghost', ownerPhoneNum: '13999999999' }, Status.notFound],
        [{ name: '新物业', ownerUid: newOwner.uid }, Status.conflict],
      ];
      for (const [input, status] of cases) {
        expect((await call('pro/addProperty', input, as(operator))).status, JSON.stringify(input)).toBe(status);
      }
      const byAdmin = await call('pro/addProperty', { name: 'Mine', ownerUid: owner.uid }, as(owner, demo));
      expect(byAdmin.status).toBe(Status.forbidden);
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('pro/getAllPropertyList', () => {
    it('lists every property newest first for operators, with owner, members and businesses, filtered', async () => {
      const page = await env().ok('pro/getAllPropertyList', {}, as(operator));
      expect(page).toMatchObject({ total: 3, pageNum: 1, pageSize: 10 });
      expect(page.list.map((p: { name: string }) => p.name)).toEqual(['新物业', '合作物业', '演示物业']);
      expect(page.list[0]).toMatchObject({
        pno: created,
        isCustomer: 0,
        ownerUid: newOwner.uid,
        ownerName: 'New owner',
        ownerPhoneNum: newOwner.phone,
        memberCount: 1,
        businessList: [
          { business: 'firmware', disabled: 0, authoriseTime: expect.any(Number) },
          { business: 'signing', disabled: 0, authoriseTime: expect.any(Number) },
        ],
      });
      const names = async (input: Record<string, unknown>) =>
        (await env().ok('pro/getAllPropertyList', input, as(operator))).list.map((p: { name: string }) => p.name);
      expect(await names({ isCustomer: 1 })).toEqual(['合作物业']);
      expect(await names({ str: '演示' })).toEqual(['演示物业']);
      expect(await names({ str: created })).toEqual(['新物业']);
      expect(await names({ filterUid: member.uid })).toEqual(['演示物业']);
      expect(await names({ business: 'signing' })).toEqual(['新物业', '演示物业']);
      expect(await names({ pageNum: 2, pageSize: 2 })).toEqual(['演示物业']);
      for (const input of [{ pageSize: 0 }, { isCustomer: 3 }, { business: 'mining' }]) {
        expect((await call('pro/getAllPropertyList', input, as(operator))).status).toBe(Status.invalidInput);
      }
      expect((await call('pro/getAllPropertyList', {}, as(owner, demo))).status).toBe(Status.forbidden);
    });
  });

  describe('pro/authPropertyBusiness', () => {
    it('replaces the authorised businesses; menus follow at once', async () => {
      const res = await env().ok(
        'pro/authPropertyBusiness',
        { pno: created, businessList: ['firmware', 'appstore', 'ukey'] },
        as(operator),
      );
      expect(res).toEqual({ added: ['appstore', 'ukey'], removed: ['signing'] });
      const ids = await menu(newOwner, created);
      expect(ids).toContain('appService.store');
      expect(ids).not.toContain('signing.module');
      expect(
        await env().ok(
          'pro/authPropertyBusiness',
          { pno: created, businessList: ['firmware', 'appstore', 'ukey'] },
          as(operator),
        ),
      ).toEqual({ added: [], removed: [] });
    });

    it('refuses unknown properties, bad input and administrators', async () => {
      const before = await snapshot();
      expect((await call('pro/authPropertyBusiness', { pno: '99999999', businessList: [] }, as(operator))).status).toBe(
        Status.notFound,
      );
      expect(
        (await call('pro/authPropertyBusiness', { pno: created, businessList: ['mining'] }, as(operator))).status,
      ).toBe(Status.invalidInput);
      expect((await call('pro/authPropertyBusiness', { businessList: [] }, as(operator))).status).toBe(
        Status.invalidInput,
      );
      expect(
        (await call('pro/authPropertyBusiness', { pno: created, businessList: [] }, as(newOwner, created))).status,
      ).toBe(Status.forbidden);
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('pro/setBusinessDisable and the business lists', () => {
    it('switches an authorised business off and on; its menus go and come back', async () => {
      await env().ok('pro/setBusinessDisable', { business: 'ukey', disabled: 1 }, as(newOwner, created));
      expect(await menu(newOwner, created)).not.toContain('ukey.manage');
      const status = await env().ok('pro/getBusinessStatusList', {}, as(newOwner, created));
      expect(status).toHaveLength(8);
      expect(status.find((b: { business: string }) => b.business === 'ukey')).toMatchObject({
        authorised: 1,
        disabled: 1,
      });
      expect(status.find((b: { business: string }) => b.business === 'signing')).toEqual({
        business: 'signing',
        authorised: 0,
        disabled: 0,
        authoriseTime: null,
      });
      const mine = await env().ok('bn/getMyPropertyBusinessList', {}, as(newOwner, created));
      expect(mine.map((b: { business: string; disabled: number }) => [b.business, b.disabled])).toEqual([
        ['appstore', 0],
        ['firmware', 0],
        ['ukey', 1],
      ]);
      await env().ok('pro/setBusinessDisable', { business: 'ukey', disabled: 0 }, as(newOwner, created));
      expect(await menu(newOwner, created)).toContain('ukey.manage');
    });

    it('refuses a business the platform has not authorised, bad input, members and other properties', async () => {
      const before = await snapshot();
      const notAuthorised = await call(
        'pro/setBusinessDisable',
        { business: 'signing', disabled: 1 },
        as(newOwner, created, 'en'),
      );
      expect(notAuthorised).toMatchObject({
        status: Status.conflict,
        msg: 'The business "signing" is not authorised for this property',
      });
      expect(
        (await call('pro/setBusinessDisable', { business: 'mining', disabled: 1 }, as(newOwner, created))).status,
      ).toBe(Status.invalidInput);
      expect(
        (await call('pro/setBusinessDisable', { business: 'ukey', disabled: 'yes' }, as(newOwner, created))).status,
      ).toBe(Status.invalidInput);
      expect(
        (await call('pro/setBusinessDisable', { business: 'firmware', disabled: 1 }, as(member, demo))).status,
      ).toBe(Status.forbidden);
      expect(
        (await call('pro/setBusinessDisable', { business: 'firmware', disabled: 1 }, as(owner, created))).status,
      ).toBe(Status.notFound);
      expect(
        (await call('pro/setBusinessDisable', { business: 'firmware', disabled: 1 }, as(operator, created))).status,
      ).toBe(Status.notFound);
      expect(await snapshot()).toEqual(before);
    });

    it('pro/getBusinessStatusList: operators name the property; members may not; other properties are not found', async () => {
      const status = await env().ok('pro/getBusinessStatusList', { pno: created }, as(operator));
      expect(status.filter((b: { authorised: number }) => b.authorised === 1)).toHaveLength(3);
      expect((await call('pro/getBusinessStatusList', {}, as(operator))).status).toBe(Status.invalidInput);
      expect((await call('pro/getBusinessStatusList', { pno: '99999999' }, as(operator))).status).toBe(Status.notFound);
      expect((await call('pro/getBusinessStatusList', {}, as(member, demo))).status).toBe(Status.forbidden);
      // The demo owner is an ordinary member of the partner property.
      expect((await call('pro/getBusinessStatusList', {}, as(owner, partner))).status).toBe(Status.forbidden);
      expect((await call('pro/getBusinessStatusList', { pno: created }, as(owner, demo))).status).toBe(Status.notFound);
      expect((await call('pro/getBusinessStatusList', {}, as(owner))).status).toBe(Status.forbidden);
    });

    it('bn/getMyPropertyBusinessList: any member, of the selected property only', async () => {
      const list = await env().ok('bn/getMyPropertyBusinessList', {}, as(member, demo));
      expect(list).toHaveLength(8);
      expect((await call('bn/getMyPropertyBusinessList', {}, as(member))).status).toBe(Status.forbidden);
      expect((await call('bn/getMyPropertyBusinessList', {}, as(member, created))).status).toBe(Status.notFound);
    });
  });

  describe('pro/updateProperty', () => {
    it("lets the owner rename; the customer flag is the platform's", async () => {
      await env().ok('pro/updateProperty', { name: '新物业二期' }, as(newOwner, created));
      const flag = await call('pro/updateProperty', { isCustomer: 1 }, as(newOwner, created, 'en'));
      expect(flag).toMatchObject({ status: Status.forbidden, msg: 'Only a platform operator can set isCustomer' });
      await env().ok('pro/updateProperty', { pno: created, isCustomer: 1 }, as(operator));
      const row = await db().selectFrom('properties').selectAll().where('pno', '=', created).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ name: '新物业二期', is_customer: 1 });
    });

    it('checks names and input; another property named in the body is not found', async () => {
      const before = await snapshot();
      const cases: Array<[Record<string, unknown>, CallOptions, number]> = [
        [{ name: '演示物业' }, as(newOwner, created), Status.conflict],
        [{}, as(newOwner, created), Status.invalidInput],
        [{ name: '' }, as(newOwner, created), Status.invalidInput],
        [{ name: 'Elsewhere' }, as(operator), Status.invalidInput],
        [{ pno: '99999999', name: 'Nowhere' }, as(operator), Status.notFound],
        [{ pno: demo, name: 'Taken over' }, as(newOwner, created), Status.notFound],
        [{ name: 'Taken over' }, as(newOwner, demo), Status.notFound],
        [{ name: 'By a member' }, as(member, demo), Status.forbidden],
        [{ ownerUid: 'nope' }, as(newOwner, created), Status.notFound],
        [{ ownerUid: member.uid }, as(newOwner, created), Status.notFound],
      ];
      for (const [input, options, status] of cases) {
        expect((await call('pro/updateProperty', input, options)).status, JSON.stringify(input)).toBe(status);
      }
      expect(await snapshot()).toEqual(before);
    });

    it('transfers the property: only the owner (or an operator), to a member; the old owner becomes a member', async () => {
      await addMember(db(), created, helper.uid, 'member', env().now());
      // An administrator with the edit permission renames but does not transfer.
      const set = await env().ok(
        'ps/addOrUpdatePerSet',
        { name: 'Editors', permissionIdList: ['account.property', 'account.property.edit'] },
        as(newOwner, created),
      );
      await env().ok('ps/assignPerSet', { uidList: [helper.uid], psidList: [set.psid] }, as(newOwner, created));
      await env().ok('pro/updateProperty', { name: '新物业三期' }, as(helper, created));
      const refused = await call('pro/updateProperty', { ownerUid: helper.uid }, as(helper, created));
      expect(refused.status).toBe(Status.forbidden);

      await env().ok('pro/updateProperty', { ownerUid: helper.uid }, as(newOwner, created));
      const roles = await db()
        .selectFrom('property_members')
        .select(['uid', 'role'])
        .where('pno', '=', created)
        .orderBy('role')
        .execute();
      expect(roles).toEqual([
        { uid: newOwner.uid, role: 'member' },
        { uid: helper.uid, role: 'owner' },
      ]);
      expect(
        await db().selectFrom('permission_set_admins').where('uid', '=', helper.uid).selectAll().execute(),
      ).toEqual([]);
      expect(await menu(helper, created)).toContain('account.admin.assign');
      expect(await menu(newOwner, created)).not.toContain('account.property');
      const news = await env().ok('news/getMyNewsList', { newsType: 'role' }, as(helper));
      expect(news.list.map((n: { title: string }) => n.title)).toContain('您已成为“新物业三期”的所有者');
      // An operator may hand it to any account, who joins as the owner.
      await env().ok('pro/updateProperty', { pno: created, ownerUid: newOwner.uid }, as(operator));
      expect((await env().ok('pro/getMyPropertyList', {}, as(newOwner)))[0].role).toBe('owner');
    });
  });
});
