// How a server child talks to bench/run-all.ts: one `ready` message; then it answers `cpu` with the CPU time the
// process has used so far (so that run-all can report CPU per request, which other load on the machine disturbs
// far less than requests/s) and closes on `shutdown`.

export interface ReadyMessage {
  type: 'ready';
  url: string;
}

export interface CpuMessage {
  type: 'cpu';
  /** User + system CPU time of this process so far, in microseconds. */
  micros: number;
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
  process.on('message', (m: { type?: string }) => {
    if (m?.type === 'shutdown') stop();
    if (m?.type === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send?.({ type: 'cpu', micros: user + system } satisfies CpuMessage);
    }
  });
  process.on('disconnect', stop);
}
