import { Status } from '@keel/contract/status';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../test/harness';

describeEachDb('http platform', (env) => {
  beforeAll(() => {
    env().app.get('/api/test/boom', async () => {
      throw new Error('secret internals');
    });
  });

  it('answers 404 with an envelope for an unknown /api path', async () => {
    const res = await env().app.inject({ method: 'GET', url: '/api/no/such', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: Status.notFound, msg: 'Not found: /api/no/such' });
    const post = await env().app.inject({ method: 'POST', url: '/api/a/getPublicKey' });
    expect(post.statusCode).toBe(404);
  });

  it('answers 413 for a body over the limit', async () => {
    const res = await env().app.inject({
      method: 'POST',
      url: '/api/a/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ account: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().status).toBe(Status.tooLarge);
  });

  it('answers malformed JSON as invalid input', async () => {
    const res = await env().app.inject({
      method: 'POST',
      url: '/api/a/login',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: '{"account":',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: Status.invalidInput, msg: 'The request body is not valid JSON', data: null });
  });

  it('answers 500 with a request id and no internals', async () => {
    const res = await env().app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret internals');
    expect(res.body).not.toContain('at ');
    expect(res.json().msg).toMatch(/^服务器内部错误（请求号 [0-9a-f-]{36}）$/);
  });

  // Security headers are set by the HTTP server, which inject() bypasses: web.test.ts checks them on a real port.
  it('serves health and readiness', async () => {
    const health = await env().app.inject({ method: 'GET', url: '/healthz' });
    expect(health.json()).toEqual({ ok: true });
    expect((await env().app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('serves the OpenAPI document generated from the contract', async () => {
    const res = await env().app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.paths['/api/a/login'].post.summary).toContain('Sign in');
    expect(doc.paths['/api/a/ifPhoneNumExist'].get.parameters[0].name).toBe('phoneNum');
    expect(doc.paths['/api/pro/getMenuIdList'].get.description).toContain('ours');
    // A file's call: multipart with the part `file`, its fields in the query string.
    const upload = doc.paths['/api/fis/fi/uploadFile'].post;
    expect(Object.keys(upload.requestBody.content)).toEqual(['multipart/form-data']);
    expect(upload.requestBody.content['multipart/form-data'].schema.required).toEqual(['file']);
    expect(upload.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).toContain('query:sid');
  });
});
