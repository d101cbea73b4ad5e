import type { Business } from '@keel/contract/constants';
import { SPACE_PERMISSIONS as P, type SpaceApplyItem, type SpaceCategory } from '@keel/contract/endpoints/space';
import type { ApplyState } from '@keel/contract/endpoints/workflow';
import { formatFileSize } from '@keel/contract/format';
import { enabledBusinesses } from '../../platform/auth/reads';
import { nameKey } from '../../platform/db/sql-helpers';
import type { PropertyContext } from '../../platform/http/context';
import { AppError, forbidden, notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import type { Services } from '../../platform/services';
import { propertyTenant, type Tenant, type TenantScope } from '../../platform/tenancy/tenant';
import {
  act,
  applicationOfSubject,
  applyTypeHooks,
  type FlowApplication,
  type HookContext,
  submitApplication,
} from '../workflow/service';
import * as applyRepo from './apply-repo';
import * as repo from './repo';
import { assertWholeScope, readScope, type SpaceActor } from './scope';
import { createSpace } from './spaces';

/**
 * Applications for spaces (README "Applications"): a member applies for a space of one of the property's enabled
 * businesses (`bn/applySpaceBusiness`); an administrator who may create spaces, or an operator, approves it (the
 * space is made) or rejects it, and the applicant is told. Each application is also a workflow application of type
 * `spaceBusiness`: `space/reviewSpaceApply` (`reviewSpaceApplication`) decides it through the engine, and the
 * engine's own review calls end in the same `decide` (below).
 */

const STATUS = { pending: 'pending', approved: 'approved', rejected: 'rejected' } as const;

const toItem = (r: applyRepo.ApplyRow): SpaceApplyItem => ({
  id: r.id,
  pno: r.pno,
  propertyName: r.property_name,
  uid: r.uid,
  userName: r.user_name,
  phoneNum: r.user_phone,
  business: r.business as Business,
  category: r.category as SpaceCategory,
  ownerType: r.owner_type === 'property' ? 'property' : 'user',
  name: r.name,
  quotaBytes: Number(r.quota_bytes),
  reason: r.reason,
  status: r.status === 'approved' ? 'approved' : r.status === 'rejected' ? 'rejected' : 'pending',
  reviewerName: r.reviewer_name ?? '',
  note: r.note,
  sid: r.sid,
  createTime: Number(r.created_at),
  decideTime: r.decided_at === null ? null : Number(r.decided_at),
});

export interface ApplyInput {
  business: string;
  category: string;
  ownerType: 'property' | 'user';
  name: string;
  quota: number;
  reason: string;
}

/**
 * Files an application. A space for the property (rather than one's own) is for those who manage its spaces. One
 * pending application per business and category; a name already taken by a space is refused at once.
 */
export async function apply(s: Services, property: PropertyContext, uid: string, input: ApplyInput): Promise<string> {
  const tenant = propertyTenant(property.pno);
  if (input.ownerType === 'property' && !property.permissions.has(P.view)) throw forbidden();
  if (!property.businesses.includes(input.business)) {
    throw new AppError('spaceBusinessOff', { business: input.business });
  }
  if (await applyRepo.findPending(s.db, tenant, uid, input.business, input.category)) {
    throw new AppError('spaceApplyPending');
  }
  if (await repo.findSpaceByNameKey(s.db, tenant, nameKey(input.name))) {
    throw new AppError('nameTaken', { name: input.name });
  }
  const id = newId();
  const now = s.now();
  // The application and its workflow application land together; the engine tells the reviewers.
  await submitApplication(
    s,
    {
      pno: property.pno,
      applyType: 'spaceBusiness',
      applicantUid: uid,
      subjectId: id,
      subjectName: input.name,
      snapshot: {
        spaceApplyId: id,
        business: input.business,
        category: input.category,
        ownerType: input.ownerType,
        name: input.name,
        quota: input.quota,
        reason: input.reason,
      },
    },
    (trx) => applyRepo.insertApplication(trx, tenant, { id, uid, ...input }, now),
  );
  return id;
}

/** The caller's own applications in the property. */
export async function listMine(
  s: Services,
  tenant: Tenant,
  uid: string,
  input: { pageNum: number; pageSize: number; status?: string },
) {
  const { rows, total } = await applyRepo.pageApplications(
    s.db,
    tenant,
    { uid, status: input.status },
    input.pageNum,
    input.pageSize,
  );
  return { list: rows.map(toItem), total, pageNum: input.pageNum, pageSize: input.pageSize };
}

/** Applications to review: the property's, or (operators) every property's or `filterPno`'s. */
export async function listToReview(
  s: Services,
  actor: SpaceActor,
  input: { pageNum: number; pageSize: number; status?: string; str?: string; filterPno?: string },
) {
  const { rows, total } = await applyRepo.pageApplications(
    s.db,
    readScope(actor, input.filterPno),
    { status: input.status, str: input.str },
    input.pageNum,
    input.pageSize,
  );
  return { list: rows.map(toItem), total, pageNum: input.pageNum, pageSize: input.pageSize };
}

export interface Decision {
  pass: boolean;
  /** The quota granted (the one applied for when left out). */
  quota?: number;
  note: string;
}

/**
 * Decides a pending application, once (a second decision is `applyNotPending`): approving makes the space (the
 * applicant's own, or the property's with them responsible) with a quota record of kind `apply`, in the same
 * transaction; the applicant gets a message either way. `reviewer.scope` is the property the reviewer works in (or
 * every property, for an operator). `space/reviewSpaceApply` calls it; the decision is the workflow engine's `act`,
 * whose hooks (`decide`, below) make the space.
 */
export async function reviewSpaceApplication(
  s: Services,
  reviewer: { uid: string; scope: TenantScope },
  id: string,
  decision: Decision,
): Promise<{ sid: string | null; state: ApplyState }> {
  const [application] = await applyRepo.findApplications(s.db, reviewer.scope, [id]);
  if (!application) throw notFound('id');
  if (application.status !== STATUS.pending) throw new AppError('applyNotPending');
  let flow = await applicationOfSubject(s, application.pno, 'spaceBusiness', id);
  // An application filed before the engine (migration 0016) gets its workflow application now.
  if (flow?.state !== 'pending') {
    await submitApplication(s, {
      pno: application.pno,
      applyType: 'spaceBusiness',
      applicantUid: application.uid,
      subjectId: id,
      subjectName: application.name,
      snapshot: {
        spaceApplyId: id,
        business: application.business,
        category: application.category,
        ownerType: application.owner_type,
        name: application.name,
        quota: Number(application.quota_bytes),
        reason: application.reason,
      },
    });
    flow = await applicationOfSubject(s, application.pno, 'spaceBusiness', id);
  }
  if (flow?.state !== 'pending') throw new AppError('applyNotPending');
  try {
    const result = await act(s, {
      pno: application.pno,
      applyId: flow.applyId,
      actorUid: reviewer.uid,
      kind: decision.pass ? 'pass' : 'reject',
      comment: decision.note,
      authority: 'area',
      extra: decision.quota === undefined ? {} : { quota: decision.quota },
    });
    // A pass on a step of several leaves the application pending at the next step (no space yet).
    return { sid: typeof result.result.sid === 'string' ? result.result.sid : null, state: result.state };
  } catch (error) {
    // Someone else decided it meanwhile.
    if (error instanceof AppError && (error.key === 'applyFinished' || error.key === 'applyStale')) {
      throw new AppError('applyNotPending');
    }
    throw error;
  }
}

/**
 * Space applications are workflow applications of type `spaceBusiness` (modules/workflow): passing the last step
 * makes the space (the applicant's own, or the property's with them responsible; `quota` from the administrator's
 * review call overriding the one applied for) with a quota record of kind `apply`, in the engine's transaction;
 * rejecting or withdrawing closes the application (a withdrawal reads as rejected, with the applicant's note). The
 * applicant is told in this module's words.
 */
async function decide(app: FlowApplication, h: HookContext, status: 'approved' | 'rejected') {
  const id = app.subjectId as string;
  const tenant = propertyTenant(app.pno);
  const [application] = await applyRepo.findApplications(h.trx, tenant, [id]);
  if (!application || application.status !== STATUS.pending) throw new AppError('applyNotPending');
  const quota = typeof h.extra.quota === 'number' ? h.extra.quota : Number(application.quota_bytes);
  let made: string | null = null;
  if (status === 'approved') {
    made = await createSpace(
      h.trx,
      tenant,
      await enabledBusinesses(h.trx, tenant),
      {
        name: application.name,
        business: application.business,
        category: application.category,
        ownerType: application.owner_type === 'property' ? 'property' : 'user',
        uid: application.uid,
        quota,
        remark: application.reason,
      },
      { kind: 'apply', reason: application.reason },
      h.actorUid,
      h.now,
    );
    h.result.sid = made;
  }
  h.result.quota = quota;
  const decided = await applyRepo.decide(
    h.trx,
    tenant,
    { id, status, reviewerUid: h.actorUid, note: h.comment, sid: made, quota },
    h.now,
  );
  if (!decided) throw new AppError('applyNotPending');
}

export const spaceBusinessApplications = applyTypeHooks('spaceBusiness', {
  onPassed: (app, h) => decide(app, h, 'approved'),
  onRejected: (app, h) => decide(app, h, 'rejected'),
  onWithdrawn: (app, h) => decide(app, h, 'rejected'),
  finalMessage(app, outcome, h) {
    const note = h.comment;
    const sid = typeof h.result.sid === 'string' ? h.result.sid : null;
    const quota = typeof h.result.quota === 'number' ? h.result.quota : Number(app.snapshot.quota ?? 0);
    return {
      type: 'review',
      key:
        outcome === 'passed'
          ? note
            ? 'spaceApplyApprovedWithNote'
            : 'spaceApplyApproved'
          : note
            ? 'spaceApplyRejectedWithNote'
            : 'spaceApplyRejected',
      params: { name: app.subjectName, quota: formatFileSize(quota), note },
      // The approved space, or (declined) the applicant's own applications.
      link: sid ? { kind: 'space', id: sid } : { kind: 'spaceApplyResult', id: app.subjectId as string },
    };
  },
});

/** `space/reviewSpaceApply`: administrators with the whole space scope (a new space would lie outside a limit). */
export async function review(s: Services, actor: SpaceActor, id: string, decision: Decision) {
  assertWholeScope(actor, P.quota);
  return reviewSpaceApplication(s, { uid: actor.uid, scope: readScope(actor) }, id, decision);
}
