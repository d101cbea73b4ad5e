import type { DeliveryState } from '@keel/contract/endpoints/firmware-task';
import type { RequestContext } from '../../platform/http/context';
import { notFound } from '../../platform/http/errors';
import type { Services } from '../../platform/services';
import { tenantOf } from '../../platform/tenancy/tenant';
import { pageAttempts } from './attempt-repo';
import { knownDevices } from './device-repo';
import { emptyCounts } from './items';
import * as repo from './repo';
import { loadTask } from './service';

/** Delivery history (FirmwareUpgradeHistoryDialog) and progress over time (the live chart). Reads only. */

const PROTOCOLS = ['ddi', 'mender', 'sim'] as const;
const num = (v: number | string | null) => (v === null ? null : Number(v));

export async function deliveries(
  s: Services,
  ctx: RequestContext,
  input: { pageNum: number; pageSize: number; id?: string; deviceId?: string; state?: string },
) {
  const tenant = tenantOf(ctx);
  if (input.id) await loadTask(s.db, tenant, input.id);
  if (input.deviceId && (await knownDevices(s.db, tenant, [input.deviceId])).size === 0) throw notFound('deviceId');
  const { rows, total } = await pageAttempts(
    s.db,
    tenant,
    { taskId: input.id, deviceId: input.deviceId, state: input.state },
    input.pageNum,
    input.pageSize,
  );
  return {
    list: rows.map((r) => ({
      id: r.id,
      taskId: r.task_id,
      taskName: r.task_name,
      deviceId: r.device_id,
      deviceName: r.device_name ?? '',
      actionId: String(r.action_id),
      attempt: Number(r.attempt),
      state: r.state as DeliveryState,
      errorCode: r.error_code,
      detail: r.detail,
      fromVersion: r.from_version,
      toVersion: r.to_version,
      delta: (r.delta_id ? 1 : 0) as 0 | 1,
      bytes: Number(r.bytes),
      progress: Number(r.progress),
      protocol: (PROTOCOLS as readonly string[]).includes(r.protocol) ? (r.protocol as 'ddi') : ('' as const),
      createTime: Number(r.created_at),
      offerTime: num(r.offer_at),
      downloadTime: num(r.download_at),
      installTime: num(r.install_at),
      finishTime: num(r.finish_at),
      updateTime: Number(r.updated_at),
    })),
    total,
    pageNum: input.pageNum,
    pageSize: input.pageSize,
  };
}

export async function progress(s: Services, ctx: RequestContext, id: string) {
  const tenant = tenantOf(ctx);
  await loadTask(s.db, tenant, id);
  return (await repo.samplesOf(s.db, tenant, id)).map((r) => ({
    time: Number(r.at),
    counts: { ...emptyCounts(), ...(JSON.parse(r.counts) as Record<string, number>) },
  }));
}
