import type { FIRMWARE_PERMISSIONS } from '@keel/contract/endpoints/firmware';
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

/** Whether the member holds a firmware function (the owner holds everything). */
export function useCan(permission: (typeof FIRMWARE_PERMISSIONS)[keyof typeof FIRMWARE_PERMISSIONS]): boolean {
  const ids = useSession((s) => s.menuIdList);
  const owner = useSession((s) => s.selectedProperty?.role === 'owner');
  return owner || ids.includes(permission);
}
