import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * SQLite's WAL checkpoints, moved off the event loop. By default every commit that leaves the WAL over 1 000 pages
 * copies them back into the database file and fsyncs it, on the connection that committed: the main thread. On the
 * device bench (1 000 000 devices, a sightings flush every 2 s dirtying a page per device) that stalled the event
 * loop for up to 135 ms, and the paced poll's p99 went from 23 ms to 159 ms. So the main connection never
 * checkpoints (`wal_autocheckpoint = 0`) and a worker thread with a connection of its own runs a PASSIVE checkpoint
 * every CHECKPOINT_MS: it copies what no reader still needs and never waits for, nor blocks, the main connection's
 * reads and writes. A writer restarts the WAL from its beginning once everything in it was copied, so the file
 * stays about as large as a few seconds of writes. Closing the main connection checkpoints what is left.
 */

/** How often the worker checkpoints. */
const CHECKPOINT_MS = 1_000;

/** Plain CommonJS, evaluated in the worker (no TypeScript loader there): the module path comes in `workerData`. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
const timer = setInterval(() => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch (err) { parentPort.postMessage({ error: String(err) }); }
}, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  try { db.close(); } catch {}
  parentPort.close();
});
`;

export interface Checkpointer {
  /** Stops the worker (the main connection's close then checkpoints the rest). */
  stop(): void;
}

/**
 * Starts checkpointing the database file in a worker thread; the caller sets `wal_autocheckpoint = 0` on its own
 * connection. `onError` hears a checkpoint that failed (the next one tries again).
 */
export function startCheckpointer(file: string, onError: (message: string) => void): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver, file, everyMs: CHECKPOINT_MS } });
  worker.unref();
  worker.on('message', (m: { error?: string }) => {
    if (m.error) onError(m.error);
  });
  worker.on('error', (err) => onError(String(err)));
  return {
    stop() {
      worker.postMessage('stop');
    },
  };
}
