import { beforeAll } from 'vitest';
import { describeEachDb } from '../../test/harness';
import { type MemberGroupFixture, memberGroupFixture, memberGroupSuite } from '../../test/member-group-suite';

describeEachDb('user sets', (env) => {
  let fx: MemberGroupFixture;
  beforeAll(async () => {
    fx = await memberGroupFixture(env);
  });
  memberGroupSuite(
    env,
    {
      noun: 'user set',
      idKey: 'usid',
      permission: 'account.userSet',
      paths: {
        list: 'us/getUserSetList',
        save: 'us/addOrUpdateUserSet',
        del: 'us/delUserSet',
        users: 'us/getUserSetUserList',
        add: 'us/addUserSetUser',
        remove: 'us/delUserSetUser',
      },
      tables: { groups: 'user_sets', members: 'user_set_users' },
      backOffice: true,
    },
    () => fx,
  );
});
