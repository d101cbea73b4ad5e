// The rate of a paced load (paced.ts) calibrated by the server's CPU, shared by the suites that judge a latency
// under load (firmware.ts, pc-software.ts). Half the saturated run's requests/s is not half the CPU: a paced request
// costs the server more than a saturated one (fewer requests per event-loop turn, a read and a write system call
// each instead of batches), so "half the throughput" can be most of a core. See bench/README.md, "The paced
// polling's rate is calibrated by CPU".
import type { Run } from './suite';

/** The paced load uses about this share of one core of the server's CPU. */
export const PACED_CPU_SHARE = 0.5;
/** Calibration: at most this many short paced runs, each CALIBRATE_S seconds after a 1 s warm-up. */
export const CALIBRATE_RUNS = 4;
export const CALIBRATE_S = 3;

/** The share of one core the server used over a run. */
export const shareOf = (r: Run): number => (r.cpuMicrosPerRequest * r.requestsPerSecond) / 1e6;

export interface CalibrationStep {
  rate: number;
  share: number;
  run: Run;
}

/**
 * Finds the paced rate at which the server uses about PACED_CPU_SHARE of a core: a first guess from the saturated
 * run's CPU per request, then short paced runs (`run`), each rate scaled by how far the last run's share was from
 * the target (a paced request's cost differs from a saturated one's, and changes with the rate). No rate goes below
 * `minRate` (one request a second per connection).
 */
export async function calibratePaced(
  saturatedMicros: number,
  minRate: number,
  run: (rate: number, seconds: number) => Promise<Run>,
): Promise<CalibrationStep[]> {
  const steps: CalibrationStep[] = [];
  let rate = Math.max(minRate, Math.round((PACED_CPU_SHARE * 1e6) / Math.max(1, saturatedMicros)));
  for (let i = 0; i < CALIBRATE_RUNS; i++) {
    const r = await run(rate, CALIBRATE_S);
    const share = shareOf(r);
    steps.push({ rate, share, run: r });
    if (Math.abs(share - PACED_CPU_SHARE) <= 0.05) break;
    rate = Math.max(minRate, Math.round((rate * PACED_CPU_SHARE) / Math.max(0.01, share)));
  }
  return steps;
}

/**
 * The calibrated rate: of the rates tried, the one whose measured share came nearest PACED_CPU_SHARE (`minRate` if
 * none was). (It was the last step scaled once more when that step missed by over 5 points: an unmeasured guess,
 * which once loaded the server to 67.5 % of a core instead of 50, since a paced request's cost changes with its
 * rate.)
 */
export function rateFor(steps: readonly CalibrationStep[], minRate: number): number {
  let best: CalibrationStep | undefined;
  for (const step of steps)
    if (!best || Math.abs(step.share - PACED_CPU_SHARE) < Math.abs(best.share - PACED_CPU_SHARE)) best = step;
  return best?.rate ?? minRate;
}
