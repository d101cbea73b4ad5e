// `npm run bench`: Keel's middleware cost, as ratios against a bare Fastify hello-world measured in the same run,
// then the device API (device.ts) and storage (storage.ts) suites. `npm run bench -- middleware|device|storage` runs
// only the suites named.
//
// Each server runs in its own child process and autocannon drives it from this one, so that the load generator
// and the server under test do not share an event loop. Targets (issue text): /healthz through every global
// hook ≥ 85 % of the baseline's requests/s; an authenticated property call (token lookup, permission check,
// envelope, tiny query) ≥ 40 %. A measurement, not a test: the exit code is 0 on FAIL too (non-zero only when
// the bench itself could not run). See bench/README.md.
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon, { type Result } from 'autocannon';
import { deltaSuite } from './delta';
import { deviceSuite } from './device';
import { firmwareSuite } from './firmware';
import { type Envelope, getJson, signIn } from './keel-client';
import { cpuOf, stopChild, whenReady } from './servers/ipc';
import { storageSuite } from './storage';
import { type Run, type Server, type SuiteContext, summarise } from './suite';

const SUITES = ['middleware', 'device', 'storage', 'delta', 'firmware'] as const;
type Suite = (typeof SUITES)[number];

const usage = `Usage: npm run bench [-- [middleware] [device] [storage] [delta] [firmware] [options]]
  middleware           /healthz and an authenticated property call against the baseline (about 40 s)
  device               the DDI poll over 1 000 000 devices, with and without last-seen; di/getAllDeviceList
                       (2.5 to 4 min, a minute of it inserting the devices)
  storage              1 GiB upload and download through the BlobStore against the disk (about 30 s; needs
                       2 GiB free under the temporary directory)
  delta                the bsdiff delta of the @esbuild/linux-x64 0.24.0 → 0.24.2 binaries (npm pack at bench
                       time), its size against the full binary and its verification (about 30 s)
  firmware             a firmware task over 100 000 devices: assigning and releasing it, the DDI poll of
                       10 000 devices with an action, the console's lists during that load (about 2 min)
                       (no suite named: all five)
  --json               print the results as JSON on stdout (the table then goes to stderr)
  --duration <s>       seconds measured per run (default 8)
  --warmup <s>         seconds of discarded load before each run (default 2)
  --connections <n>    concurrent connections of the middleware suite (default 10; the device suite's are fixed)
  --rounds <n>         run each suite's benchmarks this many times, interleaved, and report the median (default 3:
                       one round's figures move by half between runs on a shared 2-core machine)
  --only <id>          middleware suite: the baseline and only this Keel benchmark: healthz | authenticated
  --cpu-prof           write V8 CPU profiles of the servers to bench/profiles/<server>/ (summarise one
                       with \`npx tsx bench/profile-summary.ts <file>\`)`;

function parseOptions() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        json: { type: 'boolean', default: false },
        duration: { type: 'string', default: '8' },
        warmup: { type: 'string', default: '2' },
        connections: { type: 'string', default: '10' },
        rounds: { type: 'string', default: '3' },
        only: { type: 'string' },
        'cpu-prof': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    process.exit(2);
  }
}
const { values: args, positionals } = parseOptions();
const unknown = positionals.filter((p) => !(SUITES as readonly string[]).includes(p));
if (unknown.length > 0) {
  console.error(`unknown suite ${unknown.join(', ')}: middleware, device, storage, delta or firmware\n${usage}`);
  process.exit(2);
}
const suites = new Set<Suite>(positionals.length > 0 ? (positionals as Suite[]) : SUITES);
if (args.help) {
  console.log(usage);
  process.exit(0);
}
const positive = (name: string, value: string | undefined): number => {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) {
    console.error(`--${name}: a positive number\n${usage}`);
    process.exit(2);
  }
  return n;
};
const duration = positive('duration', args.duration);
const warmup = Number(args.warmup);
if (!Number.isFinite(warmup) || warmup < 0) {
  console.error(`--warmup: zero or a positive number\n${usage}`);
  process.exit(2);
}
const connections = Math.round(positive('connections', args.connections));
const rounds = Math.round(positive('rounds', args.rounds));
if (args.only && !['healthz', 'authenticated'].includes(args.only)) {
  console.error(`--only: healthz or authenticated\n${usage}`);
  process.exit(2);
}

const here = dirname(fileURLToPath(import.meta.url));
const log = (line: string) => process.stderr.write(`${line}\n`);

// ---- server children ----------------------------------------------------------------------------------------

const tsxLoader = import.meta.resolve('tsx');
/** Every child started, so that all are stopped even when another one failed to start. */
const children: ChildProcess[] = [];

