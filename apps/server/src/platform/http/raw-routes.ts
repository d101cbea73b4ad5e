import { type DeviceApiEndpoint, ddiEndpoints } from '@keel/contract/device-api/ddi';
import { ddiDeploymentEndpoints } from '@keel/contract/device-api/ddi-deployment';
import { keelAppDdiEndpoints, keelAppMenderEndpoints } from '@keel/contract/device-api/keel-apps';
import { keelCommandEndpoints } from '@keel/contract/device-api/keel-commands';
import { keelSecurityDdiEndpoints, keelSecurityMenderEndpoints } from '@keel/contract/device-api/keel-security';
import { menderEndpoints } from '@keel/contract/device-api/mender';
import type { Endpoint } from '@keel/contract/endpoint';
import { FILE_UPLOAD_PATH } from '@keel/contract/endpoints/file';
import { SOCKET_PATH } from '../realtime/ticket';

/**
 * Every route the server mounts outside the console API's contract endpoints (architecture §4), declared once:
 * the device API (hawkBit DDI and Mender, whose paths and bodies `@keel/contract/device-api` declares), tus
 * uploads, signed download links, the WebSocket, the probes, the OpenAPI pages and the built console. What each
 * takes as a credential and a body, and which path parameters name a property or a device, so that the guard
 * suite (test/guard/raw-*.test.ts) can refuse each without its credential, with another property's, and with
 * hostile parameters; `unmatchedRoutes` names a mounted route declared nowhere (test/guard/route-census.test.ts).
 */

export type RawMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

/**
 * What a route takes to be served:
 * - `none`: public (probes, documentation, the built console);
 * - `session`: a console session's `token` header (tus uploads; an upload is its creator's only);
 * - `ddiDevice`: `TargetToken` (the device's credential) or `GatewayToken` (its property's enrolment key), valid
 *   only for the path's tenant and controller id;
 * - `menderDevice`: Mender's device token (a JWT naming its device and property);
 * - `menderAuth`: Mender's auth request, signed by the device's key and carrying a property's tenant token;
 * - `signedLink`: an expiring link whose signature covers its path (its property, object and expiry);
 * - `socketTicket`: a short-lived ticket of a session, in the query (`rb/getWebSocketUrl`).
 */
export type RawCredential =
  | 'none'
  | 'session'
  | 'ddiDevice'
  | 'menderDevice'
  | 'menderAuth'
  | 'signedLink'
  | 'socketTicket';

export interface RawRoute {
  method: RawMethod;
  /** Fastify's form: `:name` for a parameter, `*` for the rest of the path. */
  path: string;
  credential: RawCredential;
  /** `stream`: bytes read as they come (a tus upload's content). */
  body: 'none' | 'json' | 'stream';
  /** The parameter naming the property the call works in, if the path names one. */
  tenantParam?: string;
  /** The parameter naming the device, if the path names one. */
  deviceParam?: string;
  /** Mounted only when the built console exists (`WEB_DIST`); every other route is always mounted. */
  withWeb?: true;
}

/** `{name}` (OpenAPI, the contract's form) as `:name`. */
export const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

const bodyOf = (def: DeviceApiEndpoint): RawRoute['body'] => (def.body ? 'json' : 'none');

const ddi = [
  ddiEndpoints,
  keelCommandEndpoints,
  ddiDeploymentEndpoints,
  keelAppDdiEndpoints,
  keelSecurityDdiEndpoints,
].flatMap((group) =>
  Object.values(group).map(
    (def: DeviceApiEndpoint): RawRoute => ({
      method: def.method,
      path: fastifyPath(def.path),
      credential: 'ddiDevice',
      body: bodyOf(def),
      tenantParam: 'tenant',
      deviceParam: 'controllerId',
    }),
  ),
);

const mender = [
  ...Object.values(menderEndpoints),
  ...Object.values(keelAppMenderEndpoints),
  ...Object.values(keelSecurityMenderEndpoints),
].map((def: DeviceApiEndpoint): RawRoute => {
  const path = fastifyPath(def.path);
  if (def === menderEndpoints.authRequest) return { method: def.method, path, credential: 'menderAuth', body: 'json' };
  if (def === menderEndpoints.deploymentDownload)
    return {
      method: def.method,
      path,
      credential: 'signedLink',
      body: 'none',
      tenantParam: 'pno',
      deviceParam: 'deviceId',
    };
  // The update check's POST forms carry the device's `device_provides`; GET none.
  return { method: def.method, path, credential: 'menderDevice', body: def.method === 'GET' ? 'none' : 'json' };
});

