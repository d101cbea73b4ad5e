import {
  DDI_ATTRIBUTES_MAX,
  type DdiControllerBase,
  type DdiError,
  ddiConfigData,
} from '@keel/contract/device-api/ddi';
import { DEVICE_BUSINESS } from '@keel/contract/endpoints/device-common';
import { appendAudit } from '../../platform/audit/audit-log';
import { hasBusiness } from '../../platform/auth/businesses';
import { AppError } from '../../platform/http/errors';
import { parseJsonBody } from '../../platform/http/json-body';
import type { Services } from '../../platform/services';
import { propertyTenant } from '../../platform/tenancy/tenant';
import { hhmmss } from './enrolment';
import { type DdiExtensionAnswer, type DdiExtensionRoute, pollLinks } from './extensions';
import { type PollIntervals, pollIntervals } from './poll-intervals';
import * as repo from './repo';
import { recordReport } from './report';
import { type DeviceRuntime, type DeviceState, runtimeOf } from './runtime';

/**
 * The rules of hawkBit's DDI (README.md "Device API"): who is calling, what a poll answers, what configData
 * stores. Answers are HTTP statuses with hawkBit's JSON, never the console envelope. No SQL, no HTTP objects.
 */

export interface DdiRequest {
  tenant: string;
  controllerId: string;
  authorization: string | undefined;
  ip: string;
  requestId: string;
  /** `scheme://host` the device called, for the links of the answer. */
  origin: string;
  /** The request's `If-None-Match` (an extension route answering with an ETag). */
  ifNoneMatch?: string;
  /** Whether `Accept-Encoding` takes gzip. */
  acceptsGzip?: boolean;
}

export interface DdiAnswer {
  status: number;
  body?: DdiControllerBase | DdiError;
  headers?: Record<string, string>;
}

/**
 * Polls per device per polling interval (and configData reports likewise): SWUpdate polls ten times as often
 * while it waits for an update, and again at once after some answers; twice that is allowed, more is 429.
 */
export const POLLS_PER_INTERVAL = 20;
/** Devices a property's enrolment key may enrol per minute (over DDI and Mender together). */
export const ENROLMENTS_PER_MINUTE = 600;

export const error = (
  status: number,
  errorCode: string,
  message: string,
  headers?: Record<string, string>,
): DdiAnswer => ({
  status,
  body: { exceptionClass: errorCode.split('.').at(-1) ?? errorCode, errorCode: `keel.ddi.${errorCode}`, message },
  ...(headers ? { headers } : {}),
});

const unauthorized = () =>
  error(401, 'unauthorized', 'No valid TargetToken or GatewayToken for this tenant and controller');
const rejected = () => error(403, 'rejected', 'The device was rejected by an administrator');

/** `TargetToken x` / `GatewayToken x` (hawkBit's schemes), anything else none. */
function parseAuthorization(header: string | undefined): { kind: 'target' | 'gateway'; secret: string } | null {
  if (!header) return null;
  const space = header.indexOf(' ');
  if (space < 0) return null;
  const scheme = header.slice(0, space);
  const secret = header.slice(space + 1).trim();
  if (!secret) return null;
  if (scheme === 'TargetToken') return { kind: 'target', secret };
  if (scheme === 'GatewayToken') return { kind: 'gateway', secret };
  return null;
}

type Caller = { state: DeviceState; businesses: ReadonlySet<string> } | { answer: DdiAnswer };

const serviceOff = () => error(403, 'businessDisabled', "The device service is not enabled for the device's property");

/**
 * Who is calling. TargetToken: the device's own credential, valid only on its own URL (another device's id or
 * another tenant answers 401, as an unknown token does). GatewayToken: the property's enrolment key; a device
 * with a credential of its own must use that, and an unknown one enrols itself, pending. A rejected device: 403;
 * one of a property without the terminal business: 403 (platform/auth/businesses.ts).
 */
