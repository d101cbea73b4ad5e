import { z } from 'zod';
import { AUTH_TYPES, type Business } from '../constants';
import { defineEndpoint, group } from '../endpoint';
import { flag, int, optionalText, pageOf, pageQuery } from '../envelope';
import { optionalRef, ref } from '../refs';

/**
 * Approval workflows: one engine every area routes its applications through. `flowAudit/` acts on
 * applications and lists them, `flowSettingDefault/` and `flowSettingDefaultAuditorRel/` edit a property's default
 * flow per apply type, `applyTypeAuthRel/` says who may audit which types. Model:
 * apps/server/src/modules/workflow/README.md.
 *
 * - **Apply types** (`APPLY_TYPES` below, shared by web and server): what can be applied for. Each names the
 *   permission whose holders review it when the property has no flow of its own (the built-in one-step flow) and the
 *   detail component an auditor sees. Areas attach what happens on pass, rejection and withdrawal on the server
 *   (`registerApplyType`, modules/workflow).
 * - **Default flows**: per property and apply type an ordered list of steps. A step's auditors are users, titles,
 *   user sets and organisation units (SPEC §3 authorisation types 1–4), resolved to people when an application
 *   reaches the step; its rule is `any` (one pass suffices) or `all` (everyone must pass); with `skipApplicant` the
 *   step passes by itself when the applicant is one of its auditors (without it the applicant is left out of the
 *   step's auditors: nobody approves their own application).
 * - **Applications**: type, applicant, subject (the area's object), a snapshot of what was applied for, the flow as
 *   it was at submission (editing a default flow never changes applications in flight), the current step, a state
 *   (`pending`, `passed`, `rejected`, `withdrawn`) and an append-only history.
 */

/**
 * Permission ids (catalogue nodes under `process`). `process.memberAudit` is every member's page (their to-do and
 * done lists and their own applications, every apply type): acting on an application needs no permission, only
 * being one of its current auditors. `process.settings` reads the flows and who may audit which types; its
 * functions edit them and assign applications to auditors.
 */
export const WORKFLOW_PERMISSIONS = {
  /** The personal review page (every member): to-do, done, my applications. */
  myReviews: 'process.memberAudit',
  settings: 'process.settings',
  edit: 'process.settings.edit',
  /** See every application of the property and assign its current step to other auditors (AuditAssignDialog). */
  assign: 'process.settings.assign',
} as const;

export const APPLY_TYPE_IDS = [
  'memberJoin',
  'terminal',
  'function',
  'spaceBusiness',
  'firmwareTask',
  'app',
  'appVersion',
  'appShelf',
  'softRelease',
] as const;
export type ApplyTypeId = (typeof APPLY_TYPE_IDS)[number];

export interface ApplyTypeDef {
  id: ApplyTypeId;
  title: { 'zh-cn': string; en: string };
  /**
   * The permission whose holders (the owner, and administrators holding it in the whole property) review the type
   * when the property has no default flow for it: the built-in one-step flow, rule `any`.
   */
  permission: string;
  /** The business the type belongs to (its settings are shown when the business is enabled); none: always. */
  business?: Business;
  /** The web component an auditor sees the application's snapshot in (apps/web features/workflow). */
  detail: string;
}

