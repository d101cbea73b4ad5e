// `npm run bench:pc-software -w @keel/bench`: the PC software store's public side (modules/pc-software README "For
// installed clients") with 10 000 software items and 100 000 versions: (1) the update check installed clients make,
// against the bare Fastify hello-world (servers/baseline.ts) measured in the same run — unpaced for the throughput
// (target ≥ 40 % of the hello-world's requests/s; the server's CPU per request beside it), then paced (open loop,
// paced.ts) for the latency (target p99 ≤ 10 ms) at the rate that uses half a core of the server's CPU
// (calibrate.ts), followed by its control: the hello-world paced at the same rate by the same generator, whose p99
// is what the machine and the generator add by themselves. Each round runs all four; the targets are judged on the
// medians (`--rounds`, default 3); (2) the APT repository's index of 1 000
// `.deb` packages made again (target ≤ 1 s): the first request after a start (each package's control file read from
// the blob store and its control.tar.xz decoded), and after a release changed the set (control files known).
//
// A server child (this file again, with PC_SOFTWARE_SERVE=1) builds Keel with buildApp on a fresh SQLite database
// in a temporary DATA_DIR, applies seedDemo, and bulk-inserts straight through Kysely, in 演示物业: 10 000 software
// items with 10 versions each, all released to stable, each version with a Windows x64 installer; the newest version
// of the first 1 000 also has a Linux x64 `.deb` (made here: an ar archive with an xz control member, as dpkg-deb
// makes, each package its own). The update check's per-address limit is raised so that one load generator is not
// refused (the limiter is still consulted on every call). Callers cycle through 2 000 (software, version,
// installation) triples: most are one to nine versions behind (an answer with change records), a tenth up to date.
//
// A measurement, not a test: the exit code is 0 on FAIL too (non-zero only when the bench could not run).
import { type ChildProcess, execFileSync, fork } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { SoftInfosTable, SoftInstallersTable, SoftVersionsTable } from '@keel/server/modules/pc-software/tables';
import type { Insertable } from 'kysely';
import { type CalibrationStep, calibratePaced, PACED_CPU_SHARE, rateFor } from './calibrate';
import { signIn } from './keel-client';
import { measurePaced, type PacedRequest, type PacedRun } from './paced';
import { demoProperty } from './servers/demo-property';
import { cpuOf, stopChild, whenReady } from './servers/ipc';
import type { KeelApp } from './servers/keel-app';
import {
  describeRun,
  load1,
  measure,
  median,
  medianRatio,
  percent,
  type Run,
  runCells,
  type Server,
  table,
} from './suite';

const SOFTWARE = 10_000;
const VERSIONS_PER_SOFTWARE = 10;
const DEBS = 1_000;
const CALLERS = 2_000;
const CONNECTIONS = 10;
const RATIO_TARGET = 0.4;
const P99_TARGET_MS = 10;
const APT_TARGET_MS = 1_000;
const WARMUP_S = 2;
const DURATION_S = 8;
const ROUNDS = 3;

const publicIdOf = (i: number) => `bench${String(i).padStart(11, '0')}`;
const versionOf = (v: number) => `1.${v}.0`;
const installIdOf = (c: number) => `bench-install-${String(c).padStart(6, '0')}`;

// ---- the server child ---------------------------------------------------------------------------------------

/** A minimal `.deb` (deb(5)): `debian-binary`, `control.tar.xz` holding `./control`, an empty `data.tar.xz`. */
function makeDeb(name: string, version: string): Buffer {
  const control = Buffer.from(
    `Package: ${name}\nVersion: ${version}\nArchitecture: amd64\nMaintainer: Bench <bench@example.com>\nInstalled-Size: 1\nDescription: ${name}, a package of the bench\n It does nothing.\n`,
  );
  const tar = (files: { name: string; body: Buffer }[]) => {
    const blocks: Buffer[] = [];
    for (const f of files) {
      const h = Buffer.alloc(512);
      h.write(f.name, 0);
      h.write('0000644\0', 100);
      h.write('0000000\0', 108);
      h.write('0000000\0', 116);
      h.write(`${f.body.length.toString(8).padStart(11, '0')}\0`, 124);
      h.write('00000000000\0', 136);
      h.write('        ', 148);
      h.write('0', 156);
      h.write('ustar\0', 257);
      h.write('00', 263);
      let sum = 0;
      for (const b of h) sum += b;
      h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
      blocks.push(h, f.body, Buffer.alloc((512 - (f.body.length % 512)) % 512));
    }
    blocks.push(Buffer.alloc(1024));
    return Buffer.concat(blocks);
  };
  const xz = (b: Buffer) => execFileSync('xz', ['-c', '--check=crc64'], { input: b });
  const member = (n: string, body: Buffer) => {
    const h = Buffer.alloc(60, ' ');
    h.write(n, 0);
    h.write('0', 16);
    h.write('0', 28);
    h.write('0', 34);
    h.write('100644', 40);
    h.write(String(body.length), 48);
    h.write('`\n', 58);
    return Buffer.concat([h, body, body.length % 2 ? Buffer.from('\n') : Buffer.alloc(0)]);
  };
  return Buffer.concat([
    Buffer.from('!<arch>\n'),
    member('debian-binary', Buffer.from('2.0\n')),
    member('control.tar.xz', xz(tar([{ name: './control', body: control }]))),
    member('data.tar.xz', xz(tar([]))),
  ]);
}

