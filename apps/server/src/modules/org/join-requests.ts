import { ORG_PERMISSIONS, type RequestStatus } from '@keel/contract/endpoints/org';
import type { RequestContext, SessionUser } from '../../platform/http/context';
import { AppError, notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import { notify } from '../../platform/news/notify';
import type { Services } from '../../platform/services';
import { propertyTenant } from '../../platform/tenancy/tenant';
import * as repo from './repo';
import { effectiveStatus, renderRequests } from './requests';
import { assertInScope, type OrgProperty, resolveNode, rootId, scopeNodes } from './scope';

/** Join requests: asking to join, reviewing, and the review list (README "Invitations and join requests"). */

export async function applyJoin(s: Services, ctx: RequestContext, user: SessionUser, pno: string, remark: string) {
  const property = await repo.findProperty(s.db, pno);
  if (!property) throw notFound('pno');
  if (await repo.findMember(s.db, pno, user.uid)) throw new AppError('alreadyMember');
  if (await repo.findOpenRequest(s.db, pno, 'join', user.phone)) throw new AppError('joinPending');
  const id = newId();
  try {
    await repo.insertRequest(s.db, {
      id,
      pno,
      kind: 'join',
      phone: user.phone,
      uid: user.uid,
      oid: null,
      inviter_uid: null,
      reviewer_uid: null,
      status: 'pending',
      remark,
      created_at: s.now(),
      decided_at: null,
      expires_at: null,
    });
  } catch (error) {
    if (await repo.findOpenRequest(s.db, pno, 'join', user.phone)) throw new AppError('joinPending');
    throw error;
  }
  ctx.audit.target = id;
  for (const r of await repo.reviewersOf(s.db, pno)) {
    await notify(s, {
      uid: r.uid,
      pno,
      type: 'join',
      key: remark ? 'joinRequestedWithRemark' : 'joinRequested',
      params: { user: user.name, phone: user.phone, property: property.name, remark: remark ?? '' },
      link: { kind: 'joinRequest', id },
    });
  }
  return { id, propertyName: property.name };
}

export async function review(
  s: Services,
  ctx: RequestContext,
  prop: OrgProperty,
  reviewer: SessionUser,
  input: { idList: string[]; pass: 0 | 1; oid?: string; remark: string },
) {
  const rows = await repo.findRequestsIn(s.db, prop.pno, input.idList);
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
  await s.db.transaction().execute(async (trx) => {
    await repo.lockTree(trx, prop.pno);
    for (const r of rows) {
      const status = input.pass === 1 ? 'approved' : r.kind === 'invite' ? 'revoked' : 'rejected';
      let oid = target ? target.oid : r.oid;
      if (oid !== null && !(await repo.findNode(trx, prop.pno, oid))) oid = null; // deleted meanwhile: the root
      const ok = await repo.decideRequest(trx, propertyTenant(prop.pno), r.id, {
        status,
        reviewer_uid: reviewer.uid,
        decided_at: now,
        ...(input.pass === 1 ? { oid } : {}),
      });
      if (!ok) throw new AppError('inviteNotPending', { status: 'answered' });
      if (input.pass === 1 && r.uid) await repo.addMemberAt(trx, prop.pno, r.uid, oid, now);
    }
  });
  for (const r of rows) {
    if (r.kind !== 'join' || !r.uid) continue;
    const note = input.remark;
    await notify(s, {
      uid: r.uid,
      pno: prop.pno,
      type: 'joinResult',
      key:
        input.pass === 1
          ? note
            ? 'joinApprovedWithNote'
            : 'joinApproved'
          : note
            ? 'joinDeclinedWithNote'
            : 'joinDeclined',
      params: { property: prop.name, note: note ?? '' },
      link: { kind: 'joinRequest', id: r.id },
    });
  }
  return { changed: rows.length };
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
  const filter: repo.RequestFilter = {
    kind: input.kind,
    statuses: input.statusList && input.statusList.length > 0 ? input.statusList : ['pending'],
    now,
    str: input.str || undefined,
  };
  if (input.pid) {
    const node = await resolveNode(s.db, prop, input.pid, 'pid');
    if (node.oid !== null) filter.oids = await repo.subtreeIds(s.db, prop.pno, node.oid);
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
  const { rows, total } = await repo.pageRequests(s.db, prop.pno, filter, input.pageNum, input.pageSize);
  return {
    list: await renderRequests(s.db, prop, rows, now),
    total,
    pageNum: input.pageNum,
    pageSize: input.pageSize,
  };
}
