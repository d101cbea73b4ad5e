import {
  constants,
  createHash,
  createHmac,
  createPublicKey,
  randomBytes,
  randomInt,
  timingSafeEqual,
  verify,
} from 'node:crypto';
import {
  MENDER_ATTRIBUTE_VALUE_MAX,
  MENDER_ATTRIBUTES_MAX,
  type MenderError,
  menderAuthRequest,
  menderInventory,
} from '@keel/contract/device-api/mender';
import type { DeviceDetail } from '@keel/contract/endpoints/device';
import { DEVICE_BUSINESS, DEVICE_ID_PATTERN } from '@keel/contract/endpoints/device-common';
import { appendAudit } from '../../platform/audit/audit-log';
import { hasBusiness } from '../../platform/auth/businesses';
import { serverSecret } from '../../platform/auth/server-keys-repo';
import { isUniqueViolation } from '../../platform/db/sql-helpers';
import { AppError } from '../../platform/http/errors';
import { parseJsonBody } from '../../platform/http/json-body';
import { newId, sha256 } from '../../platform/ids';
import type { Services } from '../../platform/services';
import { propertyTenant, type Tenant } from '../../platform/tenancy/tenant';
import { ENROLMENTS_PER_MINUTE, POLLS_PER_INTERVAL } from './ddi-service';
import { type DdiExtensionAnswer, type DdiExtensionRoute, menderDeployments } from './extensions';
import * as menderRepo from './mender-repo';
import * as repo from './repo';
import { recordReport } from './report';
import { type DeviceRuntime, runtimeOf } from './runtime';

/**
 * The rules of Mender's device API (README.md "Device API: Mender"): signed auth requests, admission, device
 * tokens (JWT), inventory, the update check. Answers are HTTP statuses with Mender's JSON, never the console
 * envelope. No SQL, no HTTP objects.
 */

export interface MenderRequest {
  authorization: string | undefined;
  ip: string;
  requestId: string;
  /** `scheme://host` the device called (download links). */
  origin?: string;
  /** The request's `If-None-Match` (an extension route answering with an ETag). */
  ifNoneMatch?: string;
  /** Whether `Accept-Encoding` takes gzip. */
  acceptsGzip?: boolean;
}

export interface MenderAnswer {
  status: number;
  /** JSON for an object, the raw text (with `type`) for a string. */
  body?: MenderError | string | object;
  type?: string;
  headers?: Record<string, string>;
}

/** How long a device token lasts (Mender's default is a week); the client authenticates again after it. */
export const TOKEN_TTL_SECONDS = 7 * 24 * 3600;
const SECRET_NAME = 'mender-device-jwt-hmac';
const ISSUER = 'Keel';

export const failure = (
  status: number,
  message: string,
  req: { requestId: string },
  headers?: Record<string, string>,
): MenderAnswer => ({ status, body: { error: message, request_id: req.requestId }, ...(headers ? { headers } : {}) });

const unauthorized = (req: MenderRequest, message = 'Unauthorized') => failure(401, message, req);

/** The signing secret of device tokens, per installation (server_keys), loaded once per app. */
const secrets = new WeakMap<Services, Promise<Buffer>>();
function secretOf(s: Services): Promise<Buffer> {
  let p = secrets.get(s);
  if (!p) {
    p = serverSecret(s.db, SECRET_NAME, () => randomBytes(32).toString('base64'), s.now()).then((v) =>
      Buffer.from(v, 'base64'),
    );
    p.catch(() => secrets.delete(s));
    secrets.set(s, p);
  }
  return p;
}

interface Claims {
  sub: string;
  'mender.tenant': string;
  gen: number;
  exp: number;
}

const b64url = (v: string | Buffer) => Buffer.from(v).toString('base64url');
const JWT_HEADER = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

/** A device token: HS256 JWT naming the device, its property and its token generation. */
async function issueToken(s: Services, pno: string, deviceId: string, generation: number): Promise<string> {
  const iat = Math.floor(s.now() / 1000);
  const payload = b64url(
    JSON.stringify({
      jti: newId(),
      sub: deviceId,
      iss: ISSUER,
      iat,
      exp: iat + TOKEN_TTL_SECONDS,
      'mender.device': true,
      'mender.tenant': pno,
      gen: generation,
    }),
  );
  const mac = createHmac('sha256', await secretOf(s))
    .update(`${JWT_HEADER}.${payload}`)
    .digest('base64url');
  return `${JWT_HEADER}.${payload}.${mac}`;
}

