// How a server child talks to its bench (run-all.ts, tenancy.ts): one `ready` message; then it answers `cpu` with
// the CPU time the process has used so far (so that the bench can report CPU per request, which other load on the
// machine disturbs far less than requests/s), `mem` with its resident set size, `stalls` with its event-loop delay
// and GC pauses since the last `stalls` (stalls.ts), and closes on `shutdown`. The child's side first, then the
// parent's.
import type { ChildProcess } from 'node:child_process';
import { type Stalls, stallMonitor } from '../stalls';

export interface ReadyMessage {
  type: 'ready';
  url: string;
}

export interface CpuMessage {
  type: 'cpu';
  /** User + system CPU time of this process so far, in microseconds. */
  micros: number;
}

export interface MemMessage {
  type: 'mem';
  /** Resident set size of this process now, in bytes. */
  rss: number;
}

export interface StallsMessage extends Stalls {
  type: 'stalls';
}

export function ready(info: Omit<ReadyMessage, 'type'>): void {
  if (!process.send) throw new Error('run this through bench/run-all.ts (it needs an IPC channel)');
  process.send({ type: 'ready', ...info } satisfies ReadyMessage);
}

/** Closes cleanly on `shutdown` (so that --cpu-prof writes its profile), or when the parent goes away. */
export function onShutdown(close: () => Promise<unknown>): void {
  let closing = false;
  const stop = () => {
    if (closing) return;
    closing = true;
    close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  const stalls = stallMonitor();
  process.on('message', (m: { type?: string }) => {
    if (m?.type === 'shutdown') stop();
    if (m?.type === 'stalls') process.send?.({ type: 'stalls', ...stalls.take() } satisfies StallsMessage);
    if (m?.type === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send?.({ type: 'cpu', micros: user + system } satisfies CpuMessage);
    }
    if (m?.type === 'mem') process.send?.({ type: 'mem', rss: process.memoryUsage.rss() } satisfies MemMessage);
  });
  process.on('disconnect', stop);
}

// ---- the parent's side --------------------------------------------------------------------------------------

/** The child's URL once it is ready; fails when it exits first or is not ready within `seconds` (`what` names it). */
export function whenReady(child: ChildProcess, what: string, seconds: number): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not start within ${seconds} s`)), seconds * 1000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited during start (code ${code})`));
    });
    child.on('message', (m: ReadyMessage) => {
      if (m.type !== 'ready') return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve(m.url);
    });
  });
}

/** The child's CPU time so far (µs), asked over IPC. */
export function cpuOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const onMessage = (m: CpuMessage) => {
      if (m.type !== 'cpu') return;
      child.off('message', onMessage);
      resolve(m.micros);
    };
    child.on('message', onMessage);
    child.send({ type: 'cpu' });
  });
}

/** The child's event-loop delay and GC pauses since the last call (the first call starts the window). */
export function stallsOf(child: ChildProcess): Promise<Stalls> {
  return new Promise((resolve) => {
    const onMessage = (m: StallsMessage) => {
      if (m.type !== 'stalls') return;
      child.off('message', onMessage);
      const { type: _type, ...stalls } = m;
      resolve(stalls);
    };
    child.on('message', onMessage);
    child.send({ type: 'stalls' });
  });
}

/** The child's resident set size now (bytes), asked over IPC. */
export function rssOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const onMessage = (m: MemMessage) => {
      if (m.type !== 'mem') return;
      child.off('message', onMessage);
      resolve(m.rss);
    };
    child.on('message', onMessage);
    child.send({ type: 'mem' });
  });
}

/** Asks a running child to shut down and waits for it to exit (killing it after 10 s). */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.send({ type: 'shutdown' });
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
