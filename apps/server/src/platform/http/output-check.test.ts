import { defineEndpoint, group } from '@keel/contract/endpoint';
import { Status } from '@keel/contract/status';
import { beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { describeEachDb } from '../../test/harness';
import { defineModule, mountModules } from './mount';
import { outputMismatch } from './output-check';

const item = z.object({ id: z.string(), tags: z.array(z.object({ name: z.string() })), note: z.string().optional() });

it('accepts exactly the declared output, and names an extra or wrong field', () => {
  expect(outputMismatch(item, { id: 'a', tags: [{ name: 'x' }] })).toBeUndefined();
  expect(outputMismatch(item, { id: 'a', tags: [], note: undefined })).toBeUndefined();
  expect(outputMismatch(item, { id: 'a', tags: [], secret: 'hash' })).toBe('secret: not declared in the output schema');
  expect(outputMismatch(item, { id: 'a', tags: [{ name: 'x', uid: 'u' }] })).toBe(
    'tags.0.uid: not declared in the output schema',
  );
  expect(outputMismatch(item, { id: 1, tags: [] })).toMatch(/^id: /);
  expect(outputMismatch(z.null(), undefined)).toBeUndefined();
});

/** Test-only endpoints whose handlers answer outside their schema. */
const testEndpoints = group(
  defineEndpoint({
    method: 'GET',
    path: 'test/output/extra',
    summary: 'Test only: an undeclared field',
    access: { kind: 'public' },
    input: z.object({}),
    output: z.object({ id: z.string() }),
  }),
);

describeEachDb('output checked by the server outside production', (env) => {
  beforeAll(() => {
    const { app } = env();
    mountModules(app, app.keel, [
      defineModule(testEndpoints, () => ({
        'test/output/extra': async () => ({ id: 'a', passwordHash: 'x' }) as { id: string },
      })),
    ]);
  });

  it('answers an internal error instead of an undeclared field', async () => {
    const res = await env().app.inject({ method: 'GET', url: '/api/test/output/extra' });
    expect(res.statusCode).toBe(500);
    expect(res.json().status).toBe(Status.internal);
    expect(res.body).not.toContain('passwordHash');
  });
});
