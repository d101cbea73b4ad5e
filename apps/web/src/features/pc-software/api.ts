import type { EndpointPath } from '@keel/contract/endpoints/index';
import { PC_SOFTWARE_PERMISSIONS } from '@keel/contract/endpoints/pc-software';
import { id } from '@keel/contract/envelope';
import { z } from 'zod';
import { useSession } from '../../shared/session/session-store';

/** The area's pages and dialog routes (`/Wekit/…`, `/ToolsManage/TerminalListPage`), unprefixed. */
export const TOOLS_PAGE = '/Wekit/WekitToolsPage';
export const MAIN_TOOLS_PAGE = '/Wekit/WekitMainToolPage';
export const APP_INFO_PAGE = '/Wekit/WekitAppInfo';
export const VERSION_PAGE = '/Wekit/AppVersionDetailPage';
export const RELEASE_PAGE = '/Wekit/WekitToolReleasePage';
export const TRIAL_DIALOG = '/Wekit/AddTrialUserDialog';
export const TERMINALS_PAGE = '/ToolsManage/TerminalListPage';

/** Every read a change of software (its name, kind, main tool, icon) shows in. */
export const SOFT_READS: readonly EndpointPath[] = [
  'soft/getSoftInfoList',
  'soft/selectSoftInfoById',
  'soft/getMainToolList',
  'softRelease/getMainToChildList',
];

/** Every read a change of a version (its installers, change record, release) shows in. */
export const VERSION_READS: readonly EndpointPath[] = [
  'softVersion/getSoftVersionListBySoftId',
  'softVersion/getSoftVersionInfo',
  'softVersionChangeRecord/getSoftVersionChangeRecordByVersionId',
  'soft/getSoftInfoList',
  'soft/selectSoftInfoById',
];

/** The reads a change of release managers or trial users shows in. */
export const RELEASE_READS: readonly EndpointPath[] = [
  'softRelease/getSoftReleaseManagerInfo',
  'softRelease/getTrialUserList',
  'soft/getSoftInfoList',
  'soft/selectSoftInfoById',
];

/** The software a page or component is about (`?softId=`) and the version (`?versionId=`). */
export const SOFT_SEARCH = z.object({ softId: id(), versionId: id() }).partial();

/** Search params of the release page that its trial-user dialog's URL carries and closing takes back. */
export const RELEASE_KEEP = ['softId'] as const;

/** The most software a choice of software lists (a property keeps a few dozen tools). */
export const SOFT_CHOICES = 200;

/** Whether the member holds one of the area's functions. */
export function useSoftCan(permission: 'edit' | 'versionEdit' | 'releaseManage'): boolean {
  return useSession((s) => s.menuIdList.includes(PC_SOFTWARE_PERMISSIONS[permission]));
}