async function serve(): Promise<void> {
  const { serveKeel } = await import('./servers/keel-app');
  const { updateCheckRuntime } = await import('@keel/server/modules/pc-software/update-check-recorder');
  await serveKeel(async (app) => {
    await insertBulk(app);
    const { pno } = await demoProperty(app);
    updateCheckRuntime(app.keel).perAddressPerMinute = 1e12;
    // A "release" the parent asks for between index runs: the last package's version leaves stable and comes back,
    // so that the set of installers (and the index) changes while every control file stays known.
    process.on('message', (m: { type?: string }) => {
      if (m?.type !== 'bump') return;
      void app.keel.db
        .updateTable('soft_versions')
        .set((eb) => ({ channel: eb.case().when('channel', '=', 'stable').then('beta').else('stable').end() }))
        .where('pno', '=', pno)
        .where('version_id', '=', `bench-v-${DEBS - 1}-${VERSIONS_PER_SOFTWARE - 1}`)
        .execute()
        .then(() => process.send?.({ type: 'bumped' }));
    });
  });
}

async function insertBulk(app: KeelApp): Promise<void> {
  const db = app.keel.db;
  const { pno, owner_uid: owner } = await demoProperty(app);
  const { versionKey } = await import('@keel/contract/endpoints/pc-software-model');
  const now = Date.now();
  const BATCH = 200;
  const sha = createHash('sha256').update('bench installer').digest('hex');
  for (let i = 0; i < SOFTWARE; i += BATCH) {
    const softs: Insertable<SoftInfosTable>[] = [];
    const versions: Insertable<SoftVersionsTable>[] = [];
    const installers: Insertable<SoftInstallersTable>[] = [];
    for (let k = i; k < Math.min(i + BATCH, SOFTWARE); k += 1) {
      softs.push({
        soft_id: `bench-soft-${k}`,
        pno,
        sid: 'bench-space',
        public_id: publicIdOf(k),
        name: `Bench tool ${k}`,
        auth_type: 0,
        kind: 'main',
        created_by: owner,
        created_at: now,
        updated_at: now,
      });
      for (let v = 0; v < VERSIONS_PER_SOFTWARE; v += 1) {
        const versionId = `bench-v-${k}-${v}`;
        versions.push({
          version_id: versionId,
          pno,
          soft_id: `bench-soft-${k}`,
          version: versionOf(v),
          version_key: versionKey(versionOf(v)),
          notes_zh: `版本 ${v} 的说明`,
          notes_en: `Notes of version ${v}`,
          channel: 'stable',
          released_at: now,
          released_by: owner,
          created_by: owner,
          created_at: now,
          updated_at: now,
        });
        installers.push({
          installer_id: `bench-i-${k}-${v}`,
          pno,
          soft_id: `bench-soft-${k}`,
          version_id: versionId,
          os: 'windows',
          arch: 'x64',
          format: 'exe',
          fid: `bench-f-${k}-${v}`,
          file_name: `tool-${k}-${v}.exe`,
          size: 50_000_000,
          sha256: sha,
          signature: randomBytes(24).toString('base64'),
          created_at: now,
        });
      }
    }
    await db.insertInto('soft_infos').values(softs).execute();
    await db.insertInto('soft_versions').values(versions).execute();
    await db.insertInto('soft_installers').values(installers).execute();
  }
  // The `.deb` of the newest version of the first DEBS software items.
  for (let k = 0; k < DEBS; k += 1) {
    const v = VERSIONS_PER_SOFTWARE - 1;
    const blob = await app.keel.blobs.store.put(Readable.from([makeDeb(`bench-tool-${k}`, versionOf(v))]), {
      maxSize: 1 << 20,
    });
    await db
      .insertInto('soft_installers')
      .values({
        installer_id: `bench-deb-${String(k).padStart(5, '0')}`,
        pno,
        soft_id: `bench-soft-${k}`,
        version_id: `bench-v-${k}-${v}`,
        os: 'linux',
        arch: 'x64',
        format: 'deb',
        fid: `bench-fd-${k}`,
        file_name: `bench-tool-${k}.deb`,
        size: blob.size,
        sha256: blob.sha256,
        created_at: now,
      })
      .execute();
  }
}

