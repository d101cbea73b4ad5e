import type { RequestContext } from '../../platform/http/context';
import { forbidden, notFound } from '../../platform/http/errors';
import { scopeRoots } from '../../platform/http/scope';
import type { Services } from '../../platform/services';
import type { Tenant } from '../../platform/tenancy/tenant';
import { propertyOnlineWindowMs } from './items';
import * as repo from './targets-repo';

/**
 * What other modules that send work to devices (modules/command, modules/firmware-temp) ask of the registry: the
 * property's devices by id (another property's answer "not found"), what a short list shows of them, and a space
 * group's devices. An administrator limited to spaces reaches only the devices of those spaces.
 */

export interface DeviceSummary {
  deviceId: string;
  name: string;
  modelId: string | null;
  modelName: string | null;
  firmwareVersion: string | null;
  online: 0 | 1;
  lastSeenTime: number | null;
}

/**
 * The property's devices of `ids`, in that order: "not found" (naming the first missing one) when one is not the
 * property's; "not allowed" when one lies outside the caller's space scope for `permission`.
 */
export async function propertyDevices(
  s: Services,
  ctx: RequestContext,
  tenant: Tenant,
  ids: readonly string[],
  permission: string | readonly string[],
): Promise<DeviceSummary[]> {
  const unique = [...new Set(ids)];
  const rows = await repo.deviceSummaries(s.db, tenant, unique);
  const byId = new Map(rows.map((r) => [r.device_id, r]));
  const missing = unique.find((id) => !byId.has(id));
  if (missing !== undefined) throw notFound('deviceId');
  const sids = ctx.property ? scopeRoots(ctx.property, 'space', permission) : null;
  if (sids !== null) {
    const allowed = new Set(sids);
    if (rows.some((r) => r.sid === null || !allowed.has(r.sid))) throw forbidden();
  }
  const now = s.now();
  const window = await propertyOnlineWindowMs(s, tenant.pno);
  return unique.map((id) => {
    const r = byId.get(id) as (typeof rows)[number];
    return {
      deviceId: r.device_id,
      name: r.name,
      modelId: r.model_id,
      modelName: r.model_name,
      firmwareVersion: r.firmware_version,
      online: r.last_seen_at !== null && now - Number(r.last_seen_at) <= window ? 1 : 0,
      lastSeenTime: r.last_seen_at === null ? null : Number(r.last_seen_at),
    };
  });
}

/** What a list shows of the property's devices of `ids` (no checks: ids the caller's own rows hold). */
export async function deviceSummaries(s: Services, tenant: Tenant, ids: readonly string[]) {
  const rows = await repo.deviceSummaries(s.db, tenant, [...new Set(ids)]);
  const now = s.now();
  const window = await propertyOnlineWindowMs(s, tenant.pno);
  return new Map<string, DeviceSummary>(
    rows.map((r) => [
      r.device_id,
      {
        deviceId: r.device_id,
        name: r.name,
        modelId: r.model_id,
        modelName: r.model_name,
        firmwareVersion: r.firmware_version,
        online: r.last_seen_at !== null && now - Number(r.last_seen_at) <= window ? 1 : 0,
        lastSeenTime: r.last_seen_at === null ? null : Number(r.last_seen_at),
      },
    ]),
  );
}

/** The ids of a space group's devices (at most `limit`; the caller refuses more). */
export const deviceIdsInGroup = (s: Services, tenant: Tenant, groupId: string, limit: number) =>
  repo.deviceIdsInGroup(s.db, tenant, groupId, limit);