function startServer(name: string, file: string, env: Record<string, string>, nodeArgs: string[] = []) {
  const child = fork(join(here, 'servers', file), [], {
    execArgv: ['--import', tsxLoader, ...nodeArgs],
    env: { ...process.env, ...env },
    // The children's output goes to our stderr, so that stdout carries only the results.
    stdio: ['ignore', 2, 2, 'ipc'],
  });
  children.push(child);
  return whenReady(child, name, 120).then((url): Server => ({ name, url, child }));
}

// ---- the benchmarks -----------------------------------------------------------------------------------------

interface Bench {
  id: 'baseline' | 'healthz' | 'authenticated';
  label: string;
  server: Server;
  url: string;
  headers: Record<string, string>;
  /** Fraction of the baseline's requests/s required; undefined for the baseline itself. */
  target?: number;
  /** Checks one answer before loading, so that a broken endpoint is not measured as a fast one. */
  check(body: unknown): boolean;
}

function load(bench: Bench, seconds: number): Promise<Result> {
  return autocannon({ url: bench.url, connections, duration: seconds, headers: bench.headers });
}

async function measure(bench: Bench): Promise<Run> {
  if (warmup > 0) await load(bench, warmup);
  const cpuBefore = await cpuOf(bench.server.child);
  const r = await load(bench, duration);
  const cpu = (await cpuOf(bench.server.child)) - cpuBefore;
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

// ---- main ---------------------------------------------------------------------------------------------------

const dataDir = mkdtempSync(join(tmpdir(), 'keel-bench-'));
let exitCode = 0;

const profileDir = join(here, 'profiles');
const profile = (name: string) => (args['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${join(profileDir, name)}`] : []);

async function main() {
  log('Starting the baseline (bare Fastify)…');
  const baseline = await startServer('baseline', 'baseline.ts', {}, profile('baseline'));
  const json: Record<string, unknown> = {
    node: process.version,
    cpus: availableParallelism(),
    cpuModel: cpus()[0]?.model ?? 'unknown CPU',
  };
  /** Runs a suite and stops the servers it started. */
  const suite = async <T>(run: () => Promise<T>): Promise<T> => {
    const started = children.length;
    try {
      return await run();
    } finally {
      await Promise.all(children.slice(started).map(stopChild));
    }
  };
  const ctx: SuiteContext = {
    startServer: (name, file, env) => startServer(name, file, env, profile(file.replace(/\.ts$/, ''))),
    baseline,
    dataDir,
    warmup,
    duration,
    rounds,
    log,
    out: (line) => (args.json ? log : console.log)(line),
  };
  if (suites.has('middleware')) Object.assign(json, await suite(() => middleware(baseline)));
  if (suites.has('device')) json.device = await suite(() => deviceSuite(ctx));
  if (suites.has('storage')) json.storage = await suite(() => storageSuite(ctx));
  if (suites.has('delta')) json.delta = await suite(() => deltaSuite(log));
  if (suites.has('firmware')) json.firmware = await suite(() => firmwareSuite(ctx));
  if (args.json) console.log(JSON.stringify(json, null, 2));
}

/** The middleware suite: /healthz and an authenticated property call against the baseline; answers its JSON. */
async function middleware(baseline: Server): Promise<Record<string, unknown>> {
  log('Middleware suite: starting Keel on a fresh SQLite database with the demo data…');
  const keel = await startServer('keel', 'keel.ts', { BENCH_DATA_DIR: join(dataDir, 'keel') }, profile('keel'));
  const session = await signIn(keel.url);

  const all: Bench[] = [
    {
      id: 'baseline',
      label: 'baseline: bare Fastify GET /',
      server: baseline,
      url: `${baseline.url}/`,
      headers: {},
      check: (b) => (b as { hello?: string }).hello === 'world',
    },
    {
      id: 'healthz',
      label: 'Keel GET /healthz',
      server: keel,
      url: `${keel.url}/healthz`,
      headers: {},
      target: 0.85,
      check: (b) => (b as { ok?: boolean }).ok === true,
    },
    {
      id: 'authenticated',
      label: 'Keel GET /api/pro/getMenuIdList',
      server: keel,
      url: `${keel.url}/api/pro/getMenuIdList`,
      // What the console sends on a property call (SPEC §7).
      headers: {
        token: session.token,
        pno: session.pno,
        'content-language': 'zh-cn',
        'accept-language': 'zh-cn',
      },
      target: 0.4,
      check: (b) => {
        const e = b as Envelope<{ menuIdList?: string[] }>;
        return e.status === 0 && (e.data?.menuIdList?.length ?? 0) > 0;
      },
    },
  ];
  const benches = all.filter((b) => !args.only || b.id === 'baseline' || b.id === args.only);
  const checkAll = async (when: string) => {
    for (const bench of benches) {
      const body = await getJson<unknown>(bench.url, { headers: bench.headers });
      if (!bench.check(body)) {
        throw new Error(`${bench.label} answered unexpectedly ${when}: ${JSON.stringify(body).slice(0, 300)}`);
      }
    }
  };
  await checkAll('before the load');

  const runs = new Map<Bench['id'], Run[]>(benches.map((b) => [b.id, []]));
  for (let round = 1; round <= rounds; round++) {
    for (const bench of benches) {
      log(`  round ${round}/${rounds}: ${bench.label} (${warmup} s warm-up + ${duration} s)…`);
      runs.get(bench.id)?.push(await measure(bench));
    }
  }
  // HTTP 200 is not enough: an envelope with a non-zero status (say, an expired session) would be fast and wrong.
  await checkAll('after the load');

  const results = benches.map((bench) => ({ bench, run: summarise(runs.get(bench.id) ?? []) }));
  const base = results[0].run;
  const rows = results.map(({ bench, run }) => {
    const ratio = run.requestsPerSecond / base.requestsPerSecond;
    // The same comparison by server CPU per request: the baseline's cost over this one's.
    const cpuRatio = base.cpuMicrosPerRequest / run.cpuMicrosPerRequest;
    const valid = run.errors === 0 && run.non2xx === 0;
    const verdict =
      bench.target === undefined ? undefined : !valid ? 'INVALID' : ratio >= bench.target ? 'PASS' : 'FAIL';
    return { bench, run, ratio, cpuRatio, verdict };
  });

  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  const lines: string[] = [];
  lines.push('');
  lines.push(
    `Keel middleware cost — ${connections} connections, ${warmup} s warm-up + ${duration} s per run, ` +
      `${rounds} round${rounds > 1 ? 's (median)' : ''}`,
  );
  lines.push(`node ${process.version}, ${availableParallelism()} CPUs (${cpu})`);
  lines.push('');
  const table = [
    ['benchmark', 'req/s', 'mean ms', 'p99 ms', 'vs baseline', 'target', 'result', 'CPU µs/req', 'CPU vs baseline'],
    ...rows.map(({ bench, run, ratio, cpuRatio, verdict }) => [
      bench.label,
      Math.round(run.requestsPerSecond).toLocaleString('en-US'),
      run.meanMs.toFixed(2),
      String(run.p99Ms),
      `${(ratio * 100).toFixed(1)} %`,
      bench.target === undefined ? '—' : `≥ ${bench.target * 100} %`,
      verdict ?? '—',
      run.cpuMicrosPerRequest.toFixed(1),
      `${(cpuRatio * 100).toFixed(1)} %`,
    ]),
  ];
  const widths = table[0].map((_, i) => Math.max(...table.map((row) => row[i].length)));
  for (const [i, row] of table.entries()) {
    lines.push(row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  '));
    if (i === 0) lines.push(widths.map((w) => '-'.repeat(w)).join('  '));
  }
  lines.push('');
  lines.push("vs baseline: requests/s over the baseline's; this is what the targets judge.");
  lines.push("CPU vs baseline: the baseline server's CPU time per request over this one's. Other load on the machine");
  lines.push('disturbs it less; it is the stricter figure when the baseline is held back by the load generator.');
  lines.push('');
  for (const { bench, run } of rows) {
    if (run.errors || run.non2xx) {
      lines.push(`! ${bench.label}: ${run.errors} errors/timeouts, ${run.non2xx} non-2xx answers — not a valid run`);
    }
  }
  const failed = rows.filter((r) => r.verdict && r.verdict !== 'PASS');
  lines.push(
    failed.length === 0
      ? 'All targets met.'
      : `Below target: ${failed.map((r) => `${r.bench.label} (${(r.ratio * 100).toFixed(1)} % < ${r.bench.target! * 100} %)`).join('; ')}.`,
  );
  // With --json, stdout carries only the JSON and the table goes to stderr.
  (args.json ? log : console.log)(lines.join('\n'));

  return {
    middleware: {
      connections,
      warmupSeconds: warmup,
      durationSeconds: duration,
      rounds,
      results: rows.map(({ bench, run, ratio, cpuRatio, verdict }) => ({
        id: bench.id,
        label: bench.label,
        url: new URL(bench.url).pathname,
        ...run,
        ratio,
        cpuRatio,
        target: bench.target ?? null,
        verdict: verdict ?? null,
      })),
    },
  };
}

try {
  await main();
} catch (error) {
  console.error(`bench: ${error instanceof Error ? error.message : String(error)}`);
  exitCode = 1;
} finally {
  await Promise.all(children.map(stopChild));
  rmSync(dataDir, { recursive: true, force: true });
  if (args['cpu-prof'] && exitCode === 0) {
    log(`CPU profiles of the servers written to ${profileDir}/<server>/`);
  }
}
process.exit(exitCode);
