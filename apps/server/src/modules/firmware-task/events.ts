import type { Services } from '../../platform/services';
import type { Tenant } from '../../platform/tenancy/tenant';

/**
 * What the task code tells others through the event bus (Redis across instances): the console's live progress,
 * and the device API's "which devices have an action" cache (delivery.ts) being out of date.
 */

/** The topic of a property's task events (`{ type: 'fwTask', taskId, state, counts }`). */
export const taskTopic = (pno: string) => `fw-task:${pno}`;
export const ACTIONS_TOPIC = 'fw-task-actions';

export interface TaskEvent {
  type: 'fwTask';
  taskId: string;
  state: string;
  counts?: Record<string, number>;
  currentStage?: number;
}

/**
 * Publishes a task's change on its property's topic and to its creator (`user:<uid>`, which the console's socket
 * relays).
 */
export async function announce(s: Services, tenant: Tenant, creator: string | null, event: Omit<TaskEvent, 'type'>) {
  const e: TaskEvent = { type: 'fwTask', ...event };
  await s.bus.publish(taskTopic(tenant.pno), e).catch(() => undefined);
  if (creator) await s.bus.publish(`user:${creator}`, e).catch(() => undefined);
}

/** The property's devices with an action changed: every instance reloads its cache for it. */
export const actionsChanged = (s: Services, tenant: Tenant) =>
  s.bus.publish(ACTIONS_TOPIC, { pno: tenant.pno }).catch(() => undefined);
