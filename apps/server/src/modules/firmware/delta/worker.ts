import { parentPort, workerData } from 'node:worker_threads';
import { diffFiles, patchFile } from './bsdiff';
import { COMPRESSED_BITS, sampledEntropy } from './entropy';

/**
 * The delta worker thread (architecture §7: CPU-heavy work never on the event loop): checks that neither input is
 * already compressed, diffs (bsdiff 4, windowed), then verifies the patch by applying it and comparing SHA-256.
 * Posts `{ progress }` messages, then one result (see DeltaTask / DeltaOutcome in generate.ts).
 */
const task = workerData as {
  oldPath: string;
  newPath: string;
  patchPath: string;
  targetSha256: string;
  fullSize: number;
  maxRatio: number;
  window?: number;
  margin?: number;
};
const post = (message: unknown) => parentPort?.postMessage(message);

try {
  const sourceBits = sampledEntropy(task.oldPath);
  const targetBits = sampledEntropy(task.newPath);
  if (sourceBits > COMPRESSED_BITS || targetBits > COMPRESSED_BITS) {
    const which = targetBits > COMPRESSED_BITS ? 'target' : 'source';
    post({
      result: 'refused',
      key: 'deltaCompressed',
      params: { which, bits: Math.max(sourceBits, targetBits).toFixed(2) },
    });
  } else {
    const size = diffFiles(task.oldPath, task.newPath, task.patchPath, {
      window: task.window,
      margin: task.margin,
      onProgress: (done) => post({ progress: Math.round(done * 90) }),
    });
    post({ progress: 92 });
    const applied = patchFile(task.oldPath, task.patchPath);
    if (applied.sha256 !== task.targetSha256) post({ result: 'failed', key: 'deltaVerifyFailed', params: {} });
    else if (size > task.fullSize * task.maxRatio)
      post({
        result: 'refused',
        key: 'deltaNoGain',
        params: { ratio: ((100 * size) / Math.max(1, task.fullSize)).toFixed(1) },
      });
    else post({ result: 'ready', size });
  }
} catch (error) {
  post({ result: 'failed', key: 'deltaFailed', params: { error: (error as Error).message?.slice(0, 200) ?? 'error' } });
}
