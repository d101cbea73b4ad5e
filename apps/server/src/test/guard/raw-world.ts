import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { type IncomingHttpHeaders, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FILE_UPLOAD_PATH } from '@keel/contract/endpoints/file';
import { type DeviceFixture, servedDeviceFixture } from '../device-fixture';
import type { TestEnv } from '../harness';

/**
 * The world of the raw-route guard suite (raw-guard.test.ts): the device fixture's people and properties, served on
 * a local port (paths reach the server exactly as written: `fetch` would resolve `..` and `%2e%2e` first), with
 * what each kind of credential of platform/http/raw-routes.ts needs, in the demo property and in the partner one.
 */

export interface RawReply {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A device of the DDI API: its id and `TargetToken …`. */
export interface DdiDevice {
  deviceId: string;
  auth: string;
}

export interface RawWorld {
  fx: DeviceFixture;
  /** `http://127.0.0.1:<port>` of the listening app. */
  base: string;
  /** Two devices of the demo property and one of the partner property. */
  demoA: DdiDevice;
  demoB: DdiDevice;
  partnerP: DdiDevice;
  /** The properties' enrolment keys (DDI `GatewayToken`, Mender's tenant token). */
  enrolmentKey: { demo: string; partner: string };
  /** A Mender device of the demo property: its id and device token (JWT). */
  mender: { deviceId: string; token: string };
  /** A Mender auth request for `idData` with `tenantToken`, signed by a device key as mender-client signs it. */
  menderAuthRequest(idData: Record<string, string>, tenantToken: string): { body: string; signature: string };
  /** The partner property's file space (a tus upload there names it in its metadata). */
  partnerSpace: string;
  /** A file space of the demo property. */
  demoSpace: string;
  /** An unfinished tus upload of the demo owner: its path. */
  ownerUpload: string;
  /** A new download link of a file of the demo property (valid a minute of the app's clock): its path. */
  downloadLink(): Promise<string>;
  /** A WebSocket ticket of a session of `who`. */
  socketTicket(who: 'owner' | 'member'): Promise<string>;
  /** One request, its path sent as written. */
  send(method: string, path: string, headers?: Record<string, string>, body?: string): Promise<RawReply>;
}

/** `Upload-Metadata` of a tus request. */
export const tusMetadata = (metadata: Record<string, string>) =>
  Object.entries(metadata)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

export async function buildRawWorld(env: () => TestEnv): Promise<RawWorld> {
  const { fx, url: base } = await servedDeviceFixture(env);
  const send = (method: string, path: string, headers: Record<string, string> = {}, body?: string) =>
    sendRaw(base, method, path, headers, body);

  const demoA = await fx.deviceAt('1.0', { prefix: 'rawA' });
  const demoB = await fx.deviceAt('1.0', { prefix: 'rawB' });
  const partnerP = await fx.deviceAt('1.0', { prefix: 'rawP', who: fx.operator });
  const enrolmentKey = {
    demo: (await fx.ok('di/resetEnrolmentKey', {})).key as string,
    partner: (await fx.ok('di/resetEnrolmentKey', {}, fx.operator)).key as string,
  };
  const mender = await fx.menderDeviceAt('1.0', { enrolmentKey: enrolmentKey.demo });

  const key = deviceKey();
  const menderAuthRequest = (idData: Record<string, string>, tenantToken: string) => {
    const body = JSON.stringify({ id_data: JSON.stringify(idData), pubkey: key.pem, tenant_token: tenantToken });
    return { body, signature: sign('sha256', Buffer.from(body), key.privateKey).toString('base64') };
  };

  const demoSpace = await fx.firmwareSpace('Raw guard');
  const partnerSpace = await fx.firmwareSpace('Raw guard partner', { who: fx.operator });
  const created = await send('POST', FILE_UPLOAD_PATH, {
    token: fx.owner.token,
    'tus-resumable': '1.0.0',
    'upload-length': '4',
    'upload-metadata': tusMetadata({ pno: fx.demo, sid: demoSpace, filename: 'raw.bin' }),
  });
  if (created.status !== 201) throw new Error(`raw world: tus create answered ${created.status} ${created.body}`);
  const ownerUpload = String(created.headers.location);

  const { fid } = await fx.upload(demoSpace, 'raw.txt', 'raw guard');

  return {
    fx,
    base,
    demoA,
    demoB,
    partnerP,
    enrolmentKey,
    mender: { deviceId: mender.deviceId, token: mender.auth.replace(/^Bearer /, '') },
    menderAuthRequest,
    partnerSpace,
    demoSpace,
    ownerUpload,
    downloadLink: async () => new URL((await fx.ok('fis/fi/getDownloadUrl', { fid })).url as string, base).pathname,
    socketTicket: async (who) => {
      const { url } = await fx.ok('rb/getWebSocketUrl', {}, fx[who]);
      return new URL(url as string, base).searchParams.get('ticket') as string;
    },
    send,
  };
}

/** One request over a socket of its own; a connection closed without an answer is status 0. */
export function sendRaw(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<RawReply> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve) => {
    const req = request({ host: hostname, port, method, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', () => resolve({ status: 0, headers: {}, body: '' }));
    });
    req.on('error', () => resolve({ status: 0, headers: {}, body: '' }));
    req.end(body);
  });
}

/** A built console for the suite's app (platform/http/web.ts mounts its routes only when one exists); removed by `drop`. */
export function testWebDist(): { dir: string; drop(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'keel-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Keel</title>');
  writeFileSync(join(dir, 'assets', 'app.js'), 'export {};');
  return { dir, drop: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A Mender device key (RSA, as mender-client makes one), made once per run. */
let key: { privateKey: KeyObject; pem: string } | undefined;
function deviceKey() {
  if (!key) {
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    key = { privateKey: pair.privateKey, pem: pair.publicKey.export({ type: 'spki', format: 'pem' }).toString() };
  }
  return key;
}
