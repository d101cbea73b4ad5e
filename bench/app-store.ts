// `npm run bench:appstore -w @keel/bench`: with 10 000 apps on a property's shelf, (1) its F-Droid index
// (`/fdroid/<pno>/all/repo/index-v1.jar`) made again, through the real HTTP route, and (2) the device's app list
// (`/{pno}/controller/v1/{id}/keelApps`) at 32 clients.
//
// A server child (this file again, with APPSTORE_SERVE=1) builds Keel with buildApp on a fresh SQLite database in a
// temporary DATA_DIR, applies seedDemo, and bulk-inserts straight through Kysely 10 000 apps of 演示物业 that passed
// review, each with listings in both languages, an analysed APK file and one version on the shelf, and the
// repository's generation. The parent asks for the index with a different Host each time: with no PUBLIC_URL the
// index names the address it was asked at, so each such request makes it again (query, JSON, JAR, RSA signature,
// blob), as the first request after a release does. Baseline, in the same run: the same route with the index kept
// (the cached answer). Target: a regeneration ≤ 2 s. Also printed: the index's size and apps, the server's CPU per
// regeneration.
//
// (2): 6 400 devices of 演示物业 with credentials (inserted with the apps) ask for their app list, 32 connections each
// cycling through 200 devices (a device may ask 20 times per polling interval). First unpaced (autocannon: the
// throughput), then paced (open loop, as the device suite: half that throughput) for the latency, the full list and
// the conditional request a device repeats (If-None-Match: 304); gzip taken, as Android's HTTP client does. Baseline, in the same run and paced at the same
// rate: the DDI poll of the same devices (the same authentication, nothing to do). Target: p99 ≤ 20 ms paced.
//
// A measurement, not a test: the exit code is 0 on FAIL too (non-zero only when the bench could not run).
import { type ChildProcess, fork } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type {
  AppFilesTable,
  AppListingsTable,
  AppsTable,
  AppVersionsTable,
} from '@keel/server/modules/app-store/tables';
import type { Insertable } from 'kysely';
import { measurePaced, type PacedRequest } from './paced';
import { demoProperty } from './servers/demo-property';
import { cpuOf, stopChild, whenReady } from './servers/ipc';
import type { KeelApp } from './servers/keel-app';
import { measure, type Run, type Server } from './suite';

const APPS = 10_000;
const TARGET_MS = 2_000;
const ROUNDS = 5;
const CLIENTS = 32;
const DEVICES_PER_CLIENT = 200;
const DEVICES = CLIENTS * DEVICES_PER_CLIENT;
const LIST_TARGET_P99_MS = 20;
const WARMUP_S = 2;
const DURATION_S = 10;
const deviceIdOf = (i: number) => `bench-appdev-${String(i).padStart(5, '0')}`;
const tokenOf = (i: number) => `bench-apptoken-${String(i).padStart(5, '0')}-keel-device-credential`;

// ---- the server child ---------------------------------------------------------------------------------------

async function serve(): Promise<void> {
  const { serveKeel } = await import('./servers/keel-app');
  await serveKeel(insertBulk);
}