/** Every apply type, in the order the settings page shows them. */
export const APPLY_TYPES: readonly ApplyTypeDef[] = [
  {
    id: 'memberJoin',
    title: { 'zh-cn': '成员加入', en: 'Member join' },
    permission: 'account.property.member',
    detail: 'MemberJoinDetail',
  },
  {
    id: 'terminal',
    title: { 'zh-cn': '终端申请', en: 'Terminal application' },
    permission: 'terminals.list.edit',
    business: 'terminal',
    detail: 'ApplyTerminalDetailDialog',
  },
  {
    // A member asks for a function of a security space; the pass authorises them (modules/security-chain). Reviewed
    // on the secure route approval page.
    id: 'function',
    title: { 'zh-cn': '功能与安全路由申请', en: 'Function or secure route application' },
    permission: 'process.securityRouteAudit',
    business: 'security',
    detail: 'ApplyFunDetailDialog',
  },
  {
    id: 'spaceBusiness',
    title: { 'zh-cn': '空间业务申请', en: 'Space application' },
    permission: 'files.spaceBackDetail.quota',
    detail: 'SpaceApplyDetail',
  },
  {
    id: 'firmwareTask',
    title: { 'zh-cn': '固件任务发布', en: 'Firmware task release' },
    permission: 'firmware.task',
    business: 'firmware',
    detail: 'FirmwareTaskDetail',
  },
  {
    id: 'app',
    title: { 'zh-cn': '应用审核', en: 'App review' },
    permission: 'appService.audit',
    business: 'appstore',
    detail: 'AppInfoDetail',
  },
  {
    id: 'appVersion',
    title: { 'zh-cn': '应用版本审核', en: 'App version review' },
    permission: 'appService.audit',
    business: 'appstore',
    detail: 'AppVersionDetail',
  },
  {
    id: 'appShelf',
    title: { 'zh-cn': '上架审核', en: 'Shelf review' },
    permission: 'appService.audit',
    business: 'appstore',
    detail: 'AppShelfDetail',
  },
  {
    // A release manager asks for a PC software version to be released to a channel (modules/pc-software).
    id: 'softRelease',
    title: { 'zh-cn': '软件发布', en: 'Software release' },
    permission: 'tools.release.manage',
    business: 'pctools',
    detail: 'SoftReleaseDetail',
  },
];

export const applyTypeOf = (id: string): ApplyTypeDef | undefined => APPLY_TYPES.find((t) => t.id === id);

export const APPLY_STATES = ['pending', 'passed', 'rejected', 'withdrawn'] as const;
export type ApplyState = (typeof APPLY_STATES)[number];

/**
 * What a history entry records: `submit` (the applicant), `pass`, `reject`, `transmit` (an auditor hands their part
 * to someone else, with a note), `assign` (an administrator sets the current step's auditors), `withdraw` (the
 * applicant), and the engine's own: `skip` (a step passed by itself: the applicant is one of its auditors and the
 * step says so), `fallback` (a step's auditors resolved to nobody: the built-in auditors take it), `stepPassed` (a
 * step's rule is met and the application moves on), `finish` (the last step passed), `leave` (a waiting auditor left
 * the property and stands down; when nobody else waits, the step is resolved again: `targets` are its new auditors).
 */
export const FLOW_ACTIONS = [
  'submit',
  'pass',
  'reject',
  'transmit',
  'assign',
  'withdraw',
  'skip',
  'fallback',
  'stepPassed',
  'finish',
  'leave',
] as const;
export type FlowAction = (typeof FLOW_ACTIONS)[number];

export const STEP_RULES = ['any', 'all'] as const;
export type StepRule = (typeof STEP_RULES)[number];

/** Steps per flow, auditors named per step, and the lengths of texts. */
export const FLOW_MAX_STEPS = 10;
export const STEP_MAX_AUDITORS = 50;
export const STEP_NAME_MAX = 50;
export const AUDIT_COMMENT_MAX = 500;
/** Most people an assign names at once. */
export const ASSIGN_MAX = 20;
/** Most applications one batch pass or rejection acts on. */
export const BATCH_MAX = 50;

/** An auditor of a step as the settings show it: a user, title, user set or unit, with its name. */
export const auditorRef = z.object({
  /** SPEC §3: 1 user, 2 title, 3 user set, 4 organisation unit. */
  authType: z.union([
    z.literal(AUTH_TYPES.users),
    z.literal(AUTH_TYPES.titles),
    z.literal(AUTH_TYPES.userSets),
    z.literal(AUTH_TYPES.orgs),
  ]),
  id: z.string(),
  /** The user's, title's, set's or unit's name (empty once it is gone). */
  name: z.string(),
  /** How many people it resolves to today (a unit: its members and those of the units below it). */
  userNum: z.number().int(),
  /** 0 when the object no longer exists (it resolves to nobody). */
  exists: flag(),
});
export type AuditorRef = z.output<typeof auditorRef>;