/** The claims of a token this installation signed and that has not expired; null otherwise. */
async function readToken(s: Services, token: string): Promise<Claims | null> {
  if (token.length > 2048) return null;
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, mac] = parts as [string, string, string];
  if (header !== JWT_HEADER) return null;
  const expected = createHmac('sha256', await secretOf(s))
    .update(`${header}.${payload}`)
    .digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const c = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<Claims>;
    if (typeof c.sub !== 'string' || typeof c['mender.tenant'] !== 'string' || typeof c.gen !== 'number') return null;
    if (typeof c.exp !== 'number' || c.exp * 1000 <= s.now()) return null;
    return c as Claims;
  } catch {
    return null;
  }
}

const bearer = (header: string | undefined): string | null => {
  const m = header?.match(/^Bearer\s+(.+)$/i);
  return m?.[1]?.trim() || null;
};

/** Whether `signature` (base64) is the key's signature of `body`: RSA PKCS#1 v1.5 SHA-256 (≥ 2048 bits) or Ed25519. */
export function signatureValid(pubkey: string, body: Buffer, signature: string | undefined): boolean {
  if (!signature) return false;
  try {
    const key = createPublicKey(pubkey);
    const sig = Buffer.from(signature, 'base64');
    if (key.asymmetricKeyType === 'rsa') {
      if ((key.asymmetricKeyDetails?.modulusLength ?? 0) < 2048) return false;
      return verify('sha256', body, { key, padding: constants.RSA_PKCS1_PADDING }, sig);
    }
    if (key.asymmetricKeyType === 'ed25519') return verify(null, body, key, sig);
    return false;
  } catch {
    return false;
  }
}

/** The key in one canonical PEM form (so that the same key compares equal however it was wrapped). */
const canonicalKey = (pem: string) => createPublicKey(pem).export({ type: 'spki', format: 'pem' }).toString();

/** Identity keys whose value becomes the device id, in order of preference (compared without case). */
const ID_KEYS = ['device_id', 'deviceid', 'serial_number', 'serialnumber', 'serial', 'sn', 'mac'];

export interface Identity {
  /** The identity's canonical JSON (keys sorted). */
  canonical: string;
  hash: string;
  /** The device id it maps to: a serial or MAC the identity names, else `mender-` and a digest of it. */
  deviceId: string;
}

