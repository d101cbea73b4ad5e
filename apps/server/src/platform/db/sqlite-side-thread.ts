import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * A worker thread with a SQLite connection of its own, beside a file database's main connection, for the work that
 * would otherwise stall the event loop (better-sqlite3 is synchronous: while a statement runs, no request does):
 *
 * - **Checkpoints.** By default every commit that leaves the WAL over 1 000 pages copies them back into the database
 *   file and fsyncs it, on the connection that committed. On the device bench (1 000 000 devices, a sightings flush
 *   every 2 s dirtying a page per device) that stalled the event loop for up to 135 ms, and the paced poll's p99 went
 *   from 23 ms to 159 ms. So the main connection never checkpoints (`wal_autocheckpoint = 0`, connect.ts) and this
 *   thread runs a PASSIVE checkpoint every CHECKPOINT_MS: it copies what no reader still needs and never waits for,
 *   nor blocks, the main connection's reads and writes. A writer restarts the WAL from its beginning once everything
 *   in it was copied, so the file stays about as large as a few seconds of writes. Closing the main connection
 *   checkpoints what is left.
 * - **Reads that scan many rows** (`readAside`, connect.ts): counts and aggregates over a property's devices or a
 *   task's 100 000 rows take 10–50 ms each; here they run beside the requests instead of between them. The thread
 *   reads the last committed state (a read transaction starts with each statement), as a query outside a
 *   transaction on the main connection would.
 */

/** How often the thread checkpoints. */
const CHECKPOINT_MS = 1_000;
/** Prepared statements the thread keeps, by SQL text; the oldest go first. */
const STATEMENTS_MAX = 200;

/** Plain CommonJS, evaluated in the worker (no TypeScript loader there): the driver's path comes in `workerData`. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
db.pragma('query_only = 1');
const statements = new Map();
const prepared = (sql) => {
  let s = statements.get(sql);
  if (!s) {
    if (statements.size >= workerData.statementsMax) statements.delete(statements.keys().next().value);
    s = db.prepare(sql);
    statements.set(sql, s);
  }
  return s;
};
const timer = setInterval(() => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch (err) { parentPort.postMessage({ error: String(err) }); }
}, workerData.everyMs);
parentPort.on('message', (m) => {
  if (m.type === 'read') {
    try { parentPort.postMessage({ id: m.id, rows: prepared(m.sql).all(m.parameters) }); }
    catch (err) { parentPort.postMessage({ id: m.id, failed: String(err && err.message || err) }); }
    return;
  }
  clearInterval(timer);
  try { db.close(); } catch {}
  parentPort.close();
});
`;

export interface SideThread {
  /** Runs a read-only statement on the thread's connection: its rows. */
  read(sql: string, parameters: readonly unknown[]): Promise<unknown[]>;
  /** Stops the thread; reads still waiting are refused (the main connection's close checkpoints the rest). */
  stop(): void;
}

type Answer = { id: number; rows?: unknown[]; failed?: string } | { id?: undefined; error: string };

/**
 * Starts the side thread of a database file; the caller sets `wal_autocheckpoint = 0` on its own connection.
 * `onError` hears a checkpoint that failed (the next one tries again).
 */
export function startSideThread(file: string, onError: (message: string) => void): SideThread {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { driver, file, everyMs: CHECKPOINT_MS, statementsMax: STATEMENTS_MAX },
  });
  // The thread never keeps the process alive by itself; a read waiting for its answer does (see `read`).
  worker.unref();
  const waiting = new Map<number, { resolve(rows: unknown[]): void; reject(err: Error): void }>();
  let nextId = 1;
  let stopped = false;
  const settle = (id: number) => {
    const w = waiting.get(id);
    waiting.delete(id);
    if (waiting.size === 0) worker.unref();
    return w;
  };
  worker.on('message', (m: Answer) => {
    if (m.id === undefined) return onError(m.error);
    const w = settle(m.id);
    if (m.failed !== undefined) w?.reject(new Error(m.failed));
    else w?.resolve(m.rows ?? []);
  });
  const refuseAll = (why: string) => {
    for (const id of [...waiting.keys()]) settle(id)?.reject(new Error(why));
  };
  worker.on('error', (err) => {
    onError(String(err));
    refuseAll(`SQLite side thread failed: ${String(err)}`);
  });
  worker.on('exit', () => refuseAll('SQLite side thread stopped'));
  return {
    read(sql, parameters) {
      if (stopped) return Promise.reject(new Error('SQLite side thread stopped'));
      const id = nextId++;
      return new Promise((resolve, reject) => {
        if (waiting.size === 0) worker.ref();
        waiting.set(id, { resolve, reject });
        worker.postMessage({ type: 'read', id, sql, parameters });
      });
    },
    stop() {
      if (stopped) return;
      stopped = true;
      worker.postMessage({ type: 'stop' });
    },
  };
}
