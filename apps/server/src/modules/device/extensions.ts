import type { Business } from '@keel/contract/constants';
import { type ExtensionPoint, extensionPoint, indexBy } from '../../platform/extension-points';
import type { Services } from '../../platform/services';
import type { Download } from '../../platform/storage/download';

/**
 * Keel's extensions of the device API (README.md "Keel extensions"): links other modules add to a device's DDI poll
 * answer, the routes under `/{tenant}/controller/v1/{controllerId}` those links lead to (modules/device-action's
 * deployments and commands), and the module that answers Mender's deployment calls. They are extension points
 * (platform/extension-points.ts): a module lists its contributions in its module definition, and the device module
 * reads them back (`s.extensions.all(…)`), never importing the modules that contribute. hawkBit clients ignore links
 * they do not know.
 */

export type PollLinks = Record<string, { href: string }>;

/** What a poll link provider is asked about: an accepted device polling, and the businesses its property has. */
export interface PollLinkCall {
  pno: string;
  deviceId: string;
  /** The device's `…/controller/v1/{controllerId}` URL. */
  base: string;
  /** Work of a business the property lacks is not offered (platform/auth/businesses.ts `hasBusiness`). */
  businesses: ReadonlySet<string>;
}

/**
 * The links a module adds to a device's poll answer (null for none). Called on every poll of an accepted device:
 * it must answer from memory for a device with nothing to do (platform/realtime/device-flags.ts).
 */
export type PollLinkProvider = (s: Services, call: PollLinkCall) => Promise<PollLinks | null>;

/**
 * A call of an extension route, once the device is authenticated (as for the poll, or by its Mender device token) and
 * within its allowance.
 */
export interface DdiExtensionCall {
  pno: string;
  deviceId: string;
  /** The device's model in the catalogue, null when it has none (cached with the device's state). */
  modelId: string | null;
  /** The route's own path parameters (`:cmdId`). */
  params: Record<string, string>;
  /** The parsed JSON body (undefined for GET). */
  body: unknown;
  /** The device's `…/controller/v1/{controllerId}` URL ('' over Mender). */
  base: string;
  /** `scheme://host` the device called. */
  origin: string;
  /** The request's `If-None-Match`, for a route answering with an ETag. */
  ifNoneMatch: string | undefined;
  /** Whether the device takes a gzip-encoded answer (`Accept-Encoding`), for a route keeping one. */
  acceptsGzip: boolean;
  ip: string;
  requestId: string;
  /** The businesses the property has: work of one it lacks is not served (reports on work given are taken). */
  businesses: ReadonlySet<string>;
}

export interface DdiExtensionAnswer {
  status: number;
  /** JSON: a value, or its bytes already written (a list kept in memory). */
  body?: unknown;
  headers?: Record<string, string>;
  /** A stored blob to send instead of a JSON body (an artifact download: Range, ETag; platform/storage/download.ts). */
  blob?: Download;
}

export interface DdiExtensionRoute {
  method: 'GET' | 'POST' | 'PUT';
  /**
   * The business whose work the route serves: 404 where the property does not have it, unless `report`. Absent:
   * the handler judges by the business of the work it is asked for (`call.businesses`).
   */
  business?: Business;
  /** A device's report on work it was already given (feedback): taken whatever the businesses. */
  report?: boolean;
  /** After `/{tenant}/controller/v1/{controllerId}`, in Fastify's form: `/keelCommands/:cmdId/feedback`. */
  suffix: string;
  /** Its own allowance per device per polling interval (as polls and reports have theirs). */
  bucket: string;
  /**
   * Also mounted for Mender devices, at `/api/devices/v1/keel` and this suffix (Fastify's form), authenticated by the
   * device token; Mender's error bodies. A route meant for both protocols only (`base` is '' there).
   */
  mender?: string;
  handler: (s: Services, call: DdiExtensionCall) => Promise<DdiExtensionAnswer>;
}

/** Links added to every poll answer. */
export const ddiPollLinks: ExtensionPoint<PollLinkProvider> = extensionPoint('device.ddi-poll-links');
/** Routes under the controller's URL; the device API mounts them when it starts (each method and suffix once). */
export const ddiRoutes: ExtensionPoint<DdiExtensionRoute> = extensionPoint('device.ddi-routes');

export const ddiExtensionRoutes = (s: Services): DdiExtensionRoute[] => [
  ...indexBy(ddiRoutes, s.extensions.all(ddiRoutes), (r) => `${r.method} ${r.suffix}`).values(),
];

/** The links of every provider, or null when none has any. */
export async function pollLinks(s: Services, call: PollLinkCall): Promise<PollLinks | null> {
  const providers = s.extensions.all(ddiPollLinks);
  if (providers.length === 0) return null;
  const out: PollLinks = {};
  let any = false;
  for (const provider of providers) {
    const links = await provider(s, call);
    if (links) {
      Object.assign(out, links);
      any = true;
    }
  }
  return any ? out : null;
}

/** A Mender deployment call, once the device's token is checked (as for the update check) and within its allowance. */
export interface MenderDeploymentCall {
  pno: string;
  deviceId: string;
  /** The deployment id of `…/deployments/{id}/status|log` ('' for the update check). */
  deploymentId: string;
  /** The update check's `device_type` and `artifact_name` (query or body), '' when not given. */
  deviceType: string;
  artifactName: string;
  /** The parsed JSON body of a status or log report. */
  body: unknown;
  /** `scheme://host` the device called, for download links. */
  origin: string;
  /** The businesses the property has: work of one it lacks is not offered (reports on work given are taken). */
  businesses: ReadonlySet<string>;
}

/**
 * The module that answers Mender's deployment calls (README.md "Mender"): the update check, the status and log
 * reports, and the signed download links it hands out (which carry no device token). None contributed: the update
 * check answers 204 and the reports 404.
 */
export interface MenderDeployments {
  next(s: Services, call: MenderDeploymentCall): Promise<DdiExtensionAnswer>;
  status(s: Services, call: MenderDeploymentCall): Promise<DdiExtensionAnswer>;
  log(s: Services, call: MenderDeploymentCall): Promise<DdiExtensionAnswer>;
  /** `GET /api/devices/v1/deployments/download/{link…}`: the path's parameters after the prefix. */
  download(s: Services, params: Record<string, string>, businesses: ReadonlySet<string>): Promise<DdiExtensionAnswer>;
}

/** At most one module answers Mender's deployments. */
export const menderDeploymentPoint: ExtensionPoint<MenderDeployments> = extensionPoint('device.mender-deployments');

export const menderDeployments = (s: Services): MenderDeployments | null =>
  s.extensions.derive(menderDeploymentPoint, 'one', (all) => {
    if (all.length > 1) throw new Error(`${menderDeploymentPoint.name}: contributed ${all.length} times`);
    return all[0] ?? null;
  });
