import type { Updateable } from 'kysely';
import type { Db } from '../db/connect';
import { AppError } from '../http/errors';
import { newId } from '../ids';
import type { Services } from '../services';
import { hashPassword, isAcceptablePassword } from './passwords';
import type { UsersTable } from './tables';
import { createUser, findUserByPhone, uidOfEmail, updateUser } from './users-repo';

/**
 * Accounts (`users`): creating one for a phone, changing its profile, the password policy. The user module's
 * administration and org's registration of a member both create accounts here.
 */

/** Decrypts an RSA-OAEP password from the console and checks the policy (as a/register does). */
export async function passwordHashFrom(s: Services, cipher: string): Promise<string> {
  const plain = s.passwordKey.decrypt(cipher);
  if (plain === null) throw new AppError('badCipher');
  if (!isAcceptablePassword(plain)) throw new AppError('badPassword');
  return hashPassword(plain);
}

async function assertEmailFree(db: Db, email: string | null, exceptUid?: string): Promise<void> {
  if (!email) return;
  const owner = await uidOfEmail(db, email);
  if (owner && owner !== exceptUid) throw new AppError('emailTaken');
}

/**
 * Creates an account for a phone that has none (administrators and operators creating users directly).
 * `passwordHash` comes from passwordHashFrom (hash before a transaction); without one the user signs in with
 * a code. Answers the new uid.
 */
export async function createAccount(
  s: Services,
  a: { phone: string; name: string; email?: string | null; passwordHash?: string | null; isOperator?: boolean },
  db: Db = s.db,
): Promise<string> {
  const email = a.email ? a.email : null;
  if (await findUserByPhone(db, a.phone)) throw new AppError('phoneTaken');
  await assertEmailFree(db, email);
  const uid = newId();
  const now = s.now();
  await createUser(db, {
    uid,
    phone: a.phone,
    email,
    name: a.name,
    password_hash: a.passwordHash ?? null,
    is_operator: a.isOperator ? 1 : 0,
    status: 1,
    created_at: now,
    updated_at: now,
  });
  return uid;
}

/** Changes an account's profile; `email` '' clears it. */
export async function updateAccount(
  s: Services,
  uid: string,
  a: { phone?: string; name?: string; email?: string; password?: string; isOperator?: boolean },
): Promise<void> {
  const set: Updateable<UsersTable> = { updated_at: s.now() };
  if (a.phone !== undefined) {
    const taken = await findUserByPhone(s.db, a.phone);
    if (taken && taken.uid !== uid) throw new AppError('phoneTaken');
    set.phone = a.phone;
  }
  if (a.name !== undefined) set.name = a.name;
  if (a.email !== undefined) {
    const email = a.email === '' ? null : a.email;
    await assertEmailFree(s.db, email, uid);
    set.email = email;
  }
  if (a.password !== undefined) set.password_hash = await passwordHashFrom(s, a.password);
  if (a.isOperator !== undefined) set.is_operator = a.isOperator ? 1 : 0;
  await updateUser(s.db, uid, set);
  // A new password signs the account out everywhere, as a reset does.
  if (a.password !== undefined) await s.sessions.revokeAllOf(uid);
}