/** Reads Mender's `id_data` (a JSON object as text); null when it is not one. */
export function identityOf(idData: string): Identity | null {
  let value: unknown;
  try {
    value = JSON.parse(idData);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (entries.length === 0 || entries.length > 32) return null;
  for (const [, v] of entries) {
    const ok = typeof v === 'string' || (Array.isArray(v) && v.every((x) => typeof x === 'string'));
    if (!ok) return null;
  }
  const canonical = JSON.stringify(Object.fromEntries(entries));
  const hash = sha256(canonical);
  const folded = new Map(entries.map(([k, v]) => [k.toLowerCase(), v]));
  let deviceId = `mender-${hash.slice(0, 24)}`;
  for (const key of ID_KEYS) {
    const v = folded.get(key);
    if (typeof v === 'string' && DEVICE_ID_PATTERN.test(v)) {
      deviceId = v;
      break;
    }
  }
  return { canonical, hash, deviceId };
}

/** Counts a call against the device's allowance (as DDI's); a 429 answer with Retry-After when over it. */
function overLimit(s: Services, req: MenderRequest, bucket: string, who: string): MenderAnswer | null {
  try {
    s.limiter.hit(`mender:${bucket}:${who}`, {
      limit: POLLS_PER_INTERVAL,
      windowMs: s.config.devicePollSeconds * 1000,
    });
    return null;
  } catch (e) {
    if (!(e instanceof AppError) || !e.http.retryAfterSeconds) throw e;
    const seconds = String(e.http.retryAfterSeconds);
    return failure(429, `Calling faster than allowed; retry in ${seconds} s`, req, { 'retry-after': seconds });
  }
}

const audit = (s: Services, req: MenderRequest, pno: string, deviceId: string, endpoint: string) =>
  appendAudit(s.db, {
    at: s.now(),
    actor_uid: null,
    pno,
    endpoint,
    target: deviceId,
    result: 0,
    address: req.ip,
    request_id: req.requestId,
  }).catch((err) => s.log.error({ err, reqId: req.requestId }, 'audit write failed'));

export interface AuthInput extends MenderRequest {
  /** The exact bytes of the body (the signature covers them). */
  raw: Buffer;
  signature: string | undefined;
}

/**
 * `POST /api/devices/v1/authentication/auth_requests`. The signature must be the body's, by the key in it. The
 * tenant token (body, else `Authorization: Bearer`) is the property's enrolment key — an unknown identity then
 * enrols a device, pending — or a device's own credential, which binds the identity to that (accepted) device.
 * The first key a device authenticates with is kept; another key for the same identity is refused. Pending or
 * rejected: 401 with Mender's JSON error. Accepted: 200 with the device token as the raw body, every time.
 */
export async function authenticate(s: Services, req: AuthInput): Promise<MenderAnswer> {
  let payload: unknown;
  try {
    payload = parseJsonBody(req.raw.toString('utf8'));
  } catch {
    return failure(400, 'The body is not valid JSON', req);
  }
  const parsed = menderAuthRequest.safeParse(payload);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return failure(400, `Invalid auth request: ${issue?.path.join('.') || issue?.message || 'body'}`, req);
  }
  const body = parsed.data;
  if (!signatureValid(body.pubkey, req.raw, req.signature)) return unauthorized(req, 'Signature verification failed');
  const identity = identityOf(body.id_data);
  if (!identity) return failure(400, 'Invalid auth request: id_data is not a JSON object of texts', req);
  const tenantToken = body.tenant_token?.trim() || bearer(req.authorization);
  if (!tenantToken || tenantToken.length > 200) return unauthorized(req, 'Invalid tenant token');

  // Whose tenant token: a property's enrolment key, or a device's own credential.
  let pno = await menderRepo.propertyOfKey(s.db, sha256(tenantToken));
  let credentialOf: string | null = null;
  if (!pno) {
    const device = await s.deviceCredentials.resolve(tenantToken);
    if (!device) return unauthorized(req, 'Invalid tenant token');
    pno = device.property.pno;
    credentialOf = device.deviceId;
  }
  const limited = overLimit(s, req, 'auth', `${pno}:${identity.hash}`);
  if (limited) return limited;
  if (!hasBusiness(await s.businesses.enabled(pno), DEVICE_BUSINESS)) return serviceOff(req);

  const rt = runtimeOf(s);
  const pubkey = canonicalKey(body.pubkey);
  // The property the key's hash or the credential named (read from the database, never from the request).
  const tenant = propertyTenant(pno);
  const known = await menderRepo.findIdentity(s.db, tenant, identity.hash);
  let deviceId: string;
  if (known) {
    if (credentialOf !== null && known.device_id !== credentialOf) {
      return unauthorized(req, 'This identity belongs to another device');
    }
    if (known.pubkey !== pubkey) {
      // A new key (a factory reset, a replaced secure element) waits for an administrator, as Mender lists a new
      // authentication set as pending; the enrolled key keeps working meanwhile.
      if (known.pending_pubkey !== pubkey) {
        await menderRepo.setPendingKey(s.db, tenant, known.device_id, pubkey, s.now());
        await audit(s, req, pno, known.device_id, 'mender/newKey');
      }
      return unauthorized(req, 'The device presents a new key: it is pending until an administrator accepts it');
    }
    deviceId = known.device_id;
  } else {
    const bound = await bindIdentity(s, rt, req, tenant, identity, pubkey, credentialOf);
    if ('status' in bound) return bound;
    deviceId = bound.deviceId;
  }

  rt.saw(pno, deviceId, s.now(), req.ip);
  const state = await rt.state(pno, deviceId);
  if (!state || state.menderGeneration === null) return unauthorized(req);
  if (state.admission === 'pending') return unauthorized(req, 'The device is pending: an administrator must accept it');
  if (state.admission !== 'accepted') return unauthorized(req, 'The device was rejected by an administrator');
  return {
    status: 200,
    body: await issueToken(s, pno, deviceId, state.menderGeneration),
    type: 'application/jwt',
  };
}

