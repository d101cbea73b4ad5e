import { describe, expect, it } from 'vitest';
import { isEmail, isMobile, isStrongPassword } from './validators';

describe('isEmail (SPEC §5)', () => {
  it.each(['a.b-c@x-y.example.com', 'user@example.com', 'a_b@x.cn'])('accepts %s', (v) =>
    expect(isEmail(v)).toBe(true),
  );
  it.each(['a@b', '@x.com', 'a@.com', 'a@x.', 'a..b@x.com', 'a b@x.com', '', 'a@x..com', 'a@@x.com'])(
    'rejects %s',
    (v) => expect(isEmail(v)).toBe(false),
  );
});

describe('isMobile', () => {
  it('accepts exactly 11 digits starting with 1', () => expect(isMobile('13800000001')).toBe(true));
  it.each(['1380000000', '138000000012', '23800000001', '1380000000a', ' 13800000001', ''])('rejects %s', (v) =>
    expect(isMobile(v)).toBe(false),
  );
});

describe('isStrongPassword', () => {
  it('accepts 8–64 characters with a letter and a digit', () => {
    expect(isStrongPassword('Demo1234')).toBe(true);
    expect(isStrongPassword(`a1${'x'.repeat(62)}`)).toBe(true);
  });
  it.each(['Demo123', 'abcdefgh', '12345678', `a1${'x'.repeat(63)}`])('rejects %s', (v) =>
    expect(isStrongPassword(v)).toBe(false),
  );
});
