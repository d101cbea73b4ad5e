import { hashPassword } from '../platform/auth/passwords';
import { newId } from '../platform/ids';
import type { Services } from '../platform/services';

/** Creates a user with a password, or returns the existing one of that phone (seeds and CLI only). */
export async function ensureUser(
  s: Services,
  u: { phone: string; name: string; password: string; isOperator?: boolean },
): Promise<{ uid: string; created: boolean }> {
  const existing = await s.db
    .selectFrom('users')
    .select(['uid', 'is_operator'])
    .where('phone', '=', u.phone)
    .executeTakeFirst();
  const now = s.now();
  if (existing) {
    if (u.isOperator && existing.is_operator !== 1) {
      await s.db
        .updateTable('users')
        .set({ is_operator: 1, updated_at: now })
        .where('uid', '=', existing.uid)
        .execute();
    }
    return { uid: existing.uid, created: false };
  }
  const uid = newId();
  await s.db
    .insertInto('users')
    .values({
      uid,
      phone: u.phone,
      email: null,
      name: u.name,
      password_hash: await hashPassword(u.password),
      is_operator: u.isOperator ? 1 : 0,
      status: 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { uid, created: true };
}
