import { watchBusTopic } from '@keel/contract/realtime';
import type { Services } from '../../platform/services';
import type { Tenant } from '../../platform/tenancy/tenant';
import { devicesChanged } from '../device-action/service';
import { firmwareActions } from './actions';
import { taskCancelFlags } from './flags';

/**
 * What the task code tells others through the event bus (Redis across instances): the console's live progress,
 * and the device API's "which devices have an action" flags (flags.ts) being out of date.
 */

/**
 * The topic of a property's task events (`{ type: 'fwTask', taskId, state, counts }`), which the console's socket
 * relays to the members watching it (packages/contract/src/realtime.ts, platform/realtime/property-watch.ts).
 */
export const taskTopic = (pno: string) => watchBusTopic('fwTask', pno);

export interface TaskEvent {
  type: 'fwTask';
  taskId: string;
  state: string;
  counts?: Record<string, number>;
  currentStage?: number;
}

/** Publishes a task's change on its property's topic: every console watching the property's tasks hears it. */
export async function announce(s: Services, tenant: Tenant, event: Omit<TaskEvent, 'type'>) {
  const e: TaskEvent = { type: 'fwTask', ...event };
  await s.bus.publish(taskTopic(tenant.pno), e).catch(() => undefined);
}

/**
 * Devices' actions changed (null: any of the property's): every instance looks them up again (flags.ts,
 * platform/realtime/device-flags.ts).
 */
export const actionsChanged = (s: Services, tenant: Tenant, deviceIds: readonly string[] | null = null) =>
  devicesChanged(s, tenant, firmwareActions.kind, deviceIds).catch(() => undefined);

/** Cancels to tell devices changed (null: any of the property's): the DDI poll's cancelAction flags (flags.ts). */
export const cancelsChanged = (s: Services, tenant: Tenant, deviceIds: readonly string[] | null = null) =>
  taskCancelFlags(s)
    .changed(tenant.pno, deviceIds)
    .catch(() => undefined);