/**
 * tus (platform/storage/uploads.ts): creation at the mount, the upload's own URL below it; @tus/server answers every
 * method at both (a method out of place is refused by it).
 */
const tus = [FILE_UPLOAD_PATH, `${FILE_UPLOAD_PATH}/:id`].flatMap((path) =>
  (['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'] as const).map(
    (method): RawRoute => ({ method, path, credential: 'session', body: 'stream' }),
  ),
);

const publicPage = (path: string, withWeb?: true): RawRoute => ({
  method: 'GET',
  path,
  credential: 'none',
  body: 'none',
  ...(withWeb ? { withWeb } : {}),
});

export const rawRoutes: readonly RawRoute[] = [
  publicPage('/healthz'),
  publicPage('/readyz'),
  ...ddi,
  ...mender,
  ...tus,
  // Download links (modules/file `downloadLink`, modules/signing `SIGNATURE_DOWNLOAD_PREFIX`, modules/app-store
  // `appFileUrl`).
  {
    method: 'GET',
    path: '/api/download/:kind/:pno/:id/:expires/:sig',
    credential: 'signedLink',
    body: 'none',
    tenantParam: 'pno',
  },
  {
    method: 'GET',
    path: '/api/signature/:pno/:sigId/:expires/:sig',
    credential: 'signedLink',
    body: 'none',
    tenantParam: 'pno',
  },
  {
    method: 'GET',
    path: '/api/app-file/:pno/:fid/:expires/:sig',
    credential: 'signedLink',
    body: 'none',
    tenantParam: 'pno',
  },
  // Each property's F-Droid repository (modules/app-store/http.ts): public, as F-Droid clients send no credential;
  // only what is on the shelf.
  ...[
    '/fdroid/:pno/:scope/repo/:file',
    '/fdroid/:pno/:scope/repo/:folder/:icon',
    '/fdroid/:pno/:scope/repo/:packageName/:locale/phoneScreenshots/:shot',
  ].map((path): RawRoute => ({ method: 'GET', path, credential: 'none', body: 'none', tenantParam: 'pno' })),
  // The PC software store (modules/pc-software/http.ts): public, as installed clients and apt send no credential;
  // the downloads and icons of released software named by its public id, and each property's APT repository.
  ...['/api/soft-download/:publicId/:installerId/:file', '/api/soft-icon/:publicId/:fid'].map(
    (path): RawRoute => ({ method: 'GET', path, credential: 'none', body: 'none' }),
  ),
  ...['/apt/:pno/keel-archive-keyring.asc', '/apt/:pno/dists/:suite/*', '/apt/:pno/pool/main/:installerId/:file'].map(
    (path): RawRoute => ({ method: 'GET', path, credential: 'none', body: 'none', tenantParam: 'pno' }),
  ),
  { method: 'GET', path: SOCKET_PATH, credential: 'socketTicket', body: 'none' },
  // The OpenAPI document and its pages (@fastify/swagger-ui under /api/docs).
  ...['/api/docs', '/api/docs/json', '/api/docs/yaml', '/api/docs/static/index.html'].map((p) => publicPage(p)),
  publicPage('/api/docs/static/swagger-initializer.js'),
  // Mounted by @fastify/static's HEAD routes for the pages' directory, with no GET of its own.
  { ...publicPage('/api/docs/'), method: 'HEAD' },
  publicPage('/api/docs/static/*'),
  // The built console (platform/http/web.ts): its root and its files.
  publicPage('/', true),
  publicPage('/*', true),
];

/** A route Fastify mounted: its method and full path. */
export interface MountedRoute {
  method: string;
  path: string;
}

/** The declaration of a mounted route (a HEAD answered by its GET's declaration, as Fastify adds one to each GET). */
export function rawRouteOf(route: MountedRoute): RawRoute | undefined {
  const find = (method: string) => rawRoutes.find((r) => r.method === method && r.path === route.path);
  return find(route.method) ?? (route.method === 'HEAD' ? find('GET') : undefined);
}

/** Whether a mounted route is a contract endpoint's (`/api/<path>`, its method, and the HEAD of a GET). */
export function isEndpointRoute(route: MountedRoute, endpoints: readonly Endpoint[]): boolean {
  return endpoints.some(
    (def) =>
      `/api/${def.path}` === route.path &&
      (def.method === route.method || (def.method === 'GET' && route.method === 'HEAD')),
  );
}

/** The mounted routes declared nowhere: neither a contract endpoint nor a raw route. */
export const unmatchedRoutes = (mounted: readonly MountedRoute[], endpoints: readonly Endpoint[]): MountedRoute[] =>
  mounted.filter((r) => !isEndpointRoute(r, endpoints) && !rawRouteOf(r));
