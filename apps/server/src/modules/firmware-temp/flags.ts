import { type DeviceFlagSource, type DeviceFlags, deviceFlags } from '../../platform/realtime/device-flags';
import type { Services } from '../../platform/services';
import { propertyTenant } from '../../platform/tenancy/tenant';
import * as repo from './repo';

// Built once: the poll asks for the flags on every call (a literal of functions in the call cost ~1.5 µs a poll).
const source: DeviceFlagSource = {
  all: (s, pno) => repo.devicesWithOpenResults(s.db, propertyTenant(pno)),
  one: async (s, pno, deviceId) => (await repo.openActionOf(s.db, propertyTenant(pno), deviceId)) !== undefined,
};

/**
 * Which devices have a temporary action waiting (platform/realtime/device-flags.ts), so that `tempActionFor` answers
 * a device with none from memory. Every change (a task made, devices added, a result, a cancellation) goes through
 * `changed`.
 */
export const tempFlags = (s: Services): DeviceFlags => deviceFlags(s, 'firmware-temp', source);

const cancelSource: DeviceFlagSource = {
  all: (s, pno) => repo.devicesWithRequestedCancels(s.db, propertyTenant(pno)),
  one: async (s, pno, deviceId) => (await repo.requestedCancelOf(s.db, propertyTenant(pno), deviceId)) !== undefined,
};

/** Which devices have a cancelled temporary action to be told about (DDI cancelAction; only the DDI poll asks). */
export const tempCancelFlags = (s: Services): DeviceFlags => deviceFlags(s, 'firmware-temp-cancel', cancelSource);