/**
 * A new identity in the property: bound to the device its credential names, to an existing device of its id that
 * has no credential (one that enrolled over DDI), or to a new device enrolled pending. Audited.
 */
async function bindIdentity(
  s: Services,
  rt: DeviceRuntime,
  req: MenderRequest,
  tenant: Tenant,
  identity: Identity,
  pubkey: string,
  credentialOf: string | null,
): Promise<{ deviceId: string } | MenderAnswer> {
  const { pno } = tenant;
  const deviceId = credentialOf ?? identity.deviceId;
  const existing = await rt.state(pno, deviceId);
  if (existing) {
    if (existing.menderGeneration !== null) return unauthorized(req, 'Another identity holds this device id');
    if (credentialOf === null && existing.hasCredential) {
      return unauthorized(req, 'This device has a credential of its own: present it as the tenant token');
    }
  } else {
    s.limiter.hit(`ddi:enrol:${pno}`, { limit: ENROLMENTS_PER_MINUTE, windowMs: 60_000 });
  }
  const now = s.now();
  const row = {
    device_id: deviceId,
    id_hash: identity.hash,
    id_data: identity.canonical,
    pubkey,
    // A random start: the tokens of a device deleted and enrolled again under the same id never match its new row.
    generation: randomInt(0, 2 ** 30),
    created_at: now,
    updated_at: now,
  };
  try {
    const enrolled = await s.db.transaction().execute(async (trx) => {
      if (existing) {
        await menderRepo.insertIdentity(trx, tenant, row);
        return false;
      }
      const inserted = await repo.insertEnrolled(trx, tenant, {
        device_id: deviceId,
        business: DEVICE_BUSINESS,
        os_type: 'linux',
        admission: 'pending',
        enrolment: 'gateway',
        created_at: now,
        updated_at: now,
      });
      // The id is held in another property: nothing is enrolled, and the answer does not say why.
      if (!inserted) return null;
      await menderRepo.insertIdentity(trx, tenant, row);
      return true;
    });
    if (enrolled === null) return unauthorized(req);
    await rt.forgetStates(pno, [deviceId]);
    await audit(s, req, pno, deviceId, enrolled ? 'mender/enrol' : 'mender/identity');
    return { deviceId };
  } catch (error) {
    // Two first requests of one identity at once: the other one bound it; this device asks again.
    if (isUniqueViolation(error)) return unauthorized(req, 'Try again');
    throw error;
  }
}

type Caller =
  | { pno: string; deviceId: string; modelId: string | null; businesses: ReadonlySet<string> }
  | { answer: MenderAnswer };

/** A device of a property without the terminal business (platform/auth/businesses.ts). */
const serviceOff = (req: MenderRequest) =>
  unauthorized(req, "The device service is not enabled for the device's property");

/**
 * The device of a valid, unrevoked device token whose device is accepted and whose property has the terminal
 * business; 401 otherwise.
 */
async function caller(s: Services, req: MenderRequest): Promise<Caller> {
  const token = bearer(req.authorization);
  const claims = token ? await readToken(s, token) : null;
  if (!claims) return { answer: unauthorized(req) };
  const pno = claims['mender.tenant'];
  const state = await runtimeOf(s).state(pno, claims.sub);
  if (state?.admission !== 'accepted' || state.menderGeneration !== claims.gen) {
    return { answer: unauthorized(req) };
  }
  const businesses = await s.businesses.enabled(pno);
  if (!hasBusiness(businesses, DEVICE_BUSINESS)) return { answer: serviceOff(req) };
  return { pno, deviceId: claims.sub, modelId: state.modelId, businesses };
}

/**
 * Keel's extension routes that serve Mender devices too (extensions.ts `mender`): authenticated by the device token
 * and counted as the update check is (each route its own allowance); a JSON body is parsed here; an error answer is
 * given in Mender's form.
 */