// ---- the parent -----------------------------------------------------------------------------------------------

const tsxLoader = import.meta.resolve('tsx');

function start(
  file: string,
  env: Record<string, string>,
  seconds: number,
  execArgv: string[] = [],
): Promise<{ child: ChildProcess; url: string }> {
  const child = fork(file, [], {
    execArgv: ['--import', tsxLoader, ...execArgv],
    env: { ...process.env, ...env },
    stdio: ['ignore', 2, 2, 'ipc'],
  });
  return whenReady(child, file, seconds).then((url) => ({ child, url }));
}

/** Connection c's update checks: its share of the CALLERS triples, in turn. */
function checksOf(c: number): PacedRequest[] {
  const out: PacedRequest[] = [];
  for (let n = c; n < CALLERS; n += CONNECTIONS) {
    const soft = (n * 7919) % SOFTWARE;
    // Nine in ten callers are behind (versions 0–8); one in ten is up to date.
    const version = versionOf(n % 10 === 0 ? VERSIONS_PER_SOFTWARE - 1 : n % (VERSIONS_PER_SOFTWARE - 1));
    out.push({
      path: `/api/softUpdate/checkUpdate?publicId=${publicIdOf(soft)}&version=${version}&os=windows&arch=x64&channel=stable&installId=${installIdOf(n)}`,
      headers: { 'accept-language': 'en' },
    });
  }
  return out;
}

/** One round: the two unpaced runs, the calibration, the paced check and its control. */
interface Round {
  hello: Run;
  check: Run;
  calibration: CalibrationStep[];
  rate: number;
  paced: PacedRun;
  control: PacedRun;
  loads: { hello: string; check: string; paced: string; control: string };
}

