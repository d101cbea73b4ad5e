import type { EndpointPath } from '@keel/contract/endpoints/index';
import { SECURITY_SETTING_PERMISSIONS } from '@keel/contract/endpoints/security-settings';
import { useSession } from '../../shared/session/session-store';

/** The token settings page (`/ToolsManage/SecurityListPage`), unprefixed. */
export const SECURITY_SETTING_PAGE = '/ToolsManage/SecurityListPage';

/** Every read a change of the token settings shows in. */
export const SECURITY_SETTING_READS: readonly EndpointPath[] = ['security/getSecuritySetting'];

/** Whether the member may change the algorithm and the lifetime. */
export function useCanEditSecuritySetting(): boolean {
  return useSession((s) => s.menuIdList.includes(SECURITY_SETTING_PERMISSIONS.edit));
}
