import { Status } from '@keel/contract/status';
import { beforeAll, expect, it } from 'vitest';
import { DEMO_MEMBER_PHONE, DEMO_OWNER_PHONE, DEMO_PASSWORD, seedDemo } from '../../seed/demo';
import { describeEachDb, freshIp } from '../../test/harness';

describeEachDb('properties for the shell', (env) => {
  let owner: { token: string; propertyList: Array<{ pno: string; name: string; role: string }> };
  let member: typeof owner;

  const signIn = async (account: string) => {
    const res = await env().call(
      'a/login',
      { account, password: await env().encrypt(DEMO_PASSWORD) },
      { ip: freshIp() },
    );
    expect(res.status).toBe(0);
    return res.data;
  };

  beforeAll(async () => {
    await seedDemo(env().app.keel);
    await seedDemo(env().app.keel); // idempotent
    owner = await signIn(DEMO_OWNER_PHONE);
    member = await signIn(DEMO_MEMBER_PHONE);
  });

  it('lists my properties in joining order; the first is the demo property', async () => {
    expect(owner.propertyList.map((p) => [p.name, p.role])).toEqual([
      ['演示物业', 'owner'],
      ['合作物业', 'member'],
    ]);
    const res = await env().call('pro/getMyPropertyList', {}, { token: member.token });
    expect(res.data.map((p: { name: string }) => p.name)).toEqual(['演示物业']);
    expect((await env().call('pro/getMyPropertyList', {}, {})).status).toBe(Status.sessionExpired);
  });

  it('answers the menu ids of the selected property, narrower for a member', async () => {
    const [demo, partner] = owner.propertyList;
    const ownerMenu = await env().call('pro/getMenuIdList', {}, { token: owner.token, pno: demo.pno });
    expect(ownerMenu.status).toBe(0);
    expect(ownerMenu.data.menuIdList).toContain('general.home');
    const memberMenu = await env().call('pro/getMenuIdList', {}, { token: owner.token, pno: partner.pno });
    expect(memberMenu.data.menuIdList.length).toBeLessThan(ownerMenu.data.menuIdList.length);
    expect(memberMenu.data.menuIdList).toContain('general.home');
    expect(ownerMenu.data.menuIdList.some((id: string) => id.startsWith('back'))).toBe(false);
  });

  it('requires a selected property, and answers "not found" for a property the user is not in', async () => {
    const none = await env().call('pro/getMenuIdList', {}, { token: member.token, lang: 'en' });
    expect(none).toMatchObject({ status: Status.forbidden, msg: 'Select a property first' });
    const partner = owner.propertyList[1];
    const other = await env().call('pro/getMenuIdList', {}, { token: member.token, pno: partner.pno });
    expect(other.status).toBe(Status.notFound);
    const unknown = await env().call('a/getPropertyExInfo', {}, { token: member.token, pno: '99999999' });
    expect(unknown.status).toBe(Status.notFound);
  });

  it("answers the property's extra info", async () => {
    const [demo, partner] = owner.propertyList;
    const info = await env().call('a/getPropertyExInfo', {}, { token: owner.token, pno: demo.pno });
    expect(info.data).toMatchObject({ pno: demo.pno, name: '演示物业', isCustomer: 0, role: 'owner' });
    expect(info.data.businessList).toContain('firmware');
    const other = await env().call('a/getPropertyExInfo', {}, { token: owner.token, pno: partner.pno });
    expect(other.data).toMatchObject({ isCustomer: 1, role: 'member', businessList: ['appstore', 'firmware'] });
  });
});
