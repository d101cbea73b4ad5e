// `npm run bench:pc-software -w @keel/bench`: the PC software store's public side (modules/pc-software README "For
// installed clients") with 10 000 software items and 100 000 versions: (1) the update check installed clients make,
// against the bare Fastify hello-world (servers/baseline.ts) measured in the same run — unpaced for the throughput
// (target ≥ 40 % of the hello-world's requests/s; the server's CPU per request beside it), then paced (open loop, at
// half Keel's unpaced throughput) for the latency (target p99 ≤ 10 ms); (2) the APT repository's index of 1 000
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
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { SoftInfosTable, SoftInstallersTable, SoftVersionsTable } from '@keel/server/modules/pc-software/tables';
import type { Insertable } from 'kysely';
import { measurePaced, type PacedRequest } from './paced';
import { demoProperty } from './servers/demo-property';
import { cpuOf, stopChild, whenReady } from './servers/ipc';
import type { KeelApp } from './servers/keel-app';
import { measure, type Run, type Server } from './suite';

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
): Promise<{ child: ChildProcess; url: string }> {
  const child = fork(file, [], {
    execArgv: ['--import', tsxLoader],
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

async function parent(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'keel-bench-pcsoft-'));
  const children: ChildProcess[] = [];
  try {
    const base = await start(join(import.meta.dirname, 'servers', 'baseline.ts'), {}, 60);
    children.push(base.child);
    const keel = await start(fileURLToPath(import.meta.url), { PC_SOFTWARE_SERVE: '1', BENCH_DATA_DIR: dataDir }, 900);
    children.push(keel.child);
    const baseline: Server = { name: 'baseline', url: base.url, child: base.child };
    const server: Server = { name: 'keel', url: keel.url, child: keel.child };
    const { demoPno } = await import('./keel-client').then(async (m) => ({
      demoPno: (await m.signIn(keel.url, '演示物业')).pno,
    }));

    // Sanity: an answer with change records, and one with nothing newer.
    const sample = checksOf(1)[0] as PacedRequest;
    const res = (await (await fetch(`${keel.url}${sample.path}`)).json()) as {
      status: number;
      data: { update: number; changes: unknown[] };
    };
    if (res.status !== 0 || res.data.update !== 1) throw new Error(`checkUpdate: ${JSON.stringify(res)}`);

    // (2) first, on a cold start: the index's first request reads every control file.
    const index = `${keel.url}/apt/${demoPno}/dists/stable/InRelease`;
    const timed = async () => {
      const cpu0 = await cpuOf(keel.child);
      const t0 = performance.now();
      const r = await fetch(index);
      const text = await r.text();
      const ms = performance.now() - t0;
      if (r.status !== 200 || !text.includes('BEGIN PGP SIGNED MESSAGE')) throw new Error(`${index}: HTTP ${r.status}`);
      return { ms, cpuMs: ((await cpuOf(keel.child)) - cpu0) / 1000 };
    };
    const cold = await timed();
    const packages = await (await fetch(`${keel.url}/apt/${demoPno}/dists/stable/main/binary-amd64/Packages`)).text();
    const listed = packages.split('\n').filter((l) => l.startsWith('Package: ')).length;
    const bump = () =>
      new Promise<void>((resolve) => {
        const on = (m: { type?: string }) => {
          if (m?.type !== 'bumped') return;
          keel.child.off('message', on);
          resolve();
        };
        keel.child.on('message', on);
        keel.child.send({ type: 'bump' });
      });
    const warm: { ms: number; cpuMs: number }[] = [];
    for (let r = 0; r < 5; r += 1) {
      await bump();
      warm.push(await timed());
    }
    const kept: number[] = [];
    for (let r = 0; r < 10; r += 1) kept.push((await timed()).ms);

    // (1) the update check against the hello-world, rounds interleaved.
    const hello: Run[] = [];
    const checks: Run[] = [];
    let next = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      hello.push(await measure(baseline, { url: baseline.url, connections: CONNECTIONS }, WARMUP_S, DURATION_S));
      checks.push(
        await measure(
          server,
          {
            url: server.url,
            connections: CONNECTIONS,
            requests: checksOf(0).map((r) => ({ method: 'GET' as const, ...r })),
            setupClient: (client) =>
              client.setRequests(checksOf(next++ % CONNECTIONS).map((r) => ({ method: 'GET' as const, ...r }))),
          },
          WARMUP_S,
          DURATION_S,
        ),
      );
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
    const ratios = checks.map((c, i) => c.requestsPerSecond / (hello[i] as Run).requestsPerSecond);
    const cpuRatios = checks.map((c, i) => (hello[i] as Run).cpuMicrosPerRequest / c.cpuMicrosPerRequest);
    const checkRps = median(checks.map((c) => c.requestsPerSecond));
    const rate = Math.max(CONNECTIONS, Math.round(checkRps / 2));
    const paced = await measurePaced(
      server,
      { connections: CONNECTIONS, rate, requestsOf: checksOf, log: (l) => console.error(l) },
      WARMUP_S,
      DURATION_S,
    );

    const row = (name: string, r: Run) =>
      console.log(
        `| ${name} | ${Math.round(r.requestsPerSecond)} | ${r.p99Ms.toFixed(1)} | ${r.meanMs.toFixed(2)} | ${r.cpuMicrosPerRequest.toFixed(0)} | ${r.errors}, ${r.non2xx} |`,
      );
    console.log(
      `The update check, ${SOFTWARE} software items and ${SOFTWARE * VERSIONS_PER_SOFTWARE} versions, ${CONNECTIONS} connections over ${CALLERS} callers (load ${loadavg()[0]?.toFixed(2)})`,
    );
    console.log('| case | req/s | p99 ms | mean ms | server CPU µs/req | errors, non-2xx |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
    for (const [i, r] of hello.entries()) row(`hello-world (baseline), round ${i + 1}`, r);
    for (const [i, r] of checks.entries()) row(`update check, unpaced, round ${i + 1}`, r);
    row(`update check, paced at ${rate} req/s`, paced);
    const ratio = median(ratios);
    console.log(
      `update check ${(ratio * 100).toFixed(1)} % of the hello-world's req/s (median of ${ROUNDS} rounds) vs target ≥ ${RATIO_TARGET * 100} %: ${ratio >= RATIO_TARGET ? 'PASS' : 'FAIL'}; ` +
        `by CPU per request ${(median(cpuRatios) * 100).toFixed(1)} %`,
    );
    console.log(
      `update check p99 ${paced.p99Ms.toFixed(1)} ms paced vs target ≤ ${P99_TARGET_MS} ms: ${paced.p99Ms <= P99_TARGET_MS ? 'PASS' : 'FAIL'}`,
    );
    console.log('');
    console.log(`The APT index, ${listed} packages (InRelease over HTTP: the list, Packages, gzip, OpenPGP signature)`);
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
  } finally {
    for (const child of children) await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.env.PC_SOFTWARE_SERVE === '1') await serve();
else await parent();
