import { type RequestContext, requireUser } from '../../platform/http/context';
import { newToken, sha256 } from '../../platform/ids';
import type { Services } from '../../platform/services';
import { tenantOf } from '../../platform/tenancy/tenant';
import { deleteKey, findKeyInfo, saveKey } from './enrolment-repo';
import { pollIntervals } from './poll-intervals';
import { runtimeOf } from './runtime';

/**
 * A property's enrolment key (README.md "Self-enrolment"): devices present it as hawkBit's `GatewayToken` and, when
 * unknown, enrol themselves and wait pending. Only its hash is stored; the key is shown once, when issued.
 */

/** Seconds as hawkBit's "HH:MM:SS". */
export function hhmmss(seconds: number): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(Math.floor(seconds / 3600))}:${two(Math.floor((seconds % 3600) / 60))}:${two(seconds % 60)}`;
}

export async function keyInfo(s: Services, ctx: RequestContext) {
  const row = await findKeyInfo(s.db, tenantOf(ctx));
  return {
    enabled: row ? (1 as const) : (0 as const),
    hint: row?.hint ?? null,
    createTime: row?.created_at ?? null,
    pollSleep: hhmmss((await pollIntervals(s).of(tenantOf(ctx).pno)).poll),
  };
}

export async function resetKey(s: Services, ctx: RequestContext) {
  const tenant = tenantOf(ctx);
  const key = newToken();
  await saveKey(s.db, tenant, { keyHash: sha256(key), hint: key.slice(-4), by: requireUser(ctx).uid, now: s.now() });
  await runtimeOf(s).forgetKey(tenant.pno);
  ctx.audit.target = tenant.pno;
  return { key };
}

export async function disableKey(s: Services, ctx: RequestContext) {
  const tenant = tenantOf(ctx);
  await deleteKey(s.db, tenant);
  await runtimeOf(s).forgetKey(tenant.pno);
  ctx.audit.target = tenant.pno;
  return null;
}
