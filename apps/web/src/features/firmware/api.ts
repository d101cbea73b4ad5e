import type { FIRMWARE_PERMISSIONS } from '@keel/contract/endpoints/firmware';
import type { FIRMWARE_TASK_PERMISSIONS } from '@keel/contract/endpoints/firmware-task';
import { useSession } from '../../shared/session/session-store';

/** What a change of packages shows in. */
export const PACKAGE_LISTS = [
  'sw/getSwList',
  'sw/getSwInfo',
  'sw/getSwTypeList',
  'up/getUpgradeSwList',
  'dp/getSwDiffPackList',
  'fis/fi/getMyFileList',
] as const;
export const DELTA_LISTS = ['dp/getSwDiffPackList', 'sw/getSwInfo', 'up/getUpgradeSwList'] as const;

export const SOFTWARE_PAGE = '/fota/FotaSoftwarePage';
export const DIFF_PAGE = '/fota/FotaDiffPkgPage';
export const NEW_PACKAGE_DIALOG = '/fota/NewFotaPackageDialog';
export const EDIT_PACKAGE_DIALOG = '/fota/AddEditFotaPackageDialog';
export const PUSH_DIALOG = '/fota/FotaPushSwDialog';
export const ADD_DIFF_DIALOG = '/fota/AddDiffPkgDialog';
export const MAIN_PAGE = '/fota/FotaMainPage';
export const TERMINAL_PAGE = '/fota/FotaTerminalPage';
export const NEW_TERMINAL_DIALOG = '/fota/NewFotaTerminalDialog';
export const TERMINAL_INFO_DIALOG = '/fota/FotaTerminalInfoDialog';
export const EDIT_FIRMWARE_DIALOG = '/fota/AddEditFotaFirmwareDlg';
/** The device function that registers devices (the update-terminals page's "New terminal"). */
export const DEVICE_EDIT = 'terminals.list.edit';

/** Whether the member holds a firmware function, or the device one that registers devices (the owner holds all). */
export function useCan(
  permission:
    | (typeof FIRMWARE_PERMISSIONS)[keyof typeof FIRMWARE_PERMISSIONS]
    | (typeof FIRMWARE_TASK_PERMISSIONS)[keyof typeof FIRMWARE_TASK_PERMISSIONS]
    | typeof DEVICE_EDIT,
): boolean {
  const ids = useSession((s) => s.menuIdList);
  const owner = useSession((s) => s.selectedProperty?.role === 'owner');
  return owner || ids.includes(permission);
}

/**
 * A customer property (its customer flag set) sees firmware read-only: the versions its supplier shared with it,
 * with no way to add, edit, publish, share or delete them, whatever its members' functions.
 */
export function useCustomerView(): boolean {
  return useSession((s) => s.selectedProperty?.isCustomer === 1);
}