/** One step of a default flow. */
export const flowStep = z.object({
  stepId: z.string(),
  /** 1-based position in the flow. */
  sort: z.number().int(),
  name: z.string(),
  rule: z.enum(STEP_RULES),
  skipApplicant: flag(),
  auditors: z.array(auditorRef),
});
export type FlowStep = z.output<typeof flowStep>;

/** A property's default flow for one apply type. */
export const flowSetting = z.object({
  applyType: z.enum(APPLY_TYPE_IDS),
  /** null while the property has no flow of its own for the type: the built-in one-step flow applies. */
  flowId: z.string().nullable(),
  /** 1 when the built-in flow applies (no steps of the property's own). */
  builtIn: flag(),
  /** The permission whose holders review the type in the built-in flow. */
  permission: z.string(),
  /** Bumped with every edit (applications keep the flow as it was when they were submitted). */
  version: z.number().int(),
  steps: z.array(flowStep),
  updaterName: z.string(),
  updateTime: z.number().int().nullable(),
});
export type FlowSetting = z.output<typeof flowSetting>;

/** A person, as lists of auditors show them. */
export const flowPerson = z.object({ uid: z.string(), name: z.string() });

/** An application as the lists show it. */
export const applyItem = z.object({
  applyId: z.string(),
  pno: z.string(),
  applyType: z.enum(APPLY_TYPE_IDS),
  applicantUid: z.string(),
  applicantName: z.string(),
  applicantPhone: z.string(),
  /** The area's object applied for or about (a join request, a space application, …); null when none. */
  subjectId: z.string().nullable(),
  /** A short name of what was applied for (user data: a space's name, the applicant's name, …). */
  subjectName: z.string(),
  /** What was applied for, as the area recorded it at submission (its detail component reads it). */
  snapshot: z.record(z.string(), z.unknown()),
  state: z.enum(APPLY_STATES),
  /** 1-based current step (the last one once passed). */
  stepIndex: z.number().int(),
  stepNum: z.number().int(),
  stepName: z.string(),
  /** Who may act now (empty once finished). */
  currentAuditors: z.array(flowPerson),
  /** The last rejection reason or withdrawal note (empty otherwise). */
  reason: z.string(),
  /** Bumped with every change; the actions may send it to refuse acting on a stale screen. */
  version: z.number().int(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
  finishTime: z.number().int().nullable(),
  /** In the done list: what the caller last did to it and when (null elsewhere). */
  myAction: z.enum(FLOW_ACTIONS).nullable(),
  myActionTime: z.number().int().nullable(),
});
export type ApplyItem = z.output<typeof applyItem>;

/** One's own application in the personal scope: with the name of its property. */
export const myApplyItem = applyItem.extend({ propertyName: z.string() });
export type MyApplyItem = z.output<typeof myApplyItem>;

/** One entry of an application's history (append-only). */
export const flowHistoryEntry = z.object({
  id: z.string(),
  /** Order within the application, from 1. */
  seq: z.number().int(),
  action: z.enum(FLOW_ACTIONS),
  /** The step it happened at (0: before the first, e.g. `submit`). */
  stepIndex: z.number().int(),
  /** null for the engine's own entries. */
  actorUid: z.string().nullable(),
  actorName: z.string(),
  comment: z.string(),
  /** Whom a transmit, assign, fallback or a newly reached step named. */
  targets: z.array(flowPerson),
  createTime: z.number().int(),
});
export type FlowHistoryEntry = z.output<typeof flowHistoryEntry>;

export const STEP_STATES = ['waiting', 'current', 'passed', 'skipped', 'rejected', 'withdrawn'] as const;

/** One application in full: its flow as submitted, each step's state and the whole history. */
export const applyDetail = applyItem.extend({
  steps: z.array(
    z.object({
      index: z.number().int(),
      name: z.string(),
      rule: z.enum(STEP_RULES),
      skipApplicant: flag(),
      auditors: z.array(auditorRef),
      state: z.enum(STEP_STATES),
      /** The people who passed this step. */
      passedBy: z.array(flowPerson),
    }),
  ),
  history: z.array(flowHistoryEntry),
  /** What the caller may do now. */
  can: z.object({ pass: flag(), reject: flag(), transmit: flag(), assign: flag(), withdraw: flag() }),
});
export type ApplyDetail = z.output<typeof applyDetail>;

/** Who may audit one apply type, and how it is reviewed today. */
export const applyTypeAuthRel = z.object({
  applyType: z.enum(APPLY_TYPE_IDS),
  /** 1 when the type's business is enabled for the property (or it needs none). */
  enabled: flag(),
  permission: z.string(),
  /** Steps of the property's own flow (0: the built-in one-step flow). */
  stepNum: z.number().int(),
  /**
   * Who may audit the type besides the permission's holders: they review it in the built-in flow, and transmit and
   * assign may name only them and the holders when the list is not empty.
   */
  auditors: z.array(auditorRef),
  /** Applications of the type waiting in the property. */
  pendingNum: z.number().int(),
});
export type ApplyTypeAuthRel = z.output<typeof applyTypeAuthRel>;

/** A person an auditor entry resolves to (AuditerDetailDlg). */
export const auditorPerson = z.object({
  uid: z.string(),
  name: z.string(),
  phoneNum: z.string(),
  /** Their to-do count in the property. */
  todoNum: z.number().int(),
});

const applyType = () => z.enum(APPLY_TYPE_IDS);
/** An optional enum filter arriving as a query string, where an empty text means "all". */
const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.literal(''), z.enum(values)])
    .optional()
    .transform((v) => (v === '' ? undefined : v));
