import type { Endpoint } from '@keel/contract/endpoint';
import { endpoints } from '@keel/contract/endpoints/index';
import { REF_KINDS, refsOf } from '@keel/contract/refs';
import { expect, it } from 'vitest';
import { z } from 'zod';

/** Input field names that name an object: an id, or a list of them (filters are searched as text, not named). */
const ID_NAME =
  /^(pno|uid|oid|pid|psid|tid|usid|cid|id|nid|sid)(List)?$|[a-z](Uid|Oid|Pno)$|^(idList|authScopeValues)$/;
const isFilter = (field: string) => /^(filter|assigned)[A-Z]/.test(field);

it('declares the kind of object every id field of an input names (ref in the contract)', () => {
  const missing: string[] = [];
  let declared = 0;
  for (const def of Object.values(endpoints) as Endpoint[]) {
    const shape = (def.input as unknown as { shape?: Record<string, z.ZodType> }).shape ?? {};
    const refs = new Map(refsOf(def.input).map((r) => [r.field, r]));
    for (const field of Object.keys(shape)) {
      if (!ID_NAME.test(field) || isFilter(field)) continue;
      if (refs.has(field)) declared += 1;
      else missing.push(`${def.path}: ${field}`);
    }
    for (const r of refs.values()) expect(REF_KINDS).toContain(r.kind);
  }
  console.info(`guard refs: ${declared} id fields declared with their kind`);
  expect(missing).toEqual([]);
});

it('reads the kind through optional, default and list wrappers', async () => {
  const { ref } = await import('@keel/contract/refs');
  const input = z.object({ a: ref('org'), b: ref('user').optional(), c: z.array(ref('title')).max(3), d: z.string() });
  expect(refsOf(input)).toEqual([
    { field: 'a', kind: 'org', list: false },
    { field: 'b', kind: 'user', list: false },
    { field: 'c', kind: 'title', list: true },
  ]);
});
