import { Worker } from 'node:worker_threads';

/** What the delta worker thread is asked (worker.ts). */
export interface DeltaTask {
  oldPath: string;
  newPath: string;
  patchPath: string;
  targetSha256: string;
  fullSize: number;
  /** A delta larger than this share of the full file is refused (deltaNoGain). */
  maxRatio: number;
  window?: number;
  margin?: number;
}

export type DeltaOutcome =
  | { result: 'ready'; size: number }
  | {
      result: 'refused' | 'failed';
      key: 'deltaCompressed' | 'deltaNoGain' | 'deltaVerifyFailed' | 'deltaFailed';
      params: Record<string, string>;
    };

/** worker-entry.mjs loads worker.ts through tsx's API (a worker thread does not inherit the server's loader). */
const workerUrl = new URL('./worker-entry.mjs', import.meta.url);

/**
 * Runs one delta in a worker thread; `onProgress` gets 0–100. Aborting terminates the thread. Memory stays
 * bounded by the diff window (bsdiff.ts), whatever the images' sizes.
 */
export function runDelta(
  task: DeltaTask,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<DeltaOutcome> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerUrl, { workerData: task });
    let outcome: DeltaOutcome | null = null;
    const abort = () => void worker.terminate();
    signal?.addEventListener('abort', abort, { once: true });
    worker.on('message', (m: { progress?: number } & Partial<DeltaOutcome>) => {
      if (typeof m.progress === 'number') onProgress(m.progress);
      else if (m.result) outcome = m as DeltaOutcome;
    });
    worker.on('error', reject);
    worker.on('exit', () => {
      signal?.removeEventListener('abort', abort);
      if (outcome) resolve(outcome);
      else reject(new Error(signal?.aborted ? 'aborted' : 'the delta worker stopped without an answer'));
    });
  });
}
