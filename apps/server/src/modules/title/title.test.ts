import { beforeAll, expect, it } from 'vitest';
import { seedMemberGroups } from '../../seed/member-groups';
import { describeEachDb } from '../../test/harness';
import { type MemberGroupFixture, memberGroupFixture, memberGroupSuite } from '../../test/member-group-suite';

describeEachDb('titles', (env) => {
  let fx: MemberGroupFixture;
  beforeAll(async () => {
    fx = await memberGroupFixture(env);
  });
  memberGroupSuite(
    env,
    {
      noun: 'title',
      idKey: 'tid',
      permission: 'account.title',
      paths: {
        list: 't/getTitleList',
        save: 't/addOrUpdateTitle',
        del: 't/delTitle',
        users: 't/getTitleUserList',
        add: 't/addTitleUser',
        remove: 't/delTitleUser',
      },
      tables: { groups: 'titles', members: 'title_users' },
      backOffice: true,
    },
    () => fx,
  );

  it('seeds demo titles, user sets and customers idempotently', async () => {
    const s = env().app.keel;
    await seedMemberGroups(s, fx.demoPno, fx.owner.uid, fx.people);
    await seedMemberGroups(s, fx.demoPno, fx.owner.uid, fx.people);
    const options = { token: fx.owner.token, pno: fx.demoPno };
    const engineers = await env().call('t/getTitleList', { str: '研发工程师' }, options);
    expect(engineers.data.list).toEqual([expect.objectContaining({ name: '研发工程师', userCount: 1 })]);
    const sets = await env().call('us/getUserSetList', { str: '组' }, options);
    expect(sets.data.total).toBe(2);
    const customers = await env().call('cu/getCustomerList', { str: 'DFSW' }, options);
    expect(customers.data.list).toEqual([expect.objectContaining({ name: '东方水务集团', userCount: 1 })]);
  });
});
