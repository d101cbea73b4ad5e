import { PAGE_SIZE_MAX } from '@keel/contract/constants';
import { PERMISSION_SET_PERMISSIONS } from '@keel/contract/endpoints/permission';
import { apiQuery } from '../../shared/api/query';
import { useSession } from '../../shared/session/session-store';

/** The selected property's sets, all of them (for pickers: a property has far fewer than a page's maximum). */
export const allSetsQuery = () => apiQuery('ps/getMyPerSetList', { pageNum: 1, pageSize: PAGE_SIZE_MAX });

/**
 * The caller's grantable catalogue in the selected property. The editor names nodes from the contract's catalogue
 * (both languages, also for what is not grantable) and uses this answer for which ids may be granted.
 */
export const grantableTreeQuery = () => apiQuery('ps/getPerTreeList', {});

/** The permission lists a change shows in (what `useApiMutation` refetches). */
export const PERMISSION_LISTS = [
  'ps/getMyPerSetList',
  'ps/getMyAdminList',
  'ps/getPerTreeList',
  'ps/getAllPerSetList',
  'ps/getAllAdminList',
] as const;

/** What the signed-in member may do on these pages (the owner holds everything; the menu ids say the rest). */
export function usePermissionRights() {
  const ids = useSession((s) => s.menuIdList);
  const role = useSession((s) => s.selectedProperty?.role);
  const owner = role === 'owner';
  return {
    editSets: owner || ids.includes(PERMISSION_SET_PERMISSIONS.edit),
    assign: owner || ids.includes(PERMISSION_SET_PERMISSIONS.assign),
    /** The organisation tree (names of org scopes, the scope picker) needs the property page. */
    seeOrgs: owner || ids.includes('account.property'),
    /** The property's spaces (names of space scopes, the space picker) need the space management page. */
    seeSpaces: owner || ids.includes('files.spaceBackDetail'),
  };
}
