import type { Endpoint } from '@keel/contract/endpoint';
import { endpoints } from '@keel/contract/endpoints/index';
import { type RefKind, refsOf } from '@keel/contract/refs';
import { Status } from '@keel/contract/status';
import { beforeAll, expect, it, vi } from 'vitest';
import { appStoreObjects } from '../app-store-fixture';
import { describeEachDb } from '../harness';
import { payloadOf, validInputWith } from './arbitraries';
import { sendRaw } from './fuzz';
import { buildWorld, EVERY_ENDPOINT_MS, type GuardWorld } from './world';

vi.setConfig({ testTimeout: EVERY_ENDPOINT_MS });

/**
 * The app store's developers are kept apart inside one property: every developer call (`…ByUser`) naming another
 * developer's app, version or file — here the demo owner's, called by the demo member, a developer too — answers
 * "not found" (a list: nothing of it) and changes nothing. Generated from the contract, like the tenant suite.
 */
const developerCalls = (Object.values(endpoints) as Endpoint[]).filter((d) => d.path.endsWith('ByUser'));
const DEVELOPER_KINDS: readonly RefKind[] = ['app', 'appVersion', 'appFile'];

describeEachDb("guard: another developer's apps", (env) => {
  let world: GuardWorld;
  const others: Partial<Record<RefKind, string>> = {};

  beforeAll(async () => {
    world = await buildWorld(env().app);
    const owner = { token: await world.token('owner'), pno: world.demoPno };
    const store = await appStoreObjects(env(), owner, 'com.demo.owners', 'ByUser');
    others.app = store.app;
    others.appVersion = store.appVersion;
    others.appFile = store.appFile;
  });

  it('answers "not found" to another developer\'s app, version or file, and changes nothing', async () => {
    const tried: string[] = [];
    const faults: string[] = [];
    const headers = { token: await world.token('member'), pno: world.demoPno };
    for (const def of developerCalls) {
      for (const r of refsOf(def.input).filter((ref) => DEVELOPER_KINDS.includes(ref.kind))) {
        const object = others[r.kind];
        if (!object) continue;
        const input = validInputWith(def, { [r.field]: r.list ? [object] : object });
        if (!input) continue;
        const before = await world.snapshot();
        const res = await sendRaw(env().app, def, payloadOf(def, input), headers);
        const changed = (await world.snapshot()) !== before;
        // Refused for another field the schema could not tell was wrong: says nothing about the id.
        if (res.status === Status.invalidInput && !changed) continue;
        tried.push(`${def.path}.${r.field}`);
        const quiet = res.status === 0 && !def.mutates && !JSON.stringify(res.data ?? null).includes(object);
        if ((res.status !== Status.notFound && !quiet) || changed) {
          faults.push(
            `${def.path}.${r.field}=${r.kind}: status ${res.status} ${res.msg}${changed ? ', tables changed' : ''}`,
          );
        }
      }
    }
    console.info(`guard [${env().dialect}] another developer's apps: ${tried.length} ids tried`);
    expect(tried.length).toBeGreaterThan(8);
    expect(faults).toEqual([]);
  }, 300_000);
});
