import type { TaskExecution } from '@keel/contract/endpoints/firmware-task';
import { type Candidate, exclusionOf, type PackageFit } from './selection';

/**
 * `exclusionOf` for many devices at once (a task may take 100 000 at a time: bench/firmware.ts). What it reads of a
 * device besides the offline days — model, attributes, firmware and app versions — is usually the same for
 * thousands of them, so that part of the answer is kept per such combination; the offline days are judged for each
 * device. The answers are exclusionOf's.
 */
export function judgeMany(fit: PackageFit, exec: TaskExecution, now: number) {
  const known = new Map<string, ReturnType<typeof exclusionOf>>();
  const noOffline = { ...exec, offlineDays: 0 };
  const anyModel = { ...fit, models: [] };
  return (d: Candidate) => {
    const key = `${d.model_id}\u0000${d.firmware_version}\u0000${d.app_version}\u0000${d.attributes}`;
    let reason = known.get(key);
    if (reason === undefined) {
      reason = exclusionOf(d, fit, noOffline, now);
      known.set(key, reason);
    }
    if (reason !== null || exec.offlineDays <= 0) return reason;
    // The offline days alone: no model to fit, no version reported.
    return exclusionOf({ ...d, attributes: '{}', firmware_version: '', app_version: '' }, anyModel, exec, now);
  };
}
