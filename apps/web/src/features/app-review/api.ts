import { APP_REVIEW_PERMISSIONS, appReviewEndpoints } from '@keel/contract/endpoints/app-review';
import type { EndpointPath } from '@keel/contract/endpoints/index';
import { id } from '@keel/contract/envelope';
import { z } from 'zod';
import { useCan } from '../../shared/session/use-can';

/** The app review pages and dialogs (`/AppService/process/…`), unprefixed. */
export const PROCESS_PAGE = '/AppService/process/AppProcessPage';
export const AUDIT_PAGE = '/AppService/process/AppProcessAuditPage';
export const AUDIT_DIALOG = '/AppService/process/AppProcessAuditDlg';
export const ASSIGN_DIALOG = '/AppService/process/AppProcessAssignDlg';
export const FINISH_DIALOG = '/AppService/process/AppProcessFinishDlg';

/** Whether the member may assign, cancel and resume tasks. */
export const useCanManage = () => useCan(APP_REVIEW_PERMISSIONS.manage);

/** Every read a change of a task shows in (the app store's lists too: an audit passes or rejects their objects). */
export const TASK_READS: readonly EndpointPath[] = [
  'task/queryMainTaskList',
  'task/queryTaskInfo',
  'task/querySubTaskList',
  'task/queryTaskRecordList',
  'ai/getAppInfoListByUser',
  'ai/getAppInfoListByAdmin',
  'av/getAppVerInfoListByUser',
  'av/getAppVerInfoListByAdmin',
];

/** The task list's filters as the URL holds them. */
export const LIST_SEARCH = appReviewEndpoints['task/queryMainTaskList'].input.pick({ state: true, str: true });

/** The task whose drawer or dialog is open (`?taskId=`) and the sub-task a dialog audits (`?subTaskId=`). */
export const TASK_SEARCH = z.object({ taskId: id(), subTaskId: id() }).partial();

/** Search params of a page that its dialogs' URLs carry and closing takes back (the list and the open task). */
export const PAGE_KEEP = ['taskId', 'state', 'str', 'pageNum', 'pageSize'] as const;
