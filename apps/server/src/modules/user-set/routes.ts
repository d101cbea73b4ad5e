import { userSetEndpoints } from '@keel/contract/endpoints/user-set';
import { contribution } from '../../platform/extension-points';
import { defineModule } from '../../platform/http/mount';
import { backOfficeItem, backOfficeScope, memberGroupHandlers } from '../../platform/member-groups/handlers';
import { memberLeavers } from '../org/leave';
import { auditorGroups } from '../workflow/auditor-groups';
import { userSetAuditors } from './reads';
import { removeUserFromUserSetsOf, userSetService } from './service';

/** User sets: see README.md for the model. */
export const userSetModule = defineModule(
  userSetEndpoints,
  (s) => {
    const h = memberGroupHandlers(s, userSetService, 'usid', backOfficeScope, backOfficeItem('usid'));
    return {
      'us/getUserSetList': h.list,
      'us/addOrUpdateUserSet': h.save,
      'us/delUserSet': h.del,
      'us/getUserSetUserList': h.users,
      'us/addUserSetUser': h.add,
      'us/delUserSetUser': h.remove,
    };
  },
  // A member leaving the property leaves its user sets (org/leave.ts); a user set as an auditor names its users
  // (workflow/auditor-groups.ts).
  {
    contributes: [
      contribution(memberLeavers, { what: 'userSets', leave: removeUserFromUserSetsOf }),
      contribution(auditorGroups, userSetAuditors),
    ],
  },
);
