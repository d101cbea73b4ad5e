import type { Endpoint } from '@keel/contract/endpoint';
import { endpoints } from '@keel/contract/endpoints/index';
import { type RefKind, refsOf } from '@keel/contract/refs';
import { Status } from '@keel/contract/status';
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { TENANT_TABLES } from '../../platform/db/schema';
import { describeEachDb } from '../harness';
import { jsonSchemaOf, valueFor } from './arbitraries';
import { sendRaw } from './fuzz';
import { buildWorld, type GuardWorld } from './world';

/**
 * Every id an input declares (`ref(kind)` in the contract) is tried with another property's object, calling as the
 * demo owner in the demo property: the answer is "not found" (or, for a read, nothing of that property) and no
 * table changed. Kinds without an object in the
 * fixture (news, join requests, spaces) and endpoints not scoped to a property are counted apart. Device calls need
 * the terminal business, which the partner property is granted for its devices, models, platforms and types.
 */
const all = Object.values(endpoints) as Endpoint[];
/** Tables a refused call may still write: its audit row, the session it used, counters. */
const VOLATILE = new Set(['audit_log', 'sessions', 'counters', 'outbox', 'login_failures', 'codes', 'server_keys']);
/** Every property's tables, and the other tables a property's objects touch. */
const TABLES = [...TENANT_TABLES, 'users', 'properties', 'device_credentials', 'news'] as const;

describeEachDb("guard: another property's objects", (env) => {
  let world: GuardWorld;
  const foreign: Partial<Record<RefKind, string>> = {};

  const snapshot = async () => {
    // Whole tables across properties on purpose: the tenant guard would refuse these reads.
    const db = env().app.keel.db.withoutPlugins();
    const out: Record<string, unknown> = {};
    for (const table of TABLES) if (!VOLATILE.has(table)) out[table] = await db.selectFrom(table).selectAll().execute();
    return JSON.stringify(out);
  };

  beforeAll(async () => {
    world = await buildWorld(env().app);
    // The partner property's objects, made by its owner (the operator) in it.
    const as = { token: await world.token('operator'), pno: world.partnerPno };
    const make = async (path: keyof typeof endpoints, input: Record<string, unknown>, key: string) => {
      const res = await env().call(path, input, as);
      if (res.status !== 0) throw new Error(`${path}: ${res.msg}`);
      return (res.data as Record<string, string>)[key] as string;
    };
    foreign.property = world.partnerPno;
    foreign.user = world.uid.operator;
    foreign.title = await make('t/addOrUpdateTitle', { name: 'Partner title' }, 'tid');
    foreign.userSet = await make('us/addOrUpdateUserSet', { name: 'Partner set' }, 'usid');
    foreign.customer = await make('cu/addOrUpdateCustomer', { name: 'Partner customer' }, 'cid');
    foreign.permissionSet = await make('ps/addOrUpdatePerSet', { name: 'Partner perms', permissionIdList: [] }, 'psid');
    foreign.org = await make('o/addOrUpdateOrg', { pid: `root-${world.partnerPno}`, name: 'Partner unit' }, 'oid');
    // Devices and their catalogue need the terminal business, which the partner property gets here.
    const granted = await env().call(
      'pro/authPropertyBusiness',
      { pno: world.partnerPno, businessList: ['firmware', 'appstore', 'terminal'] },
      { token: as.token },
    );
    if (granted.status !== 0) throw new Error(`pro/authPropertyBusiness: ${granted.msg}`);
    foreign.deviceType = await make('dm/addDeviceType', { name: 'Partner type' }, 'typeId');
    foreign.devicePlatform = await make('dm/addDevicePlatform', { name: 'Partner OS', osType: 'linux' }, 'platformId');
    foreign.deviceModel = await make(
      'dm/addDeviceModel',
      { name: 'Partner model', typeId: foreign.deviceType, platformId: foreign.devicePlatform },
      'modelId',
    );
    foreign.device = await make(
      'di/registerDevice',
      { deviceId: 'partner-device-1', model: foreign.deviceModel, uid: world.uid.operator },
      'deviceId',
    );
  });

  it('answers "not found" to an id of another property, and changes nothing', async () => {
    const tried: string[] = [];
    const skipped: string[] = [];
    const faults: string[] = [];
    for (const def of all) {
      const refs = refsOf(def.input);
      if (refs.length === 0) continue;
      if (def.access.kind !== 'property') {
        skipped.push(`${def.path} (access ${def.access.kind})`);
        continue;
      }
      const schema = jsonSchemaOf(def.input);
      for (const r of refs) {
        const object = foreign[r.kind];
        if (!object) {
          skipped.push(`${def.path}.${r.field} (no ${r.kind} fixture)`);
          continue;
        }
        // A valid input (as far as the schema tells) with this one id naming the other property's object.
        const samples = fc.sample(valueFor(schema), { seed: 7, numRuns: 300 }) as Array<Record<string, unknown>>;
        const input = samples
          .map((s) => ({ ...s, ...withSelf(refs, r.field, world), [r.field]: r.list ? [object] : object }))
          .find((s) => def.input.safeParse(s).success);
        if (!input) {
          skipped.push(`${def.path}.${r.field} (no valid input generated)`);
          continue;
        }
        const before = await snapshot();
        const payload =
          def.method === 'GET'
            ? new URLSearchParams(Object.entries(input).map(([k, v]) => [k, String(v)] as [string, string])).toString()
            : JSON.stringify(input);
        const res = await sendRaw(env().app, def, payload, { token: await world.token('owner'), pno: world.demoPno });
        const changed = (await snapshot()) !== before;
        if (res.status === Status.invalidInput && !changed) {
          // Refused for another field the schema could not tell was wrong: says nothing about the id.
          skipped.push(`${def.path}.${r.field} (inconclusive: ${res.msg})`);
          continue;
        }
        tried.push(`${def.path}.${r.field}`);
        // A read may also answer with nothing of the other property (a list filtered by it is empty).
        const readNothing = def.method === 'GET' && res.status === 0 && !JSON.stringify(res.data).includes(object);
        if ((res.status !== Status.notFound && !readNothing) || changed) {
          faults.push(
            `${def.path}.${r.field}=${r.kind}: status ${res.status} ${res.msg}${changed ? ', tables changed' : ''}`,
          );
        }
      }
    }
    console.info(
      `guard [${env().dialect}] another property's objects: ${tried.length} ids tried, ${skipped.length} left`,
    );
    for (const s of skipped) console.info(`  left: ${s}`);
    expect(faults).toEqual([]);
  });
});

/** The other ids of the input name the caller's own property where they are a property (the header's). */
function withSelf(refs: ReturnType<typeof refsOf>, field: string, world: GuardWorld): Record<string, unknown> {
  return Object.fromEntries(
    refs.filter((r) => r.field !== field && r.kind === 'property').map((r) => [r.field, world.demoPno]),
  );
}
