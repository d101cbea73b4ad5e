import { MEMBER_PICKER_PERMISSIONS, USER_PERMISSIONS, type UserItem } from '@keel/contract/endpoints/user';
import { createAccount, passwordHashFrom, updateAccount } from '../../platform/auth/accounts';
import * as users from '../../platform/auth/users-repo';
import type { PropertyContext, RequestContext, SessionUser } from '../../platform/http/context';
import { AppError, forbidden, invalidInput, notFound } from '../../platform/http/errors';
import type { Services } from '../../platform/services';
import { operatorScope, propertyTenant, type Tenant, tenantOf } from '../../platform/tenancy/tenant';
import { propertyOfNode } from '../org/reads';
import * as org from '../org/service';

/**
 * Users (README.md). With a selected property the caller is its administrator and works on its members; a
 * platform operator without `pno` works on every account.
 */

type MemberRow = org.MemberRow;

const memberItem = (pno: string, propertyName: string, r: MemberRow): UserItem => ({
  uid: r.uid,
  name: r.name,
  phoneNum: r.phone,
  email: r.email,
  status: r.status === 1 ? 1 : 0,
  isOperator: r.is_operator === 1 ? 1 : 0,
  createTime: r.created_at,
  oid: r.oid ?? org.rootId(pno),
  orgName: r.org_name ?? propertyName,
  role: r.role,
  joinTime: r.joined_at,
  propertyNum: Number(r.property_num ?? 0),
});

interface ListInput {
  filterOid?: string;
  filterPno?: string;
  includeSub: 0 | 1;
  str?: string;
  status?: 0 | 1;
  pageNum: number;
  pageSize: number;
}

async function listMembers(
  s: Services,
  prop: { pno: string; name: string },
  tenant: Tenant,
  input: ListInput,
  admin?: PropertyContext,
) {
  // A node named is in the administrator's scope (access.scope). Without one, an administrator limited to
  // subtrees sees the members placed inside them (the scopes of every function that lets them search members,
  // joined).
  const filter: org.MemberFilter = input.filterOid
    ? await org.memberFilter(s.db, prop, input.filterOid, input.includeSub === 1, 'filterOid')
    : {};
  if (admin && !input.filterOid) {
    const scope = await org.scopeNodes(s.db, admin, MEMBER_PICKER_PERMISSIONS);
    if (scope) filter.oids = [...scope];
  }
  return org.memberPage(s.db, tenant, { ...filter, str: input.str || undefined, status: input.status }, input, (r) =>
    memberItem(prop.pno, prop.name, r),
  );
}

export async function listUsers(s: Services, ctx: RequestContext, _caller: SessionUser, input: ListInput) {
  const prop = ctx.property;
  const crossProperty = input.filterPno !== undefined && input.filterPno !== '' && input.filterPno !== prop?.pno;
  if (prop && !crossProperty) return listMembers(s, prop, tenantOf(ctx), input, prop);
  // Everything below is the operator's: another property, or the whole platform.
  const operator = operatorScope(ctx);
  let pno = input.filterPno || undefined;
  if (!pno && input.filterOid) {
    pno = input.filterOid.startsWith('root-')
      ? input.filterOid.slice('root-'.length)
      : (await propertyOfNode(s.db, operator, input.filterOid))?.pno;
    if (!pno) throw notFound('filterOid');
  }
  if (pno) {
    const property = await org.findProperty(s.db, pno);
    if (!property) throw notFound('filterPno');
    // The property the operator named, as the server found it.
    return listMembers(s, property, propertyTenant(property.pno), input);
  }
  const { rows, total } = await users.pageAccounts(
    s.db,
    { str: input.str || undefined, status: input.status },
    input.pageNum,
    input.pageSize,
  );
  return {
    list: rows.map(
      (r): UserItem => ({
        uid: r.uid,
        name: r.name,
        phoneNum: r.phone,
        email: r.email,
        status: r.status === 1 ? 1 : 0,
        isOperator: r.is_operator === 1 ? 1 : 0,
        createTime: r.created_at,
        oid: null,
        orgName: null,
        role: null,
        joinTime: null,
        propertyNum: Number(r.property_num ?? 0),
      }),
    ),
    total,
    pageNum: input.pageNum,
    pageSize: input.pageSize,
  };
}

interface EditInput {
  uid?: string;
  phoneNum?: string;
  name?: string;
  email?: string;
  password?: string;
  oid?: string;
  isOperator?: 0 | 1;
}

/**
 * Whether a property administrator may change an account (profile or status): only an account that belongs to
 * this property alone, is not an operator's, is not the owner's, and (for another administrator) only the owner.
 */
async function assertManagedHere(s: Services, prop: PropertyContext, caller: SessionUser, uid: string) {
  const [member] = await assertAllManagedHere(s, prop, caller, [uid]);
  return member as NonNullable<typeof member>;
}

