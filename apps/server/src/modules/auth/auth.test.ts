import { Status } from '@keel/contract/status';
import { expect, it } from 'vitest';
import { describeEachDb, freshIp, freshPhone } from '../../test/harness';

describeEachDb('auth: codes and registration', (env) => {
  it('hands out the RSA public key', async () => {
    const res = await env().call('a/getPublicKey', {});
    expect(res.status).toBe(0);
    expect(res.data.algorithm).toBe('RSA-OAEP-256');
    expect(res.data.publicKey).toMatch(/^MII/);
  });

  it('rejects a bad phone or purpose naming the field, in the request language', async () => {
    const zh = await env().call('a/sendCode', { phoneNum: '2390000000', purpose: 'register' }, { ip: freshIp() });
    expect(zh).toMatchObject({ http: 200, status: Status.invalidInput, msg: '非法输入：phoneNum' });
    const en = await env().call('a/sendCode', { phoneNum: freshPhone(), purpose: 'x' }, { lang: 'en', ip: freshIp() });
    expect(en).toMatchObject({ status: Status.invalidInput, msg: 'Illegal input: purpose' });
  });

  it('registers with a code, signs in, and the code works only once', async () => {
    const phone = freshPhone();
    const ip = freshIp();
    expect((await env().call('a/sendCode', { phoneNum: phone, purpose: 'register' }, { ip })).status).toBe(0);
    const code = await env().lastCode(phone);
    expect(code).toMatch(/^\d{6}$/);
    const password = await env().encrypt('Passw0rd1');
    const res = await env().call('a/register', { phoneNum: phone, code, password, name: 'Ann' }, { ip });
    expect(res.status).toBe(0);
    expect(res.data).toMatchObject({ name: 'Ann', phoneNum: phone, isOperator: 0, propertyList: [] });
    expect(res.data.token.length).toBeGreaterThan(20);
    const again = await env().call('a/register', { phoneNum: phone, code, password, name: 'Ann' }, { ip });
    expect(again.status).toBe(Status.accountInvalid);
    // The stored code is a hash, never the digits.
    const stored = await env().app.keel.db.selectFrom('codes').select('code_hash').where('phone', '=', phone).execute();
    expect(stored.every((r) => r.code_hash !== code && r.code_hash.length === 64)).toBe(true);
  });

  it('refuses a wrong, expired or superseded code and a weak or undecryptable password', async () => {
    const phone = freshPhone();
    const ip = freshIp();
    await env().call('a/sendCode', { phoneNum: phone, purpose: 'register' }, { ip });
    const code = (await env().lastCode(phone)) as string;
    const wrong = code === '000000' ? '111111' : '000000';
    const good = await env().encrypt('Passw0rd1');
    const bad = await env().call('a/register', { phoneNum: phone, code: wrong, password: good, name: 'A' }, { ip });
    expect(bad).toMatchObject({ status: Status.accountInvalid, msg: '验证码错误或已过期' });

    const weak = await env().call(
      'a/register',
      { phoneNum: phone, code, password: await env().encrypt('short'), name: 'A' },
      { lang: 'en', ip },
    );
    expect(weak.msg).toBe('The password needs 8–64 characters with both letters and digits');
    const garbled = await env().call(
      'a/register',
      { phoneNum: phone, code, password: 'A'.repeat(40), name: 'A' },
      { ip },
    );
    expect(garbled.msg).toBe('密码无法解密，请刷新页面重试');

    env().advance(5 * 60_000 + 1);
    const expired = await env().call('a/register', { phoneNum: phone, code, password: good, name: 'A' }, { ip });
    expect(expired.status).toBe(Status.accountInvalid);
    const users = await env().app.keel.db.selectFrom('users').select('uid').where('phone', '=', phone).execute();
    expect(users).toHaveLength(0);
  });

  it('does not tell on sendCode whether a phone is registered', async () => {
    const phone = freshPhone();
    await env().register(phone);
    env().advance(61_000);
    const known = await env().call('a/sendCode', { phoneNum: phone, purpose: 'register' }, { ip: freshIp() });
    const unknown = await env().call('a/sendCode', { phoneNum: freshPhone(), purpose: 'signIn' }, { ip: freshIp() });
    expect(known).toEqual(unknown);
  });

  it('limits codes per phone (429 with Retry-After)', async () => {
    const phone = freshPhone();
    const first = await env().call('a/sendCode', { phoneNum: phone, purpose: 'register' }, { ip: freshIp() });
    expect(first.status).toBe(0);
    const second = await env().call(
      'a/sendCode',
      { phoneNum: phone, purpose: 'register' },
      { ip: freshIp(), lang: 'en' },
    );
    expect(second).toMatchObject({ http: 429, status: Status.tooManyAttempts });
    expect(second.msg).toMatch(/^Too many attempts, try again in \d+ s$/);
  });

  it('limits codes per address', async () => {
    const ip = freshIp();
    const answers = [];
    for (let i = 0; i < 21; i += 1) {
      answers.push((await env().call('a/sendCode', { phoneNum: freshPhone(), purpose: 'register' }, { ip })).http);
    }
    expect(answers.slice(0, 20).every((h) => h === 200)).toBe(true);
    expect(answers[20]).toBe(429);
  });

  it('answers ifPhoneNumExist and rate-limits it', async () => {
    const phone = freshPhone();
    await env().register(phone);
    const ip = freshIp();
    expect((await env().call('a/ifPhoneNumExist', { phoneNum: phone }, { ip })).data).toEqual({ exist: 1 });
    expect((await env().call('a/ifPhoneNumExist', { phoneNum: freshPhone() }, { ip })).data).toEqual({ exist: 0 });
    expect((await env().call('a/ifPhoneNumExist', { phoneNum: '123' }, { ip })).status).toBe(Status.invalidInput);
    let last = 0;
    for (let i = 0; i < 20; i += 1) last = (await env().call('a/ifPhoneNumExist', { phoneNum: phone }, { ip })).http;
    expect(last).toBe(429);
  });
});

