import type { SwType } from '@keel/contract/endpoints/firmware';
import {
  DELIVERY_FINAL_STATES,
  DELIVERY_STATES,
  type DeliveryState,
  type TaskExecution,
  type TaskItem,
  type TaskState,
  taskExecution,
} from '@keel/contract/endpoints/firmware-task';
import type { Db } from '../../platform/db/connect';
import type { Tenant } from '../../platform/tenancy/tenant';
import { stateCounts } from './device-repo';
import type { TaskRow } from './repo';
import { ruleOf } from './success-rule';

/** Tasks as the console shows them: their per-state and per-group counts. No SQL of its own. */

export type Counts = Record<DeliveryState, number>;
export const emptyCounts = (): Counts => Object.fromEntries(DELIVERY_STATES.map((s) => [s, 0])) as Counts;

export const executionOf = (row: Pick<TaskRow, 'execution'>): TaskExecution =>
  taskExecution.parse(JSON.parse(row.execution));

/** Counts per task, and per task and group. */
export async function countsOf(db: Db, tenant: Tenant, taskIds: readonly string[]) {
  const byTask = new Map<string, Counts>();
  const byStage = new Map<string, Map<number, Counts>>();
  for (const r of await stateCounts(db, tenant, taskIds)) {
    const n = Number(r.n);
    const state = r.state as DeliveryState;
    const t = byTask.get(r.task_id) ?? emptyCounts();
    t[state] += n;
    byTask.set(r.task_id, t);
    const stages = byStage.get(r.task_id) ?? new Map<number, Counts>();
    const c = stages.get(Number(r.stage)) ?? emptyCounts();
    c[state] += n;
    stages.set(Number(r.stage), c);
    byStage.set(r.task_id, stages);
  }
  return { byTask, byStage };
}

/** Devices counted in a task: every state but excluded. */
export const totalOf = (c: Counts) => DELIVERY_STATES.reduce((n, s) => (s === 'excluded' ? n : n + c[s]), 0);
export const finalOf = (c: Counts) =>
  DELIVERY_FINAL_STATES.reduce((n, s) => (s === 'excluded' ? n : n + c[s as DeliveryState]), 0);

export function taskItemOf(row: TaskRow, counts: Counts, ruleCount: number): TaskItem {
  const total = totalOf(counts);
  return {
    id: row.id,
    name: row.name,
    remark: row.remark,
    swId: row.sw_id,
    swName: row.sw_name,
    swType: row.sw_type as SwType,
    swVersion: row.sw_version,
    state: row.state as TaskState,
    pauseReason: (row.pause_reason as TaskItem['pauseReason']) ?? null,
    disabledFrom: (row.disabled_from as TaskState | null) ?? null,
    mode: row.mode as TaskItem['mode'],
    execution: executionOf(row),
    successRule: ruleOf(row),
    deviceTotal: total,
    counts,
    progress: total === 0 ? 0 : Math.floor((finalOf(counts) * 100) / total),
    currentStage: Number(row.current_stage),
    stageCount: Number(row.stage_count),
    ruleCount,
    applyId: row.apply_id,
    creatorName: row.creator_name ?? '',
    createTime: Number(row.created_at),
    updateTime: Number(row.updated_at),
    scheduledTime: row.scheduled_at === null ? null : Number(row.scheduled_at),
    startTime: row.started_at === null ? null : Number(row.started_at),
    finishTime: row.finished_at === null ? null : Number(row.finished_at),
  };
}

/**
 * Group sizes for `total` devices: by count or by percent of the total (rounded up, at least one), the last group
 * taking the rest; a group left empty is dropped.
 */
export function stageSizes(total: number, exec: TaskExecution): number[] {
  const out: number[] = [];
  let left = total;
  for (const size of exec.stages.sizes) {
    if (left <= 0) break;
    const n = exec.stages.by === 'count' ? size : Math.max(1, Math.ceil((total * size) / 100));
    const take = Math.min(left, n);
    out.push(take);
    left -= take;
  }
  if (left > 0 || out.length === 0) out.push(left);
  return out;
}

/** The group of each position (0-based, in join order) for groups of `sizes`: a function of the position. */
export function stageOfPosition(sizes: readonly number[]): (position: number) => number {
  const ends: number[] = [];
  let end = 0;
  for (const size of sizes) {
    end += size;
    ends.push(end);
  }
  return (position) => {
    const i = ends.findIndex((e) => position < e);
    return i === -1 ? Math.max(0, ends.length - 1) : i;
  };
}
