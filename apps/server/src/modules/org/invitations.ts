import { INVITE_TTL_MS, type OrgRequest, type RequestStatus } from '@keel/contract/endpoints/org';
import { createAccount, passwordHashFrom } from '../../platform/auth/accounts';
import type { RequestContext, SessionUser } from '../../platform/http/context';
import { AppError, notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import { notify } from '../../platform/news/notify';
import type { Services } from '../../platform/services';
import { propertyTenant } from '../../platform/tenancy/tenant';
import { issueCode } from '../auth/codes';
import * as repo from './repo';
import { effectiveStatus, renderRequests } from './requests';
import { type OrgProperty, resolveNode } from './scope';

/** Invitations by phone: sending, delivering on registration, answering, registering a member (README "Invitations and join requests"). */

const INVITE_RESEND_MS = 60_000;

export async function invite(
  s: Services,
  ctx: RequestContext,
  prop: OrgProperty,
  inviter: SessionUser,
  input: { phoneNum: string; oid?: string; remark: string },
) {
  const tenant = propertyTenant(prop.pno);
  // The node (the root without one) is in the caller's scope (access.scope).
  const target = input.oid ? await resolveNode(s.db, prop, input.oid) : { oid: null, name: prop.name };
  const user = await repo.findUserByPhone(s.db, input.phoneNum);
  if (user && (await repo.findMember(s.db, tenant, user.uid))) throw new AppError('alreadyMember');
  const now = s.now();
  const fields = {
    oid: target.oid,
    inviter_uid: inviter.uid,
    remark: input.remark,
    created_at: now,
    expires_at: now + INVITE_TTL_MS,
  };
  // Inviting the same phone again renews the open invitation rather than adding a second one.
  const previous = await repo.findOpenRequest(s.db, tenant, 'invite', input.phoneNum);
  // Renewing within a minute of the last send renews quietly: no second message, SMS or code.
  let quiet = previous !== undefined && now - previous.created_at < INVITE_RESEND_MS;
  let id = previous?.id;
  if (id) await repo.refreshRequest(s.db, tenant, id, fields);
  else {
    id = newId();
    try {
      await repo.insertRequest(s.db, tenant, {
        id,
        kind: 'invite',
        phone: input.phoneNum,
        uid: user?.uid ?? null,
        reviewer_uid: null,
        status: 'pending',
        decided_at: null,
        ...fields,
      });
    } catch (error) {
      const open = await repo.findOpenRequest(s.db, tenant, 'invite', input.phoneNum);
      if (!open) throw error;
      id = open.id;
      await repo.refreshRequest(s.db, tenant, id, fields);
      quiet = true;
    }
  }
  ctx.audit.target = id;
  if (quiet) return { id, hasAccount: user ? (1 as const) : (0 as const) };
  if (user) {
    await notify(s, {
      uid: user.uid,
      pno: prop.pno,
      type: 'invite',
      key: 'invited',
      params: { property: prop.name, inviter: inviter.name, org: target.name },
      link: { kind: 'invite', id },
    });
  } else {
    await s.outbox.send({
      channel: 'sms',
      recipient: input.phoneNum,
      template: 'notice.invite',
      payload: { propertyName: prop.name, inviterName: inviter.name },
    });
    await issueCode(s, input.phoneNum, 'register');
  }
  return { id, hasAccount: user ? (1 as const) : (0 as const) };
}

/** After a phone gets an account: its open invitations are addressed to it and land in its message centre. */
export async function deliverPendingInvitations(s: Services, uid: string, phone: string): Promise<void> {
  const open = await repo.linkInvitations(s.db, uid, phone);
  for (const inv of open) {
    if (inv.expires_at !== null && inv.expires_at <= s.now()) continue;
    const property = await repo.findProperty(s.db, inv.pno);
    if (!property) continue;
    const inviter = inv.inviter_uid ? await repo.findUser(s.db, inv.inviter_uid) : undefined;
    const orgName = inv.oid
      ? ((await repo.findNode(s.db, propertyTenant(inv.pno), inv.oid))?.name ?? property.name)
      : property.name;
    await notify(s, {
      uid,
      pno: inv.pno,
      type: 'invite',
      key: 'invited',
      params: { property: property.name, inviter: inviter?.name ?? property.name, org: orgName },
      link: { kind: 'invite', id: inv.id },
    });
  }
}

async function invitationFor(s: Services, user: SessionUser, id: string) {
  const inv = await repo.findInviteFor(s.db, id, user.uid, user.phone);
  if (!inv) throw notFound('id');
  const property = await repo.findProperty(s.db, inv.pno);
  if (!property) throw notFound('id');
  return { inv, property };
}

export async function inviteInfo(s: Services, user: SessionUser, id: string): Promise<OrgRequest> {
  const { inv, property } = await invitationFor(s, user, id);
  const [out] = await renderRequests(s.db, property, [inv], s.now());
  return out as OrgRequest;
}

export async function answerInvite(s: Services, ctx: RequestContext, user: SessionUser, id: string, accept: boolean) {
  const { inv, property } = await invitationFor(s, user, id);
  ctx.audit.target = id;
  const now = s.now();
  const current = effectiveStatus(inv, now);
  if (current === 'expired' && accept) throw new AppError('inviteExpired');
  if (inv.status !== 'pending') throw new AppError('inviteNotPending', { status: current });
  const status = accept ? 'accepted' : 'declined';
  const tenant = propertyTenant(inv.pno);
  await s.db.transaction().execute(async (trx) => {
    if (
      !(await repo.decideRequest(trx, tenant, id, {
        status,
        reviewer_uid: null,
        decided_at: now,
        uid: user.uid,
      }))
    )
      throw new AppError('inviteNotPending', { status: 'answered' });
    if (accept) {
      await repo.lockTree(trx, tenant);
      const node = inv.oid ? await repo.findNode(trx, tenant, inv.oid) : undefined;
      await repo.addMemberAt(trx, tenant, user.uid, node?.oid ?? null, now);
    }
  });
  if (inv.inviter_uid) {
    await notify(s, {
      uid: inv.inviter_uid,
      pno: inv.pno,
      type: 'joinResult',
      key: accept ? 'inviteAccepted' : 'inviteDeclined',
      params: { user: user.name, phone: user.phone, property: property.name },
      link: { kind: 'invite', id },
    });
  }
  return { pno: inv.pno, status: status as RequestStatus };
}

export async function registerMember(
  s: Services,
  ctx: RequestContext,
  prop: OrgProperty,
  input: { phoneNum: string; name: string; email?: string; password?: string; oid?: string },
) {
  // The caller checked the node (the root without one) against their scope: access.scope of o/registerOrgUser, the
  // user service for u/addOrEditInternalUser.
  const tenant = propertyTenant(prop.pno);
  const target = input.oid ? await resolveNode(s.db, prop, input.oid) : { oid: null, name: prop.name };
  const passwordHash = input.password ? await passwordHashFrom(s, input.password) : null;
  const now = s.now();
  const uid = await s.db.transaction().execute(async (trx) => {
    const created = await createAccount(
      s,
      { phone: input.phoneNum, name: input.name, email: input.email, passwordHash },
      trx,
    );
    await repo.lockTree(trx, tenant);
    if (target.oid !== null && !(await repo.findNode(trx, tenant, target.oid))) throw notFound('oid');
    await repo.addMemberAt(trx, tenant, created, target.oid, now);
    // An open invitation of the phone is settled by this.
    const open = await repo.findOpenRequest(trx, tenant, 'invite', input.phoneNum);
    if (open)
      await repo.decideRequest(trx, tenant, open.id, {
        status: 'accepted',
        reviewer_uid: null,
        decided_at: now,
        uid: created,
      });
    return created;
  });
  ctx.audit.target = uid;
  await s.outbox.send({
    channel: 'sms',
    recipient: input.phoneNum,
    template: 'notice.accountCreated',
    payload: { propertyName: prop.name },
  });
  return { uid };
}
