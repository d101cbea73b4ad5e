import { type DeviceFlagSource, type DeviceFlags, deviceFlags } from '../../platform/realtime/device-flags';
import type { Services } from '../../platform/services';
import { propertyTenant } from '../../platform/tenancy/tenant';
import { type ActionCache, actionCache } from './action-cache';
import { devicesWithActions, devicesWithRequestedCancels, openActions, requestedCancelOf } from './attempt-repo';

const NAME = 'firmware-task';

/**
 * Which devices have an open task action (platform/realtime/device-flags.ts, as directives and temporary tasks), so
 * that `hasAction` answers a device with none from memory. Offers, outcomes and cancellations go through `changed`
 * (events.ts `actionsChanged`).
 */
export const taskFlags = (s: Services): DeviceFlags => deviceFlags(s, NAME, source);

// Sources built once: the poll asks for the flags on every call.
const source: DeviceFlagSource = {
  all: async (s, pno) => (await devicesWithActions(s.db, propertyTenant(pno))).map((r) => r.device_id),
  one: async (s, pno, deviceId) => (await openActions(s.db, propertyTenant(pno), deviceId)).length > 0,
};

/**
 * Which devices have a cancelled action to be told about (DDI `cancelAction`, attempts with `cancel_state`
 * requested): only the DDI poll asks, so a Mender device never costs a lookup. Changes: events.ts `cancelsChanged`.
 */
export const taskCancelFlags = (s: Services): DeviceFlags => deviceFlags(s, 'firmware-task-cancel', cancelSource);

const cancelSource: DeviceFlagSource = {
  all: (s, pno) => devicesWithRequestedCancels(s.db, propertyTenant(pno)),
  one: async (s, pno, deviceId) => (await requestedCancelOf(s.db, propertyTenant(pno), deviceId)) !== undefined,
};

/** The poll's memory of each device's current action (action-cache.ts), dropped with the flags above. */
export const taskActionCache = <T>(s: Services): ActionCache<T> => actionCache<T>(s, NAME);
