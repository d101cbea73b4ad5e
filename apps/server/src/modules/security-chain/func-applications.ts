import { AUTH_TYPES } from '@keel/contract/constants';
import type { FuncRisk } from '@keel/contract/endpoints/security-chain';
import { USER_AUTH_REMARK_MAX } from '@keel/contract/endpoints/security-user-auth';
import { memberUidsAmong } from '../../platform/auth/reads';
import { isUniqueViolation } from '../../platform/db/sql-helpers';
import { AppError, notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import type { Services } from '../../platform/services';
import { propertyTenant } from '../../platform/tenancy/tenant';
import { spaceHead } from '../space/reads';
import {
  applicationOfSubject,
  applyTypeHooks,
  type FlowApplication,
  type HookContext,
  submitApplication,
} from '../workflow/service';
import type { Caller } from './caller';
import * as funcRepo from './repo';
import { listSecuritySpaces } from './spaces';
import * as repo from './user-auth-repo';

/**
 * Function applications (README "Applications"): a member of the property asks for a function of a security space
 * (`ua/applyFuncAuth`), filed with the workflow engine as apply type `function`; the pass of its last step makes a
 * user authorisation naming the applicant (`subject_type` 1, `apply_id` set) in the engine's transaction. Rejecting
 * or withdrawing makes nothing.
 */

/** The risk as both languages read it, for the snapshot auditors see. */
const RISK_WORDS: Record<FuncRisk, string> = {
  low: '低 / Low',
  medium: '中 / Medium',
  high: '高 / High',
  critical: '严重 / Critical',
};

/** An application's subject: one pending application per applicant and function. */
const subjectOf = (funcId: string, uid: string) => `${funcId}:${uid}`;

/** The functions of the property's security spaces a member may apply for, by space and code. */
export async function listApplyFuncs(
  s: Services,
  c: Caller,
  input: { sid?: string; str?: string; pageNum: number; pageSize: number },
) {
  // Every security space of the property: applying needs no permission, so no administrator's space limit applies.
  const spaces = await listSecuritySpaces(s, { ...c, reach: () => null }, []);
  const names = new Map(spaces.map((sp) => [sp.sid, sp.name]));
  const sids = input.sid ? spaces.filter((sp) => sp.sid === input.sid).map((sp) => sp.sid) : [...names.keys()];
  const { rows, total } = await repo.pageApplyFuncs(s.db, c.t, { sids, str: input.str }, input.pageNum, input.pageSize);
  return {
    list: rows.map((r) => ({
      funcId: r.func_id,
      sid: r.sid,
      spaceName: names.get(r.sid) ?? '',
      code: r.code,
      nameZh: r.name_zh,
      nameEn: r.name_en,
      risk: r.risk as FuncRisk,
      description: r.description,
    })),
    total,
    pageNum: input.pageNum,
    pageSize: input.pageSize,
  };
}

/**
 * Files a function application: the function must be the property's ("not found" otherwise), the window must end in
 * the future (`funcApplyEnded`), and the applicant may have one pending application per function
 * (`funcApplyPending`).
 */
export async function applyForFunc(
  s: Services,
  c: Caller,
  input: { funcId: string; startTime?: number; endTime: number; reason: string },
) {
  const func = await funcRepo.findFunc(s.db, c.t, input.funcId);
  if (!func) throw notFound('funcId');
  if (input.endTime <= s.now()) throw new AppError('funcApplyEnded');
  const subjectId = subjectOf(func.func_id, c.uid);
  const pending = await applicationOfSubject(s, c.t.pno, 'function', subjectId);
  if (pending?.state === 'pending') throw new AppError('funcApplyPending', { func: func.code });
  const space = await spaceHead(s.db, c.t, func.sid);
  const name = c.locale === 'en' ? func.name_en : func.name_zh;
  const out = await submitApplication(s, {
    pno: c.t.pno,
    applyType: 'function',
    applicantUid: c.uid,
    subjectId,
    subjectName: `${name} (${func.code})`,
    snapshot: {
      funcId: func.func_id,
      spaceName: space?.name ?? '',
      funName: `${func.name_zh} / ${func.name_en}`,
      funCode: func.code,
      risk: RISK_WORDS[func.risk as FuncRisk] ?? func.risk,
      startTime: input.startTime ?? null,
      endTime: input.endTime,
      reason: input.reason,
    },
  });
  return { applyId: out.applyId, state: out.state };
}

const numberOr = (v: unknown, fallback: number | null) => (typeof v === 'number' ? v : fallback);

/** The earlier of two starts and the later of two ends, null being open on that side. */
const earlier = (a: number | null, b: number | null) => (a === null || b === null ? null : Math.min(a, b));
const later = (a: number | null, b: number | null) => (a === null || b === null ? null : Math.max(a, b));

/**
 * The pass: authorises the applicant for the function over the window asked for (from the pass on when no start was
 * given). When an authorisation of the applicant for the function exists already, no second one is made: it is
 * enabled, takes the application as its `apply_id`, and its window becomes the union of both (or the one applied for,
 * when its own had ended) — a window that already covers the one asked for is kept. Refused (the application stays
 * pending) when the function or the applicant's membership is gone, or the window asked for is over.
 */
async function authorise(app: FlowApplication, h: HookContext) {
  const t = propertyTenant(app.pno);
  const funcId = String(app.snapshot.funcId ?? '');
  const func = await funcRepo.findFunc(h.trx, t, funcId);
  if (!func) throw notFound('funcId');
  if ((await memberUidsAmong(h.trx, t, [app.applicantUid])).length === 0) throw notFound('uid');
  const start = numberOr(app.snapshot.startTime, h.now);
  const end = numberOr(app.snapshot.endTime, null);
  if (end !== null && end <= h.now) throw new AppError('funcApplyExpired');
  const [existing] = await repo.authsOfSubjects(h.trx, t, func.func_id, AUTH_TYPES.users, [app.applicantUid]);
  if (existing) {
    const ownStart = existing.start_time === null ? null : Number(existing.start_time);
    const ownEnd = existing.end_time === null ? null : Number(existing.end_time);
    const ended = ownEnd !== null && ownEnd <= h.now;
    const window = ended ? { start, end } : { start: earlier(ownStart, start), end: later(ownEnd, end) };
    const covers = !ended && window.start === ownStart && window.end === ownEnd;
    if (!covers || Number(existing.disabled) === 1) {
      await repo.extendUserAuth(h.trx, t, existing.auth_id, {
        start_time: window.start,
        end_time: window.end,
        apply_id: app.applyId,
        updated_at: h.now,
      });
    }
    h.result.authId = existing.auth_id;
    return;
  }
  const authId = newId();
  try {
    await repo.insertUserAuths(h.trx, t, [
      {
        auth_id: authId,
        sid: func.sid,
        func_id: func.func_id,
        subject_type: AUTH_TYPES.users,
        subject_id: app.applicantUid,
        start_time: start,
        end_time: end,
        disabled: 0,
        remark: String(app.snapshot.reason ?? '').slice(0, USER_AUTH_REMARK_MAX),
        apply_id: app.applyId,
        created_by: h.actorUid,
        created_at: h.now,
        updated_at: h.now,
      },
    ]);
  } catch (error) {
    // An administrator authorised the applicant meanwhile: the pass is refused and may be tried again.
    if (isUniqueViolation(error)) throw new AppError('conflict', { reason: 'userAuth' });
    throw error;
  }
  await funcRepo.adjustAuthCount(h.trx, t, func.func_id, 1);
  h.result.authId = authId;
}

/** The apply type's hooks, contributed by user-auth-routes.ts. */
export const securityFuncApplications = applyTypeHooks('function', { onPassed: authorise });
