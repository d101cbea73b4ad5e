import { CODE_LENGTH, CODE_TTL_MS } from '@keel/contract/constants';
import { AppError } from '../../platform/http/errors';
import { newId, randomDigits, sha256 } from '../../platform/ids';
import type { Services } from '../../platform/services';
import * as repo from './repo';

export type CodePurpose = 'register' | 'signIn' | 'reset';

/** Wrong guesses a code survives before it is void. */
const MAX_CODE_ATTEMPTS = 5;

const codeHash = (phone: string, purpose: string, code: string) => sha256(`${phone}:${purpose}:${code}`);

/** Creates a code (six digits, five minutes, single use, stored hashed) and sends it through the outbox. */
export async function issueCode(s: Services, phone: string, purpose: CodePurpose): Promise<void> {
  const code = randomDigits(CODE_LENGTH);
  const now = s.now();
  await repo.replaceCode(s.db, {
    id: newId(),
    phone,
    purpose,
    code_hash: codeHash(phone, purpose, code),
    expires_at: now + CODE_TTL_MS,
    used_at: null,
    attempts: 0,
    created_at: now,
  });
  await s.outbox.send({ channel: 'sms', recipient: phone, template: `code.${purpose}`, payload: { code } });
}

/** Uses up the phone's open code for the purpose, or answers "wrong or expired code". */
export async function consumeCode(s: Services, phone: string, purpose: CodePurpose, code: string): Promise<void> {
  const now = s.now();
  const open = await repo.latestOpenCode(s.db, phone, purpose, now);
  if (!open || open.attempts >= MAX_CODE_ATTEMPTS) throw new AppError('badCode');
  if (open.code_hash !== codeHash(phone, purpose, code)) {
    await repo.countCodeAttempt(s.db, open.id);
    throw new AppError('badCode');
  }
  if (!(await repo.useCode(s.db, open.id, now))) throw new AppError('badCode');
}
