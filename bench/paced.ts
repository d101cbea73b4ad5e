// A paced (open-loop) load: `connections` keep-alive connections, each sending its requests at a fixed interval so
// that all together offer `rate` requests per second, for the latency targets. In a closed loop at saturation (what
// autocannon measures without a rate) the latency is queueing: the mean is connections / throughput whatever the
// server does. autocannon's own `overallRate` sends each second's quota in a burst, which measures the burst.
// Latency is counted from the moment a request was due when the answer to the one before came after that moment (the
// server held the connection: coordinated omission corrected), else from when it was sent.
import { Agent, request } from 'node:http';
import { cpuOf } from './servers/ipc';
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
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function measurePaced(server: Server, options: PacedOptions, warmup: number, duration: number) {
  const url = new URL(server.url);
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const send = (r: PacedRequest) =>
    new Promise<number>((resolve, reject) => {
      const req = request({ host: url.hostname, port: url.port, path: r.path, headers: r.headers, agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      req.end();
    });
  const interval = (options.connections * 1000) / options.rate;
  const lists = Array.from({ length: options.connections }, (_, c) => options.requestsOf(c));

  const load = async (seconds: number) => {
    const latencies: number[] = [];
    let errors = 0;
    let non2xx = 0;
    const start = performance.now();
    const end = start + seconds * 1000;
    await Promise.all(
      lists.map(async (list, c) => {
        let due = start + (c * interval) / options.connections;
        let lateAnswer = false;
        for (let k = 0; due < end; k += 1, due += interval) {
          const wait = due - performance.now();
          if (wait > 0) await sleep(wait);
          const sent = performance.now();
          try {
            const status = await send(list[k % list.length] as PacedRequest);
            if (status < 200 || status > 299) non2xx += 1;
          } catch {
            errors += 1;
          }
          const now = performance.now();
          latencies.push(now - (lateAnswer ? due : sent));
          lateAnswer = now > due + interval;
        }
      }),
    );
    return { latencies, errors, non2xx, seconds: (performance.now() - start) / 1000 };
  };

  try {
    if (warmup > 0) await load(warmup);
    const cpuBefore = await cpuOf(server.child);
    const r = await load(duration);
    const cpu = (await cpuOf(server.child)) - cpuBefore;
    const sorted = r.latencies.sort((a, b) => a - b);
    const run: Run = {
      requestsPerSecond: sorted.length / r.seconds,
      meanMs: sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length),
      p99Ms: Math.round((sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0) * 10) / 10,
      cpuMicrosPerRequest: cpu / Math.max(1, sorted.length),
      total: sorted.length,
      errors: r.errors,
      non2xx: r.non2xx,
    };
    return run;
  } finally {
    agent.destroy();
  }
}
