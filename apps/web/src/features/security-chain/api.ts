import type { EndpointPath } from '@keel/contract/endpoints/index';
import { SECURITY_FUNC_PERMISSIONS } from '@keel/contract/endpoints/security-chain';
import { DEVICE_AUTH_PERMISSIONS } from '@keel/contract/endpoints/security-device-auth';
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

/** The device settings pages and their dialogs (`/SecurityChain/…`), unprefixed. */
export const DEVICE_AUTH_PAGE = '/SecurityChain/DevSettingPage';
export const DEVICE_DETAIL_PAGE = '/SecurityChain/DevSettingDetailPage';
export const ADD_DEVICE_AUTH_DIALOG = '/SecurityChain/AddNewTerminalAuthDialog';
export const EDIT_DEVICE_AUTH_DIALOG = '/SecurityChain/EditTerminalAuthDialog';

/** Every read a change of a device authorisation shows in (the functions' counts too). */
export const DEVICE_AUTH_READS: readonly EndpointPath[] = [
  'da/getAuthDeviceList',
  'da/getDeviceFuncAuth',
  'func/getFuncList',
];

/** Whether the member may add, edit, disable and delete device authorisations. */
export function useCanEditDeviceAuths(): boolean {
  return useSession((s) => s.menuIdList.includes(DEVICE_AUTH_PERMISSIONS.edit));
}
