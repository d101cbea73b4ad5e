import type { ApplyState, ApplyTypeId, FlowAction, StepRule } from '@keel/contract/endpoints/workflow';
import type { Db } from '../../platform/db/connect';
import { AppError, notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import type { NewsFragment, NewsKey, NewsParams } from '../../platform/news/catalogue';
import { notify } from '../../platform/news/notify';
import type { Services } from '../../platform/services';
import { propertyTenant, type Tenant } from '../../platform/tenancy/tenant';
import { type FlowApplication, type HookContext, hooksOf } from './apply-types';
import { observersOf } from './observers';
import { type AuditorSpec, builtInAuditors, notAllowedAuditors, parseSpecs, resolveSpecs } from './people';
import * as people from './people-repo';
import * as repo from './repo';

/**
 * The engine (README "Applications" and "Actions"): submitting an application takes the type's default flow as it is
 * then, and every action is one transaction that first claims the application at the version it was read at
 * (`claimApplication`): two actions at once never both apply; the second is run again on what the first left
 * (or refused, when the caller named the version it saw). Hooks of the area run inside that transaction; messages
 * and live events go out once it has committed.
 */

/** A step of an application's flow as submitted. `builtIn`: the one step of a property without its own flow. */
export interface StepSpec {
  name: string;
  rule: StepRule;
  skipApplicant: 0 | 1;
  auditors: AuditorSpec[];
  builtIn?: 1;
}

export const BUILT_IN_STEP: StepSpec = { name: '', rule: 'any', skipApplicant: 0, auditors: [], builtIn: 1 };

export function parseFlow(json: string): StepSpec[] {
  try {
    const parsed = JSON.parse(json) as unknown;
    if (!Array.isArray(parsed)) return [BUILT_IN_STEP];
    return parsed.map((s: Record<string, unknown>) => ({
      name: typeof s.name === 'string' ? s.name : '',
      rule: s.rule === 'all' ? 'all' : 'any',
      skipApplicant: s.skipApplicant === 1 ? 1 : 0,
      auditors: parseSpecs(JSON.stringify(s.auditors ?? [])),
      ...(s.builtIn === 1 ? { builtIn: 1 as const } : {}),
    }));
  } catch {
    return [BUILT_IN_STEP];
  }
}

const parseSnapshot = (json: string): Record<string, unknown> => {
  try {
    const v = JSON.parse(json) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

export const toFlowApplication = (r: repo.ApplicationRow): FlowApplication => ({
  applyId: r.apply_id,
  pno: r.pno,
  applyType: r.apply_type as ApplyTypeId,
  applicantUid: r.applicant_uid,
  subjectId: r.subject_id,
  subjectName: r.subject_name,
  snapshot: parseSnapshot(r.snapshot),
  stepIndex: r.step_index,
  stepNum: r.step_num,
  state: r.state as ApplyState,
});

/** What a change tells people once it has committed. */
interface Effects {
  /** Newly waiting auditors, and why. */
  todo: Array<{ uid: string; via: 'step' | 'transmit' | 'assign'; note: string }>;
  /** Auditors no longer waiting because the applicant withdrew. */
  withdrawnFrom: string[];
  /** The applicant hears that a step passed (from, to). */
  stepPassed: { step: number; next: number } | null;
  final: { outcome: 'passed' | 'rejected'; comment: string } | null;
  /** Everyone whose lists changed (live refresh). */
  touched: Set<string>;
}

interface Draft {
  action: FlowAction;
  step: number;
  actor: string | null;
  comment: string;
}

/** One change of one application inside its transaction. */
export class Change {
  readonly t: Tenant;
  readonly flow: StepSpec[];
  stepIndex: number;
  state: ApplyState = 'pending';
  reason: string;
  finishedAt: number | null = null;
  historyNum: number;
  readonly deltas = new Map<string, number>();
  readonly effects: Effects = { todo: [], withdrawnFrom: [], stepPassed: null, final: null, touched: new Set() };
  hook: { kind: 'onPassed' | 'onRejected' | 'onWithdrawn'; actor: string; comment: string } | null = null;
  /** What the area's hook made. */
  readonly result: Record<string, unknown> = {};

  constructor(
    readonly s: Services,
    readonly trx: Db,
    readonly app: repo.ApplicationRow,
    readonly now: number,
  ) {
    this.t = propertyTenant(app.pno);
    this.flow = parseFlow(app.flow);
    this.stepIndex = app.step_index;
    this.reason = app.reason;
    this.historyNum = app.history_num;
    this.effects.touched.add(app.applicant_uid);
  }

  async append(d: Draft, targets: readonly string[] = []) {
    this.historyNum += 1;
    await repo.appendHistory(this.trx, this.t, [
      {
        id: newId(),
        apply_id: this.app.apply_id,
        seq: this.historyNum,
        action: d.action,
        step_index: d.step,
        actor_uid: d.actor,
        comment: d.comment,
        targets: JSON.stringify(targets),
        created_at: this.now,
      },
    ]);
  }

  private bump(uid: string, n: number) {
    this.deltas.set(uid, (this.deltas.get(uid) ?? 0) + n);
    this.effects.touched.add(uid);
  }

  async addPending(uids: readonly string[], via: 'step' | 'transmit' | 'assign', note = '') {
    await repo.insertPending(
      this.trx,
      this.t,
      uids.map((uid) => ({
        apply_id: this.app.apply_id,
        uid,
        apply_type: this.app.apply_type,
        applicant_uid: this.app.applicant_uid,
        created_at: this.app.created_at,
        since: this.now,
      })),
    );
    for (const uid of uids) {
      this.bump(uid, 1);
      this.effects.todo.push({ uid, via, note });
    }
  }

  /** Removes waiting auditors (all of them when `uids` is left out); answers whom it removed. */
  async removePending(uids?: readonly string[]): Promise<string[]> {
    const current = await repo.pendingOf(this.trx, this.t, this.app.apply_id);
    const removed = uids ? current.filter((u) => uids.includes(u)) : current;
    await repo.deletePending(this.trx, this.t, this.app.apply_id, removed);
    for (const uid of removed) this.bump(uid, -1);
    return removed;
  }

  async done(uid: string, action: FlowAction) {
    await repo.upsertDone(this.trx, this.t, {
      apply_id: this.app.apply_id,
      uid,
      apply_type: this.app.apply_type,
      applicant_uid: this.app.applicant_uid,
      created_at: this.app.created_at,
      action,
      acted_at: this.now,
    });
    this.effects.touched.add(uid);
  }

  /**
   * Brings the application to step `k`, `lead` being the entry that brings it there (submit, stepPassed): resolves the
   * step's auditors, passes steps that skip an applicant who audits them, falls back to the built-in auditors when a
   * step names nobody, and ends the application (passed) after the last step.
   */
  async moveTo(k: number, lead: Draft) {
    let step = k;
    let entry = lead;
    const applicant = this.app.applicant_uid;
    for (;;) {
      if (step > this.flow.length) {
        await this.append(entry);
        await this.append({ action: 'finish', step: this.flow.length, actor: null, comment: '' });
        this.stepIndex = this.flow.length;
        this.state = 'passed';
        this.finishedAt = this.now;
        return;
      }
      const spec = this.flow[step - 1] as StepSpec;
      const resolved = spec.builtIn
        ? await builtInAuditors(this.s, this.trx, this.t, this.app.apply_type)
        : await resolveSpecs(this.s, this.trx, this.t, spec.auditors);
      if (spec.skipApplicant === 1 && resolved.includes(applicant)) {
        await this.append(entry);
        entry = { action: 'skip', step, actor: null, comment: '' };
        step += 1;
        continue;
      }
      let auditors = resolved.filter((u) => u !== applicant);
      if (auditors.length === 0) {
        if (!spec.builtIn) {
          await this.append(entry);
          entry = { action: 'fallback', step, actor: null, comment: '' };
        }
        const fallback = spec.builtIn ? resolved : await builtInAuditors(this.s, this.trx, this.t, this.app.apply_type);
        auditors = fallback.filter((u) => u !== applicant);
        // Nobody but the applicant may review it (the owner applying in their own property): they do.
        if (auditors.length === 0) auditors = fallback;
        if (auditors.length === 0) {
          const owner = await people.ownerOf(this.trx, this.t);
          auditors = owner ? [owner] : [applicant];
        }
      }
      await this.append(entry, auditors);
      await this.addPending(auditors, 'step');
      this.stepIndex = step;
      return;
    }
  }

  /** The current step's rule is met: its remaining auditors stand down and the application moves on. */
  async stepPassed() {
    await this.removePending();
    const from = this.stepIndex;
    await this.moveTo(from + 1, { action: 'stepPassed', step: from, actor: null, comment: '' });
    if (this.state === 'pending') this.effects.stepPassed = { step: from, next: this.stepIndex };
  }

  finish(state: 'rejected' | 'withdrawn', reason: string) {
    this.state = state;
    this.reason = reason;
    this.finishedAt = this.now;
  }

  /** Writes the counts (in uid order), the application's new state, and runs the area's hook. */
  async flush(extra: Readonly<Record<string, unknown>>) {
    await repo.bumpTodoCounts(
      this.trx,
      this.t,
      [...this.deltas].map(([uid, n]) => ({ uid, type: this.app.apply_type, n })),
    );
    await repo.updateApplication(this.trx, this.t, this.app.apply_id, {
      step_index: this.stepIndex,
      state: this.state,
      reason: this.reason,
      history_num: this.historyNum,
      finished_at: this.finishedAt,
    });
    const hookKind =
      this.state === 'passed'
        ? 'onPassed'
        : this.state === 'rejected'
          ? 'onRejected'
          : this.state === 'withdrawn'
            ? 'onWithdrawn'
            : null;
    if (!hookKind || !this.hook) return;
    const hook = hooksOf(this.s, this.app.apply_type)[hookKind];
    const h: HookContext = {
      s: this.s,
      trx: this.trx,
      actorUid: this.hook.actor,
      comment: this.hook.comment,
      extra,
      result: this.result,
      now: this.now,
    };
    await hook?.(this.application(), h);
    for (const o of observersOf(this.s, this.app.apply_type)) await o.onEnded?.(this.application(), h);
  }

  application(): FlowApplication {
    return {
      ...toFlowApplication(this.app),
      stepIndex: this.stepIndex,
      state: this.state,
    };
  }
}

/** An action that found the application changed under it: run it again on what is there now. */
class Moved extends Error {}

const typeFragment = (applyType: string): NewsFragment[] => [
  { fragment: `applyType_${applyType}` as NewsFragment['fragment'], params: {} },
];

/** Tells people what a committed change means for them, in the message centre and live. */
async function announce(
  s: Services,
  change: Change,
  actorUid: string | null,
  extra: Readonly<Record<string, unknown>>,
) {
  const app = change.app;
  const e = change.effects;
  const hooks = hooksOf(s, app.apply_type);
  const cards = await people.userCards(s.db, [app.applicant_uid, ...(actorUid ? [actorUid] : [])]);
  const base: NewsParams = {
    applicant: cards.get(app.applicant_uid)?.name ?? '',
    actor: actorUid ? (cards.get(actorUid)?.name ?? '') : '',
    subject: app.subject_name,
    type: typeFragment(app.apply_type),
    step: change.stepIndex,
    steps: change.flow.length,
  };
  const link = { kind: 'apply', id: app.apply_id };
  const tell = (uid: string, key: NewsKey, params: NewsParams, type = hooks.newsType ?? 'review') =>
    notify(s, { uid, pno: app.pno, type, key, params: { ...base, ...params }, link }).catch((err) =>
      s.log.error({ err }, 'workflow message failed'),
    );
  for (const t of e.todo) {
    if (t.via === 'step') await tell(t.uid, 'flowToDo', {});
    else if (t.via === 'transmit') await tell(t.uid, 'flowTransmitted', { note: t.note });
    else await tell(t.uid, t.note ? 'flowAssignedWithNote' : 'flowAssigned', { note: t.note });
  }
  for (const uid of e.withdrawnFrom) await tell(uid, 'flowWithdrawn', {});
  // The applicant's own messages name the application as they know it.
  const mine = { subject: hooks.applicantSubject?.(change.application()) ?? app.subject_name };
  if (e.stepPassed) {
    const params = { ...mine, step: e.stepPassed.step, next: e.stepPassed.next };
    await tell(app.applicant_uid, 'flowStepPassed', params, 'review');
  }
  if (e.final) {
    const own = hooks.finalMessage?.(change.application(), e.final.outcome, {
      comment: e.final.comment,
      extra,
      result: change.result,
    });
    if (own) {
      await notify(s, { uid: app.applicant_uid, pno: app.pno, ...own }).catch((err) =>
        s.log.error({ err }, 'workflow message failed'),
      );
    } else if (e.final.outcome === 'passed') {
      await tell(app.applicant_uid, 'flowPassed', mine, 'review');
    } else {
      await tell(app.applicant_uid, 'flowRejected', { ...mine, reason: e.final.comment }, 'review');
    }
  }
  const event = { type: 'flow', applyId: app.apply_id, applyType: app.apply_type, state: change.state };
  for (const uid of e.touched) await s.bus.publish(`user:${uid}`, event).catch(() => undefined);
}

export interface SubmitInput {
  pno: string;
  applyType: ApplyTypeId;
  applicantUid: string;
  subjectId: string | null;
  subjectName: string;
  snapshot: Record<string, unknown>;
}

/**
 * Files an application: takes the type's default flow as it is now (the built-in one-step flow when the property
 * has none) and brings it to its first step. `areaWrite` runs first in the same transaction (the area's own row:
 * a join request, a space application), so both land or neither does.
 */
export async function submitApplication(
  s: Services,
  input: SubmitInput,
  areaWrite?: (trx: Db) => Promise<unknown>,
): Promise<{ applyId: string; state: ApplyState; stepIndex: number }> {
  const t = propertyTenant(input.pno);
  const applyId = newId();
  const now = s.now();
  const change = await s.db.transaction().execute(async (trx) => {
    await areaWrite?.(trx);
    const steps = await repo.listSteps(trx, t, input.applyType);
    const flow: StepSpec[] =
      steps.length === 0
        ? [BUILT_IN_STEP]
        : steps.map((r) => ({
            name: r.name,
            rule: r.rule === 'all' ? 'all' : 'any',
            skipApplicant: r.skip_applicant === 1 ? 1 : 0,
            auditors: parseSpecs(r.auditors),
          }));
    const values: Omit<repo.ApplicationRow, 'pno'> = {
      apply_id: applyId,
      apply_type: input.applyType,
      applicant_uid: input.applicantUid,
      subject_id: input.subjectId,
      subject_name: input.subjectName,
      snapshot: JSON.stringify(input.snapshot),
      flow: JSON.stringify(flow),
      step_index: 0,
      step_num: flow.length,
      state: 'pending',
      reason: '',
      version: 1,
      history_num: 0,
      created_at: now,
      updated_at: now,
      finished_at: null,
    };
    await repo.insertApplication(trx, t, values);
    for (const o of observersOf(s, input.applyType)) {
      await o.onSubmitted?.(toFlowApplication({ ...values, pno: t.pno }), { s, trx, now });
    }
    const c = new Change(s, trx, { ...values, pno: t.pno }, now);
    await c.moveTo(1, { action: 'submit', step: 0, actor: input.applicantUid, comment: '' });
    if (c.state === 'passed') {
      c.hook = { kind: 'onPassed', actor: input.applicantUid, comment: '' };
      c.effects.final = { outcome: 'passed', comment: '' };
    }
    await c.flush({});
    return c;
  });
  await announce(s, change, input.applicantUid, {});
  return { applyId, state: change.state, stepIndex: change.stepIndex };
}

export type ActionKind = 'pass' | 'reject' | 'transmit' | 'assign' | 'withdraw';

export interface ActionInput {
  pno: string;
  applyId: string;
  actorUid: string;
  kind: ActionKind;
  /** The pass comment, rejection reason, transmit or assign note, withdrawal note. */
  comment: string;
  /** Transmit: the one person; assign: the people. */
  targets?: readonly string[];
  /** The version the caller saw: a different one is refused rather than acted on again. */
  version?: number;
  /**
   * `auditor`: the caller must be one of the current step's waiting auditors; `assigner`: the caller may assign
   * (checked by the endpoint's permission); `area`: an area's own review call (o/auditInviteOrgUser,
   * space/reviewSpaceApply), having checked the caller's right itself: the caller acts as the current step's auditor
   * when they wait on it, else decides the built-in step on the area's authority (`authorise`).
   */
  authority: 'auditor' | 'assigner' | 'area';
  /** Handed to the area's hooks (a unit, a quota). */
  extra?: Readonly<Record<string, unknown>>;
}

export interface ActionResult {
  state: ApplyState;
  stepIndex: number;
  version: number;
  /** What the area's hook made (when the action ended the application). */
  result: Readonly<Record<string, unknown>>;
}

const ATTEMPTS = 8;

/** One action on one application (README "Actions"); answers where the application stands afterwards. */
export async function act(s: Services, input: ActionInput): Promise<ActionResult> {
  const t = propertyTenant(input.pno);
  let wasAllowed = false;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const app = await repo.findApplication(s.db, t, input.applyId);
    if (!app) throw notFound('applyId');
    if (input.version !== undefined && app.version !== input.version) {
      throw new AppError(app.state === 'pending' ? 'applyStale' : 'applyFinished');
    }
    if (app.state !== 'pending') throw new AppError('applyFinished');
    let authority: ActionInput['authority'];
    try {
      authority = await authorise(s, t, app, input);
    } catch (error) {
      // Allowed when first read, refused now: someone else's action came first.
      if (wasAllowed && error instanceof AppError && error.key !== 'applyFinished') throw new AppError('applyStale');
      throw error;
    }
    wasAllowed = true;
    const now = s.now();
    let change: Change;
    try {
      change = await s.db.transaction().execute(async (trx) => {
        if (!(await repo.claimApplication(trx, t, app.apply_id, app.version, now))) throw new Moved();
        const c = new Change(s, trx, app, now);
        await apply(c, { ...input, authority });
        await c.flush(input.extra ?? {});
        return c;
      });
    } catch (error) {
      if (error instanceof Moved) {
        if (input.version !== undefined) throw new AppError('applyStale');
        continue;
      }
      throw error;
    }
    await announce(s, change, input.actorUid, input.extra ?? {});
    return { state: change.state, stepIndex: change.stepIndex, version: app.version + 1, result: change.result };
  }
  throw new AppError('applyStale');
}

/**
 * Whether the caller may take the action on the application as read (answers the translated refusal), and on what
 * authority it is taken. An area's own review call (`area`) acts like the engine's own actions: a caller who waits on
 * the current step acts as that auditor (the step's rule applies: on an `all` step the others still have to pass);
 * a caller who does not may decide only the built-in step (a property without its own flow for the type: the area
 * checked that they hold its permission, which is what the built-in step asks for); a step of the property's own
 * flow waits for its auditors like any other action (`applyNotYourTurn`, `applyAlreadyActed`).
 */
async function authorise(
  s: Services,
  t: Tenant,
  app: repo.ApplicationRow,
  input: ActionInput,
): Promise<ActionInput['authority']> {
  if (input.kind === 'withdraw') {
    // The applicant withdraws; an area withdraws on its own authority (its administrators, whom it checked).
    if (input.authority !== 'area' && app.applicant_uid !== input.actorUid) throw new AppError('applyNotApplicant');
    return input.authority;
  }
  const pending = await repo.pendingOf(s.db, t, app.apply_id);
  let authority = input.authority;
  if (authority === 'area') {
    const builtIn = parseFlow(app.flow)[app.step_index - 1]?.builtIn === 1;
    authority = pending.includes(input.actorUid) || !builtIn ? 'auditor' : 'area';
  }
  if (input.kind === 'assign') {
    if (authority !== 'assigner') throw new AppError('forbidden');
  } else if (authority !== 'area' && !pending.includes(input.actorUid)) {
    const passed = await repo.passedAt(s.db, t, app.apply_id, app.step_index);
    throw new AppError(passed.includes(input.actorUid) ? 'applyAlreadyActed' : 'applyNotYourTurn');
  }
  if (input.kind === 'transmit' || input.kind === 'assign') {
    const targets = input.targets ?? [];
    const passed = await repo.passedAt(s.db, t, app.apply_id, app.step_index);
    const busy = input.kind === 'transmit' ? pending : [];
    if (targets.some((u) => u === app.applicant_uid || busy.includes(u) || passed.includes(u))) {
      throw new AppError('transmitTargetTaken');
    }
    const refused = await notAllowedAuditors(s, s.db, t, app.apply_type, targets);
    if (refused.length > 0) {
      const cards = await people.userCards(s.db, refused);
      throw new AppError('auditorNotAllowed', { name: cards.get(refused[0] as string)?.name ?? '' });
    }
  }
  return authority;
}

/** The action's changes, inside the claimed transaction. */
async function apply(c: Change, input: ActionInput) {
  const step = c.stepIndex;
  const actor = input.actorUid;
  switch (input.kind) {
    case 'pass': {
      await c.removePending([actor]);
      await c.append({ action: 'pass', step, actor, comment: input.comment });
      await c.done(actor, 'pass');
      const rule = c.flow[step - 1]?.rule ?? 'any';
      const left = await repo.pendingOf(c.trx, c.t, c.app.apply_id);
      if (input.authority === 'area' || rule === 'any' || left.length === 0) await c.stepPassed();
      if (c.state === 'passed') {
        c.hook = { kind: 'onPassed', actor, comment: input.comment };
        c.effects.final = { outcome: 'passed', comment: input.comment };
      }
      return;
    }
    case 'reject': {
      await c.removePending();
      await c.append({ action: 'reject', step, actor, comment: input.comment });
      await c.done(actor, 'reject');
      c.finish('rejected', input.comment);
      c.hook = { kind: 'onRejected', actor, comment: input.comment };
      c.effects.final = { outcome: 'rejected', comment: input.comment };
      return;
    }
    case 'transmit': {
      const target = input.targets?.[0] as string;
      await c.removePending([actor]);
      await c.append({ action: 'transmit', step, actor, comment: input.comment }, [target]);
      await c.addPending([target], 'transmit', input.comment);
      await c.done(actor, 'transmit');
      return;
    }
    case 'assign': {
      const targets = [...(input.targets ?? [])];
      await c.removePending();
      await c.append({ action: 'assign', step, actor, comment: input.comment }, targets);
      await c.addPending(targets, 'assign', input.comment);
      return;
    }
    case 'withdraw': {
      const removed = await c.removePending();
      await c.append({ action: 'withdraw', step, actor, comment: input.comment });
      c.finish('withdrawn', input.comment);
      c.hook = { kind: 'onWithdrawn', actor, comment: input.comment };
      c.effects.withdrawnFrom = removed;
      return;
    }
  }
}

/**
 * An auditor leaves the property (modules/org, a member removed): every application they wait on in it is claimed
 * (like an action) and they stand down. A step others still wait on goes on with them; a step nobody waits on any more
 * is resolved again — its own auditors as they are now, less the leaver, the applicant and those who passed it — and
 * falls back to the built-in auditors (the property's administrators holding the type's permission) when that names
 * nobody. The history records it (`leave`, the leaver as actor, the new auditors as targets) and the new auditors hear
 * of it once `announceLeave` runs after the commit. Runs in the caller's transaction (`db`), the leaver excluded by
 * name so it may run before their membership row goes; call it again after the commit to catch an application that
 * reached a step naming them meanwhile.
 */
export async function standDown(s: Services, db: Db, pno: string, uid: string): Promise<Change[]> {
  const t = propertyTenant(pno);
  const changes: Change[] = [];
  for (const applyId of await repo.waitingOn(db, t, uid)) {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const app = await repo.findApplication(db, t, applyId);
      if (app?.state !== 'pending') break;
      const now = s.now();
      const change = await inTransaction(db, async (trx) => {
        if (!(await repo.claimApplication(trx, t, applyId, app.version, now))) return null;
        const c = new Change(s, trx, app, now);
        // No longer waiting (they acted meanwhile): nothing to hand on.
        if ((await c.removePending([uid])).length === 0) return 'gone' as const;
        const step = c.stepIndex;
        let targets: string[] = [];
        if ((await repo.pendingOf(trx, t, applyId)).length === 0) targets = await reresolve(c, uid);
        await c.append({ action: 'leave', step, actor: uid, comment: '' }, targets);
        await c.addPending(targets, 'step');
        await c.flush({});
        return c;
      });
      if (change === 'gone') break;
      if (change) {
        changes.push(change);
        break;
      }
    }
  }
  return changes;
}

/** The current step's auditors again, without the leaver, the applicant and those who passed it; else the built-in. */
async function reresolve(c: Change, leaver: string): Promise<string[]> {
  const spec = c.flow[c.stepIndex - 1] as StepSpec;
  const applicant = c.app.applicant_uid;
  const passed = await repo.passedAt(c.trx, c.t, c.app.apply_id, c.stepIndex);
  const usable = (uids: readonly string[]) =>
    uids.filter((u) => u !== leaver && u !== applicant && !passed.includes(u));
  const builtIn = await builtInAuditors(c.s, c.trx, c.t, c.app.apply_type);
  const own = spec.builtIn ? builtIn : await resolveSpecs(c.s, c.trx, c.t, spec.auditors);
  let next = usable(own);
  if (next.length === 0) next = usable(builtIn);
  if (next.length === 0) {
    const owner = await people.ownerOf(c.trx, c.t);
    next = owner && owner !== leaver ? [owner] : [];
  }
  return next;
}

/** Runs `work` in a transaction of its own, or inside the one `db` already is. */
async function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/** Tells the new auditors of what `standDown` changed (after its transaction committed). */
export async function announceLeave(s: Services, changes: readonly Change[]) {
  for (const change of changes) await announce(s, change, null, {});
}

/** A subject's application (the one pending, else the latest), if any (for the area's own review calls). */
export async function applicationOfSubject(s: Services, pno: string, applyType: ApplyTypeId, subjectId: string) {
  const row = await repo.findBySubject(s.db, propertyTenant(pno), applyType, subjectId);
  return row ? toFlowApplication(row) : null;
}
