// What run-all.ts gives each suite of benchmarks (device.ts, storage.ts), and the helpers they share: a load run
// with the server's CPU time per request, medians, and the printed table.
import type { ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import autocannon, { type Options } from 'autocannon';
import { cpuOf } from './servers/ipc';

export interface Server {
  name: string;
  url: string;
  child: ChildProcess;
}

export interface SuiteContext {
  /** Starts `servers/<file>` in its own child process (node --import tsx), with `env` added. */
  startServer(name: string, file: string, env: Record<string, string>): Promise<Server>;
  /** The bare Fastify hello-world (servers/baseline.ts), already running. */
  baseline: Server;
  /** A temporary directory, removed when the run ends. */
  dataDir: string;
  warmup: number;
  duration: number;
  rounds: number;
  /** Progress lines (stderr). */
  log(line: string): void;
  /** Result lines (stdout, or stderr with --json). */
  out(line: string): void;
}

export interface Run {
  requestsPerSecond: number;
  meanMs: number;
  p99Ms: number;
  /** Server CPU time (user + system) per answered request, in µs. */
  cpuMicrosPerRequest: number;
  total: number;
  errors: number;
  non2xx: number;
}

/**
 * A warm-up (discarded) then `duration` s of load (or `options.amount` requests), with the server's CPU time over
 * the measured part.
 */
export async function measure(
  server: Server,
  options: Omit<Options, 'duration'>,
  warmup: number,
  duration: number,
): Promise<Run> {
  if (warmup > 0) await autocannon({ ...options, duration: warmup });
  const cpuBefore = await cpuOf(server.child);
  const r = await autocannon(options.amount ? options : { ...options, duration });
  const cpu = (await cpuOf(server.child)) - cpuBefore;
  return {
    requestsPerSecond: r.requests.average,
    meanMs: r.latency.average,
    p99Ms: r.latency.p99,
    cpuMicrosPerRequest: cpu / Math.max(1, r.requests.total),
    total: r.requests.total,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return (s.length % 2 ? s[mid] : ((s[mid - 1] as number) + (s[mid] as number)) / 2) as number;
};

/** The median of each figure over rounds (totals summed). */
export function summarise(runs: Run[]): Run {
  return {
    requestsPerSecond: median(runs.map((r) => r.requestsPerSecond)),
    meanMs: median(runs.map((r) => r.meanMs)),
    p99Ms: median(runs.map((r) => r.p99Ms)),
    cpuMicrosPerRequest: median(runs.map((r) => r.cpuMicrosPerRequest)),
    total: runs.reduce((n, r) => n + r.total, 0),
    errors: runs.reduce((n, r) => n + r.errors, 0),
    non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
  };
}

/**
 * The median over rounds of `of(a[i]) / of(b[i])`: each round's pair was measured minutes apart at most, so on a
 * machine whose speed drifts a round's ratio is steadier than the ratio of the two medians.
 */
export const medianRatio = <T>(a: T[], b: T[], of: (r: T) => number): number =>
  median(a.map((r, i) => of(r) / of(b[i] as T)));

/** Rows of cells as aligned columns (the first left-aligned, the others right-aligned), a rule under the head. */
export function table(rows: string[][]): string[] {
  const widths = (rows[0] ?? []).map((_, i) => Math.max(...rows.map((row) => (row[i] ?? '').length)));
  const lines: string[] = [];
  for (const [i, row] of rows.entries()) {
    lines.push(
      row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c] ?? 0) : cell.padStart(widths[c] ?? 0))).join('  '),
    );
    if (i === 0) lines.push(widths.map((w) => '-'.repeat(w)).join('  '));
  }
  return lines;
}

/** The machine's 1-minute load average, for the record next to each figure. */
/** A run's cells in the suites' run tables: label, req/s, mean ms, p99 ms, CPU µs/req, errors/non-2xx, load. */
export const runCells = (label: string, r: Run, load: string): string[] => [
  label,
  Math.round(r.requestsPerSecond).toLocaleString('en-US'),
  r.meanMs.toFixed(2),
  String(r.p99Ms),
  r.cpuMicrosPerRequest.toFixed(1),
  `${r.errors}/${r.non2xx}`,
  load,
];

/** One run on a progress line: requests/s, the server's CPU a request, p99. */
export const describeRun = (r: Run): string =>
  `${Math.round(r.requestsPerSecond).toLocaleString('en-US')} req/s, server CPU ${r.cpuMicrosPerRequest.toFixed(1)} µs/req, p99 ${r.p99Ms} ms`;

export const load1 = (): string => loadavg()[0]?.toFixed(2) ?? '?';

export const percent = (ratio: number): string => `${(ratio * 100).toFixed(1)} %`;
