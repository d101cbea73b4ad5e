import type { z } from 'zod';
import { backOfficeGroupEndpoints, backOfficeGroupItem } from './member-group';

export const userSetItem = backOfficeGroupItem('usid');
export type UserSetItem = z.output<typeof userSetItem>;

/**
 * User sets (ad-hoc named groups of members, usable as authorisation targets). SPEC does not give the methods:
 * reads are GET, changes POST, as spec/endpoints.tsv lists them. Every call also serves the back office
 * (`/Account/BackUserSetPage`): an operator without `pno` reaches any property's sets. Model:
 * apps/server/src/modules/user-set/README.md.
 */
export const userSetEndpoints = backOfficeGroupEndpoints({
  prefix: 'us',
  noun: 'UserSet',
  idKey: 'usid',
  permission: 'account.userSet',
  summaries: {
    list: "The property's user sets, newest first (operators without `pno`: every property's, or `filterPno`'s); `str` searches name and remark; `usid` picks one",
    save: 'Create a user set (operators without `pno` name the property in the body), or edit it when `usid` is given; names are unique in the property',
    del: 'Delete a user set; one that still has users is refused unless `force` is 1, which removes them too',
    users: 'The users in a set, latest added first; `str` searches name, phone and e-mail',
    add: 'Add members of the property to a set (idempotent: users already in it are skipped)',
    remove: 'Remove users from a set (idempotent: users not in it are skipped)',
  },
});
