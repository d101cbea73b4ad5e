import { type DeviceFlags, deviceFlags } from '../../platform/realtime/device-flags';
import type { Services } from '../../platform/services';
import { propertyTenant } from '../../platform/tenancy/tenant';
import { type ActionCache, actionCache } from './action-cache';
import { devicesWithActions, openActions } from './attempt-repo';

const NAME = 'firmware-task';

/**
 * Which devices have an open task action (platform/realtime/device-flags.ts, as directives and temporary tasks), so
 * that `hasAction` answers a device with none from memory. Offers, outcomes and cancellations go through `changed`
 * (events.ts `actionsChanged`).
 */
export const taskFlags = (s: Services): DeviceFlags =>
  deviceFlags(s, NAME, {
    all: async (s2, pno) => (await devicesWithActions(s2.db, propertyTenant(pno))).map((r) => r.device_id),
    one: async (s2, pno, deviceId) => (await openActions(s2.db, propertyTenant(pno), deviceId)).length > 0,
  });

/** The poll's memory of each device's current action (action-cache.ts), dropped with the flags above. */
export const taskActionCache = <T>(s: Services): ActionCache<T> => actionCache<T>(s, NAME);