async function parent(): Promise<void> {
  const { values: args } = parseArgs({
    options: {
      rounds: { type: 'string', default: String(ROUNDS) },
      only: { type: 'string' },
      'cpu-prof': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (args.help) {
    console.log(`Usage: npm run bench:pc-software -w @keel/bench [-- options]
  --rounds <n>        rounds of the update check's runs, judged on the median (default ${ROUNDS})
  --only check|apt    one part only: the update check, or the APT index
  --cpu-prof          write a V8 CPU profile of Keel's server to bench/profiles/pc-software/ (summarise it with
                      \`npx tsx bench/profile-summary.ts <file> --timeline\`)`);
    return;
  }
  const rounds = Math.round(Number(args.rounds));
  if (!Number.isFinite(rounds) || rounds < 1) throw new Error('--rounds: a positive whole number');
  if (args.only !== undefined && args.only !== 'check' && args.only !== 'apt') throw new Error('--only: check or apt');
  const dataDir = mkdtempSync(join(tmpdir(), 'keel-bench-pcsoft-'));
  const children: ChildProcess[] = [];
  try {
    const base = await start(join(import.meta.dirname, 'servers', 'baseline.ts'), {}, 60);
    children.push(base.child);
    const profile = args['cpu-prof']
      ? ['--cpu-prof', '--cpu-prof-dir', fileURLToPath(new URL('./profiles/pc-software', import.meta.url))]
      : [];
    const keel = await start(
      fileURLToPath(import.meta.url),
      { PC_SOFTWARE_SERVE: '1', BENCH_DATA_DIR: dataDir },
      900,
      profile,
    );
    children.push(keel.child);
    const baseline: Server = { name: 'baseline', url: base.url, child: base.child };
    const server: Server = { name: 'keel', url: keel.url, child: keel.child };

    // Sanity: an answer with change records, and one with nothing newer.
    const sample = checksOf(1)[0] as PacedRequest;
    const res = (await (await fetch(`${keel.url}${sample.path}`)).json()) as {
      status: number;
      data: { update: number; changes: unknown[] };
    };
    if (res.status !== 0 || res.data.update !== 1 || res.data.changes.length === 0)
      throw new Error(`checkUpdate: ${JSON.stringify(res)}`);
    const current = checksOf(0)[0] as PacedRequest;
    const none = (await (await fetch(`${keel.url}${current.path}`)).json()) as {
      status: number;
      data: { update: number };
    };
    if (none.status !== 0 || none.data.update !== 0)
      throw new Error(`checkUpdate, up to date: ${JSON.stringify(none)}`);

    if (args.only !== 'apt') await updateCheck(baseline, server, rounds);
    if (args.only !== 'check') {
      if (args.only !== 'apt') console.log('');
      await aptIndex(keel.url, keel.child);
    }
  } finally {
    for (const child of children) await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** (1) The update check against the hello-world: unpaced for the throughput, paced with its control for the p99. */
async function updateCheck(baseline: Server, server: Server, rounds: number): Promise<void> {
  let next = 0;
  const unpaced = () => ({
    url: server.url,
    connections: CONNECTIONS,
    requests: checksOf(0).map((r) => ({ method: 'GET' as const, ...r })),
    setupClient: (client: { setRequests(r: unknown[]): void }) =>
      client.setRequests(checksOf(next++ % CONNECTIONS).map((r) => ({ method: 'GET' as const, ...r }))),
  });
  const all: Round[] = [];
  for (let round = 1; round <= rounds; round += 1) {
    const tag = `round ${round}/${rounds}:`;
    const loads = { hello: load1(), check: '', paced: '', control: '' };
    console.error(`${tag} hello-world, ${CONNECTIONS} connections…`);
    const hello = await measure(baseline, { url: `${baseline.url}/`, connections: CONNECTIONS }, WARMUP_S, DURATION_S);
    console.error(`  ${describeRun(hello)}`);
    console.error(`${tag} update check, unpaced…`);
    loads.check = load1();
    const check = await measure(server, unpaced(), WARMUP_S, DURATION_S);
    console.error(`  ${describeRun(check)}`);
    const calibration = await calibratePaced(check.cpuMicrosPerRequest, CONNECTIONS, (rate, seconds) =>
      measurePaced(server, { connections: CONNECTIONS, rate, requestsOf: checksOf }, 1, seconds),
    );
    for (const c of calibration)
      console.error(
        `${tag} calibrating: ${c.rate} req/s → ${c.run.requestsPerSecond.toFixed(0)} answered, server CPU ` +
          `${percent(c.share)} of a core (${c.run.cpuMicrosPerRequest.toFixed(1)} µs/req)`,
      );
    const rate = rateFor(calibration, CONNECTIONS);
    const log = (l: string) => console.error(l);
    console.error(
      `${tag} update check paced at ${rate} req/s (half the unpaced would be ${Math.round(check.requestsPerSecond / 2)})…`,
    );
    loads.paced = load1();
    const paced = await measurePaced(
      server,
      { connections: CONNECTIONS, rate, requestsOf: checksOf, log },
      WARMUP_S,
      DURATION_S,
    );
    // The control: the bare hello-world paced at the same rate by the same generator. A hello-world answers in
    // microseconds, so its p99 is what the machine and the generator add by themselves.
    console.error(`${tag} control: the hello-world paced at ${rate} req/s…`);
    loads.control = load1();
    const control = await measurePaced(
      baseline,
      { connections: CONNECTIONS, rate, requestsOf: () => [{ path: '/' }], log },
      WARMUP_S,
      DURATION_S,
    );
    all.push({ hello, check, calibration, rate, paced, control, loads });
  }

  const ratio = medianRatio(
    all.map((r) => r.check),
    all.map((r) => r.hello),
    (r) => r.requestsPerSecond,
  );
  const cpuRatio = medianRatio(
    all.map((r) => r.check),
    all.map((r) => r.hello),
    (r) => 1 / r.cpuMicrosPerRequest,
  );
  const pacedP99 = median(all.map((r) => r.paced.p99Ms));
  const controlP99 = median(all.map((r) => r.control.p99Ms));
  const lateP99 = median(all.map((r) => r.paced.generator.lateP99Ms));
  const valid = all.every((r) => r.paced.errors + r.paced.non2xx + r.check.errors + r.check.non2xx === 0);

  console.log(
    `The update check, ${SOFTWARE} software items and ${SOFTWARE * VERSIONS_PER_SOFTWARE} versions, ${CONNECTIONS} ` +
      `connections over ${CALLERS} callers; ${WARMUP_S} s warm-up + ${DURATION_S} s a run, ${rounds} round${rounds > 1 ? 's' : ''}`,
  );
  console.log('');
  for (const line of table([
    ['run', 'req/s', 'mean ms', 'p99 ms', 'CPU µs/req', 'errors/non-2xx', 'load'],
    ...all.flatMap((r, i) => {
      const n = rounds > 1 ? ` (round ${i + 1})` : '';
      return [
        runCells(`hello-world (baseline)${n}`, r.hello, r.loads.hello),
        runCells(`update check, unpaced${n}`, r.check, r.loads.check),
        runCells(`update check, paced at ${r.rate} req/s${n}`, r.paced, r.loads.paced),
        runCells(`hello-world paced alike (control)${n}`, r.control, r.loads.control),
      ];
    }),
  ]))
    console.log(line);
  for (const [i, r] of all.entries())
    console.log(
      `(Round ${i + 1}: the paced rate was calibrated to ${percent(PACED_CPU_SHARE)} of a core of server CPU ` +
        `(${r.calibration.map((c) => `${c.rate} req/s → ${percent(c.share)}`).join(', ')}); half the unpaced ` +
        `req/s would have been ${Math.round(r.check.requestsPerSecond / 2)}. Generator sends late by p99 ` +
        `${r.paced.generator.lateP99Ms.toFixed(1)} ms (control ${r.control.generator.lateP99Ms.toFixed(1)} ms); server ` +
        `event-loop delay p99 ${r.paced.server.loopP99Ms.toFixed(1)} ms.)`,
    );
  console.log('');
  const verdict = (pass: boolean) => (pass ? 'PASS' : 'FAIL');
  console.log(
    `update check ${percent(ratio)} of the hello-world's req/s (median of the rounds' ratios; by CPU per request ` +
      `${percent(cpuRatio)}) vs target ≥ ${RATIO_TARGET * 100} %: ${verdict(valid && ratio >= RATIO_TARGET)}`,
  );
  const pass = valid && pacedP99 <= P99_TARGET_MS;
  console.log(
    `update check p99 ${pacedP99} ms paced at half a core (median; the hello-world paced alike: ${controlP99} ms, the ` +
      `generator's sends late by p99 ${lateP99.toFixed(1)} ms) vs target ≤ ${P99_TARGET_MS} ms: ${verdict(pass)}` +
      (!pass && controlP99 > P99_TARGET_MS
        ? ' (the control is over the target too: the machine is too busy to judge)'
        : ''),
  );
}

/** (2) The APT index: the first request after the start, made again after a release (five runs), unchanged. */
async function aptIndex(url: string, child: ChildProcess): Promise<void> {
  const { pno: demoPno } = await signIn(url, '演示物业');
  const index = `${url}/apt/${demoPno}/dists/stable/InRelease`;
  const timed = async () => {
    const cpu0 = await cpuOf(child);
    const t0 = performance.now();
    const r = await fetch(index);
    const text = await r.text();
    const ms = performance.now() - t0;
    if (r.status !== 200 || !text.includes('BEGIN PGP SIGNED MESSAGE')) throw new Error(`${index}: HTTP ${r.status}`);
    return { ms, cpuMs: ((await cpuOf(child)) - cpu0) / 1000 };
  };
  const cold = await timed();
  const packages = await (await fetch(`${url}/apt/${demoPno}/dists/stable/main/binary-amd64/Packages`)).text();
  const listed = packages.split('\n').filter((l) => l.startsWith('Package: ')).length;
  const bump = () =>
    new Promise<void>((resolve) => {
      const on = (m: { type?: string }) => {
        if (m?.type !== 'bumped') return;
        child.off('message', on);
        resolve();
      };
      child.on('message', on);
      child.send({ type: 'bump' });
    });
  const warm: { ms: number; cpuMs: number }[] = [];
  for (let r = 0; r < 5; r += 1) {
    await bump();
    warm.push(await timed());
  }
  const kept: number[] = [];
  for (let r = 0; r < 10; r += 1) kept.push((await timed()).ms);

  console.log(
    `The APT index, ${listed} packages (InRelease over HTTP: the list, Packages, gzip, OpenPGP signature; load ${load1()})`,
  );
  console.log('| case | ms | server CPU ms |');
  console.log('| --- | ---: | ---: |');
  console.log(
    `| first request after the start (control files read) | ${cold.ms.toFixed(0)} | ${cold.cpuMs.toFixed(0)} |`,
  );
  for (const [i, w] of warm.entries())
    console.log(`| made again after a release, run ${i + 1} | ${w.ms.toFixed(0)} | ${w.cpuMs.toFixed(0)} |`);
  console.log(`| unchanged (kept), median of 10 | ${median(kept).toFixed(1)} | |`);
  const regen = median(warm.map((w) => w.ms));
  console.log(
    `index made again ${regen.toFixed(0)} ms (median), first ${cold.ms.toFixed(0)} ms, vs target ≤ ${APT_TARGET_MS} ms: ${Math.max(regen, cold.ms) <= APT_TARGET_MS ? 'PASS' : 'FAIL'}`,
  );
}

if (process.env.PC_SOFTWARE_SERVE === '1') await serve();
else await parent();
