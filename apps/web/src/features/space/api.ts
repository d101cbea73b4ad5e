import { SPACE_PERMISSIONS } from '@keel/contract/endpoints/space';
import { useSession } from '../../shared/session/session-store';

/** What a change of spaces shows in: the lists `useApiMutation` refetches after it. */
export const SPACE_LISTS = [
  'space/getMySpaceList',
  'space/getAllSpaceList',
  'space/getSpaceStatistics',
  'space/getMySpaceInfo',
  'space/getAnySpaceInfo',
  'space/getSpaceQuotaRecordList',
] as const;
export const GROUP_LISTS = ['sg/getGroupTree', 'space/getMySpaceInfo', 'space/getAnySpaceInfo'] as const;
export const APPLY_LISTS = ['space/getMySpaceApplyList', 'space/getSpaceApplyList', ...SPACE_LISTS] as const;

/**
 * How a space page works: `mine` (the member's own space, `getMy…`), `admin` (the property's administrators,
 * `getAny…`) or `platform` (operators in the back office: calls without the `pno` header).
 */
export type SpaceMode = 'mine' | 'admin' | 'platform';
export const scopeOf = (mode: SpaceMode) => (mode === 'platform' ? ('platform' as const) : ('property' as const));

/** What the signed-in member may do with the property's spaces (the owner holds everything). */
export function useSpaceRights() {
  const ids = useSession((s) => s.menuIdList);
  const owner = useSession((s) => s.selectedProperty?.role === 'owner');
  const has = (id: string) => owner || ids.includes(id);
  return {
    /** See the property's spaces (the management page). */
    manage: has(SPACE_PERMISSIONS.view),
    editGroups: has(SPACE_PERMISSIONS.group),
    editQuota: has(SPACE_PERMISSIONS.quota),
  };
}
