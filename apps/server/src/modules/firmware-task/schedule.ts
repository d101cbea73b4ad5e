import type { Services } from '../../platform/services';

/**
 * When the rollout engine (engine.ts) runs: the job `firmware.task.tick`, queued while tasks have work, every
 * `FIRMWARE_TASK_TICK_MS` (config.ts; 5 s by default).
 */

export const TICK_JOB = 'firmware.task.tick';

/** The engine's period. */
export const tickMs = (s: Services) => s.config.firmwareTaskTickMs;

/**
 * Queues a tick at `at` (one per period slot across instances: the slot is the job's dedupe key, so a running tick
 * can queue the next).
 */
export async function scheduleTick(s: Services, at = s.now()) {
  const period = tickMs(s);
  const slot = Math.ceil(at / period);
  await s.jobs.enqueue(
    TICK_JOB,
    {},
    { runAt: slot * period, dedupeKey: `${TICK_JOB}:${period}:${slot}`, maxAttempts: 1 },
  );
}