async function insertBulk(app: KeelApp): Promise<void> {
  const db = app.keel.db;
  const { pno, owner_uid: owner } = await demoProperty(app);
  const now = Date.now();
  const BATCH = 500;
  for (let i = 0; i < APPS; i += BATCH) {
    const apps: Insertable<AppsTable>[] = [];
    const listings: Insertable<AppListingsTable>[] = [];
    const files: Insertable<AppFilesTable>[] = [];
    const versions: Insertable<AppVersionsTable>[] = [];
    for (let k = i; k < Math.min(i + BATCH, APPS); k += 1) {
      const appId = `bench-app-${k}`;
      const packageName = `com.bench.app${k}`;
      const fid = `bench-file-${k}`;
      apps.push({
        app_id: appId,
        pno,
        owner_uid: owner,
        package_name: packageName,
        free: 1,
        age_level: 0,
        app_type: 1,
        audit_status: 2,
        search_text: packageName,
        created_at: now - k,
        updated_at: now - k,
      });
      for (const [position, language] of (['zh-cn', 'en'] as const).entries()) {
        listings.push({
          app_id: appId,
          pno,
          language,
          position,
          app_name: language === 'en' ? `Bench app ${k}` : `测试应用 ${k}`,
          summary: language === 'en' ? 'An app of the bench' : '基准测试用的应用',
          description: 'x'.repeat(200),
        });
      }
      const analysis = {
        packageName,
        versionCode: 1,
        versionName: '1.0',
        minSdk: 21,
        targetSdk: 33,
        permissions: ['android.permission.INTERNET'],
        abis: ['arm64-v8a'],
        certSha256: createHash('sha256').update('bench').digest('hex'),
        labels: { '': `Bench app ${k}` },
        iconFid: '',
      };
      files.push({
        fid,
        pno,
        uid: owner,
        kind: 'apk',
        name: 'app.apk',
        content_type: 'application/vnd.android.package-archive',
        size: 1_000_000 + k,
        sha256: createHash('sha256').update(fid).digest('hex'),
        analysis: JSON.stringify(analysis),
        created_at: now,
      });
      versions.push({
        app_version_id: `bench-version-${k}`,
        app_id: appId,
        pno,
        version_code: 1,
        version_name: '1.0',
        fid,
        support_plugin: 0,
        force_update: 0,
        audit_status: 2,
        demand_shelf_time: null,
        published: 1,
        publish_time: now,
        created_by: owner,
        created_at: now,
        updated_at: now,
      });
    }
    await db.insertInto('apps').values(apps).execute();
    await db.insertInto('app_listings').values(listings).execute();
    await db.insertInto('app_files').values(files).execute();
    await db.insertInto('app_versions').values(versions).execute();
  }
  await db.insertInto('app_store_repos').values({ pno, generation: 1, updated_at: now }).execute();
  // The devices asking for their app list: accepted, attributes reported (a poll is "nothing to do"), no model.
  for (let i = 0; i < DEVICES; i += BATCH) {
    const ids = Array.from({ length: Math.min(BATCH, DEVICES - i) }, (_, k) => i + k);
    await db
      .insertInto('devices')
      .values(
        ids.map((n) => ({
          device_id: deviceIdOf(n),
          pno,
          name: `应用终端 ${n}`,
          business: 'terminal',
          os_type: 'android',
          admission: 'accepted',
          enrolment: 'console',
          attributes: '{}',
          attributes_at: now,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    await db
      .insertInto('device_credentials')
      .values(
        ids.map((n) => ({
          device_id: deviceIdOf(n),
          pno,
          name: `应用终端 ${n}`,
          token_hash: createHash('sha256').update(tokenOf(n)).digest('hex'),
          created_at: now,
        })),
      )
      .execute();
  }
}

// ---- the parent -----------------------------------------------------------------------------------------------

async function parent(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'keel-bench-appstore-'));
  let child: ChildProcess | undefined;
  try {
    child = fork(fileURLToPath(import.meta.url), [], {
      execArgv: ['--import', import.meta.resolve('tsx')],
      env: { ...withoutPublicUrl(process.env), APPSTORE_SERVE: '1', BENCH_DATA_DIR: dataDir },
      stdio: ['ignore', 2, 2, 'ipc'],
    });
    const server = child;
    const url = await whenReady(server, 'the server', 600);
    const pno = await demoPno(url);
    const index = `${url}/fdroid/${pno}/all/repo/index-v1.jar`;
    /** One GET with a Host of its own (a new address: the index is made again) or the same (kept). */
    const get = async (host: string) => {
      const cpu0 = await cpuOf(server);
      const t0 = performance.now();
      const res = await getWithHost(index, host);
      const ms = performance.now() - t0;
      const cpu = (await cpuOf(server)) - cpu0;
      if (res.status !== 200) throw new Error(`${index}: HTTP ${res.status}`);
      return { ms, cpu, size: res.size };
    };
    const first = await get('bench-0.example');
    const made: number[] = [];
    const cpus: number[] = [];
    for (let r = 1; r <= ROUNDS; r += 1) {
      const run = await get(`bench-${r}.example`);
      made.push(run.ms);
      cpus.push(run.cpu / 1000);
    }
    const kept: number[] = [];
    for (let r = 0; r < 20; r += 1) kept.push((await get(`bench-${ROUNDS}.example`)).ms);
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
    const regen = median(made);
    const baseline = median(kept);
    console.log(`F-Droid index, ${APPS} apps on the shelf (index-v1.jar ${(first.size / 1024).toFixed(0)} KiB)`);
    console.log('| case | median ms | runs (ms) | server CPU ms |');
    console.log('| --- | ---: | --- | ---: |');
    console.log(`| kept index (baseline) | ${baseline.toFixed(1)} | 20 runs | |`);
    console.log(
      `| index made again | ${regen.toFixed(0)} | ${made.map((m) => m.toFixed(0)).join(', ')} | ${median(cpus).toFixed(0)} |`,
    );
    console.log(
      `regeneration ${regen.toFixed(0)} ms vs target ${TARGET_MS} ms: ${regen <= TARGET_MS ? 'PASS' : 'FAIL'} ` +
        `(${(regen / baseline).toFixed(0)}× the kept index)`,
    );
    await appList({ name: 'keel', url, child: server }, pno);
  } finally {
    if (child) await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The device's app list at 32 clients, unpaced then paced, against the DDI poll of the same devices. */
async function appList(server: Server, pno: string): Promise<void> {
  const path = (i: number, tail: string) => `/${pno}/controller/v1/${deviceIdOf(i)}${tail}`;
  const auth = (i: number) => ({ authorization: `TargetToken ${tokenOf(i)}` });
  const first = await fetch(`${server.url}${path(0, '/keelApps')}`, { headers: auth(0) });
  const body = (await first.json()) as { apps: unknown[] };
  const etag = first.headers.get('etag') ?? '';
  if (first.status !== 200 || body.apps.length !== APPS || !etag)
    throw new Error(`keelApps: HTTP ${first.status}, ${body.apps?.length} apps, etag ${etag}`);
  const size = JSON.stringify(body).length;
  const zipped = await fetch(`${server.url}${path(0, '/keelApps')}`, {
    headers: { ...auth(0), 'accept-encoding': 'gzip' },
  });
  const gzipSize = Number(zipped.headers.get('content-length') ?? 0);
  await zipped.arrayBuffer();
  /** Connection c's requests: its 200 devices in turn. */
  const requestsOf =
    (tail: string, extra: Record<string, string> = {}) =>
    (c: number) =>
      Array.from({ length: DEVICES_PER_CLIENT }, (_, k) => {
        const i = c * DEVICES_PER_CLIENT + k;
        return { method: 'GET' as const, path: path(i, tail), headers: { ...auth(i), ...extra } };
      });
  let nextClient = 0;
  // As an Android HTTP client (OkHttp) asks: gzip taken.
  const full = requestsOf('/keelApps', { 'accept-encoding': 'gzip' });
  const saturated = await measure(
    server,
    {
      url: server.url,
      connections: CLIENTS,
      requests: full(0),
      setupClient: (client) => client.setRequests(full(nextClient++ % CLIENTS)),
    },
    WARMUP_S,
    DURATION_S,
  );
  const rate = Math.max(CLIENTS, Math.round(saturated.requestsPerSecond / 2));
  const paced = (requests: (c: number) => PacedRequest[]) =>
    measurePaced(server, { connections: CLIENTS, rate, requestsOf: requests }, WARMUP_S, DURATION_S);
  const list = await paced(full);
  const unchanged = await paced(requestsOf('/keelApps', { 'accept-encoding': 'gzip', 'if-none-match': etag }));
  const poll = await paced(requestsOf(''));
  console.log('');
  console.log(
    `The device's app list, ${APPS} apps (${(size / 1024 / 1024).toFixed(1)} MiB of JSON, ${(gzipSize / 1024).toFixed(0)} KiB gzip-encoded), ${CLIENTS} clients over ${DEVICES} devices`,
  );
  console.log('| case | req/s | p99 ms | mean ms | server CPU µs/req | errors, non-2xx |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  const row = (name: string, r: Run) =>
    console.log(
      `| ${name} | ${Math.round(r.requestsPerSecond)} | ${r.p99Ms.toFixed(1)} | ${r.meanMs.toFixed(2)} | ${r.cpuMicrosPerRequest.toFixed(0)} | ${r.errors}, ${r.non2xx} |`,
    );
  row('app list, unpaced (throughput)', saturated);
  row(`app list, paced at ${rate} req/s`, list);
  row('app list unchanged (If-None-Match → 304), paced', unchanged);
  row('DDI poll of the same devices (baseline), paced', poll);
  console.log(
    `app list p99 ${list.p99Ms.toFixed(1)} ms vs target ${LIST_TARGET_P99_MS} ms at ${CLIENTS} clients: ` +
      `${list.p99Ms <= LIST_TARGET_P99_MS ? 'PASS' : 'FAIL'} (${(list.p99Ms / Math.max(0.1, poll.p99Ms)).toFixed(1)}× the poll's p99; ` +
      `304: ${unchanged.p99Ms.toFixed(1)} ms)`,
  );
}

const withoutPublicUrl = (env: NodeJS.ProcessEnv) => {
  const { PUBLIC_URL: _unset, ...rest } = env;
  return rest;
};

/** A GET naming another Host than the URL's (fetch does not let one set it). */
function getWithHost(url: string, host: string): Promise<{ status: number; size: number }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { host } }, (res) => {
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, size }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The demo property's number, by signing in as the demo owner the way the console does. */
async function demoPno(url: string): Promise<string> {
  const { signIn } = await import('./keel-client');
  return (await signIn(url, '演示物业')).pno;
}

if (process.env.APPSTORE_SERVE === '1') await serve();
else await parent();