/** An optional epoch-ms time arriving as a query string, where an empty text means "none". */
const optionalTime = () =>
  z
    .union([z.literal(''), int().pipe(z.number().min(0).max(8_640_000_000_000_000))])
    .optional()
    .transform((v) => (v === '' ? undefined : v));
const comment = () => z.string().trim().max(AUDIT_COMMENT_MAX).default('');
const idList = <K extends Parameters<typeof ref>[0]>(kind: K) =>
  z
    .array(ref(kind))
    .max(STEP_MAX_AUDITORS)
    .default([])
    .transform((ids) => [...new Set(ids)]);

/**
 * A step's auditors in an input: users, titles, user sets and units by id (each list may be empty; together at
 * least one entry). Another property's id is "not found".
 */
const auditorLists = {
  uidList: idList('user'),
  tidList: idList('title'),
  usidList: idList('userSet'),
  oidList: idList('org'),
};

/** The version an action was taken on (the list's or detail's `version`): a stale one is refused. */
const expectedVersion = () => int().pipe(z.number().min(0).max(2_000_000_000)).optional();

/** The applications a batch acts on, each with the version the caller saw (a stale one is refused, that item only). */
const batchItems = () =>
  z
    .array(z.object({ applyId: ref('apply'), version: int().pipe(z.number().min(0).max(2_000_000_000)) }))
    .min(1)
    .max(BATCH_MAX)
    .transform((items) => [...new Map(items.map((i) => [i.applyId, i])).values()]);

/** What a batch did to each application, in the order sent: its own answer, as the single action would give it. */
export const batchResult = z.object({
  list: z.array(
    z.object({
      applyId: z.string(),
      /** 0 when the action was taken; otherwise the status the single action would answer (stale, finished, …). */
      status: z.number().int(),
      /** The translated message (success, or why this one was refused). */
      msg: z.string(),
      /** Where the application stands after the action (null when refused). */
      state: z.enum(APPLY_STATES).nullable(),
      stepIndex: z.number().int().nullable(),
      version: z.number().int().nullable(),
    }),
  ),
  /** How many were acted on, how many refused. */
  doneNum: z.number().int(),
  failNum: z.number().int(),
});
export type BatchResult = z.output<typeof batchResult>;