export async function extensionCall(
  s: Services,
  req: MenderRequest,
  route: DdiExtensionRoute,
  params: Record<string, string>,
  text: string,
): Promise<MenderAnswer | DdiExtensionAnswer> {
  const who = await caller(s, req);
  if ('answer' in who) return who.answer;
  const limited = overLimit(s, req, route.bucket, `${who.pno}:${who.deviceId}`);
  if (limited) return limited;
  if (!route.report && route.business && !hasBusiness(who.businesses, route.business))
    return failure(404, 'Not found', req);
  let body: unknown;
  if (route.method !== 'GET') {
    try {
      body = parseJsonBody(text);
    } catch {
      return failure(400, 'The body is not valid JSON', req);
    }
  }
  runtimeOf(s).saw(who.pno, who.deviceId, s.now(), req.ip);
  const answer = await route.handler(s, {
    pno: who.pno,
    deviceId: who.deviceId,
    modelId: who.modelId,
    params,
    body,
    base: '',
    origin: req.origin ?? '',
    ifNoneMatch: req.ifNoneMatch,
    acceptsGzip: req.acceptsGzip ?? false,
    ip: req.ip,
    requestId: req.requestId,
    businesses: who.businesses,
  });
  if (answer.status < 400) return answer;
  const message = (answer.body as { message?: unknown } | undefined)?.message;
  return failure(answer.status, typeof message === 'string' ? message : 'Request failed', req, answer.headers);
}

/**
 * `GET|POST …/deployments/device/deployments/next`: the deployment the module contributing Mender deployments
 * offers (extensions.ts `menderDeploymentPoint`: modules/device-action), else 204. `device_type` and
 * `artifact_name` come from the query (GET) or the body (`device_provides` for v2). Writes nothing but the sighting.
 */
export async function nextDeployment(
  s: Services,
  req: MenderRequest,
  ask: { deviceType: string; artifactName: string },
): Promise<MenderAnswer> {
  const who = await caller(s, req);
  if ('answer' in who) return who.answer;
  const limited = overLimit(s, req, 'poll', `${who.pno}:${who.deviceId}`);
  if (limited) return limited;
  runtimeOf(s).saw(who.pno, who.deviceId, s.now(), req.ip);
  const provider = menderDeployments(s);
  if (!provider) return { status: 204 };
  const answer = await provider.next(s, {
    pno: who.pno,
    deviceId: who.deviceId,
    deploymentId: '',
    ...ask,
    body: undefined,
    origin: req.origin ?? '',
    businesses: who.businesses,
  });
  return answer as MenderAnswer;
}

/** `PUT …/deployments/device/deployments/{id}/status|log`: the device's report, to the same module (204). */
export async function deploymentReport(
  s: Services,
  req: MenderRequest,
  kind: 'status' | 'log',
  deploymentId: string,
  payload: unknown,
): Promise<MenderAnswer> {
  const who = await caller(s, req);
  if ('answer' in who) return who.answer;
  const limited = overLimit(
    s,
    req,
    kind === 'status' ? 'deploymentStatus' : 'deploymentLog',
    `${who.pno}:${who.deviceId}`,
  );
  if (limited) return limited;
  // A report on a deployment already given is taken whatever the businesses (platform/auth/businesses.ts).
  const provider = menderDeployments(s);
  if (!provider) return failure(404, 'No such deployment', req);
  const call = {
    pno: who.pno,
    deviceId: who.deviceId,
    deploymentId,
    deviceType: '',
    artifactName: '',
    body: payload,
    origin: req.origin ?? '',
    businesses: who.businesses,
  };
  const answer = kind === 'status' ? await provider.status(s, call) : await provider.log(s, call);
  return answer as MenderAnswer;
}

/**
 * `GET …/deployments/download/{link…}`: a signed download link the update check handed out (it carries no device
 * token), while the link's property has the businesses to serve it; 404 otherwise.
 */
export async function deploymentDownload(s: Services, params: Record<string, string>): Promise<DdiExtensionAnswer> {
  const provider = menderDeployments(s);
  const businesses = await s.businesses.enabled(params.pno ?? '');
  if (!provider || !hasBusiness(businesses, DEVICE_BUSINESS)) return { status: 404 };
  return provider.download(s, params, businesses);
}

