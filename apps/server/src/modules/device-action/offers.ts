import { hasBusiness } from '../../platform/auth/businesses';
import type { Services } from '../../platform/services';
import type { Tenant } from '../../platform/tenancy/tenant';
import { type DeliveredKind, type Deployment, type DeploymentKind, kindsByName, kindsGivenAs } from './kinds';
import { offerCache } from './offer-cache';
import * as repo from './repo';
import { cancelFlags, openFlags } from './service';

/**
 * Which action a device is offered (README.md "Delivery"): one queue across the kinds given as deployments — the
 * device's open actions, highest priority first, then the oldest — whose first action its kind describes now (a
 * disabled task's or a stopped temporary task's is passed over). From memory: a device without open actions of
 * such a kind costs a set lookup (each kind's flags), one with some its cached offer (offer-cache.ts).
 */

export type DeploymentActionKind = DeliveredKind & { delivery: DeploymentKind };

export interface Offer {
  kind: DeploymentActionKind;
  actionId: number;
  /** The action's state when it was read (`pending`: not fetched yet; `delivered`: fetched, nothing reported). */
  state: string;
  deployment: Deployment;
}

/** Open actions looked at for an offer (those of campaigns that offer nothing now are passed over). */
const QUEUE_LOOK = 10;

/** The deployment kinds of the businesses the property has. */
const deploymentKinds = (s: Services, businesses: ReadonlySet<string>) =>
  kindsGivenAs(s, 'deployment').filter((k) => hasBusiness(businesses, k.business)) as DeploymentActionKind[];

/** The action the device is offered now, or null. */
export async function offerOf(
  s: Services,
  tenant: Tenant,
  businesses: ReadonlySet<string>,
  deviceId: string,
): Promise<Offer | null> {
  const kinds: DeploymentActionKind[] = [];
  for (const k of deploymentKinds(s, businesses))
    if (await openFlags(s, k.kind).has(tenant.pno, deviceId)) kinds.push(k);
  if (kinds.length === 0) return null;
  const cache = offerCache<Offer | null>(s);
  const known = cache.get(tenant.pno, deviceId);
  if (known !== undefined && (known === null || kinds.includes(known.kind))) return known;
  const generation = cache.generation(tenant.pno);
  const offer = await readOffer(s, tenant, deviceId, kinds);
  cache.set(tenant.pno, deviceId, offer, generation);
  return offer;
}

async function readOffer(
  s: Services,
  tenant: Tenant,
  deviceId: string,
  kinds: readonly DeploymentActionKind[],
): Promise<Offer | null> {
  const names = kinds.map((k) => k.kind);
  const rows = await repo.openActionsOf(s.db, tenant, deviceId, names, QUEUE_LOOK);
  // The flags were stale (the actions ended meanwhile): look again at the next poll.
  if (rows.length === 0) for (const name of names) await openFlags(s, name).changed(tenant.pno, [deviceId]);
  const now = s.now();
  const byName = kindsByName(s);
  for (const row of rows) {
    if (row.expires_at !== null && Number(row.expires_at) <= now) continue;
    const kind = byName.get(row.kind) as DeploymentActionKind;
    const deployment = await kind.delivery.describe(s, tenant, row);
    if (deployment) return { kind, actionId: Number(row.action_id), state: row.state, deployment };
  }
  return null;
}

/** The device's action of a deployment kind (any state) by the id it names, or undefined. */
export async function deploymentActionOf(s: Services, tenant: Tenant, deviceId: string, id: string) {
  if (!/^\d{1,15}$/.test(id)) return undefined;
  const row = await repo.findAction(s.db, tenant, Number(id));
  const kind = row && row.device_id === deviceId ? kindsByName(s).get(row.kind) : undefined;
  return row && kind?.delivery.as === 'deployment' ? { row, kind: kind as DeploymentActionKind } : undefined;
}

/**
 * The device's cancelled action it has not answered yet (DDI cancelAction), of the kinds given as deployments, or
 * null; from memory for a device with none (each kind's cancel flags). The highest kind's first.
 */
export async function cancelToTell(
  s: Services,
  tenant: Tenant,
  businesses: ReadonlySet<string>,
  deviceId: string,
): Promise<number | null> {
  for (const k of deploymentKinds(s, businesses)) {
    if (!(await cancelFlags(s, k.kind).has(tenant.pno, deviceId))) continue;
    const row = await repo.requestedCancelOf(s.db, tenant, deviceId, [k.kind]);
    if (row) return Number(row.action_id);
  }
  return null;
}

/** The device's last installed action (DDI installedBase) of the kinds that keep them, or null; from memory. */
export async function lastInstalled(s: Services, tenant: Tenant, businesses: ReadonlySet<string>, deviceId: string) {
  for (const k of deploymentKinds(s, businesses)) {
    const last = await k.delivery.installed?.last(s, tenant, deviceId);
    if (last !== undefined && last !== null) return last;
  }
  return null;
}

/** The deployment of one of the device's installed actions (DDI installedBase), or null. */
export async function installedDeployment(
  s: Services,
  tenant: Tenant,
  businesses: ReadonlySet<string>,
  deviceId: string,
  id: string,
): Promise<{ kind: DeploymentActionKind; deployment: Deployment } | null> {
  if (!/^\d{1,15}$/.test(id)) return null;
  for (const k of deploymentKinds(s, businesses)) {
    const deployment = await k.delivery.installed?.describe(s, tenant, deviceId, Number(id));
    if (deployment) return { kind: k, deployment };
  }
  return null;
}
