import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../shared/api/query';

/** One task with its app, counts, candidates and what the caller may do (none named: not fetched). */
export function useTaskInfo(taskId: string | undefined) {
  return useQuery({ ...apiQuery('task/queryTaskInfo', { taskId: taskId ?? '' }), enabled: !!taskId, retry: false });
}

/** A task's sub-tasks. */
export function useSubTasks(taskId: string | undefined) {
  return useQuery({
    ...apiQuery('task/querySubTaskList', { taskId: taskId ?? '' }),
    enabled: !!taskId,
    retry: false,
  });
}

/** A page of a task's records, newest first. */
export function useRecords(taskId: string, pageNum: number, pageSize: number) {
  return useQuery({ ...apiQuery('task/queryTaskRecordList', { taskId, pageNum, pageSize }), retry: false });
}
