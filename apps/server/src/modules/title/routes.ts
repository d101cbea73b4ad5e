import { titleEndpoints } from '@keel/contract/endpoints/title';
import { contribution } from '../../platform/extension-points';
import { defineModule } from '../../platform/http/mount';
import { backOfficeItem, backOfficeScope, memberGroupHandlers } from '../../platform/member-groups/handlers';
import { memberLeavers } from '../org/leave';
import { auditorGroups } from '../workflow/auditor-groups';
import { titleAuditors } from './reads';
import { removeUserFromTitlesOf, titleService } from './service';

/** Titles: see README.md for the model. */
export const titleModule = defineModule(
  titleEndpoints,
  (s) => {
    const h = memberGroupHandlers(s, titleService, 'tid', backOfficeScope, backOfficeItem('tid'));
    return {
      't/getTitleList': h.list,
      't/addOrUpdateTitle': h.save,
      't/delTitle': h.del,
      't/getTitleUserList': h.users,
      't/addTitleUser': h.add,
      't/delTitleUser': h.remove,
    };
  },
  // A member leaving the property leaves its titles (org/leave.ts); a title as an auditor names its holders
  // (workflow/auditor-groups.ts).
  {
    contributes: [
      contribution(memberLeavers, { what: 'titles', leave: removeUserFromTitlesOf }),
      contribution(auditorGroups, titleAuditors),
    ],
  },
);
