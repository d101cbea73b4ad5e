import type { Services } from '../../platform/services';
import { propertyTenant } from '../../platform/tenancy/tenant';
import { type AttributeMode, applyReport, appVersionOf, firmwareVersionOf, sameAttributes } from './attributes';
import { attributesOf } from './items';
import * as repo from './repo';
import { runtimeOf } from './runtime';

/** What became of a device's report: its device is gone, it has too many attributes, it changed nothing, saved. */
export type ReportOutcome = 'unknown' | 'tooMany' | 'unchanged' | 'saved';

/**
 * A device's report of its attributes (hawkBit configData, Mender inventory) applied to what it reported before:
 * written, with the firmware and app versions read from it, only when it changes something (a first report
 * always), and then the cached device state is dropped. Audit is the protocol's: only a `saved` report is a change.
 */
export async function recordReport(
  s: Services,
  device: { pno: string; deviceId: string },
  report: Readonly<Record<string, string>>,
  mode: AttributeMode | undefined,
  max: number,
): Promise<ReportOutcome> {
  const tenant = propertyTenant(device.pno);
  const current = await repo.deviceState(s.db, tenant, device.deviceId);
  if (!current) return 'unknown';
  const old = attributesOf(current.attributes);
  const next = applyReport(old, report, mode);
  if (Object.keys(next).length > max) return 'tooMany';
  if (current.attributes_at !== null && sameAttributes(old, next)) return 'unchanged';
  await repo.saveAttributes(s.db, tenant, device.deviceId, {
    attributes: JSON.stringify(next),
    firmwareVersion: firmwareVersionOf(next),
    appVersion: appVersionOf(next),
    now: s.now(),
  });
  await runtimeOf(s).forgetStates(device.pno, [device.deviceId]);
  return 'saved';
}
