import { ORG_PERMISSIONS, type RequestStatus } from '@keel/contract/endpoints/org';
import type { RequestContext, SessionUser } from '../../platform/http/context';
import { AppError, notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import type { Services } from '../../platform/services';
import { propertyTenant } from '../../platform/tenancy/tenant';
import { act, applicationOfSubject, applyTypeHooks, submitApplication } from '../workflow/service';
import * as repo from './repo';
import { effectiveStatus, renderRequests } from './requests';
import { assertInScope, type OrgProperty, resolveNode, rootId, scopeNodes } from './scope';

/** Join requests: asking to join, reviewing, and the review list (README "Invitations and join requests"). */

export async function applyJoin(s: Services, ctx: RequestContext, user: SessionUser, pno: string, remark: string) {
  const property = await repo.findProperty(s.db, pno);
  if (!property) throw notFound('pno');
  // The property the user asks to join, as the server found it.
  const tenant = propertyTenant(property.pno);
  if (await repo.findMember(s.db, tenant, user.uid)) throw new AppError('alreadyMember');
  if (await repo.findOpenRequest(s.db, tenant, 'join', user.phone)) throw new AppError('joinPending');
  const id = newId();
  const now = s.now();
  try {
    // The request and its application land together; the engine tells the reviewers (the step's auditors).
    await submitApplication(
      s,
      {
        pno,
        applyType: 'memberJoin',
        applicantUid: user.uid,
        subjectId: id,
        subjectName: joinSubject(user.name, user.phone),
        snapshot: { requestId: id, name: user.name, phone: user.phone, remark, propertyName: property.name },
      },
      (trx) =>
        repo.insertRequest(trx, tenant, {
          id,
          kind: 'join',
          phone: user.phone,
          uid: user.uid,
          oid: null,
          inviter_uid: null,
          reviewer_uid: null,
          status: 'pending',
          remark,
          created_at: now,
          decided_at: null,
          expires_at: null,
        }),
    );
  } catch (error) {
    if (await repo.findOpenRequest(s.db, tenant, 'join', user.phone)) throw new AppError('joinPending');
    throw error;
  }
  ctx.audit.target = id;
  return { id, propertyName: property.name };
}

/** A join request's name in the auditors' lists and messages: who applies (their name and phone). */
export const joinSubject = (name: string, phone: string) => (name.trim() ? `${name.trim()} (${phone})` : phone);

/**
 * Join requests are applications of type `memberJoin` (modules/workflow): passing the last step places the member
 * (on the unit the deciding administrator chose through o/auditInviteOrgUser, else the one the request names, the
 * root when that unit is gone), rejecting or withdrawing closes the request; the applicant hears the outcome in this
 * module's words.
 */
export const memberJoinApplications = applyTypeHooks('memberJoin', {
  newsType: 'join',
  // The applicant's own progress messages name the property they asked to join.
  applicantSubject: (app) => String(app.snapshot.propertyName ?? app.subjectName),
  async onPassed(app, h) {
    const id = app.subjectId as string;
    const tenant = propertyTenant(app.pno);
    await repo.lockTree(h.trx, tenant);
    const request = await repo.findRequest(h.trx, tenant, id);
    if (request?.status !== 'pending' || !request.uid) {
      throw new AppError('inviteNotPending', { status: request?.status ?? 'answered' });
    }
    let oid = typeof h.extra.oid === 'string' ? h.extra.oid : request.oid;
    if (oid !== null && !(await repo.findNode(h.trx, tenant, oid))) oid = null; // deleted meanwhile: the root
    const ok = await repo.decideRequest(h.trx, tenant, id, {
      status: 'approved',
      reviewer_uid: h.actorUid,
      decided_at: h.now,
      oid,
    });
    if (!ok) throw new AppError('inviteNotPending', { status: 'answered' });
    await repo.addMemberAt(h.trx, tenant, request.uid, oid, h.now);
  },
  async onRejected(app, h) {
    await repo.decideRequest(h.trx, propertyTenant(app.pno), app.subjectId as string, {
      status: 'rejected',
      reviewer_uid: h.actorUid,
      decided_at: h.now,
    });
  },
  async onWithdrawn(app, h) {
    await repo.decideRequest(h.trx, propertyTenant(app.pno), app.subjectId as string, {
      status: 'revoked',
      reviewer_uid: h.actorUid,
      decided_at: h.now,
    });
  },
  finalMessage(app, outcome, h) {
    const note = h.comment;
    return {
      type: 'joinResult',
      key:
        outcome === 'passed'
          ? note
            ? 'joinApprovedWithNote'
            : 'joinApproved'
          : note
            ? 'joinDeclinedWithNote'
            : 'joinDeclined',
      params: { property: String(app.snapshot.propertyName ?? app.subjectName), note },
      link: { kind: 'joinRequest', id: app.subjectId as string },
    };
  },
});

export async function review(
  s: Services,
  ctx: RequestContext,
  prop: OrgProperty,
  reviewer: SessionUser,
  input: { idList: string[]; pass: 0 | 1; oid?: string; remark: string },
) {
  const tenant = propertyTenant(prop.pno);
  const rows = await repo.findRequestsIn(s.db, tenant, input.idList);
  if (rows.length !== input.idList.length) throw notFound('id');
  const now = s.now();
  for (const r of rows) {
    if (r.status !== 'pending') throw new AppError('inviteNotPending', { status: effectiveStatus(r, now) });
    if (r.kind === 'invite' && input.pass === 1) throw new AppError('inviteNotApprovable');
  }
  const target = input.pass === 1 && input.oid ? await resolveNode(s.db, prop, input.oid) : undefined;
  // A scoped administrator decides requests aimed at the scope, and places members only inside it.
  await assertInScope(
    s.db,
    prop,
    ORG_PERMISSIONS.members,
    rows.map((r) => (target ? target.oid : r.oid)),
  );
  ctx.audit.target = input.idList.join(',').slice(0, 500);
  // Invitations (only withdrawn here) close at once; join requests are decided through the workflow engine, one
  // application after another, like its own actions: the administrator acts as the current step's auditor when they
  // wait on it, else decides the built-in step on their permission (their scope was checked above); a step of the
  // property's own flow that waits for others is refused (applyNotYourTurn).
  let waiting = 0;
  const invites = rows.filter((r) => r.kind === 'invite');
  if (invites.length > 0) {
    await s.db.transaction().execute(async (trx) => {
      for (const r of invites) {
        const ok = await repo.decideRequest(trx, tenant, r.id, {
          status: 'revoked',
          reviewer_uid: reviewer.uid,
          decided_at: now,
        });
        if (!ok) throw new AppError('inviteNotPending', { status: 'answered' });
      }
    });
  }
  for (const r of rows) {
    if (r.kind !== 'join') continue;
    let app = await applicationOfSubject(s, prop.pno, 'memberJoin', r.id);
    // A request filed before the engine (migration 0016) gets its application now.
    if (app?.state !== 'pending' && r.uid) {
      const user = (await repo.findUser(s.db, r.uid)) ?? { name: '', phone: r.phone };
      await submitApplication(s, {
        pno: prop.pno,
        applyType: 'memberJoin',
        applicantUid: r.uid,
        subjectId: r.id,
        subjectName: joinSubject(user.name, r.phone),
        snapshot: { requestId: r.id, name: user.name, phone: r.phone, remark: r.remark, propertyName: prop.name },
      });
      app = await applicationOfSubject(s, prop.pno, 'memberJoin', r.id);
    }
    if (app?.state !== 'pending') throw new AppError('inviteNotPending', { status: 'answered' });
    try {
      const done = await act(s, {
        pno: prop.pno,
        applyId: app.applyId,
        actorUid: reviewer.uid,
        kind: input.pass === 1 ? 'pass' : 'reject',
        comment: input.remark,
        authority: 'area',
        extra: target ? { oid: target.oid } : {},
      });
      if (done.state === 'pending') waiting += 1;
    } catch (error) {
      if (error instanceof AppError && (error.key === 'applyFinished' || error.key === 'applyStale')) {
        throw new AppError('inviteNotPending', { status: 'answered' });
      }
      throw error;
    }
  }
  return { changed: rows.length, waiting };
}

export async function listRequests(
  s: Services,
  prop: OrgProperty,
  input: {
    pid?: string;
    authScope?: number;
    authScopeValues?: string[];
    str?: string;
    kind?: 'invite' | 'join';
    statusList?: RequestStatus[];
    pageNum: number;
    pageSize: number;
  },
) {
  const now = s.now();
  const tenant = propertyTenant(prop.pno);
  const filter: repo.RequestFilter = {
    kind: input.kind,
    statuses: input.statusList && input.statusList.length > 0 ? input.statusList : ['pending'],
    now,
    str: input.str || undefined,
  };
  if (input.pid) {
    const node = await resolveNode(s.db, prop, input.pid, 'pid');
    if (node.oid !== null) filter.oids = await repo.subtreeIds(s.db, tenant, node.oid);
  }
  const scope = await scopeNodes(s.db, prop, ORG_PERMISSIONS.members);
  if (scope) filter.oids = filter.oids ? filter.oids.filter((o) => o !== null && scope.has(o)) : [...scope];
  const values = input.authScopeValues ?? [];
  if (input.authScope === 4) {
    const named = values.map((v) => (v === rootId(prop.pno) ? null : v));
    filter.oids = filter.oids ? filter.oids.filter((o) => named.includes(o)) : named;
  } else if (input.authScope === 1) {
    filter.uids = values;
  }
  const { rows, total } = await repo.pageRequests(s.db, tenant, filter, input.pageNum, input.pageSize);
  return {
    list: await renderRequests(s.db, prop, rows, now),
    total,
    pageNum: input.pageNum,
    pageSize: input.pageSize,
  };
}
