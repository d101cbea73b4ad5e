import { hashPassword } from '../platform/auth/passwords';
import { createUser, findUserByPhone, updateUser } from '../platform/auth/users-repo';
import { newId } from '../platform/ids';
import type { Services } from '../platform/services';

/** Creates a user with a password, or returns the existing one of that phone (seeds and CLI only). */
export async function ensureUser(
  s: Services,
  u: { phone: string; name: string; password: string; isOperator?: boolean },
): Promise<{ uid: string; created: boolean }> {
  const existing = await findUserByPhone(s.db, u.phone);
  const now = s.now();
  if (existing) {
    if (u.isOperator && existing.is_operator !== 1) {
      await updateUser(s.db, existing.uid, { is_operator: 1, updated_at: now });
    }
    return { uid: existing.uid, created: false };
  }
  const uid = newId();
  await createUser(s.db, {
    uid,
    phone: u.phone,
    email: null,
    name: u.name,
    password_hash: await hashPassword(u.password),
    is_operator: u.isOperator ? 1 : 0,
    status: 1,
    created_at: now,
    updated_at: now,
  });
  return { uid, created: true };
}