async function caller(s: Services, rt: DeviceRuntime, req: DdiRequest): Promise<Caller> {
  const auth = parseAuthorization(req.authorization);
  if (!auth) return { answer: unauthorized() };
  let state: DeviceState | null;
  if (auth.kind === 'target') {
    const device = await s.deviceCredentials.resolve(auth.secret);
    if (!device || device.property.pno !== req.tenant || device.deviceId !== req.controllerId) {
      return { answer: unauthorized() };
    }
    state = await rt.state(req.tenant, req.controllerId);
    if (!state) return { answer: unauthorized() };
  } else {
    if (!(await rt.keyMatches(req.tenant, auth.secret))) return { answer: unauthorized() };
    state = (await rt.state(req.tenant, req.controllerId)) ?? (await enrol(s, rt, req));
    if (!state) return { answer: unauthorized() };
    if (state.hasCredential) return { answer: unauthorized() };
  }
  if (state.admission === 'rejected') return { answer: rejected() };
  const businesses = await s.businesses.enabled(req.tenant);
  if (!hasBusiness(businesses, DEVICE_BUSINESS)) return { answer: serviceOff() };
  return { state, businesses };
}

/**
 * An unknown device presenting the enrolment key: it is registered pending (audited). Null when its id is taken
 * in another property (the answer does not say so).
 */
async function enrol(s: Services, rt: DeviceRuntime, req: DdiRequest): Promise<DeviceState | null> {
  s.limiter.hit(`ddi:enrol:${req.tenant}`, { limit: ENROLMENTS_PER_MINUTE, windowMs: 60_000 });
  const now = s.now();
  // The URL's property, whose enrolment key the device presented (caller).
  const inserted = await repo.insertEnrolled(s.db, propertyTenant(req.tenant), {
    device_id: req.controllerId,
    business: DEVICE_BUSINESS,
    os_type: 'other',
    admission: 'pending',
    enrolment: 'gateway',
    created_at: now,
    updated_at: now,
  });
  if (inserted) {
    await audit(s, req, 'ddi/enrol');
    await rt.forgetStates(req.tenant, [req.controllerId]);
  }
  return rt.state(req.tenant, req.controllerId);
}

const audit = (s: Services, req: DdiRequest, endpoint: string) =>
  appendAudit(s.db, {
    at: s.now(),
    actor_uid: null,
    pno: req.tenant,
    endpoint,
    target: req.controllerId,
    result: 0,
    address: req.ip,
    request_id: req.requestId,
  }).catch((err) => s.log.error({ err, reqId: req.requestId }, 'audit write failed'));

/** The property's polling intervals, from memory (poll-intervals.ts) once read. */
async function intervalsOf(s: Services, pno: string): Promise<PollIntervals> {
  const cache = pollIntervals(s);
  return cache.known(pno) ?? (await cache.of(pno));
}

/**
 * Counts a call against the device's allowance (POLLS_PER_INTERVAL per interval); a 429 answer with Retry-After when
 * over it. The interval counted is the shortest the device may be told (its property's rollout interval), and never
 * longer than the server's default, so that a property's long interval does not starve a device's reports.
 */
function overLimit(s: Services, req: DdiRequest, bucket: string, intervals: PollIntervals): DdiAnswer | null {
  try {
    s.limiter.hit(`ddi:${bucket}:${req.tenant}:${req.controllerId}`, {
      limit: POLLS_PER_INTERVAL,
      windowMs: Math.min(intervals.rollout, s.config.devicePollSeconds) * 1000,
    });
    return null;
  } catch (e) {
    if (!(e instanceof AppError) || !e.http.retryAfterSeconds) throw e;
    const seconds = String(e.http.retryAfterSeconds);
    return error(429, 'tooManyRequests', `Polling faster than allowed; retry in ${seconds} s`, {
      'retry-after': seconds,
    });
  }
}

const base = (req: DdiRequest) =>
  `${req.origin}/${encodeURIComponent(req.tenant)}/controller/v1/${encodeURIComponent(req.controllerId)}`;

/**
 * `GET /{tenant}/controller/v1/{controllerId}`: the polling interval and, while the server has none of the device's
 * attributes, the configData link. The interval is the property's (README.md "Polling interval"), its shorter rollout
 * interval while the answer offers a deployment or tells of a cancel. Writes nothing but the sighting (batched,
 * runtime.ts).
 */
