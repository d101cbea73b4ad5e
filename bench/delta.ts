// The delta suite of `npm run bench` (run-all.ts; `npm run bench -- delta` runs it alone): Keel's delta generator
// (modules/firmware: bsdiff 4 with bzip2 blocks, in a worker thread, verified by applying it) on the reference pair,
// the `@esbuild/linux-x64` binaries 0.24.0 → 0.24.2, fetched at bench time with `npm pack` (never committed).
// Targets: delta ≤ 6 % of the full target binary; 100 % of deltas verified (our apply gives the target's
// SHA-256; Debian's `bspatch` too when installed). See bench/README.md.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runDelta } from '@keel/server/modules/firmware/delta/generate';
import { load1, table } from './suite';

const PAIR = ['0.24.0', '0.24.2'] as const;
const TARGET_RATIO = 0.06;

export interface DeltaResult {
  fullBytes: number;
  deltaBytes: number;
  ratio: number;
  seconds: number;
  verified: boolean;
  bspatch: 'verified' | 'failed' | 'not installed';
  pass: boolean;
  load: string;
}

function fetchBinary(dir: string, version: string): string {
  const into = join(dir, version);
  mkdirSync(into);
  const tgz = execFileSync('npm', ['pack', `@esbuild/linux-x64@${version}`, '--silent'], {
    cwd: into,
    encoding: 'utf8',
  })
    .trim()
    .split('\n')
    .pop() as string;
  execFileSync('tar', ['xzf', tgz], { cwd: into });
  return join(into, 'package', 'bin', 'esbuild');
}

export async function deltaSuite(log: (line: string) => void = console.error): Promise<DeltaResult> {
  const dir = mkdtempSync(join(tmpdir(), 'keel-bench-delta-'));
  try {
    log(`delta: fetching @esbuild/linux-x64 ${PAIR.join(' and ')} with npm pack`);
    const [oldPath, newPath] = PAIR.map((v) => fetchBinary(dir, v)) as [string, string];
    const target = readFileSync(newPath);
    const targetSha256 = createHash('sha256').update(target).digest('hex');
    const patchPath = join(dir, 'delta.bsdiff');
    const load = load1();
    const t0 = performance.now();
    const outcome = await runDelta(
      { oldPath, newPath, patchPath, targetSha256, fullSize: target.length, maxRatio: 1 },
      (p) => log(`delta: ${p} %`),
    );
    const seconds = (performance.now() - t0) / 1000;
    const verified = outcome.result === 'ready';
    const deltaBytes = verified ? statSync(patchPath).size : 0;
    let bspatch: DeltaResult['bspatch'] = 'not installed';
    if (verified && spawnSync('bspatch', ['-h'], { stdio: 'ignore' }).status !== null) {
      const out = join(dir, 'applied');
      const r = spawnSync('bspatch', [oldPath, out, patchPath], { stdio: 'ignore' });
      const same = r.status === 0 && createHash('sha256').update(readFileSync(out)).digest('hex') === targetSha256;
      bspatch = same ? 'verified' : 'failed';
    }
    const ratio = deltaBytes / target.length;
    const pass = verified && ratio <= TARGET_RATIO && bspatch !== 'failed';
    const result: DeltaResult = { fullBytes: target.length, deltaBytes, ratio, seconds, verified, bspatch, pass, load };
    if (!verified) log(`delta: not made: ${JSON.stringify(outcome)}`);
    const lines = table([
      ['delta (esbuild 0.24.0 → 0.24.2)', 'figure', 'target', 'result', 'load'],
      [
        'size against the full binary',
        `${(deltaBytes / 1e3).toFixed(0)} kB / ${(target.length / 1e6).toFixed(2)} MB = ${(ratio * 100).toFixed(2)} %`,
        `≤ ${TARGET_RATIO * 100} %`,
        ratio <= TARGET_RATIO && verified ? 'PASS' : 'FAIL',
        load,
      ],
      ['verified by applying (ours)', verified ? '1/1' : '0/1', '100 %', verified ? 'PASS' : 'FAIL', load],
      ['verified by Debian bspatch', bspatch, '100 %', bspatch === 'failed' ? 'FAIL' : 'PASS', load],
      ['generation time (worker thread)', `${seconds.toFixed(1)} s`, '—', '—', load],
    ]);
    for (const line of lines) log(line);
    return result;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
