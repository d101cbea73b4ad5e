import { type DeviceFlagSource, type DeviceFlags, deviceFlags } from '../../platform/realtime/device-flags';
import type { Services } from '../../platform/services';
import { propertyTenant } from '../../platform/tenancy/tenant';
import * as repo from './repo';

// Built once: the poll asks for the flags on every call (a literal of functions in the call cost ~1.5 µs a poll).
const source: DeviceFlagSource = {
  all: (s, pno) => repo.devicesWithOpenTargets(s.db, propertyTenant(pno)),
  one: (s, pno, deviceId) => repo.deviceHasOpenTarget(s.db, propertyTenant(pno), deviceId),
};

/**
 * Which devices have commands waiting (platform/realtime/device-flags.ts): the poll adds the `keelCommands` link from
 * memory, so a device with none costs no database read. Every change (sent, answered, cancelled, expired) goes
 * through `changed`.
 */
export const commandFlags = (s: Services): DeviceFlags => deviceFlags(s, 'directive', source);
