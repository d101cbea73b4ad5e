import type { Endpoint } from '@keel/contract/endpoint';
import { Status } from '@keel/contract/status';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { bodyOf, jsonSchemaOf, queryOf } from './arbitraries';
import type { GuardWorld } from './world';

export interface RawAnswer {
  http: number;
  status: number;
  msg: string;
  data?: unknown;
}

let address = 0;
/** A client address per call (per-address rate limits would otherwise answer 429 to most of a long run). */
const nextAddress = () => {
  address += 1;
  return `10.250.${(address >> 8) & 255}.${address & 255}`;
};

/** One call with a raw body or query, as any client could send it. */
export async function sendRaw(
  app: FastifyInstance,
  def: Endpoint,
  payload: string,
  headers: Record<string, string>,
): Promise<RawAnswer> {
  const res = await app.inject({
    method: def.method,
    url: def.method === 'GET' ? `/api/${def.path}?${payload}` : `/api/${def.path}`,
    headers: {
      'accept-language': 'en',
      ...(def.method === 'POST' ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    remoteAddress: nextAddress(),
    ...(def.method === 'POST' ? { payload } : {}),
  });
  const body = res.json() as RawAnswer;
  return { http: res.statusCode, status: body.status, msg: body.msg, data: body.data };
}

/** Why an answer is not a translated business answer or success (a 5xx, the internal status, no message). */
export function notABusinessAnswer(res: RawAnswer): string | undefined {
  if (res.http >= 500) return `HTTP ${res.http}`;
  if (res.status === Status.internal) return 'internal-error status';
  if (typeof res.status !== 'number') return 'no status';
  if (typeof res.msg !== 'string' || !/\S/.test(res.msg)) return 'no message';
  return undefined;
}

/** What the demo owner sends to call a property endpoint: a session and `pno`, or a personal access token. */
export async function ownerHeaders(def: Endpoint, world: GuardWorld): Promise<Record<string, string>> {
  return def.access.kind === 'property' && def.access.credential === 'accessToken'
    ? { authorization: `Bearer ${await world.accessToken()}` }
    : { token: await world.token('owner'), pno: world.demoPno };
}

/**
 * The callers an endpoint admits, so that inputs reach its handler: the demo owner holds every property
 * permission; operators also call orPlatform endpoints without pno.
 */
export async function callersOf(def: Endpoint, world: GuardWorld): Promise<Array<Record<string, string>>> {
  switch (def.access.kind) {
    case 'public':
    case 'device':
      return [{}];
    case 'platform':
      return [{ token: await world.token('operator') }];
    case 'user':
      return [{ token: await world.token('member') }];
    case 'property':
      return [
        await ownerHeaders(def, world),
        ...(def.access.orPlatform ? [{ token: await world.token('operator') }] : []),
      ];
  }
}

/**
 * The property: inputs generated from the endpoint's input schema, valid and mutated, each answered with a
 * translated business answer or success. Throws (fast-check's report, with the seed and the counterexample).
 */
export async function fuzzEndpoint(
  app: FastifyInstance,
  world: GuardWorld,
  def: Endpoint,
  options: { seed: number; numRuns: number },
): Promise<void> {
  const schema = jsonSchemaOf(def.input);
  const payloads = def.method === 'GET' ? queryOf(schema) : bodyOf(schema);
  for (const headers of await callersOf(def, world)) {
    await fc.assert(
      fc.asyncProperty(payloads, async (payload) => {
        const fault = notABusinessAnswer(await sendRaw(app, def, payload, headers));
        if (fault) throw new Error(`${def.path}: ${fault} for ${payload.slice(0, 300)}`);
      }),
      { seed: options.seed, numRuns: options.numRuns, endOnFailure: true },
    );
  }
}
