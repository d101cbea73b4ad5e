// A paced (open-loop) load: `connections` keep-alive connections, each sending its requests at a fixed interval so
// that all together offer `rate` requests per second, for the latency targets. In a closed loop at saturation (what
// autocannon measures without a rate) the latency is queueing: the mean is connections / throughput whatever the
// server does. autocannon's own `overallRate` sends each second's quota in a burst, which measures the burst.
// Latency is counted from the moment each request was due (coordinated omission corrected): a request sent late,
// because the answer before it came late or because the generator's own timers fired late, counts its wait.
// The generator runs in a process of its own over raw sockets (paced-client.ts), so that its own stalls stay small;
// they are measured and printed (event-loop delay, GC pauses, how late the sends left) beside the server's.
import { fork } from 'node:child_process';
import { join } from 'node:path';
import type { DoneMessage, StartMessage } from './paced-client';
import { cpuOf, stallsOf } from './servers/ipc';
import { describeStalls, type Stalls } from './stalls';
import type { Run, Server } from './suite';

export interface PacedRequest {
  path: string;
  headers?: Record<string, string>;
}

export interface PacedOptions {
  connections: number;
  /** Requests per second offered by all connections together. */
  rate: number;
  /** The requests connection `c` sends in turn, looping. */
  requestsOf(c: number): PacedRequest[];
  /** Gets lines on the measured window: latency percentiles, and the server's and the generator's stalls. */
  log?: (line: string) => void;
}

export interface PacedRun extends Run {
  /** The server's event-loop delay and GC pauses over the measured window. */
  server: Stalls;
  /** The generator's, and how late its sends left (p99, ms). */
  generator: Stalls & { lateP99Ms: number };
}

const tsxLoader = import.meta.resolve('tsx');

export async function measurePaced(
  server: Server,
  options: PacedOptions,
  warmup: number,
  duration: number,
): Promise<PacedRun> {
  const url = new URL(server.url);
  const client = fork(join(import.meta.dirname, 'paced-client.ts'), [], {
    execArgv: ['--import', tsxLoader],
    stdio: ['ignore', 2, 2, 'ipc'],
  });
  const next = <T>(type: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (m: { type?: string }) => {
        if (m.type !== type) return;
        client.off('message', onMessage);
        client.off('exit', onExit);
        resolve(m as T);
      };
      const onExit = (code: number | null) => reject(new Error(`the paced load generator exited (${code})`));
      client.on('message', onMessage);
      client.once('exit', onExit);
    });
  const load = (seconds: number) => {
    const done = next<DoneMessage>('done');
    client.send({ type: 'run', seconds });
    return done;
  };
  try {
    const started = next('started');
    client.send({
      type: 'start',
      host: url.hostname,
      port: Number(url.port),
      rate: options.rate,
      lists: Array.from({ length: options.connections }, (_, c) => options.requestsOf(c)),
    } satisfies StartMessage);
    await started;
    if (warmup > 0) await load(warmup);
    const cpuBefore = await cpuOf(server.child);
    await stallsOf(server.child);
    const r = await load(duration);
    const serverStalls = await stallsOf(server.child);
    const cpu = (await cpuOf(server.child)) - cpuBefore;
    const sorted = r.latencies.sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
    const late = r.lateness.sort((a, b) => a - b);
    const lateP99Ms = late[Math.min(late.length - 1, Math.floor(late.length * 0.99))] ?? 0;
    if (options.log) {
      const ms = (q: number) => at(q).toFixed(1);
      options.log(`    latency ms: p50 ${ms(0.5)}, p90 ${ms(0.9)}, p99 ${ms(0.99)}, p99.9 ${ms(0.999)}, max ${ms(1)}`);
      options.log(`    ${describeStalls('server', serverStalls)}`);
      options.log(`    ${describeStalls('load generator', r.stalls)}; sends late by p99 ${lateP99Ms.toFixed(1)} ms`);
    }
    return {
      requestsPerSecond: sorted.length / r.seconds,
      meanMs: sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length),
      p99Ms: Math.round(at(0.99) * 10) / 10,
      cpuMicrosPerRequest: cpu / Math.max(1, sorted.length),
      total: sorted.length,
      errors: r.errors,
      non2xx: r.non2xx,
      server: serverStalls,
      generator: { ...r.stalls, lateP99Ms },
    };
  } finally {
    if (client.connected) client.send({ type: 'close' });
    setTimeout(() => client.kill(), 2000).unref();
  }
}