/**
 * The same check for many accounts at once (u/updateUserStatus takes up to 500): three set-based queries
 * (memberships, the caller's scope, the accounts) whatever the count, with the same answers in the same order
 * of precedence as one account at a time: not found, then the owner, then another administrator, scope, shared.
 */
async function assertAllManagedHere(s: Services, prop: PropertyContext, caller: SessionUser, uids: string[]) {
  const members = new Map((await org.findMembers(s.db, propertyTenant(prop.pno), uids)).map((m) => [m.uid, m]));
  const ordered = uids.map((uid) => members.get(uid));
  if (ordered.some((m) => m === undefined)) throw notFound('uid');
  for (const m of ordered) {
    if (!m) continue;
    if (m.role === 'owner' && m.uid !== caller.uid) throw new AppError('ownerIsFixed');
    if (m.role === 'admin' && prop.role !== 'owner' && m.uid !== caller.uid) throw forbidden();
  }
  await org.assertMembersInScope(s.db, prop, USER_PERMISSIONS.edit, uids);
  const accounts = new Map((await users.findAccounts(s.db, uids)).map((a) => [a.uid, a]));
  for (const uid of uids) {
    const account = accounts.get(uid);
    if (!account || account.is_operator === 1 || Number(account.property_num) > 1) throw new AppError('accountShared');
  }
  return ordered;
}

export async function addOrEdit(s: Services, ctx: RequestContext, caller: SessionUser, input: EditInput) {
  const prop = ctx.property;
  if (prop && input.isOperator !== undefined) throw new AppError('notForAdmins', { field: 'isOperator' });
  if (!input.uid) {
    if (!input.phoneNum) throw invalidInput('phoneNum');
    if (!input.name) throw invalidInput('name');
    if (prop) {
      // A node given was checked against the scope (access.scope); without one the member lands on the root.
      if (!input.oid) await org.assertInScope(s.db, prop, USER_PERMISSIONS.edit, [null]);
      return org.registerMember(s, ctx, prop, {
        phoneNum: input.phoneNum,
        name: input.name,
        email: input.email,
        password: input.password,
        oid: input.oid,
      });
    }
    if (input.oid) throw invalidInput('oid');
    const passwordHash = input.password ? await passwordHashFrom(s, input.password) : null;
    const uid = await createAccount(s, {
      phone: input.phoneNum,
      name: input.name,
      email: input.email,
      passwordHash,
      isOperator: input.isOperator === 1,
    });
    ctx.audit.target = uid;
    await s.outbox.send({ channel: 'sms', recipient: input.phoneNum, template: 'notice.accountCreated', payload: {} });
    return { uid };
  }

  const uid = input.uid;
  ctx.audit.target = uid;
  const profile = {
    phone: input.phoneNum,
    name: input.name,
    email: input.email,
    password: input.password,
  };
  const changesProfile = Object.values(profile).some((v) => v !== undefined);
  if (prop) {
    if (changesProfile) await assertManagedHere(s, prop, caller, uid);
    else if (!(await org.findMember(s.db, tenantOf(ctx), uid))) throw notFound('uid');
    if (input.oid) await org.moveUsers(s, prop, [uid], input.oid, USER_PERMISSIONS.edit);
    if (changesProfile) await updateAccount(s, uid, profile);
    return { uid };
  }
  const [account] = await users.findAccounts(s.db, [uid]);
  if (!account) throw notFound('uid');
  if (input.oid) throw invalidInput('oid');
  if (input.isOperator === 0 && uid === caller.uid) throw new AppError('notYourself');
  await updateAccount(s, uid, {
    ...profile,
    ...(input.isOperator !== undefined ? { isOperator: input.isOperator === 1 } : {}),
  });
  return { uid };
}

/**
 * Enables or disables accounts. The status is the account's (global): sessions.resolve refuses a disabled
 * account's tokens on its next call, and disabling also revokes its sessions.
 */
export async function setStatus(
  s: Services,
  ctx: RequestContext,
  caller: SessionUser,
  input: { uidList: string[]; status: 0 | 1 },
) {
  if (input.uidList.includes(caller.uid)) throw new AppError('notYourself');
  const prop = ctx.property;
  if (prop) {
    await assertAllManagedHere(s, prop, caller, input.uidList);
  } else {
    const found = await users.findAccounts(s.db, input.uidList);
    if (found.length !== input.uidList.length) throw notFound('uid');
  }
  ctx.audit.target = input.uidList.join(',').slice(0, 500);
  const changed = await users.setUsersStatus(s.db, input.uidList, input.status, s.now());
  if (input.status === 0) await s.sessions.revokeAllOfMany(input.uidList);
  return { changed };
}
