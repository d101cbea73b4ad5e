import { type DeviceFlags, deviceFlags } from '../../platform/realtime/device-flags';
import type { Services } from '../../platform/services';
import { propertyTenant } from '../../platform/tenancy/tenant';
import { devicesWithActions, devicesWithRequestedCancels, openActions, requestedCancelOf } from './attempt-repo';

/**
 * Which devices have an open task action (platform/realtime/device-flags.ts, as directives and temporary tasks), so
 * that `hasAction` answers a device with none from memory. Offers, outcomes and cancellations go through `changed`
 * (events.ts `actionsChanged`).
 */
export const taskFlags = (s: Services): DeviceFlags =>
  deviceFlags(s, 'firmware-task', {
    all: async (s2, pno) => (await devicesWithActions(s2.db, propertyTenant(pno))).map((r) => r.device_id),
    one: async (s2, pno, deviceId) => (await openActions(s2.db, propertyTenant(pno), deviceId)).length > 0,
  });

/**
 * Which devices have a cancelled action to be told about (DDI `cancelAction`, attempts with `cancel_state`
 * requested): only the DDI poll asks, so a Mender device never costs a lookup. Changes: events.ts `cancelsChanged`.
 */
export const taskCancelFlags = (s: Services): DeviceFlags =>
  deviceFlags(s, 'firmware-task-cancel', {
    all: (s2, pno) => devicesWithRequestedCancels(s2.db, propertyTenant(pno)),
    one: async (s2, pno, deviceId) => (await requestedCancelOf(s2.db, propertyTenant(pno), deviceId)) !== undefined,
  });