export async function poll(s: Services, req: DdiRequest): Promise<DdiAnswer> {
  const rt = runtimeOf(s);
  const who = await caller(s, rt, req);
  if ('answer' in who) return who.answer;
  const intervals = await intervalsOf(s, req.tenant);
  const limited = overLimit(s, req, 'poll', intervals);
  if (limited) return limited;
  rt.saw(req.tenant, req.controllerId, s.now(), req.ip);
  const url = base(req);
  // Keel's extension point (extensions.ts): links other modules add, e.g. `deploymentBase` (modules/device-action).
  const extra = await pollLinks(s, {
    pno: req.tenant,
    deviceId: req.controllerId,
    base: url,
    businesses: who.businesses,
  });
  const rollout = extra !== null && (extra.deploymentBase !== undefined || extra.cancelAction !== undefined);
  const body: DdiControllerBase = { config: pollConfig(rollout ? intervals.rollout : intervals.poll) };
  if (!who.state.reported) body._links = { configData: { href: `${url}/configData` } };
  if (extra) body._links = { ...body._links, ...extra };
  return { status: 200, body };
}

const pollConfigs = new Map<number, DdiControllerBase['config']>();
/** The poll answer's `config` for a polling interval, made once (formatting the interval cost ~3 µs a poll). */
function pollConfig(seconds: number): DdiControllerBase['config'] {
  let config = pollConfigs.get(seconds);
  if (!config) {
    config = Object.freeze({ polling: Object.freeze({ sleep: hhmmss(seconds) }) }) as DdiControllerBase['config'];
    pollConfigs.set(seconds, config);
  }
  return config;
}

/**
 * `PUT …/configData`: the device's attributes, merged, replaced or removed as hawkBit does. An unchanged report
 * writes nothing; a change is stored, with the firmware and app versions read from it, and audited.
 */
export async function putConfigData(s: Services, req: DdiRequest, payload: unknown): Promise<DdiAnswer> {
  const rt = runtimeOf(s);
  const who = await caller(s, rt, req);
  if ('answer' in who) return who.answer;
  const limited = overLimit(s, req, 'config', await intervalsOf(s, req.tenant));
  if (limited) return limited;
  const parsed = ddiConfigData.safeParse(payload);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return error(400, 'badRequest', `Invalid configData: ${issue?.path.join('.') || issue?.message || 'body'}`);
  }
  rt.saw(req.tenant, req.controllerId, s.now(), req.ip);
  const outcome = await recordReport(
    s,
    { pno: req.tenant, deviceId: req.controllerId },
    parsed.data.data,
    parsed.data.mode,
    DDI_ATTRIBUTES_MAX,
  );
  if (outcome === 'unknown') return unauthorized();
  if (outcome === 'tooMany') {
    return error(400, 'badRequest', `Invalid configData: at most ${DDI_ATTRIBUTES_MAX} attributes`);
  }
  if (outcome === 'unchanged') return { status: 200 };
  await audit(s, req, 'ddi/configData');
  return { status: 200 };
}

/**
 * Keel's extension point (extensions.ts): a call of a route another module contributed under the controller's URL,
 * authenticated and counted as the poll is (its own allowance per `route.bucket`); a JSON body is parsed here.
 */
export async function extensionCall(
  s: Services,
  req: DdiRequest,
  route: DdiExtensionRoute,
  params: Record<string, string>,
  text: string | undefined,
): Promise<DdiAnswer | DdiExtensionAnswer> {
  const rt = runtimeOf(s);
  const who = await caller(s, rt, req);
  if ('answer' in who) return who.answer;
  const limited = overLimit(s, req, route.bucket, await intervalsOf(s, req.tenant));
  if (limited) return limited;
  // Work of a business the property does not have is not served; reports on work already given are taken.
  if (!route.report && route.business && !hasBusiness(who.businesses, route.business))
    return error(404, 'notFound', 'Not found');
  let body: unknown;
  if (route.method !== 'GET') {
    try {
      body = parseJsonBody(text ?? '');
    } catch {
      return error(400, 'badRequest', 'The body is not valid JSON');
    }
  }
  rt.saw(req.tenant, req.controllerId, s.now(), req.ip);
  return route.handler(s, {
    pno: req.tenant,
    deviceId: req.controllerId,
    modelId: who.state.modelId,
    params,
    body,
    base: base(req),
    origin: req.origin,
    ifNoneMatch: req.ifNoneMatch,
    acceptsGzip: req.acceptsGzip ?? false,
    ip: req.ip,
    requestId: req.requestId,
    businesses: who.businesses,
  });
}
