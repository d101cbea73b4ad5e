import { EXCLUDE_REASONS, type ExcludeReason, type TaskPreview } from '@keel/contract/endpoints/firmware-task';
import type { RequestContext } from '../../platform/http/context';
import type { Services } from '../../platform/services';
import { tenantOf } from '../../platform/tenancy/tenant';
import { devicePollIntervalsOf } from '../device/reads';
import { bestDelta, packageOf } from '../firmware/service';
import { deltaTakers } from './delta-takers';
import { candidates, claimsOf, taskDevices } from './device-repo';
import { executionOf, stageSizes } from './items';
import { packageOwner } from './package-owner';
import * as repo from './repo';
import { exclusionOf, reportedVersion, ruleDevices } from './selection';
import { loadTask, packageFit } from './service';

/**
 * What releasing a task would do now (README "Preview"): its devices and its rules' matches judged as release
 * judges them, grouped as release would, with the download volume and the expected finish. Reads only.
 */

const SAMPLE = 20;

export async function preview(s: Services, ctx: RequestContext, id: string): Promise<TaskPreview> {
  const tenant = tenantOf(ctx);
  const row = await loadTask(s.db, tenant, id);
  const exec = executionOf(row);
  const fit = await packageFit(s, tenant, row);
  const now = s.now();
  const rows = await taskDevices(s.db, tenant, id);
  const ids = new Set(rows.filter((d) => d.state !== 'excluded').map((d) => d.device_id));
  for (const rule of await repo.rulesOf(s.db, tenant, [id]))
    for (const d of await ruleDevices(s.db, tenant, rule.id, JSON.parse(rule.filter), fit)) ids.add(d.device_id);
  const devices = await candidates(s.db, tenant, { ids: [...ids] });
  const held = await claimsOf(s.db, tenant, row.sw_type, [...ids]);
  const excluded = new Map<ExcludeReason, string[]>();
  const keep: typeof devices = [];
  const order = new Map(rows.map((d, i) => [d.device_id, i]));
  devices.sort((a, b) => (order.get(a.device_id) ?? 1e9) - (order.get(b.device_id) ?? 1e9));
  for (const d of devices) {
    const other = held.get(d.device_id);
    const reason =
      exclusionOf({ ...d, source: 'list' }, fit, exec, now) ?? (other && other !== id ? 'inOtherTask' : null);
    if (reason) excluded.set(reason, [...(excluded.get(reason) ?? []), d.device_id]);
    else keep.push(d);
  }
  const owner = packageOwner(row);
  const pkg = await packageOf(s, owner, row.sw_id).catch(() => null);
  const full = pkg ? Number(pkg.size) : 0;
  // As delivery offers them (delta-takers.ts).
  const takesDelta = pkg
    ? await deltaTakers(
        s,
        s.db,
        tenant,
        owner,
        pkg.id,
        keep.map((d) => d.device_id),
      )
    : () => false;
  const deltaOf = new Map<string, number | null>();
  let deltaBytes = 0;
  let deltaDevices = 0;
  for (const d of keep) {
    const from = reportedVersion(d, row.sw_type);
    if (!takesDelta(d.device_id)) {
      deltaBytes += full;
      continue;
    }
    if (!deltaOf.has(from))
      deltaOf.set(from, from && pkg ? ((await bestDelta(s, owner, pkg.id, from))?.size ?? null) : null);
    const size = deltaOf.get(from) ?? null;
    if (size !== null) deltaDevices += 1;
    deltaBytes += size ?? full;
  }
  const sizes = keep.length === 0 ? [] : stageSizes(keep.length, exec);
  let at = 0;
  const groups = sizes.map((size, index) => {
    const sample = keep.slice(at, at + Math.min(size, SAMPLE)).map((d) => d.device_id);
    at += size;
    return { index, size, sample };
  });
  // Each group: offered at the next poll (the property's interval), downloaded and installed by the one after and
  // confirmed by the third (its devices then poll at the property's rollout interval).
  const { poll: pollSeconds, rollout } = await devicePollIntervalsOf(s, tenant.pno);
  const start = exec.startMode === 'at' && exec.startAt !== null ? Math.max(now, exec.startAt) : now;
  return {
    matched: keep.length,
    groups,
    excluded: EXCLUDE_REASONS.filter((r) => excluded.has(r)).map((reason) => {
      const list = excluded.get(reason) ?? [];
      return { reason, count: list.length, sample: list.slice(0, SAMPLE) };
    }),
    fullBytes: full * keep.length,
    deltaBytes,
    deltaDevices,
    pollSeconds,
    expectedFinish: keep.length === 0 ? null : start + groups.length * (pollSeconds + 2 * rollout) * 1000,
  };
}
