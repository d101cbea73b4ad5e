import { MOBILE_LENGTH } from './constants';

/** SPEC §5: word characters with dot or hyphen groups, @, domain labels, a dot and a suffix. */
export const EMAIL_PATTERN = /^\w+([.-]\w+)*@\w+([.-]\w+)*\.\w+$/;
/** SPEC §5: exactly 11 characters, 1 followed by 10 digits. */
export const MOBILE_PATTERN = /^1\d{10}$/;
const EMAIL = EMAIL_PATTERN;
const MOBILE = MOBILE_PATTERN;

export function isEmail(value: string): boolean {
  return EMAIL.test(value);
}

export function isMobile(value: string): boolean {
  return value.length === MOBILE_LENGTH && MOBILE.test(value);
}

/** Our password rule (SPEC: not shown): 8–64 characters, at least one letter and one digit. */
export function isStrongPassword(value: string): boolean {
  return value.length >= 8 && value.length <= 64 && /[A-Za-z]/.test(value) && /\d/.test(value);
}

/** SPEC §5 generic input error text. */
export const ILLEGAL_INPUT = { 'zh-cn': '非法输入', en: 'Illegal input' } as const;
