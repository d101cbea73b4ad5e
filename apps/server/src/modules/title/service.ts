import type { Db } from '../../platform/db/connect';
import { memberGroupService, plainGroupRules, type Scope } from '../../platform/member-groups/service';
import { notify } from '../../platform/news/notify';
import type { Services } from '../../platform/services';
import { propertyTenant, type Tenant } from '../../platform/tenancy/tenant';
import { removeUserFromTitles, titles } from './repo';

export type { Scope } from '../../platform/member-groups/service';

const groups = memberGroupService(titles, plainGroupRules);

/**
 * The rules of titles (README.md): those of every member group (platform/member-groups) — a unique name, delete
 * refused while held unless forced, holders are members of the title's property, operators reach any property's
 * titles from the back office. A member given a title is told so in their message centre.
 */
export const titleService = {
  ...groups,
  async addUsers(s: Services, scope: Scope, tid: string, uids: readonly string[]) {
    const title = await titles.find(s.db, scope.tenant, tid);
    const held = title ? await titles.memberUids(s.db, propertyTenant(title.pno), tid, uids) : new Set<string>();
    const added = await groups.addUsers(s, scope, tid, uids);
    if (title) {
      for (const uid of new Set(uids)) {
        if (held.has(uid)) continue;
        await notify(s, {
          uid,
          pno: title.pno,
          type: 'role',
          key: 'titleGiven',
          params: { title: title.name },
        });
      }
    }
    return added;
  },
};

/** Removes the user from every one of these groups in the property (they leave it; called in its transaction). */
export const removeUserFromTitlesOf = (db: Db, tenant: Tenant, uid: string) => removeUserFromTitles(db, tenant, uid);
