import { defineEndpoint, type Endpoint, group } from '@keel/contract/endpoint';
import { endpoints } from '@keel/contract/endpoints/index';
import { messages, Status } from '@keel/contract/status';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeEachDb } from '../../test/harness';
import { AppError } from './errors';
import { defineModule, mountModules } from './mount';
import { responseSerializerOf } from './response-serializer';

const ok = (data: unknown) => ({ status: 0, msg: messages.ok.en, data });
const written = (schema: z.ZodType, data: unknown) => String(responseSerializerOf(schema).serialize(ok(data)));

interface Node {
  id: string;
  children: Node[];
}
const node: z.ZodType<Node> = z.object({
  id: z.string(),
  get children() {
    return z.array(node);
  },
});

describe('the serializer compiled from an output schema', () => {
  it('compiles every endpoint of the contract, none falling back to JSON.stringify', () => {
    const fallbacks = Object.values(endpoints as Record<string, Endpoint>)
      .map((def) => [def.path, responseSerializerOf(def.output).fallback])
      .filter(([, reason]) => reason !== undefined);
    expect(fallbacks).toEqual([]);
  });

  it('writes valid data as JSON.stringify does', () => {
    const schema = z.object({
      id: z.string(),
      count: z.number().int(),
      ratio: z.number(),
      flag: z.union([z.literal(0), z.literal(1)]),
      state: z.enum(['a', 'b']).nullable(),
      kind: z.union([z.enum(['x', 'y']), z.literal('z')]),
      note: z.string().optional(),
      when: z.iso.datetime().nullable(),
      at: z.date(),
      dflt: z.number().default(7),
      extra: z.record(z.string(), z.object({ n: z.number() })),
      loose: z.record(z.string(), z.unknown()),
      tags: z.array(z.string()).nullable(),
      owner: z.object({ uid: z.string() }).nullable(),
      mixed: z.union([z.string(), z.number(), z.boolean()]),
      tree: z.array(node),
      root: node.nullable(),
    });
    const data = {
      id: 'a"\\\u2028\u0001😀',
      count: 3,
      ratio: -0.5,
      flag: 1,
      state: null,
      kind: 'z',
      note: undefined,
      when: '2026-11-23T10:00:00.000Z',
      at: new Date(0),
      dflt: 8,
      extra: { k1: { n: 1 }, 'k"2': { n: 2 } },
      loose: { a: [1, { b: null }] },
      tags: null,
      owner: { uid: 'u' },
      mixed: true,
      tree: [{ id: 'r', children: [{ id: 'c', children: [] }] }],
      root: { id: 'r', children: [] },
    };
    expect(JSON.parse(written(schema, data))).toEqual(JSON.parse(JSON.stringify(ok(data))));
    expect(
      written(schema, { ...data, mixed: 'x', state: 'b', tags: ['t'], owner: null, dflt: undefined, root: null }),
    ).toBe(
      JSON.stringify(ok({ ...data, mixed: 'x', state: 'b', tags: ['t'], owner: null, dflt: undefined, root: null })),
    );
    expect(written(z.null(), undefined)).toBe(JSON.stringify(ok(null)));
    expect(responseSerializerOf(schema).fallback).toBeUndefined();
  });

  it('drops every field the schema does not declare, at any depth', () => {
    const schema = z.object({
      id: z.string(),
      list: z.array(z.object({ name: z.string() })),
      byKey: z.record(z.string(), z.object({ n: z.number() })),
      tree: z.array(node),
    });
    const sent = written(schema, {
      id: 'a',
      passwordHash: 'h',
      list: [{ name: 'x', secret: 's' }],
      byKey: { k: { n: 1, token: 't' } },
      tree: [{ id: 'r', salt: 's', children: [{ id: 'c', key: 'k', children: [] }] }],
    });
    expect(JSON.parse(sent).data).toEqual({
      id: 'a',
      list: [{ name: 'x' }],
      byKey: { k: { n: 1 } },
      tree: [{ id: 'r', children: [{ id: 'c', children: [] }] }],
    });
  });

  it('falls back to JSON.stringify of the parsed output where a projection would not be faithful', () => {
    const schema = z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]);
    expect(responseSerializerOf(schema).fallback).toMatch(/union/);
    expect(JSON.parse(written(schema, { b: 2, secret: 's' })).data).toEqual({ b: 2 });
    expect(() => written(schema, { c: 1 })).toThrow(/outside its output schema/);
  });

  it('writes error envelopes, data null, as JSON.stringify does', () => {
    const error = { status: Status.internal, msg: '内部错误 "x"', data: null };
    expect(responseSerializerOf(z.object({ id: z.string() })).serialize(error)).toBe(JSON.stringify(error));
  });
});

const testEndpoints = group(
  defineEndpoint({
    method: 'GET',
    path: 'test/production/extra',
    summary: 'Test only: undeclared fields',
    access: { kind: 'public' },
    input: z.object({}),
    output: z.object({ id: z.string(), items: z.array(z.object({ name: z.string() })) }),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'test/production/tooMany',
    summary: 'Test only: a 429',
    access: { kind: 'public' },
    input: z.object({}),
    output: z.object({ id: z.string() }),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'test/production/post',
    summary: 'Test only: a body',
    access: { kind: 'public' },
    input: z.object({ text: z.string() }),
    output: z.object({ id: z.string() }),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'test/production/broken',
    summary: 'Test only: a 500',
    access: { kind: 'public' },
    input: z.object({}),
    output: z.object({ id: z.string() }),
  }),
);

describeEachDb(
  'output in production (checkOutput off)',
  (env) => {
    beforeAll(() => {
      const { app } = env();
      expect(app.keel.config.checkOutput).toBe(false);
      mountModules(app, app.keel, [
        defineModule(testEndpoints, () => ({
          'test/production/extra': async () => {
            // Not a literal, so the compiler lets the undeclared fields through, as a handler's row would.
            const answer = { id: 'a', passwordHash: 'x', items: [{ name: 'n', secret: 's' }] };
            return answer;
          },
          'test/production/tooMany': async () => {
            throw new AppError('tooManyAttempts', { seconds: 3 }, { status: 429, retryAfterSeconds: 3 });
          },
          'test/production/post': async () => ({ id: 'p' }),
          'test/production/broken': async () => {
            throw new Error('boom');
          },
        })),
      ]);
    });

    it('drops an undeclared field from the bytes sent', async () => {
      const res = await env().app.inject({
        method: 'GET',
        url: '/api/test/production/extra',
        headers: { 'accept-language': 'en' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.body).toBe(
        JSON.stringify({ status: 0, msg: messages.ok.en, data: { id: 'a', items: [{ name: 'n' }] } }),
      );
      expect(res.body).not.toContain('passwordHash');
      expect(res.body).not.toContain('secret');
    });

    it('answers errors on the same route: 413, 429 and 500 envelopes with data null', async () => {
      const large = await env().app.inject({
        method: 'POST',
        url: '/api/test/production/post',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ text: 'x'.repeat(2 * 1024 * 1024) }),
      });
      expect(large.statusCode).toBe(413);
      expect(large.json()).toMatchObject({ status: Status.tooLarge, data: null });
      const limited = await env().app.inject({ method: 'GET', url: '/api/test/production/tooMany' });
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBe('3');
      expect(limited.json()).toMatchObject({ status: Status.tooManyAttempts, data: null });
      const broken = await env().app.inject({ method: 'GET', url: '/api/test/production/broken' });
      expect(broken.statusCode).toBe(500);
      expect(broken.json()).toMatchObject({ status: Status.internal, data: null });
    });
  },
  { config: () => ({ NODE_ENV: 'production' }) },
);
