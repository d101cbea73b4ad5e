import { randomBytes } from 'node:crypto';
import { firstOperatorUid } from '../platform/auth/users-repo';
import type { Services } from '../platform/services';
import { ensureUser } from './users';

/** A generated password: letters and digits, so it passes the policy. */
const generatePassword = () => `K${randomBytes(9).toString('base64url').replace(/[-_]/g, 'x')}7`;

/**
 * On an empty database, creates the platform operator from ADMIN_PHONE / ADMIN_PASSWORD (generated when unset)
 * and returns the sign-in to print once. Null when an operator exists already.
 */
export async function ensureFirstOperator(s: Services): Promise<{ phone: string; password: string } | null> {
  if (await firstOperatorUid(s.db)) return null;
  const password = s.config.adminPassword ?? generatePassword();
  const { created } = await ensureUser(s, {
    phone: s.config.adminPhone,
    name: '平台管理员',
    password,
    isOperator: true,
  });
  return { phone: s.config.adminPhone, password: created ? password : '(unchanged: the account existed)' };
}
