import type { EndpointPath } from '@keel/contract/endpoints/index';
import { SECURITY_FUNC_PERMISSIONS } from '@keel/contract/endpoints/security-chain';
import { PRIVILEGED_USER_PERMISSIONS } from '@keel/contract/endpoints/security-privileged';
import { id } from '@keel/contract/envelope';
import { z } from 'zod';
import { useSession } from '../../shared/session/session-store';

/** The functions and responses pages (`/ToolsManage/…`), unprefixed. */
export const FUNC_PAGE = '/ToolsManage/FuncListPage';
export const RESPONSE_PAGE = '/ToolsManage/ResponseListPage';

/** The authorisations page (`/SecurityChain/GrantManagePage`), unprefixed. */
export const GRANT_PAGE = '/SecurityChain/GrantManagePage';

/** Every read a change of a privileged user shows in. */
export const PRIVILEGED_READS: readonly EndpointPath[] = ['pa/getPrivilegedUserList'];

/** Every read a change of a function or a response shows in. */
export const FUNC_READS: readonly EndpointPath[] = ['func/getFuncList', 'func/getFuncResponseList'];

/** The space the pages show (`?sid=`; none: the first) and, on the responses page, the function (`?funcId=`). */
export const SPACE_SEARCH = z.object({ sid: id(), funcId: id(), str: z.string().trim().max(100) }).partial();

/** The most functions a choice of function lists (a space keeps a few dozen). */
export const FUNC_CHOICES = 500;

/** Whether the member may add, edit and delete functions (the owner holds every permission). */
export function useCanEditFuncs(): boolean {
  return useSession((s) => s.menuIdList.includes(SECURITY_FUNC_PERMISSIONS.edit));
}

/** Whether the member may add, edit and delete responses. */
export function useCanEditResponses(): boolean {
  return useSession(
    (s) =>
      s.menuIdList.includes(SECURITY_FUNC_PERMISSIONS.responsesEdit) ||
      s.menuIdList.includes(SECURITY_FUNC_PERMISSIONS.edit),
  );
}

/** Whether the member may add, disable and delete privileged users. */
export function useCanEditPrivileged(): boolean {
  return useSession((s) => s.menuIdList.includes(PRIVILEGED_USER_PERMISSIONS.edit));
}
