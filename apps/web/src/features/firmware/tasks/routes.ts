import type { EndpointPath } from '@keel/contract/endpoints/index';

/** The task pages and dialogs (`/fota/…`), unprefixed. */
export const TASK_PAGE = '/fota/FotaTaskPage';
export const NEW_TASK_DIALOG = '/fota/NewFotaTaskDialog';
export const EDIT_TASK_DIALOG = '/fota/AddFotaTaskDialog';
export const VIEW_TASK_DIALOG = '/fota/ViewFotaTaskDialog';
export const EXECUTE_DIALOG = '/fota/FotaTaskExecuteDialog';
export const ASSIGN_DIALOG = '/fota/FotaAssignTaskDialog';
export const ADD_ITEM_DIALOG = '/fota/AddFotaTaskItemDialog';
export const RULE_DIALOG = '/fota/AddFotaRuleDialog';
export const VISIBLE_DIALOG = '/fota/FotaTaskVisibleDialog';
export const TASK_LIST_DIALOG = '/fota/FotaTaskListDialog';
export const HISTORY_DIALOG = '/fota/FirmwareUpgradeHistoryDialog';
export const ASSIGN_TO_TERMINAL_DIALOG = '/fota/FotaAssignTaskToTerminalDialog';
export const DEVICE_LIST_COMPONENT = '/fota/FotaDeviceListRemoteComponent';

/** What a change of a task shows in (refetched after any task call). */
export const TASK_READS: readonly EndpointPath[] = [
  'task/getTaskList',
  'task/getTaskInfo',
  'task/getAssignedDeviceList',
  'task/getTaskDeliverList',
  'task/previewTask',
  'task/getTaskProgress',
  'task/getRuleList',
  'sw/getSwList',
  'sw/getSwInfo',
];

/** How often a running task's figures are read again (the live view). */
export const LIVE_MS = 3000;
