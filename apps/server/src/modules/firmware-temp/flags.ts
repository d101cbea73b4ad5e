import { type DeviceFlags, deviceFlags } from '../../platform/realtime/device-flags';
import type { Services } from '../../platform/services';
import { propertyTenant } from '../../platform/tenancy/tenant';
import * as repo from './repo';

/**
 * Which devices have a temporary action waiting (platform/realtime/device-flags.ts), so that `tempActionFor` answers
 * a device with none from memory. Every change (a task made, devices added, a result, a cancellation) goes through
 * `changed`.
 */
export const tempFlags = (s: Services): DeviceFlags =>
  deviceFlags(s, 'firmware-temp', {
    all: (s2, pno) => repo.devicesWithOpenResults(s2.db, propertyTenant(pno)),
    one: async (s2, pno, deviceId) => (await repo.openActionOf(s2.db, propertyTenant(pno), deviceId)) !== undefined,
  });

/** Which devices have a cancelled temporary action to be told about (DDI cancelAction; only the DDI poll asks). */
export const tempCancelFlags = (s: Services): DeviceFlags =>
  deviceFlags(s, 'firmware-temp-cancel', {
    all: (s2, pno) => repo.devicesWithRequestedCancels(s2.db, propertyTenant(pno)),
    one: async (s2, pno, deviceId) =>
      (await repo.requestedCancelOf(s2.db, propertyTenant(pno), deviceId)) !== undefined,
  });
