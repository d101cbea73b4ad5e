import type { UserInfo } from '@keel/contract/endpoints/auth';
import { hashPassword, isAcceptablePassword, verifyPassword } from '../../platform/auth/passwords';
import { listMyProperties } from '../../platform/auth/property-context';
import * as users from '../../platform/auth/users-repo';
import type { RequestContext } from '../../platform/http/context';
import { AppError } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import type { Services } from '../../platform/services';
import { type CodePurpose, consumeCode, issueCode } from './codes';
import { accountRegistered } from './extensions';
import { assertNotLocked, clearFailures, recordFailure } from './lockout';

type UserRow = NonNullable<Awaited<ReturnType<typeof users.findUserByPhone>>>;

/** Decrypts the RSA-OAEP password and checks the policy. */
function plainPassword(s: Services, cipher: string): string {
  const plain = s.passwordKey.decrypt(cipher);
  if (plain === null) throw new AppError('badCipher');
  if (!isAcceptablePassword(plain)) throw new AppError('badPassword');
  return plain;
}

/** Issues a token and answers the SPEC §3 user info. */
async function signIn(s: Services, user: UserRow, ctx: RequestContext): Promise<UserInfo> {
  if (user.status !== 1) throw new AppError('accountDisabled');
  ctx.audit.actorUid = user.uid;
  if (user.language !== ctx.locale) await users.setUserLanguage(s.db, user.uid, ctx.locale);
  const token = await s.sessions.issue(user.uid);
  return {
    token,
    uid: user.uid,
    name: user.name,
    phoneNum: user.phone,
    email: user.email,
    isOperator: user.is_operator === 1 ? 1 : 0,
    propertyList: await listMyProperties(s.db, user.uid),
  };
}

export async function sendCode(s: Services, phone: string, purpose: CodePurpose): Promise<null> {
  const user = await users.findUserByPhone(s.db, phone);
  // The answer is the same either way; only the message differs, so nothing here tells whether a phone is known.
  if (purpose === 'register' && user) {
    await s.outbox.send({ channel: 'sms', recipient: phone, template: 'notice.alreadyRegistered', payload: {} });
  } else if (purpose !== 'register' && !user) {
    await s.outbox.send({ channel: 'sms', recipient: phone, template: 'notice.noAccount', payload: {} });
  } else {
    await issueCode(s, phone, purpose);
  }
  return null;
}

export async function register(
  s: Services,
  input: { phoneNum: string; code: string; password: string; name: string },
  ctx: RequestContext,
): Promise<UserInfo> {
  const plain = plainPassword(s, input.password);
  await consumeCode(s, input.phoneNum, 'register', input.code);
  if (await users.findUserByPhone(s.db, input.phoneNum)) throw new AppError('phoneTaken');
  const now = s.now();
  const user: UserRow = {
    uid: newId(),
    phone: input.phoneNum,
    email: null,
    name: input.name,
    password_hash: await hashPassword(plain),
    is_operator: 0,
    status: 1,
    language: ctx.locale,
    created_at: now,
    updated_at: now,
  };
  try {
    await users.createUser(s.db, user);
  } catch (error) {
    if (await users.findUserByPhone(s.db, input.phoneNum)) throw new AppError('phoneTaken');
    throw error;
  }
  // What other modules attach to a new account: invitations sent to the phone before now reach its message centre
  // (modules/org).
  for (const registered of s.extensions.all(accountRegistered)) await registered(s, user.uid, user.phone);
  return signIn(s, user, ctx);
}

export async function login(s: Services, input: { account: string; password: string }, ctx: RequestContext) {
  await assertNotLocked(s, input.account);
  const plain = s.passwordKey.decrypt(input.password);
  if (plain === null) throw new AppError('badCipher');
  const user = await users.findUserByAccount(s.db, input.account);
  if (!(await verifyPassword(user?.password_hash ?? null, plain)) || !user) {
    await recordFailure(s, input.account);
    throw new AppError('badCredentials');
  }
  await clearFailures(s, input.account);
  return signIn(s, user, ctx);
}

export async function loginByCode(s: Services, input: { phoneNum: string; code: string }, ctx: RequestContext) {
  await consumeCode(s, input.phoneNum, 'signIn', input.code);
  const user = await users.findUserByPhone(s.db, input.phoneNum);
  if (!user) throw new AppError('badCode');
  return signIn(s, user, ctx);
}

export async function forgetPassword(
  s: Services,
  input: { phoneNum: string; code: string; password: string },
  ctx: RequestContext,
): Promise<null> {
  const plain = plainPassword(s, input.password);
  await consumeCode(s, input.phoneNum, 'reset', input.code);
  const user = await users.findUserByPhone(s.db, input.phoneNum);
  if (!user) throw new AppError('badCode');
  ctx.audit.actorUid = user.uid;
  await users.setPasswordHash(s.db, user.uid, await hashPassword(plain), s.now());
  await s.sessions.revokeAllOf(user.uid);
  await clearFailures(s, input.phoneNum);
  if (user.email) await clearFailures(s, user.email);
  return null;
}

export async function phoneExists(s: Services, phone: string): Promise<{ exist: 0 | 1 }> {
  return { exist: (await users.findUserByPhone(s.db, phone)) ? 1 : 0 };
}
