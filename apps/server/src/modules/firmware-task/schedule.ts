import type { Services } from '../../platform/services';

/** When the rollout engine (engine.ts) runs: the job `firmware.task.tick`, queued while tasks have work. */

export const TICK_JOB = 'firmware.task.tick';
export const TICK_MS = 5_000;

/**
 * Queues a tick at `at` (one per TICK_MS slot across instances: the slot is the job's dedupe key, so a running
 * tick can queue the next).
 */
export async function scheduleTick(s: Services, at = s.now()) {
  const slot = Math.ceil(at / TICK_MS);
  await s.jobs.enqueue(TICK_JOB, {}, { runAt: slot * TICK_MS, dedupeKey: `${TICK_JOB}:${slot}`, maxAttempts: 1 });
}
