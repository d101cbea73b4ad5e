import { CODE_LENGTH } from '@keel/contract/constants';
import { isEmail, isMobile, isStrongPassword } from '@keel/contract/validators';
import type { TFunction } from 'i18next';
import type { Check } from './lean-form';

const required =
  (message: string): Check =>
  (value) =>
    value.trim() ? undefined : message;
/** Checks a filled-in value (trimmed); an empty one is left to `required`. */
const check =
  (ok: (v: string) => boolean, message: string): Check =>
  (value) =>
    !value.trim() || ok(value.trim()) ? undefined : message;

/** SPEC §5 form rules, messages in the current language. */
export function authRules(t: TFunction) {
  return {
    account: [
      required(t('auth.rules.accountRequired')),
      check((v) => isMobile(v) || isEmail(v), t('auth.rules.account')),
    ],
    phone: [required(t('auth.rules.phoneRequired')), check(isMobile, t('auth.rules.phone'))],
    password: [required(t('auth.rules.passwordRequired'))],
    newPassword: [
      required(t('auth.rules.passwordRequired')),
      check(isStrongPassword, t('auth.rules.passwordStrength')),
    ],
    code: [
      required(t('auth.rules.codeRequired')),
      check((v) => new RegExp(`^\\d{${CODE_LENGTH}}$`).test(v), t('auth.rules.code', { length: CODE_LENGTH })),
    ],
    name: [
      required(t('auth.rules.nameRequired')),
      (v: string) => (v.length > 32 ? t('auth.rules.nameLength') : undefined),
    ],
  } satisfies Record<string, Check[]>;
}
