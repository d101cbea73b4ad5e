import { z } from 'zod';
import { defineEndpoint, group } from '../endpoint';
import { flag, pageOf, pageQuery } from '../envelope';
import { ref } from '../refs';
import { appItem, appVersionItem } from './app-store';

/**
 * The app store's review tasks (`task/…` of the "App tasks" area; the firmware rollouts' `task/…` calls are another
 * module's). A **main task** is the review of one app: it opens when the first of the app's reviews is submitted while
 * none of its tasks is open, gathers the app's reviews (information, versions, shelf requests: each one workflow
 * application, a **sub-task**), has a reviewer, a state (open, cancelled, finished) and records of what happened.
 * Sub-tasks are passed or rejected through the workflow engine, so the app store's review hooks run as for any audit.
 * Model: apps/server/src/modules/app-review/README.md.
 */

export const APP_REVIEW_PERMISSIONS = {
  /** The app workflow page: every main task of the property. */
  process: 'appService.process',
  /** Assign, cancel and resume main tasks. */
  manage: 'appService.process.manage',
  /** The app review page: what the app store's review flow asks of its auditors. */
  audit: 'appService.audit',
} as const;

export const APP_TASK_STATES = ['open', 'cancelled', 'finished'] as const;
export type AppTaskState = (typeof APP_TASK_STATES)[number];

/** The workflow apply types a sub-task is one of: an app's information, a version, a version's shelf request. */
export const SUB_TASK_TYPES = ['app', 'appVersion', 'appShelf'] as const;
export type SubTaskType = (typeof SUB_TASK_TYPES)[number];

/** Where a sub-task's workflow application stands. */
export const SUB_TASK_STATES = ['pending', 'passed', 'rejected', 'withdrawn'] as const;
export type SubTaskState = (typeof SUB_TASK_STATES)[number];

/** What a main task's records say happened. */
export const APP_TASK_ACTIONS = [
  'opened',
  'joined',
  'assigned',
  'reassigned',
  'passed',
  'rejected',
  'withdrawn',
  'cancelled',
  'resumed',
  'finished',
] as const;
export type AppTaskAction = (typeof APP_TASK_ACTIONS)[number];

export const APP_TASK_COMMENT_MAX = 500;

/** A filter that may arrive as an empty query-string value (none). */
const optionalChoice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.enum(values), z.literal('')])
    .optional()
    .transform((v) => (v === '' ? undefined : v));

const comment = z.string().trim().max(APP_TASK_COMMENT_MAX).default('');

