import { Status } from '@keel/contract/status';
import { expect, it } from 'vitest';
import { describeEachDb, freshIp } from '../../test/harness';
import { jsonDepthExceeds, MAX_JSON_DEPTH } from './json-body';

const nested = (depth: number, leaf = '1') => `${'['.repeat(depth)}${leaf}${']'.repeat(depth)}`;

it('measures nesting without parsing, skipping brackets inside strings', () => {
  expect(jsonDepthExceeds(nested(3), 3)).toBe(false);
  expect(jsonDepthExceeds(nested(4), 3)).toBe(true);
  expect(jsonDepthExceeds(`{"a":"${'['.repeat(100)}\\"{{{"}`, 1)).toBe(false);
  expect(jsonDepthExceeds('{"a":{"b":[{}]}}', 4)).toBe(false);
  expect(jsonDepthExceeds('{"a":{"b":[{}]}}', 3)).toBe(true);
});

const bodyEndpoints = [
  'a/login',
  'a/sendCode',
  'a/register',
  'a/loginByCode',
  'a/forgetPassword',
  'o/applyJoinProperty',
] as const;

describeEachDb('JSON bodies', (env) => {
  const post = (path: string, payload: string, ip = freshIp()) =>
    env().app.inject({
      method: 'POST',
      url: `/api/${path}`,
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      remoteAddress: ip,
      payload,
    });
  const auditRows = async () =>
    Number(
      (
        await env()
          .app.keel.db.selectFrom('audit_log')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('refuses a body nested 50 000 deep as invalid input, before any endpoint reads it', async () => {
    const before = await auditRows();
    const deep = `{"account":${nested(50_000)},"phoneNum":${nested(50_000)}}`;
    for (const path of bodyEndpoints) {
      const res = await post(path, deep);
      expect(res.statusCode, path).toBe(200);
      expect(res.json(), path).toEqual({
        status: Status.invalidInput,
        msg: `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`,
        data: null,
      });
    }
    // Refused by the parser: no endpoint ran, so nothing was audited.
    expect(await auditRows()).toBe(before);
  });

  it('lets a body at the depth limit through to validation', async () => {
    const res = await post('a/login', `{"account":${nested(MAX_JSON_DEPTH - 1)}}`);
    expect(res.json().status).toBe(Status.invalidInput);
    expect(res.json().msg).toBe('Illegal input: account');
  });

  it('counts invalid requests against the per-address limit, and only valid ones against the per-phone limit', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) {
      const res = await post('a/sendCode', JSON.stringify({ phoneNum: [i], purpose: 'register' }), ip);
      expect(res.json().status).toBe(Status.invalidInput);
    }
    const over = await post('a/sendCode', JSON.stringify({ phoneNum: '13900000001', purpose: 'register' }), ip);
    expect(over.statusCode).toBe(429);

    // An invalid request names no phone: the phone's one-a-minute limit is still free.
    const phone = '13911112222';
    const invalid = await post('a/sendCode', JSON.stringify({ phoneNum: phone, purpose: 'nope' }));
    expect(invalid.json().status).toBe(Status.invalidInput);
    const first = await post('a/sendCode', JSON.stringify({ phoneNum: phone, purpose: 'register' }));
    expect(first.json().status).toBe(0);
    const second = await post('a/sendCode', JSON.stringify({ phoneNum: phone, purpose: 'register' }));
    expect(second.statusCode).toBe(429);
  });
});
