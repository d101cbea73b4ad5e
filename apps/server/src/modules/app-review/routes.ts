import { appReviewEndpoints, SUB_TASK_TYPES } from '@keel/contract/endpoints/app-review';
import { contribution } from '../../platform/extension-points';
import { defineModule } from '../../platform/http/mount';
import { applicationObservers } from '../workflow/service';
import { callerOf } from './caller';
import * as lists from './lists';
import * as tasks from './tasks';

/** The app review tasks (`task/…` of the app store). Model: README.md. */
export const appReviewModule = defineModule(
  appReviewEndpoints,
  (s) => {
    /** A mutating call's answer: the task it changed, recorded as the audit log's target. */
    const taskAnswer = async (ctx: Parameters<typeof callerOf>[0], taskId: string) => {
      ctx.audit.target = taskId;
      return lists.taskItem(s, callerOf(ctx), taskId);
    };
    const audit =
      (type: (typeof SUB_TASK_TYPES)[number]) =>
      async (input: { subTaskId: string; pass: 0 | 1; comment: string }, ctx: Parameters<typeof callerOf>[0]) => {
        ctx.audit.target = input.subTaskId;
        const c = callerOf(ctx);
        return lists.subTaskItem(s, c, await tasks.auditSubTask(s, c, type, input));
      };
    return {
      'task/queryMainTaskList': async (input, ctx) => lists.listTasks(s, callerOf(ctx), input),
      'task/queryTaskInfo': async (input, ctx) => lists.taskInfo(s, callerOf(ctx), input.taskId),
      'task/querySubTaskList': async (input, ctx) => lists.subTaskList(s, callerOf(ctx), input.taskId),
      'task/queryTaskRecordList': async (input, ctx) => lists.recordList(s, callerOf(ctx), input),
      'task/assignTask': async (input, ctx) =>
        taskAnswer(ctx, await tasks.assignTask(s, callerOf(ctx), input.taskId, input.uid)),
      'task/cancelTask': async (input, ctx) =>
        taskAnswer(ctx, await tasks.cancelTask(s, callerOf(ctx), input.taskId, input.reason)),
      'task/resumeTask': async (input, ctx) => taskAnswer(ctx, await tasks.resumeTask(s, callerOf(ctx), input.taskId)),
      'task/auditAppInfo': audit('app'),
      'task/auditAppVerInfo': audit('appVersion'),
      'task/auditShelfAppVerInfo': audit('appShelf'),
      'task/finalAuditTask': async (input, ctx) =>
        taskAnswer(ctx, await tasks.finishTask(s, callerOf(ctx), input.taskId, input.conclusion)),
    };
  },
  {
    contributes: [
      // The app store's reviews become sub-tasks of their app's main task (README "Main tasks").
      contribution(applicationObservers, {
        types: SUB_TASK_TYPES,
        onSubmitted: (app, h) => tasks.subTaskFiled(app, h),
        onEnded: (app, h) => tasks.subTaskEnded(app, h),
      }),
    ],
  },
);
