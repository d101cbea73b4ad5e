import { APP_GROUP_PERMISSIONS } from '@keel/contract/endpoints/app-group';
import type { EndpointPath } from '@keel/contract/endpoints/index';
import { id } from '@keel/contract/envelope';
import { z } from 'zod';
import { apiQuery } from '../../shared/api/query';
import { useSession } from '../../shared/session/session-store';

/** The app groups page and its dialogs (`/AppService/group/…`), unprefixed. */
export const APP_GROUP_PAGE = '/AppService/group/AppGroupMgrPage';
export const ADD_GROUP_DIALOG = '/AppService/group/AddAppGroupDlg';
export const ADD_CATEGORY_DIALOG = '/AppService/group/AddGroupCategoryDlg';

/** Whether the member may change groups and categories (the page's function). */
export function useCanManage(): boolean {
  return useSession((s) => s.menuIdList.includes(APP_GROUP_PERMISSIONS.manage));
}

/** Every read a change of a group or a category shows in. */
export const GROUP_READS: readonly EndpointPath[] = [
  'group/getAppGroupListByAdmin',
  'group/getGroupCategoryList',
  'device/getDeviceInfoList',
];

/**
 * The group whose categories are open, or that a dialog edits (`?groupId=`), and the category a dialog edits
 * (`?categoryId=`).
 */
export const GROUP_SEARCH = z.object({ groupId: id(), categoryId: id() }).partial();

/** The store page's choice: a group's master app (`?masterAppId=`; none: the whole store) and its search. */
export const STORE_SEARCH = z.object({ masterAppId: id(), str: z.string().trim().max(100) }).partial();

/** Search params of the page that its dialogs' URLs carry and closing takes back. */
export const PAGE_KEEP = ['groupId', 'str', 'pageNum', 'pageSize'] as const;

/** The most groups a chooser lists (a property has few: one per master app). */
export const GROUP_CHOICES = 100;

/** The groups a chooser offers, newest first (a property has few: one per master app). */
export const groupChoicesQuery = () =>
  apiQuery('group/getAppGroupListByAdmin', { pageNum: 1, pageSize: GROUP_CHOICES });

/** One group of the property by its id. */
export const groupQuery = (groupId: string) =>
  apiQuery('group/getAppGroupListByAdmin', { groupId, pageNum: 1, pageSize: 1 });

/** The group of a master app with its categories. */
export const categoriesQuery = (masterAppId: string) => apiQuery('group/getGroupCategoryList', { masterAppId });
