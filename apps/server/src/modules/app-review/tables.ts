import type { Generated } from 'kysely';

/** The tables modules/app-review owns: only its files query them (architecture §6, tools/ownership.ts). */
export interface AppReviewTables {
  app_review_tasks: AppReviewTasksTable;
  app_review_subtasks: AppReviewSubtasksTable;
  app_review_records: AppReviewRecordsTable;
}

/** A main task: the review of one app (migration 0043). */
export interface AppReviewTasksTable {
  task_id: string;
  pno: string;
  app_id: string;
  /** open | cancelled | finished (contract APP_TASK_STATES). */
  state: string;
  /** The app's id while the task is open, else null: unique per property, so an app has one open task at most. */
  open_key: string | null;
  /** The assigned reviewer ('' for none). */
  reviewer_uid: Generated<string>;
  /** The final review's conclusion. */
  conclusion: Generated<string>;
  /** How many records it has (each record's `seq`). */
  record_num: Generated<number>;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
}

/** A sub-task: one workflow application of the app (its information, a version, a shelf request). */
export interface AppReviewSubtasksTable {
  sub_task_id: string;
  pno: string;
  task_id: string;
  /** The number of the record of its joining the task (its place among the task's sub-tasks). */
  seq: number;
  apply_id: string;
  /** app | appVersion | appShelf (the apply type). */
  type: string;
  /** The app's id (information) or the version's (version, shelf). */
  subject_id: string;
  /** The application's subject name. */
  subject: string;
  /** pending | passed | rejected | withdrawn. */
  state: string;
  comment: Generated<string>;
  decided_uid: Generated<string>;
  decided_at: number | null;
  submit_uid: string;
  created_at: number;
}

/** What happened to a main task, numbered 1…n per task. */
export interface AppReviewRecordsTable {
  record_id: string;
  pno: string;
  task_id: string;
  seq: number;
  /** contract APP_TASK_ACTIONS. */
  action: string;
  actor_uid: string;
  /** The sub-task's type the record is about (null: the main task's own). */
  sub_task_type: string | null;
  subject: Generated<string>;
  comment: Generated<string>;
  created_at: number;
}
