import { beforeAll } from 'vitest';
import { type DirectoryFixture, directoryFixture, directoryGroupSuite } from '../../test/directory-suite';
import { describeEachDb } from '../../test/harness';

describeEachDb('user sets', (env) => {
  let fx: DirectoryFixture;
  beforeAll(async () => {
    fx = await directoryFixture(env);
  });
  directoryGroupSuite(
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
