import type { Business } from '@keel/contract/constants';
import { hasBusiness } from '../../platform/auth/businesses';
import type { Services } from '../../platform/services';
import type { Download } from '../../platform/storage/download';

/**
 * Keel's extensions of hawkBit DDI (README.md "Keel extensions"): links other modules add to a device's poll answer
 * and the routes under `/{tenant}/controller/v1/{controllerId}` those links lead to, e.g. modules/directive's
 * `keelCommands`. hawkBit clients ignore links they do not know. The device module calls what is registered here and
 * never imports the modules that register (they import this). Each provider and route is registered once per name.
 */

export type PollLinks = Record<string, { href: string }>;

/**
 * The links a module adds to a device's poll answer (null for none). Called on every poll of an accepted device:
 * it must answer from memory for a device with nothing to do (platform/realtime/device-flags.ts).
 * `base` is the device's `…/controller/v1/{controllerId}` URL.
 */
export type PollLinkProvider = (s: Services, pno: string, deviceId: string, base: string) => Promise<PollLinks | null>;

/** A call of an extension route, once the device is authenticated (as for the poll) and within its allowance. */
export interface DdiExtensionCall {
  pno: string;
  deviceId: string;
  /** The route's own path parameters (`:cmdId`). */
  params: Record<string, string>;
  /** The parsed JSON body (undefined for GET). */
  body: unknown;
  base: string;
  ip: string;
  requestId: string;
}

export interface DdiExtensionAnswer {
  status: number;
  body?: unknown;
  /** A stored blob to send instead of a JSON body (an artifact download: Range, ETag; platform/storage/download.ts). */
  blob?: Download;
}

export interface DdiExtensionRoute {
  method: 'GET' | 'POST' | 'PUT';
  /** The business whose work the route serves: 404 where the property does not have it, unless `report`. */
  business: Business;
  /** A device's report on work it was already given (feedback): taken whatever the businesses. */
  report?: boolean;
  /** After `/{tenant}/controller/v1/{controllerId}`, in Fastify's form: `/keelCommands/:cmdId/feedback`. */
  suffix: string;
  /** Its own allowance per device per polling interval (as polls and reports have theirs). */
  bucket: string;
  handler: (s: Services, call: DdiExtensionCall) => Promise<DdiExtensionAnswer>;
}

const providers = new Map<string, { business: Business; provider: PollLinkProvider }>();
const routes = new Map<string, DdiExtensionRoute>();

/** Registers the poll links of a business's work (none offered where the property does not have the business). */
export function registerPollLinks(name: string, business: Business, provider: PollLinkProvider): void {
  providers.set(name, { business, provider });
}

/** Registers a route; the device API mounts what is registered when it starts (modules are built before it). */
export function registerDdiRoute(route: DdiExtensionRoute): void {
  routes.set(`${route.method} ${route.suffix}`, route);
}

export const ddiExtensionRoutes = (): DdiExtensionRoute[] => [...routes.values()];

/** The links of every provider of a business the property has (`businesses`), or null when none has any. */
export async function pollLinks(
  s: Services,
  businesses: ReadonlySet<string>,
  pno: string,
  deviceId: string,
  base: string,
): Promise<PollLinks | null> {
  if (providers.size === 0) return null;
  const out: PollLinks = {};
  let any = false;
  for (const { business, provider } of providers.values()) {
    if (!hasBusiness(businesses, business)) continue;
    const links = await provider(s, pno, deviceId, base);
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
}

/**
 * Keel's hook for Mender deployments (README.md "Mender"): the module that holds updates answers the update check,
 * the status and log reports, and the signed download links it hands out (which carry no device token). None
 * registered: the update check answers 204 and the reports 404.
 */
export interface MenderDeployments {
  next(s: Services, call: MenderDeploymentCall): Promise<DdiExtensionAnswer>;
  status(s: Services, call: MenderDeploymentCall): Promise<DdiExtensionAnswer>;
  log(s: Services, call: MenderDeploymentCall): Promise<DdiExtensionAnswer>;
  /** `GET /api/devices/v1/deployments/download/{link…}`: the path's parameters after the prefix. */
  download(s: Services, params: Record<string, string>): Promise<DdiExtensionAnswer>;
}

let mender: { business: Business; provider: MenderDeployments } | null = null;
/** Registers the module that holds a business's deployments (none offered where the property lacks the business). */
export function registerMenderDeployments(business: Business, provider: MenderDeployments): void {
  mender = { business, provider };
}
export const menderDeployments = () => mender;