/** Mender's attribute values as texts: lists (several addresses) joined with ", ". */
const asText = (v: string | number | boolean | ReadonlyArray<string | number | boolean>) =>
  Array.isArray(v) ? v.map(String).join(', ') : String(v);

/**
 * `PATCH …/inventory/device/attributes` merges the attributes into what the device reported; `PUT` replaces them
 * (Mender's semantics: the client sends its whole inventory). 200 either way (mender-client takes 204 as an
 * error). An unchanged report writes nothing; a change is stored and audited.
 */
export async function putInventory(
  s: Services,
  req: MenderRequest,
  payload: unknown,
  mode: 'merge' | 'replace',
): Promise<MenderAnswer> {
  const who = await caller(s, req);
  if ('answer' in who) return who.answer;
  const limited = overLimit(s, req, 'inventory', `${who.pno}:${who.deviceId}`);
  if (limited) return limited;
  const parsed = menderInventory.safeParse(payload);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return failure(400, `Invalid attributes: ${issue?.path.join('.') || issue?.message || 'body'}`, req);
  }
  const report: Record<string, string> = {};
  for (const a of parsed.data) {
    const text = asText(a.value);
    if (text.length > MENDER_ATTRIBUTE_VALUE_MAX) {
      return failure(400, `Invalid attributes: ${a.name} is longer than ${MENDER_ATTRIBUTE_VALUE_MAX}`, req);
    }
    report[a.name] = text;
  }
  runtimeOf(s).saw(who.pno, who.deviceId, s.now(), req.ip);
  const outcome = await recordReport(s, who, report, mode, MENDER_ATTRIBUTES_MAX);
  if (outcome === 'unknown') return unauthorized(req);
  if (outcome === 'tooMany') return failure(400, `Invalid attributes: at most ${MENDER_ATTRIBUTES_MAX}`, req);
  if (outcome === 'unchanged') return { status: 200 };
  await audit(s, req, who.pno, who.deviceId, 'mender/inventory');
  return { status: 200 };
}

/**
 * Revokes the Mender device tokens of these devices on every instance (their credential was reset or they were
 * rejected): the tokens carry the old generation, and the devices' cached state is dropped everywhere.
 */
export async function revokeDeviceTokens(s: Services, tenant: Tenant, deviceIds: readonly string[]): Promise<void> {
  await menderRepo.revokeTokens(s.db, tenant, deviceIds, s.now());
  await runtimeOf(s).forgetStates(tenant.pno, deviceIds);
}

/** A public key's SHA-256 fingerprint as OpenSSH writes one (`SHA256:` and the digest in unpadded base64). */
function fingerprintOf(pem: string): string {
  const der = createPublicKey(pem).export({ type: 'spki', format: 'der' });
  return `SHA256:${createHash('sha256').update(der).digest('base64').replace(/=+$/, '')}`;
}

/** The device's Mender keys as the console shows them: the enrolled one and a new one waiting; null without Mender. */
export async function menderKeyOf(s: Services, tenant: Tenant, deviceId: string): Promise<DeviceDetail['menderKey']> {
  const keys = await menderRepo.keysOf(s.db, tenant, deviceId);
  if (!keys) return null;
  return {
    fingerprint: fingerprintOf(keys.pubkey),
    pending:
      keys.pending_pubkey === null
        ? null
        : { fingerprint: fingerprintOf(keys.pending_pubkey), time: keys.pending_at ?? 0 },
  };
}

/**
 * `di/admitDeviceKey`: accepts the new key a device presented (it becomes the device's key, every token of the old
 * one stops on every instance) or rejects it. `noNewDeviceKey` when none is waiting (settled meanwhile, say).
 */
export async function settleNewKey(s: Services, tenant: Tenant, deviceId: string, accept: boolean) {
  const keys = await menderRepo.keysOf(s.db, tenant, deviceId);
  if (!keys?.pending_pubkey) throw new AppError('noNewDeviceKey');
  const changed = await menderRepo.settlePendingKey(s.db, tenant, deviceId, keys.pending_pubkey, accept, s.now());
  if (!changed) throw new AppError('noNewDeviceKey');
  if (accept) await runtimeOf(s).forgetStates(tenant.pno, [deviceId]);
  return { changed: 1 as const };
}
