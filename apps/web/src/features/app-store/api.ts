import { APP_STORE_PERMISSIONS, appStoreEndpoints } from '@keel/contract/endpoints/app-store';
import type { EndpointPath } from '@keel/contract/endpoints/index';
import { MEMBER_PICKER_PERMISSIONS } from '@keel/contract/endpoints/user';
import { id } from '@keel/contract/envelope';
import { z } from 'zod';
import { useSession } from '../../shared/session/session-store';
import { useCan } from '../../shared/session/use-can';

/** The app store's page and dialogs (`/AppService/appstore/…`), unprefixed. */
export const APP_INFO_PAGE = '/AppService/appstore/AppInfoPage';
export const COMPATIBLE_DIALOG = '/AppService/appstore/CompatibleDeviceDlg';
export const CHOOSE_COMPATIBLE_DIALOG = '/AppService/appstore/ChooseCompatibleDeviceDlg';

/**
 * Which calls the page makes: the developer's own apps (`…ByUser`), or every app of the property (`…ByAdmin`) for a
 * member holding `appService.appInfo.manage`.
 */
export type Mode = 'ByUser' | 'ByAdmin';

/** A call of the mode: `byMode('ai/saveAppInfo', 'ByAdmin')` is `ai/saveAppInfoByAdmin`. */
export function byMode<const B extends string>(base: B, mode: Mode): `${B}${Mode}` {
  return `${base}${mode}`;
}

/** The page's mode: the administrators' when the member may manage every developer's apps. */
export function useAppStoreMode(): Mode {
  return useCan(APP_STORE_PERMISSIONS.manage) ? 'ByAdmin' : 'ByUser';
}

/** Whether the member may list the property's members (the developer filter's picker, `u/getUserList`). */
export function useCanPickMembers(): boolean {
  return useSession((s) => MEMBER_PICKER_PERMISSIONS.some((p) => s.menuIdList.includes(p)));
}

/** Every read a change of an app or a version shows in, in both modes. */
export const APP_READS: readonly EndpointPath[] = [
  'ai/getAppInfoListByUser',
  'ai/getAppInfoListByAdmin',
  'av/getAppVerInfoListByUser',
  'av/getAppVerInfoListByAdmin',
];

/** The reads a push changes: an app's pushes and their devices, a terminal's installed apps. */
export const PUSH_READS: readonly EndpointPath[] = [
  'av/getAppPushList',
  'av/getAppPushDeviceList',
  'ai/getDeviceAppList',
];

/** The app list's filters as the URL holds them (the developer's own list has no developer filter). */
export const USER_LIST = appStoreEndpoints['ai/getAppInfoListByUser'].input.pick({ str: true, published: true });
export const ADMIN_LIST = appStoreEndpoints['ai/getAppInfoListByAdmin'].input.pick({
  str: true,
  published: true,
  ownerUid: true,
});

/** The app whose versions are open (`?appId=`) and a version of it a dialog is about (`?appVersionId=`). */
export const APP_SEARCH = z.object({ appId: id(), appVersionId: id() }).partial();

/** Search params of the page that its dialogs' URLs carry and closing takes back (the list and the open app). */
export const PAGE_KEEP = ['appId', 'str', 'published', 'ownerUid', 'pageNum', 'pageSize'] as const;

/** The most versions a lookup of one version reads (an app's versions, highest first). */
export const VERSION_LOOKUP_SIZE = 1000;