export const appTaskItem = z.object({
  taskId: z.string(),
  appId: z.string(),
  packageName: z.string(),
  /** The app's name in the reader's language (else its first listing's), and its icon link ('' for none). */
  appName: z.string(),
  appIconUrl: z.string(),
  state: z.enum(APP_TASK_STATES),
  /** The assigned reviewer ('' while nobody is). */
  reviewerUid: z.string(),
  reviewerName: z.string(),
  subTaskNum: z.number().int(),
  pendingNum: z.number().int(),
  passedNum: z.number().int(),
  rejectedNum: z.number().int(),
  /** The final review's conclusion ('' until finished). */
  conclusion: z.string(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
  finishTime: z.number().int().nullable(),
});
export type AppTaskItem = z.output<typeof appTaskItem>;

export const appTaskInfo = appTaskItem.extend({
  /** The app as it is now (null if it was deleted meanwhile). */
  app: appItem.nullable(),
  /** Whom the task may be assigned to: the property's members holding the app review permission in all of it. */
  candidates: z.array(z.object({ uid: z.string(), name: z.string() })),
  /** What the caller may do with it now. */
  can: z.object({ manage: flag(), audit: flag(), finish: flag() }),
});
export type AppTaskInfo = z.output<typeof appTaskInfo>;

export const subTaskItem = z.object({
  subTaskId: z.string(),
  taskId: z.string(),
  /** The workflow application it is. */
  applyId: z.string(),
  type: z.enum(SUB_TASK_TYPES),
  /** The app's or the version's id. */
  subjectId: z.string(),
  /** What is reviewed, as the application names it. */
  subject: z.string(),
  /** The version's name and code (a version or shelf review; '' and null otherwise). */
  versionName: z.string(),
  versionCode: z.number().int().nullable(),
  state: z.enum(SUB_TASK_STATES),
  /** The deciding comment (a rejection's reason). */
  comment: z.string(),
  decidedUid: z.string(),
  decidedName: z.string(),
  decideTime: z.number().int().nullable(),
  submitUid: z.string(),
  submitName: z.string(),
  createTime: z.number().int(),
  /** The version reviewed, with its APK analysis and shelf time (null for an app's information, or once deleted). */
  version: appVersionItem.nullable(),
});
export type SubTaskItem = z.output<typeof subTaskItem>;

export const appTaskRecord = z.object({
  recordId: z.string(),
  action: z.enum(APP_TASK_ACTIONS),
  actorUid: z.string(),
  actorName: z.string(),
  /** The sub-task's type and subject the record is about (null and '' for the main task's own). */
  subTaskType: z.enum(SUB_TASK_TYPES).nullable(),
  subject: z.string(),
  /** The comment, the conclusion, or the new reviewer's name. */
  comment: z.string(),
  createTime: z.number().int(),
});
export type AppTaskRecord = z.output<typeof appTaskRecord>;

const taskInput = z.object({ taskId: ref('appTask') });

const auditInput = z.object({
  subTaskId: ref('appSubTask'),
  /** 1 pass, 0 reject (a rejection needs a comment). */
  pass: flag(),
  comment,
});

const auditEndpoint = <const P extends string>(path: P, what: string) =>
  defineEndpoint({
    method: 'GET',
    path,
    summary: `Pass or reject ${what} of a main task through the workflow engine (its hooks run as for any audit); a rejection needs a comment. The assigned reviewer or a holder of the app review permission; refused while the task is cancelled`,
    access: {
      kind: 'property',
      permission: [APP_REVIEW_PERMISSIONS.audit, APP_REVIEW_PERMISSIONS.process],
      business: 'appstore',
    },
    input: auditInput,
    output: subTaskItem,
    mutates: true,
  });

const readAccess = {
  kind: 'property',
  permission: [APP_REVIEW_PERMISSIONS.process, APP_REVIEW_PERMISSIONS.audit],
  business: 'appstore',
} as const;
const manageAccess = { kind: 'property', permission: APP_REVIEW_PERMISSIONS.manage, business: 'appstore' } as const;

export const appReviewEndpoints = group(
  defineEndpoint({
    method: 'GET',
    path: 'task/queryMainTaskList',
    summary:
      "The property's app review tasks, newest first; `state` keeps one state, `str` searches app names and package names, `mine` 1 keeps the caller's assigned tasks",
    access: readAccess,
    input: pageQuery().extend({
      state: optionalChoice(APP_TASK_STATES),
      str: z
        .string()
        .trim()
        .max(100)
        .optional()
        .transform((v) => v || undefined),
      mine: z
        .union([flag(), z.literal('')])
        .optional()
        .transform((v) => (v === '' ? undefined : v)),
    }),
    output: pageOf(appTaskItem),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'task/queryTaskInfo',
    summary: 'One app review task with its app, counts, the reviewers it may be assigned to and what the caller may do',
    access: readAccess,
    input: taskInput,
    output: appTaskInfo,
  }),
  defineEndpoint({
    method: 'GET',
    path: 'task/querySubTaskList',
    summary:
      "A task's sub-tasks, oldest first: type, subject (a version's name and code), state, comment, who decided and when, the version reviewed",
    access: readAccess,
    input: taskInput,
    output: z.object({ list: z.array(subTaskItem) }),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'task/queryTaskRecordList',
    summary: "A task's records, newest first: opened, assigned, sub-tasks decided, cancelled, resumed, finished",
    access: readAccess,
    input: pageQuery().extend({ taskId: ref('appTask') }),
    output: pageOf(appTaskRecord),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'task/assignTask',
    summary:
      'Assign a task (or reassign it) to a member holding the app review permission; the reviewer is told in the message centre. Not a finished task',
    access: manageAccess,
    input: taskInput.extend({ uid: ref('user') }),
    output: appTaskItem,
    mutates: true,
  }),
  defineEndpoint({
    method: 'GET',
    path: 'task/cancelTask',
    summary: 'Suspend an open task: its sub-tasks cannot be audited here until it is resumed',
    access: manageAccess,
    input: taskInput.extend({ reason: comment }),
    output: appTaskItem,
    mutates: true,
  }),
  defineEndpoint({
    method: 'GET',
    path: 'task/resumeTask',
    summary: "Resume a cancelled task (refused while another of the app's tasks is open)",
    access: manageAccess,
    input: taskInput,
    output: appTaskItem,
    mutates: true,
  }),
  auditEndpoint('task/auditAppInfo', "the app's information review"),
  auditEndpoint('task/auditAppVerInfo', 'a version review'),
  auditEndpoint('task/auditShelfAppVerInfo', 'a shelf review (passing schedules the version)'),
  defineEndpoint({
    method: 'GET',
    path: 'task/finalAuditTask',
    summary:
      'The final review: finish an open task with a conclusion once none of its sub-tasks waits. The assigned reviewer or a holder of the app review permission',
    access: {
      kind: 'property',
      permission: [APP_REVIEW_PERMISSIONS.audit, APP_REVIEW_PERMISSIONS.process],
      business: 'appstore',
    },
    input: taskInput.extend({ conclusion: z.string().trim().min(1).max(APP_TASK_COMMENT_MAX) }),
    output: appTaskItem,
    mutates: true,
  }),
);