describeEachDb('auth: sign-in, sessions and lockout', (env) => {
  it('signs in with phone or e-mail and password; wrong credentials get one message', async () => {
    const phone = freshPhone();
    const user = await env().register(phone, 'Bo');
    await env()
      .app.keel.db.updateTable('users')
      .set({ email: `Bo.${phone}@Example.com` })
      .where('uid', '=', user.uid)
      .execute();
    const password = await env().encrypt('Passw0rd1');
    const byPhone = await env().call('a/login', { account: phone, password }, { ip: freshIp() });
    expect(byPhone.status).toBe(0);
    const byEmail = await env().call('a/login', { account: `bo.${phone}@example.com`, password }, { ip: freshIp() });
    expect(byEmail.data.uid).toBe(user.uid);

    const wrong = await env().call(
      'a/login',
      { account: phone, password: await env().encrypt('Wrong1234') },
      { ip: freshIp() },
    );
    const nobody = await env().call('a/login', { account: freshPhone(), password }, { ip: freshIp() });
    expect(wrong).toMatchObject({ status: Status.badCredentials, msg: '账号或密码错误' });
    expect(nobody.msg).toBe(wrong.msg);
    expect(nobody.status).toBe(wrong.status);
    const invalid = await env().call('a/login', { account: 'not-an-account', password }, { ip: freshIp() });
    expect(invalid.msg).toBe('非法输入：account');
  });

  it('slows down and then locks an account after repeated failures', async () => {
    const phone = freshPhone();
    await env().register(phone);
    const wrong = await env().encrypt('Wrong1234');
    const right = await env().encrypt('Passw0rd1');
    for (let i = 0; i < 5; i += 1) {
      expect((await env().call('a/login', { account: phone, password: wrong }, { ip: freshIp() })).status).toBe(
        Status.badCredentials,
      );
    }
    const slowed = await env().call('a/login', { account: phone, password: right }, { ip: freshIp(), lang: 'en' });
    expect(slowed.status).toBe(Status.accountLocked);
    expect(slowed.msg).toContain('locked');
    for (let i = 0; i < 5; i += 1) {
      env().advance(10 * 60_000);
      await env().call('a/login', { account: phone, password: wrong }, { ip: freshIp() });
    }
    env().advance(60_000);
    const locked = await env().call('a/login', { account: phone, password: right }, { ip: freshIp() });
    expect(locked.status).toBe(Status.accountLocked);
    env().advance(15 * 60_000);
    expect((await env().call('a/login', { account: phone, password: right }, { ip: freshIp() })).status).toBe(0);
  });

  it('limits sign-in attempts per account (429)', async () => {
    const account = freshPhone();
    const password = await env().encrypt('Passw0rd1');
    let http = 0;
    for (let i = 0; i < 11; i += 1) http = (await env().call('a/login', { account, password }, { ip: freshIp() })).http;
    expect(http).toBe(429);
  });

  it('signs in with a code', async () => {
    const phone = freshPhone();
    const user = await env().register(phone);
    env().advance(61_000);
    const ip = freshIp();
    await env().call('a/sendCode', { phoneNum: phone, purpose: 'signIn' }, { ip });
    const code = (await env().lastCode(phone)) as string;
    const res = await env().call('a/loginByCode', { phoneNum: phone, code }, { ip });
    expect(res.data.uid).toBe(user.uid);
    expect((await env().call('a/loginByCode', { phoneNum: phone, code }, { ip })).status).toBe(Status.accountInvalid);
    expect((await env().call('a/loginByCode', { phoneNum: phone, code: '12' }, { ip })).msg).toBe('非法输入：code');
  });

  it('resets a forgotten password and signs every session out', async () => {
    const phone = freshPhone();
    const { token } = await env().register(phone);
    env().advance(61_000);
    const ip = freshIp();
    await env().call('a/sendCode', { phoneNum: phone, purpose: 'reset' }, { ip });
    const code = (await env().lastCode(phone)) as string;
    const reset = await env().call(
      'a/forgetPassword',
      { phoneNum: phone, code, password: await env().encrypt('NewPassw0rd') },
      { ip },
    );
    expect(reset.status).toBe(0);
    expect((await env().call('pro/getMyPropertyList', {}, { token })).status).toBe(Status.sessionExpired);
    const old = await env().call('a/login', { account: phone, password: await env().encrypt('Passw0rd1') }, { ip });
    expect(old.status).toBe(Status.badCredentials);
    const fresh = await env().call('a/login', { account: phone, password: await env().encrypt('NewPassw0rd') }, { ip });
    expect(fresh.status).toBe(0);
  });

  it('logs out by revoking the token', async () => {
    const { token } = await env().register(freshPhone());
    expect((await env().call('pro/getMyPropertyList', {}, { token })).status).toBe(0);
    expect((await env().call('a/logout', {}, { token })).status).toBe(0);
    const after = await env().call('pro/getMyPropertyList', {}, { token, lang: 'en' });
    expect(after).toMatchObject({ status: 100110050401, msg: 'Your session has expired, please sign in again' });
    expect((await env().call('a/logout', {}, {})).status).toBe(100110050401);
  });

  it('expires a token after the idle time, and keeps a used one alive', async () => {
    const a = await env().register(freshPhone());
    const b = await env().register(freshPhone());
    const idle = env().app.keel.config.tokenIdleMs;
    env().advance(idle - 60_000);
    expect((await env().call('pro/getMyPropertyList', {}, { token: a.token })).status).toBe(0);
    env().advance(120_000);
    expect((await env().call('pro/getMyPropertyList', {}, { token: a.token })).status).toBe(0);
    expect((await env().call('pro/getMyPropertyList', {}, { token: b.token })).status).toBe(Status.sessionExpired);
    expect((await env().call('pro/getMyPropertyList', {}, { token: 'made-up' })).status).toBe(Status.sessionExpired);
  });

  it('refuses a disabled account at sign-in and stops its tokens at once', async () => {
    const phone = freshPhone();
    const user = await env().register(phone);
    await env().app.keel.db.updateTable('users').set({ status: 0 }).where('uid', '=', user.uid).execute();
    expect((await env().call('pro/getMyPropertyList', {}, { token: user.token })).status).toBe(Status.sessionExpired);
    const res = await env().call(
      'a/login',
      { account: phone, password: await env().encrypt('Passw0rd1') },
      { ip: freshIp() },
    );
    expect(res).toMatchObject({ status: Status.accountDisabled, msg: '账号已停用' });
  });
});

describeEachDb(
  'auth: sign-in limits from the configuration',
  (env) => {
    it('answers 429 past SIGN_IN_PER_ADDRESS attempts a minute from one address', async () => {
      const ip = freshIp();
      const password = await env().encrypt('Passw0rd1');
      const answers: number[] = [];
      for (let i = 0; i < 4; i += 1)
        answers.push((await env().call('a/login', { account: freshPhone(), password }, { ip })).http);
      expect(answers).toEqual([200, 200, 200, 429]);
      env().advance(60_000);
      expect((await env().call('a/login', { account: freshPhone(), password }, { ip })).http).toBe(200);
    });

    it('answers 429 past SIGN_IN_PER_ACCOUNT attempts a minute for one account, from any address', async () => {
      const account = freshPhone();
      const password = await env().encrypt('Passw0rd1');
      const answers: number[] = [];
      for (let i = 0; i < 3; i += 1)
        answers.push((await env().call('a/login', { account, password }, { ip: freshIp() })).http);
      expect(answers).toEqual([200, 200, 429]);
    });
  },
  { config: () => ({ SIGN_IN_PER_ADDRESS: '3', SIGN_IN_PER_ACCOUNT: '2' }) },
);
