import { type DeviceFlags, deviceFlags } from '../../platform/realtime/device-flags';
import type { Services } from '../../platform/services';
import { propertyTenant } from '../../platform/tenancy/tenant';
import * as repo from './repo';

/**
 * Which devices have commands waiting (platform/realtime/device-flags.ts): the poll adds the `keelCommands` link from
 * memory, so a device with none costs no database read. Every change (sent, answered, cancelled, expired) goes
 * through `changed`.
 */
export const commandFlags = (s: Services): DeviceFlags =>
  deviceFlags(s, 'directive', {
    all: (s2, pno) => repo.devicesWithOpenTargets(s2.db, propertyTenant(pno)),
    one: (s2, pno, deviceId) => repo.deviceHasOpenTarget(s2.db, propertyTenant(pno), deviceId),
  });
