import {
  INVITE_TTL_MS,
  ORG_MAX_DEPTH,
  ORG_MAX_NODES,
  ORG_PERMISSIONS,
  ORG_PICKER_PERMISSIONS,
  type OrgNode,
  type OrgRequest,
  type OrgUser,
  type RequestStatus,
} from '@keel/contract/endpoints/org';
import { bumpAclVersion } from '../../platform/auth/property-context';
import type { Db } from '../../platform/db/connect';
import type { OrgRequestsTable } from '../../platform/db/schema';
import type { PropertyContext, RequestContext, SessionUser } from '../../platform/http/context';
import { AppError, forbidden, invalidInput, notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import { notify } from '../../platform/news/notify';
import type { Services } from '../../platform/services';
import { issueCode } from '../auth/codes';
import * as customerRepo from '../customer/repo';
import { removeAdminRights } from '../permission/repo';
import * as titleRepo from '../title/repo';
import { createAccount, passwordHashFrom } from '../user/accounts';
import * as userSetRepo from '../user-set/repo';
import * as repo from './repo';

/** Organisation rules (README.md). No SQL, no HTTP. */

export const rootId = repo.rootId;

/**
 * The property a call works on: the selected property of a member (with their permissions and scopes), or, for a
 * platform operator calling from the back office without the `pno` header, the property named in the input,
 * whole and with every organisation permission.
 */
export type OrgProperty = Pick<PropertyContext, 'pno' | 'name' | 'scopeOf' | 'permissions'>;

const WHOLE_PROPERTY = { orgs: null, spaces: null } as const;
const OPERATOR_PERMISSIONS: ReadonlySet<string> = new Set(Object.values(ORG_PERMISSIONS));

/**
 * Resolves the property of an `orPlatform` call (README "Operators"): with the `pno` header, the selected
 * property, and a different `pno` in the input is "not found"; without it (only operators get this far), the
 * input's `pno`, which is then required.
 */
export async function targetProperty(db: Db, ctx: RequestContext, inputPno: string | undefined): Promise<OrgProperty> {
  if (ctx.property) {
    if (inputPno !== undefined && inputPno !== ctx.property.pno) throw notFound('pno');
    return ctx.property;
  }
  if (inputPno === undefined) throw invalidInput('pno');
  const property = await repo.findProperty(db, inputPno);
  if (!property) throw notFound('pno');
  return {
    pno: property.pno,
    name: property.name,
    permissions: OPERATOR_PERMISSIONS,
    scopeOf: () => WHOLE_PROPERTY,
  };
}

/** A node named by the console: the root id answers `null` (members on the root have no node). */
export interface NodeRef {
  oid: string | null;
  name: string;
}

/** Resolves a node id of the property; another property's (or an unknown) id is "not found". */
export async function resolveNode(db: Db, prop: { pno: string; name: string }, oid: string, field = 'oid') {
  if (oid === rootId(prop.pno)) return { oid: null, name: prop.name } satisfies NodeRef;
  const node = await repo.findNode(db, prop.pno, oid);
  if (!node) throw notFound(field);
  return { oid: node.oid, name: node.name } satisfies NodeRef;
}

// ---- administrator scopes ---------------------------------------------------------------------------------------

/**
 * The nodes an administrator may work on with a permission, or with any of several (their scopes joined;
 * ps/assignMgeOrg limits an assignment to subtrees): null is the whole property (the owner, an unlimited
 * assignment, or a scope that names the root); otherwise the named nodes and everything below them.
 */
export async function scopeNodes(
  db: Db,
  prop: OrgProperty,
  permission: string | readonly string[],
): Promise<Set<string> | null> {
  const roots = scopeRoots(prop, permission);
  if (roots === null || roots.includes(rootId(prop.pno))) return null;
  const ids = new Set<string>();
  for (const r of roots) for (const id of await repo.subtreeIds(db, prop.pno, r)) ids.add(id);
  return ids;
}

/** The subtree roots of an administrator's scope for a permission or any of several (null: everywhere). */
function scopeRoots(prop: OrgProperty, permission: string | readonly string[]): readonly string[] | null {
  if (!prop.scopeOf) return null;
  const roots = new Set<string>();
  for (const p of [permission].flat()) {
    const orgs = prop.scopeOf(p).orgs;
    if (orgs === null) return null;
    for (const oid of orgs) roots.add(oid);
  }
  return [...roots];
}

/** Refuses a node (null: the root) outside the administrator's scope for the permission (or any of several). */
export async function assertInScope(
  db: Db,
  prop: OrgProperty,
  permission: string | readonly string[],
  oid: string | null,
) {
  const scope = await scopeNodes(db, prop, permission);
  if (scope && (oid === null || !scope.has(oid))) throw forbidden();
}

/** Refuses members placed outside the administrator's scope (their nodes are checked, not the members). */
export async function assertMembersInScope(db: Db, prop: OrgProperty, permission: string, uids: string[]) {
  const scope = await scopeNodes(db, prop, permission);
  if (!scope) return;
  for (const uid of uids) {
    const m = await repo.findMember(db, prop.pno, uid);
    if (m && (m.oid === null || !scope.has(m.oid))) throw forbidden();
  }
}

// ---- the tree ------------------------------------------------------------------------------------------------

/** The whole tree of a property: the root (the property) with nested children and member counts. */
export async function propertyTree(db: Db, pno: string, propertyName: string): Promise<OrgNode> {
  const [nodes, counts] = await Promise.all([repo.listNodes(db, pno), repo.memberCounts(db, pno)]);
  const root: OrgNode = {
    oid: rootId(pno),
    pid: null,
    pno,
    name: propertyName,
    sort: 0,
    isRoot: 1,
    userNum: counts.get(null) ?? 0,
    totalUserNum: 0,
    childNum: 0,
    children: [],
  };
  const byId = new Map<string, OrgNode>([[root.oid, root]]);
  for (const n of nodes) {
    byId.set(n.oid, {
      oid: n.oid,
      pid: n.pid,
      pno,
      name: n.name,
      sort: n.sort,
      isRoot: 0,
      userNum: counts.get(n.oid) ?? 0,
      totalUserNum: 0,
      childNum: 0,
      children: [],
    });
  }
  for (const n of nodes) {
    const node = byId.get(n.oid) as OrgNode;
    (byId.get(n.pid) ?? root).children.push(node);
  }
  // Totals bottom-up without recursion: reverse breadth-first order.
  const order: OrgNode[] = [root];
  for (let i = 0; i < order.length; i += 1) order.push(...(order[i] as OrgNode).children);
  for (let i = order.length - 1; i >= 0; i -= 1) {
    const n = order[i] as OrgNode;
    n.childNum = n.children.length;
    n.totalUserNum = n.userNum + n.children.reduce((sum, c) => sum + c.totalUserNum, 0);
  }
  return root;
}

/** The tree an administrator sees: the whole tree, or the subtrees of their scope as top-level entries. */
export async function myTree(db: Db, prop: OrgProperty): Promise<OrgNode[]> {
  const root = await propertyTree(db, prop.pno, prop.name);
  const roots = scopeRoots(prop, ORG_PICKER_PERMISSIONS);
  if (roots === null || roots.includes(root.oid)) return [root];
  const wanted = new Set(roots);
  const out: OrgNode[] = [];
  // Breadth-first, not descending below a match: a scope root inside another one is already included.
  const queue = [...root.children];
  while (queue.length > 0) {
    const n = queue.shift() as OrgNode;
    if (wanted.has(n.oid)) out.push(n);
    else queue.push(...n.children);
  }
  return out;
}

/** Every property's root with its top-level count, children left for a per-property call (lazy). */
export async function propertyRoots(db: Db): Promise<OrgNode[]> {
  const [props, tops, members] = await Promise.all([
    repo.listPropertyRoots(db),
    repo.topLevelCounts(db),
    repo.propertyMemberTotals(db),
  ]);
  return props.map((p) => ({
    oid: rootId(p.pno),
    pid: null,
    pno: p.pno,
    name: p.name,
    sort: 0,
    isRoot: 1,
    userNum: 0,
    totalUserNum: members.get(p.pno) ?? 0,
    childNum: tops.get(p.pno) ?? 0,
    children: [],
  }));
}

export async function saveNode(
  s: Services,
  prop: OrgProperty,
  input: { oid?: string; pid: string; name: string; sort?: number },
): Promise<string> {
  const pno = prop.pno;
  if (input.oid === rootId(pno)) throw new AppError('orgIsRoot');
  return s.db.transaction().execute(async (trx) => {
    await repo.lockTree(trx, pno);
    const parent = await resolveNode(trx, prop, input.pid, 'pid');
    const pid = parent.oid ?? rootId(pno);
    const scope = await scopeNodes(trx, prop, ORG_PERMISSIONS.editTree);
    const parentDepth = parent.oid === null ? 0 : (await repo.ancestorIds(trx, pno, parent.oid)).length;
    const now = s.now();

    if (!input.oid) {
      if (scope && (parent.oid === null || !scope.has(parent.oid))) throw forbidden();
      if ((await repo.countNodes(trx, pno)) >= ORG_MAX_NODES) throw new AppError('orgTooMany', { max: ORG_MAX_NODES });
      if (parentDepth + 1 > ORG_MAX_DEPTH) throw new AppError('orgTooDeep', { max: ORG_MAX_DEPTH });
      if (await repo.findSiblingByName(trx, pno, pid, input.name))
        throw new AppError('orgNameTaken', { name: input.name });
      const oid = newId();
      await repo.insertNode(trx, {
        oid,
        pno,
        pid,
        name: input.name,
        sort: input.sort ?? 0,
        created_at: now,
        updated_at: now,
      });
      return oid;
    }

    const node = await repo.findNode(trx, pno, input.oid);
    if (!node) throw notFound('oid');
    // A scoped administrator edits nodes of the scope and moves them only to other nodes of it.
    if (scope && (!scope.has(node.oid) || (pid !== node.pid && (parent.oid === null || !scope.has(parent.oid)))))
      throw forbidden();
    if (pid !== node.pid && parent.oid !== null) {
      const chain = await repo.ancestorIds(trx, pno, parent.oid);
      if (chain.includes(node.oid)) throw new AppError('orgCycle');
    }
    if (pid !== node.pid) {
      const height = await repo.subtreeHeight(trx, pno, node.oid);
      if (parentDepth + 1 + height > ORG_MAX_DEPTH) throw new AppError('orgTooDeep', { max: ORG_MAX_DEPTH });
    }
    const sibling = await repo.findSiblingByName(trx, pno, pid, input.name);
    if (sibling && sibling.oid !== node.oid) throw new AppError('orgNameTaken', { name: input.name });
    await repo.updateNode(trx, pno, node.oid, {
      pid,
      name: input.name,
      sort: input.sort ?? node.sort,
      updated_at: now,
    });
    return node.oid;
  });
}

export async function deleteNode(s: Services, prop: OrgProperty, oid: string): Promise<void> {
  if (oid === rootId(prop.pno)) throw new AppError('orgIsRoot');
  await s.db.transaction().execute(async (trx) => {
    await repo.lockTree(trx, prop.pno);
    const node = await repo.findNode(trx, prop.pno, oid);
    if (!node) throw notFound('oid');
    await assertInScope(trx, prop, ORG_PERMISSIONS.editTree, node.oid);
    const [children, members] = await Promise.all([
      repo.childCount(trx, prop.pno, oid),
      repo.nodeMemberCount(trx, prop.pno, oid),
    ]);
    if (children > 0 || members > 0) throw new AppError('orgNotEmpty', { name: node.name, children, members });
    await repo.deleteNode(trx, prop.pno, oid);
  });
}

// ---- members -------------------------------------------------------------------------------------------------

type MemberRow = Awaited<ReturnType<typeof repo.memberRows>>[number];

export const toOrgUser = (pno: string, propertyName: string, r: MemberRow): OrgUser => ({
  uid: r.uid,
  name: r.name,
  phoneNum: r.phone,
  email: r.email,
  oid: r.oid ?? rootId(pno),
  orgName: r.org_name ?? propertyName,
  role: r.role,
  status: r.status === 1 ? 1 : 0,
  joinTime: r.joined_at,
});

/** The member filter for a node id of the console (`includeSub` on the root means the whole property). */
export async function memberFilter(
  db: Db,
  prop: { pno: string; name: string },
  oid: string,
  includeSub: boolean,
  field = 'oid',
): Promise<repo.MemberFilter> {
  const node = await resolveNode(db, prop, oid, field);
  if (node.oid === null) return includeSub ? {} : { oid: null };
  return { oid: node.oid, includeSub };
}

export async function listOrgUsers(
  s: Services,
  prop: OrgProperty,
  input: { oid: string; includeSub: 0 | 1; str?: string; pageNum: number; pageSize: number },
) {
  const node = await resolveNode(s.db, prop, input.oid);
  await assertInScope(s.db, prop, ORG_PERMISSIONS.view, node.oid);
  const filter: repo.MemberFilter =
    node.oid === null
      ? input.includeSub === 1
        ? {}
        : { oid: null }
      : { oid: node.oid, includeSub: input.includeSub === 1 };
  const { rows, total } = await repo.pageMembers(
    s.db,
    prop.pno,
    { ...filter, str: input.str || undefined },
    input.pageNum,
    input.pageSize,
  );
  return {
    list: rows.map((r) => toOrgUser(prop.pno, prop.name, r)),
    total,
    pageNum: input.pageNum,
    pageSize: input.pageSize,
  };
}

export async function moveUsers(
  s: Services,
  prop: OrgProperty,
  uids: string[],
  oid: string,
  permission: string = ORG_PERMISSIONS.members,
): Promise<number> {
  const target = await resolveNode(s.db, prop, oid);
  const members = await repo.existingMembers(s.db, prop.pno, uids);
  if (uids.some((u) => !members.has(u))) throw notFound('uid');
  await assertInScope(s.db, prop, permission, target.oid);
  await assertMembersInScope(s.db, prop, permission, uids);
  // Under the tree lock, so that a concurrent delete of the target cannot leave members on a missing node.
  const { moved, changed } = await s.db.transaction().execute(async (trx) => {
    await repo.lockTree(trx, prop.pno);
    if (target.oid !== null && !(await repo.findNode(trx, prop.pno, target.oid))) throw notFound('oid');
    const before = await repo.memberNodes(trx, prop.pno, uids);
    const changed = uids.filter((uid) => (before.get(uid) ?? null) !== target.oid);
    return { moved: await repo.moveMembers(trx, prop.pno, uids, target.oid), changed };
  });
  // Those whose unit changed are told where they are now.
  for (const uid of changed) {
    await notify(s, {
      uid,
      pno: prop.pno,
      type: 'role',
      key: 'movedToUnit',
      params: { property: prop.name, org: target.name },
    });
  }
  return moved;
}

/**
 * Takes a user out of a property with everything that hangs on the membership: administrator rights (permission
 * sets and scopes), titles, user sets and customers. Every path that removes a member calls this inside its
 * transaction, so no row of a non-member is left behind.
 */
export async function leaveProperty(trx: Db, pno: string, uid: string, role: string): Promise<void> {
  await repo.removeMember(trx, pno, uid);
  await removeAdminRights(trx, pno, uid);
  await titleRepo.removeUserFromTitles(trx, pno, uid);
  await userSetRepo.removeUserFromUserSets(trx, pno, uid);
  await customerRepo.removeUserFromCustomers(trx, pno, uid);
  // Cached permissions of the property are keyed by its ACL version; an administrator's change invalidates them.
  if (role === 'admin') await bumpAclVersion(trx, pno);
}

export async function removeUser(s: Services, ctx: RequestContext, prop: OrgProperty, oid: string, uid: string) {
  const node = await resolveNode(s.db, prop, oid);
  const member = await repo.findMember(s.db, prop.pno, uid);
  if (!member || (member.oid ?? null) !== node.oid) throw notFound('uid');
  if (member.role === 'owner') throw new AppError('ownerIsFixed');
  if (uid === ctx.user?.uid) throw new AppError('notYourself');
  await assertInScope(s.db, prop, ORG_PERMISSIONS.members, node.oid);
  await s.db.transaction().execute(async (trx) => {
    await repo.lockTree(trx, prop.pno);
    // Re-read under the lock: a concurrent removal or move answers "not found" rather than half a removal.
    const current = await repo.findMember(trx, prop.pno, uid);
    if (!current || (current.oid ?? null) !== node.oid) throw notFound('uid');
    if (current.role === 'owner') throw new AppError('ownerIsFixed');
    await leaveProperty(trx, prop.pno, uid, current.role);
  });
  ctx.audit.target = uid;
  await notify(s, {
    uid,
    pno: prop.pno,
    type: 'role',
    key: 'removedFromProperty',
    params: { property: prop.name },
  });
}

// ---- invitations -----------------------------------------------------------------------------------------------

/** An invitation is sent again (message, SMS, code) at most this often. */
const INVITE_RESEND_MS = 60_000;

export async function invite(
  s: Services,
  ctx: RequestContext,
  prop: OrgProperty,
  inviter: SessionUser,
  input: { phoneNum: string; oid?: string; remark: string },
) {
  const target = input.oid ? await resolveNode(s.db, prop, input.oid) : { oid: null, name: prop.name };
  await assertInScope(s.db, prop, ORG_PERMISSIONS.members, target.oid);
  const user = await repo.findUserByPhone(s.db, input.phoneNum);
  if (user && (await repo.findMember(s.db, prop.pno, user.uid))) throw new AppError('alreadyMember');
  const now = s.now();
  const fields = {
    oid: target.oid,
    inviter_uid: inviter.uid,
    remark: input.remark,
    created_at: now,
    expires_at: now + INVITE_TTL_MS,
  };
  // Inviting the same phone again renews the open invitation rather than adding a second one.
  const previous = await repo.findOpenRequest(s.db, prop.pno, 'invite', input.phoneNum);
  // Renewing within a minute of the last send renews quietly: no second message, SMS or code.
  let quiet = previous !== undefined && now - previous.created_at < INVITE_RESEND_MS;
  let id = previous?.id;
  if (id) await repo.refreshRequest(s.db, id, fields);
  else {
    id = newId();
    try {
      await repo.insertRequest(s.db, {
        id,
        pno: prop.pno,
        kind: 'invite',
        phone: input.phoneNum,
        uid: user?.uid ?? null,
        reviewer_uid: null,
        status: 'pending',
        decided_at: null,
        ...fields,
      });
    } catch (error) {
      const open = await repo.findOpenRequest(s.db, prop.pno, 'invite', input.phoneNum);
      if (!open) throw error;
      id = open.id;
      await repo.refreshRequest(s.db, id, fields);
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
    const orgName = inv.oid ? ((await repo.findNode(s.db, inv.pno, inv.oid))?.name ?? property.name) : property.name;
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

const effectiveStatus = (r: { status: string; expires_at: number | null }, now: number): RequestStatus =>
  r.status === 'pending' && r.expires_at !== null && r.expires_at <= now ? 'expired' : (r.status as RequestStatus);

async function renderRequests(
  db: Db,
  prop: { pno: string; name: string },
  rows: OrgRequestsTable[],
  now: number,
): Promise<OrgRequest[]> {
  const uids = new Set<string>();
  for (const r of rows) for (const u of [r.uid, r.inviter_uid, r.reviewer_uid]) if (u) uids.add(u);
  const [names, nodes] = await Promise.all([
    repo.namesOf(db, [...uids]),
    repo.nodeNames(
      db,
      prop.pno,
      rows.flatMap((r) => (r.oid ? [r.oid] : [])),
    ),
  ]);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    status: effectiveStatus(r, now),
    pno: r.pno,
    propertyName: prop.name,
    phoneNum: r.phone,
    uid: r.uid,
    name: r.uid ? (names.get(r.uid) ?? null) : null,
    oid: r.oid && nodes.has(r.oid) ? r.oid : rootId(prop.pno),
    orgName: (r.oid && nodes.get(r.oid)) || prop.name,
    remark: r.remark,
    inviterUid: r.inviter_uid,
    inviterName: r.inviter_uid ? (names.get(r.inviter_uid) ?? null) : null,
    reviewerUid: r.reviewer_uid,
    reviewerName: r.reviewer_uid ? (names.get(r.reviewer_uid) ?? null) : null,
    createTime: r.created_at,
    decideTime: r.decided_at,
    expireTime: r.expires_at,
  }));
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
  await s.db.transaction().execute(async (trx) => {
    if (!(await repo.decideRequest(trx, id, { status, reviewer_uid: null, decided_at: now, uid: user.uid })))
      throw new AppError('inviteNotPending', { status: 'answered' });
    if (accept) {
      await repo.lockTree(trx, inv.pno);
      const node = inv.oid ? await repo.findNode(trx, inv.pno, inv.oid) : undefined;
      await repo.addMemberAt(trx, inv.pno, user.uid, node?.oid ?? null, now);
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
  permission: string = ORG_PERMISSIONS.members,
) {
  const target = input.oid ? await resolveNode(s.db, prop, input.oid) : { oid: null, name: prop.name };
  await assertInScope(s.db, prop, permission, target.oid);
  const passwordHash = input.password ? await passwordHashFrom(s, input.password) : null;
  const now = s.now();
  const uid = await s.db.transaction().execute(async (trx) => {
    const created = await createAccount(
      s,
      { phone: input.phoneNum, name: input.name, email: input.email, passwordHash },
      trx,
    );
    await repo.lockTree(trx, prop.pno);
    if (target.oid !== null && !(await repo.findNode(trx, prop.pno, target.oid))) throw notFound('oid');
    await repo.addMemberAt(trx, prop.pno, created, target.oid, now);
    // An open invitation of the phone is settled by this.
    const open = await repo.findOpenRequest(trx, prop.pno, 'invite', input.phoneNum);
    if (open)
      await repo.decideRequest(trx, open.id, { status: 'accepted', reviewer_uid: null, decided_at: now, uid: created });
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

// ---- join requests -------------------------------------------------------------------------------------------

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
  const scope = await scopeNodes(s.db, prop, ORG_PERMISSIONS.members);
  if (scope) {
    // A scoped administrator decides requests aimed at the scope, and places members only inside it.
    for (const r of rows) {
      const aim = target ? target.oid : r.oid;
      if (aim === null || !scope.has(aim)) throw forbidden();
    }
  }
  ctx.audit.target = input.idList.join(',').slice(0, 500);
  await s.db.transaction().execute(async (trx) => {
    await repo.lockTree(trx, prop.pno);
    for (const r of rows) {
      const status = input.pass === 1 ? 'approved' : r.kind === 'invite' ? 'revoked' : 'rejected';
      let oid = target ? target.oid : r.oid;
      if (oid !== null && !(await repo.findNode(trx, prop.pno, oid))) oid = null; // deleted meanwhile: the root
      const ok = await repo.decideRequest(trx, r.id, {
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

// ---- o/ifOrgUser -----------------------------------------------------------------------------------------------

export async function whereIs(s: Services, prop: OrgProperty, caller: SessionUser, phoneNum?: string) {
  let user: { uid: string } | undefined = caller;
  let invitePending = false;
  if (phoneNum !== undefined) {
    if (!prop.permissions.has(ORG_PERMISSIONS.members)) throw forbidden();
    user = await repo.findUserByPhone(s.db, phoneNum);
    const open = await repo.findOpenRequest(s.db, prop.pno, 'invite', phoneNum);
    invitePending = Boolean(open && effectiveStatus(open, s.now()) === 'pending');
  }
  const member = user ? await repo.findMember(s.db, prop.pno, user.uid) : undefined;
  const node = member?.oid ? await repo.findNode(s.db, prop.pno, member.oid) : undefined;
  return {
    ifOrgUser: member ? (1 as const) : (0 as const),
    hasAccount: user ? (1 as const) : (0 as const),
    oid: member ? (member.oid ?? rootId(prop.pno)) : null,
    orgName: member ? (node?.name ?? prop.name) : null,
    invitePending: invitePending ? (1 as const) : (0 as const),
  };
}