export const workflowEndpoints = group(
  // Acting on applications: any member; the engine checks that the caller is one of the current step's auditors.
  defineEndpoint({
    method: 'POST',
    path: 'flowAudit/flowAudit',
    summary:
      "Pass an application at its current step as one of the step's auditors; the step passes by its rule (any / all) and the next auditors and the applicant are told",
    access: { kind: 'property' },
    input: z.object({ applyId: ref('apply'), comment: comment(), version: expectedVersion() }),
    output: z.object({ state: z.enum(APPLY_STATES), stepIndex: z.number().int(), version: z.number().int() }),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'flowAudit/noPassFlowAudit',
    summary:
      'Reject an application with a reason (required): it ends, the area undoes what was applied for, the applicant is told',
    access: { kind: 'property' },
    input: z.object({
      applyId: ref('apply'),
      reason: z.string().trim().min(1).max(AUDIT_COMMENT_MAX),
      version: expectedVersion(),
    }),
    output: z.object({ state: z.enum(APPLY_STATES), stepIndex: z.number().int(), version: z.number().int() }),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'flowAudit/flowAuditBatch',
    ours: true,
    summary: 'Pass several applications, each at the version seen; answers each one’s result (added: not in the spec)',
    access: { kind: 'property' },
    input: z.object({ items: batchItems(), comment: comment() }),
    output: batchResult,
  }),
  defineEndpoint({
    method: 'POST',
    path: 'flowAudit/noPassFlowAuditBatch',
    ours: true,
    summary: 'Reject several applications with one reason, each at the version seen (added: not in the spec)',
    access: { kind: 'property' },
    input: z.object({ items: batchItems(), reason: z.string().trim().min(1).max(AUDIT_COMMENT_MAX) }),
    output: batchResult,
  }),
  defineEndpoint({
    method: 'GET',
    path: 'flowAudit/getAuditOrNoAuditList',
    summary:
      "The caller's to-do list (`auditStatus` 0: applications waiting for them, newest first) or done list (1: those they acted on, latest action first), filtered by type, applicant and submission time",
    access: { kind: 'property' },
    input: pageQuery().extend({
      auditStatus: int()
        .pipe(z.union([z.literal(0), z.literal(1)]))
        .default(0),
      applyType: optionalEnum(APPLY_TYPE_IDS),
      /** One applicant. */
      applicantUid: optionalRef('user'),
      /** The applicant's name or phone (a text search). */
      str: optionalText(100),
      /** Submitted at or after / before (epoch ms). */
      startTime: optionalTime(),
      endTime: optionalTime(),
    }),
    output: pageOf(applyItem),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'flowAudit/flowAuditTransmit',
    summary:
      "Forward one's part of the current step to another member with a note: they become an auditor in one's place",
    access: { kind: 'property' },
    input: z.object({
      applyId: ref('apply'),
      uid: ref('user'),
      note: z.string().trim().min(1).max(AUDIT_COMMENT_MAX),
      version: expectedVersion(),
    }),
    output: z.object({ state: z.enum(APPLY_STATES), stepIndex: z.number().int(), version: z.number().int() }),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'flowAudit/flowAuditAssign',
    ours: true,
    summary:
      "Assign the current step of a pending application to other members (AuditAssignDialog): they replace its waiting auditors, the step's rule applies to them (added: not in the spec)",
    access: { kind: 'property', permission: WORKFLOW_PERMISSIONS.assign },
    input: z.object({
      applyId: ref('apply'),
      uidList: z
        .array(ref('user'))
        .min(1)
        .max(ASSIGN_MAX)
        .transform((ids) => [...new Set(ids)]),
      note: comment(),
      version: expectedVersion(),
    }),
    output: z.object({ state: z.enum(APPLY_STATES), stepIndex: z.number().int(), version: z.number().int() }),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'flowAudit/withdrawApply',
    ours: true,
    summary:
      'The applicant withdraws a pending application (with an optional note): it ends and the area undoes what was applied for (added: not in the spec)',
    access: { kind: 'property' },
    input: z.object({ applyId: ref('apply'), note: comment(), version: expectedVersion() }),
    output: z.object({ state: z.enum(APPLY_STATES), stepIndex: z.number().int(), version: z.number().int() }),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'flowAudit/getMyApplyList',
    ours: true,
    summary:
      "The caller's own applications in the property with their progress (current step and who may act), newest first (added: not in the spec)",
    access: { kind: 'property' },
    input: pageQuery().extend({ applyType: optionalEnum(APPLY_TYPE_IDS), state: optionalEnum(APPLY_STATES) }),
    output: pageOf(applyItem),
  }),
  // The personal scope (no `pno`): an applicant who is not a member of the property yet (a join request) follows it.
  defineEndpoint({
    method: 'GET',
    path: 'flowAudit/getMyApplyListByUser',
    ours: true,
    summary: "The caller's own applications in every property (personal scope) (added: not in the spec)",
    access: { kind: 'user' },
    input: pageQuery().extend({ applyType: optionalEnum(APPLY_TYPE_IDS), state: optionalEnum(APPLY_STATES) }),
    output: pageOf(myApplyItem),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'flowAudit/getMyApplyDetailByUser',
    ours: true,
    summary: "One of the caller's own applications in full (personal scope) (added: not in the spec)",
    access: { kind: 'user' },
    input: z.object({ applyId: ref('apply') }),
    output: applyDetail.extend({ propertyName: z.string() }),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'flowAudit/withdrawApplyByUser',
    ours: true,
    summary: "Withdraw one's own application (personal scope) (added: not in the spec)",
    access: { kind: 'user' },
    input: z.object({ applyId: ref('apply'), note: comment(), version: expectedVersion() }),
    output: z.object({ state: z.enum(APPLY_STATES), stepIndex: z.number().int(), version: z.number().int() }),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'flowAudit/getApplyList',
    ours: true,
    summary:
      'Every application of the property, newest first, filtered by type, state, applicant and time: for those who assign (added: not in the spec)',
    access: { kind: 'property', permission: WORKFLOW_PERMISSIONS.assign },
    input: pageQuery().extend({
      applyType: optionalEnum(APPLY_TYPE_IDS),
      state: optionalEnum(APPLY_STATES),
      applicantUid: optionalRef('user'),
      str: optionalText(100),
      startTime: optionalTime(),
      endTime: optionalTime(),
    }),
    output: pageOf(applyItem),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'flowAudit/getApplyDetail',
    ours: true,
    summary:
      'One application with its flow as submitted, each step’s state and its full history: for its applicant, its auditors (current and past) and those who assign (added: not in the spec)',
    access: { kind: 'property' },
    input: z.object({ applyId: ref('apply') }),
    output: applyDetail,
  }),

  // Who may audit which types.
  defineEndpoint({
    method: 'GET',
    path: 'applyTypeAuthRel/getApplyTypeAuthRelList',
    summary:
      'Every apply type with who may audit it, whether the property has its own flow for it and how many applications wait',
    access: { kind: 'property', permission: WORKFLOW_PERMISSIONS.settings },
    input: z.object({}),
    output: z.array(applyTypeAuthRel),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'applyTypeAuthRel/saveApplyTypeAuthRel',
    ours: true,
    summary:
      'Set who may audit an apply type (users, titles, user sets, units; all lists empty: only the permission’s holders) (added: not in the spec)',
    access: { kind: 'property', permission: WORKFLOW_PERMISSIONS.edit },
    input: z.object({ applyType: applyType(), ...auditorLists }),
    output: applyTypeAuthRel,
  }),

  // Default flows.
  defineEndpoint({
    method: 'GET',
    path: 'flowSettingDefault/getFlowSettingDefault',
    summary: "The property's default flow for an apply type, its steps and their auditors (built-in when it has none)",
    access: { kind: 'property', permission: WORKFLOW_PERMISSIONS.settings },
    input: z.object({ applyType: applyType() }),
    output: flowSetting,
  }),
  defineEndpoint({
    method: 'GET',
    path: 'flowSettingDefault/getFlowStepList',
    summary: "The steps of the property's default flow for an apply type, in order, with their auditors",
    access: { kind: 'property', permission: WORKFLOW_PERMISSIONS.settings },
    input: z.object({ applyType: applyType() }),
    output: z.array(flowStep),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'flowSettingDefault/saveFlowSettingDefault',
    summary:
      'Add a step to the default flow of an apply type (AddDefaultReviewerDialog), at `sort` (1-based; last when left out); the first step creates the flow',
    access: { kind: 'property', permission: WORKFLOW_PERMISSIONS.edit },
    input: z.object({
      applyType: applyType(),
      name: z.string().trim().min(1).max(STEP_NAME_MAX),
      rule: z.enum(STEP_RULES).default('any'),
      skipApplicant: flag().default(0),
      sort: int().pipe(z.number().min(1).max(FLOW_MAX_STEPS)).optional(),
      ...auditorLists,
    }),
    output: z.object({ stepId: z.string(), version: z.number().int() }),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'flowSettingDefault/updateFlowSettingDefault',
    summary:
      'Edit a step (EditDefaultReviewerDialog): its name, rule, whether it skips an applicant who audits it, and its position',
    access: { kind: 'property', permission: WORKFLOW_PERMISSIONS.edit },
    input: z.object({
      stepId: ref('flowStep'),
      name: z.string().trim().min(1).max(STEP_NAME_MAX),
      rule: z.enum(STEP_RULES),
      skipApplicant: flag(),
      sort: int().pipe(z.number().min(1).max(FLOW_MAX_STEPS)).optional(),
    }),
    output: z.object({ stepId: z.string(), version: z.number().int() }),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'flowSettingDefault/deleteFlowSettingDefault',
    summary:
      'Remove a step (`stepId`), or the whole flow of an apply type (`applyType` without `stepId`: back to the built-in flow); applications in flight keep theirs',
    access: { kind: 'property', permission: WORKFLOW_PERMISSIONS.edit },
    input: z.object({ applyType: applyType(), stepId: ref('flowStep').optional() }),
    output: z.object({ version: z.number().int() }),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'flowSettingDefaultAuditorRel/updateFlowSettingDefaultAuditor',
    summary: "Replace a step's auditors (EditAuditUserDlg): users, titles, user sets and units; at least one",
    access: { kind: 'property', permission: WORKFLOW_PERMISSIONS.edit },
    input: z.object({ stepId: ref('flowStep'), ...auditorLists }),
    output: z.object({ stepId: z.string(), version: z.number().int() }),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'flowSettingDefault/getAuditorDetail',
    ours: true,
    summary:
      'Who one auditor entry (a user, title, user set or unit) resolves to today, with each person’s to-do count (AuditerDetailDlg) (added: not in the spec)',
    access: { kind: 'property', permission: WORKFLOW_PERMISSIONS.settings },
    input: z.object({
      authType: int().pipe(
        z.union([
          z.literal(AUTH_TYPES.users),
          z.literal(AUTH_TYPES.titles),
          z.literal(AUTH_TYPES.userSets),
          z.literal(AUTH_TYPES.orgs),
        ]),
      ),
      /** The user's, title's, set's or unit's id. */
      value: z.string().trim().min(1).max(64),
    }),
    output: z.object({ auditor: auditorRef, users: z.array(auditorPerson) }),
  }),
);
