import type { EndpointPath } from '@keel/contract/endpoints/index';
import { GRANT_POOL_PERMISSIONS, type WhiteListMemberType } from '@keel/contract/endpoints/security-pools';
import { id } from '@keel/contract/envelope';
import { z } from 'zod';
import { useSession } from '../../shared/session/session-store';

/** The dialog routes of the grant pools and white lists (over the authorisations page), unprefixed. */
export const POOL_DIALOG = '/SecurityChain/GrantPoolSettingDialog';
export const WHITE_LIST_DIALOG = '/SecurityChain/AddWhiteListAuthDialog';
/** A function's white list on its own (`?sid=&funcId=`), unprefixed. */
export const FUNC_WHITE_LIST = '/SecurityChain/GrantPoolWhiteListComponent';

/** Every read a change of a pool shows in (the functions' counts too). */
export const POOL_READS: readonly EndpointPath[] = ['grantPool/getGrantPoolList', 'func/getFuncList'];
/** Every read a change of a white list shows in. */
export const WHITE_LIST_READS: readonly EndpointPath[] = ['whiteList/getWhiteList', 'func/getFuncList'];

/** What the dialog routes read of the URL: the space, the pool edited, the function chosen before. */
export const POOL_DIALOG_SEARCH = z.object({ sid: id(), poolId: id(), funcId: id() }).partial();

/** The member types in the order the pages offer them. */
export const MEMBER_TYPES: readonly WhiteListMemberType[] = ['user', 'device'];

/** Whether the member may set up, disable, reset and delete grant pools. */
export function useCanEditPools(): boolean {
  return useSession((s) => s.menuIdList.includes(GRANT_POOL_PERMISSIONS.pools));
}

/** Whether the member may add and delete white-list entries. */
export function useCanEditWhiteList(): boolean {
  return useSession((s) => s.menuIdList.includes(GRANT_POOL_PERMISSIONS.whiteList));
}
