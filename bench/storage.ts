// The storage suite of `npm run bench` (run-all.ts; `npm run bench -- storage` runs it alone). Keel with two small
// routes over its local BlobStore (servers/storage.ts), against the disk itself in the same run:
// - upload: 1 GiB sent as one `PUT` and streamed into `store.put` (SHA-256 in-stream, written, fsynced, renamed),
//   against this process writing the same bytes to a file in the same directory and fsyncing it;
// - download: the blob through `sendBlob` (platform/storage/download.ts), read by `curl` (what devices use:
//   SWUpdate and most updaters download with libcurl; `node:http` in this process where curl is missing), against this process reading the same file sequentially; the server's resident memory is sampled
//   every 50 ms during the download. Before each of the two reads the file's pages are dropped from the page cache
//   (`dd iflag=nocache count=0`, GNU coreutils; no privileges needed), so that both read the disk; where that is
//   not possible both read from the cache, and the table says so.
// Targets: download ≥ 50 % of the direct read, server memory growth ≤ 64 MB; upload ≥ 80 % of the fsynced
// write. The files (about 2 GiB at most at once) are deleted when the suite ends. See bench/README.md.
import { execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, openSync, readSync, rmSync, statSync, writeSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { cpuOf, rssOf } from './servers/ipc';
import { load1, median, medianRatio, percent, type SuiteContext, table } from './suite';

const CHUNK = 1024 * 1024;
const CHUNKS = 1024;
const SIZE = CHUNK * CHUNKS;
const MB = 1024 * 1024;
/** Whether `curl` is on this machine (the download's client; see `fetchAll`). */
const CURL = (() => {
  try {
    execFileSync('curl', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

export interface StorageRow {
  id: string;
  label: string;
  figure: string;
  value: number;
  target: string;
  pass: boolean;
  load: string;
}

interface Timed {
  seconds: number;
  load: string;
}

const rate = (t: Timed) => SIZE / MB / t.seconds;

export async function storageSuite(ctx: SuiteContext): Promise<StorageRow[]> {
  ctx.log('Storage suite: starting Keel with its local BlobStore…');
  const dataDir = join(ctx.dataDir, 'storage');
  const server = await ctx.startServer('keel (storage)', 'storage.ts', { BENCH_DATA_DIR: dataDir });
  const url = new URL(server.url);
  // The bytes: one random MiB repeated (nothing on the path compresses or deduplicates within a blob), a fresh
  // one per round so that each upload is a new blob.
  const direct = join(dataDir, 'blobs', 'direct-write.bin');
  const blobs: string[] = [];

  /** The fsynced sequential write the upload is compared with: the same bytes, 1 MiB writes, one fsync. */
  const diskWrite = (chunk: Buffer): Timed => {
    const load = load1();
    const t0 = performance.now();
    const fd = openSync(direct, 'w', 0o600);
    try {
      for (let i = 0; i < CHUNKS; i += 1) writeSync(fd, chunk);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    return { seconds: (performance.now() - t0) / 1000, load };
  };
  /**
   * The sequential read the download is compared with: the blob's file, 1 MiB reads into one buffer, each read
   * awaited (libuv's thread pool, as every read of a server that must not block its event loop is).
   */
  const diskRead = async (path: string): Promise<Timed> => {
    const load = load1();
    const buffer = Buffer.allocUnsafe(CHUNK);
    const t0 = performance.now();
    const handle = await open(path, 'r');
    let total = 0;
    try {
      for (let n = (await handle.read(buffer, 0, CHUNK)).bytesRead; n > 0; ) {
        total += n;
        n = (await handle.read(buffer, 0, CHUNK)).bytesRead;
      }
    } finally {
      await handle.close();
    }
    if (total !== SIZE) throw new Error(`read ${total} bytes of ${SIZE}`);
    return { seconds: (performance.now() - t0) / 1000, load };
  };
  /** The same with blocking reads (readSync): what the disk gives without the thread pool. Printed, not judged. */
  const diskReadSync = (path: string): Timed => {
    const load = load1();
    const buffer = Buffer.allocUnsafe(CHUNK);
    const t0 = performance.now();
    const fd = openSync(path, 'r');
    let total = 0;
    try {
      for (let n = readSync(fd, buffer); n > 0; n = readSync(fd, buffer)) total += n;
    } finally {
      closeSync(fd);
    }
    if (total !== SIZE) throw new Error(`read ${total} bytes of ${SIZE}`);
    return { seconds: (performance.now() - t0) / 1000, load };
  };

  /** One PUT of the chunk repeated to 1 GiB, as a browser's upload arrives; resolves with the JSON answer. */
  const put = <T extends { size: number }>(path: string, chunk: Buffer) =>
    new Promise<Timed & { answer: T }>((resolve, reject) => {
      const load = load1();
      const t0 = performance.now();
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          method: 'PUT',
          path,
          headers: { 'content-type': 'application/octet-stream', 'content-length': String(SIZE) },
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (d: string) => {
            body += d;
          });
          res.on('end', () => {
            if (res.statusCode !== 200) return reject(new Error(`PUT ${path}: HTTP ${res.statusCode} ${body}`));
            const answer = JSON.parse(body) as T;
            if (answer.size !== SIZE) return reject(new Error(`PUT ${path}: took ${answer.size} bytes of ${SIZE}`));
            resolve({ seconds: (performance.now() - t0) / 1000, load, answer });
          });
        },
      );
      req.on('error', reject);
      let sent = 0;
      const pump = () => {
        while (sent < CHUNKS) {
          sent += 1;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        req.end();
      };
      pump();
    });

  /**
   * The client that reads the download: `curl` writing to /dev/null (a C client, as a device's updater is: the
   * download is then measured, not this process's own `node:http` parsing, which competes for the same 2 cores),
   * else `node:http` counting the bytes. Resolves with the bytes received.
   */
  const fetchAll = (path: string): Promise<number> =>
    CURL
      ? new Promise((resolve, reject) => {
          const child = spawn('curl', [
            '-sS',
            '-o',
            '/dev/null',
            '-w',
            '%{http_code} %{size_download}',
            `${server.url}${path}`,
          ]);
          let out = '';
          child.stdout.on('data', (d: Buffer) => {
            out += d.toString();
          });
          child.on('error', reject);
          child.on('close', (code) => {
            const [status, size] = out.trim().split(' ');
            if (code !== 0 || status !== '200') return reject(new Error(`download: curl ${code}, HTTP ${status}`));
            resolve(Number(size));
          });
        })
      : new Promise((resolve, reject) => {
          const req = request({ host: url.hostname, port: url.port, path }, (res) => {
            let total = 0;
            res.on('data', (d: Buffer) => {
              total += d.length;
            });
            res.on('end', () =>
              res.statusCode === 200 ? resolve(total) : reject(new Error(`download: HTTP ${res.statusCode}`)),
            );
          });
          req.on('error', reject);
          req.end();
        });

  /** The whole blob through sendBlob; counts the bytes and samples the server's RSS meanwhile. */
  const download = async (sha256: string): Promise<Timed & { rssBefore: number; rssPeak: number }> => {
    const load = load1();
    let rssPeak = 0;
    let sampling = true;
    const sample = async () => {
      while (sampling) {
        rssPeak = Math.max(rssPeak, await rssOf(server.child));
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    const rssBefore = await rssOf(server.child);
    const sampler = sample();
    const t0 = performance.now();
    try {
      const total = await fetchAll(`/bench/blob/${sha256}`);
      if (total !== SIZE) throw new Error(`download: ${total} bytes of ${SIZE}`);
      return { seconds: (performance.now() - t0) / 1000, load, rssBefore, rssPeak };
    } finally {
      sampling = false;
      await sampler;
    }
  };

  /** A Range request answers exactly those bytes of the chunk (the blob is the chunk repeated). */
  const checkRange = async (sha256: string, chunk: Buffer, start: number, when: string) => {
    const res = await fetch(`${server.url}/bench/blob/${sha256}`, {
      headers: { range: `bytes=${start}-${start + 4095}` },
    });
    const got = Buffer.from(await res.arrayBuffer());
    const offset = start % CHUNK;
    if (
      res.status !== 206 ||
      res.headers.get('etag') !== `"${sha256}"` ||
      !got.equals(chunk.subarray(offset, offset + 4096))
    )
      throw new Error(`download of bytes ${start}- answered ${res.status} with other bytes ${when}`);
  };

  /** Drops the file's (clean) pages from the page cache; false when this system cannot. */
  const evict = (path: string): boolean => {
    try {
      execFileSync('dd', [`if=${path}`, 'iflag=nocache', 'count=0'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  };
  let cold = true;

  const results = {
    write: [] as Timed[],
    upload: [] as Timed[],
    readSync: [] as Timed[],
    read: [] as Timed[],
    download: [] as Timed[],
    warm: [] as (Timed & { cpuSeconds: number })[],
    sink: [] as Timed[],
    hash: [] as Timed[],
  };
  const growth: number[] = [];
  try {
    for (let round = 1; round <= ctx.rounds; round++) {
      const chunk = randomBytes(CHUNK);
      const hashLoad = load1();
      const hashStart = performance.now();
      const expected = createHash('sha256');
      for (let i = 0; i < CHUNKS; i += 1) expected.update(chunk);
      const digest = expected.digest('hex');
      results.hash.push({ seconds: (performance.now() - hashStart) / 1000, load: hashLoad });

      ctx.log(`  round ${round}/${ctx.rounds}: fsynced write of 1 GiB, then the same as an upload…`);
      results.write.push(diskWrite(chunk));
      rmSync(direct, { force: true });
      const up = await put<{ sha256: string; size: number }>('/bench/blob', chunk);
      const sha256 = up.answer.sha256;
      if (sha256 !== digest) throw new Error(`upload stored ${sha256}, expected ${digest}`);
      results.upload.push(up);
      blobs.push(sha256);
      results.sink.push(await put('/bench/sink', chunk));
      const path = join(dataDir, 'blobs', 'objects', sha256.slice(0, 2), sha256);
      if (statSync(path).size !== SIZE) throw new Error(`the blob file is not ${SIZE} bytes`);

      await checkRange(sha256, chunk, 0, 'before the load');
      ctx.log(`  round ${round}/${ctx.rounds}: sequential read of the blob's file, then the download…`);
      cold = evict(path) && cold;
      results.readSync.push(diskReadSync(path));
      cold = evict(path) && cold;
      results.read.push(await diskRead(path));
      cold = evict(path) && cold;
      const down = await download(sha256);
      results.download.push(down);
      // Again at once, the file now in the page cache: as when one firmware goes to many devices. Printed with the
      // server's CPU time, not judged.
      const cpuBefore = await cpuOf(server.child);
      const again = await download(sha256);
      results.warm.push({ ...again, cpuSeconds: ((await cpuOf(server.child)) - cpuBefore) / 1e6 });
      growth.push((down.rssPeak - down.rssBefore) / MB);
      await checkRange(sha256, chunk, SIZE - 4096, 'after the load');
      // The blob goes at once: at most one 1 GiB blob (and the direct write) on disk at a time.
      rmSync(path, { force: true });
    }
  } finally {
    rmSync(direct, { force: true });
    for (const sha of blobs) rmSync(join(dataDir, 'blobs', 'objects', sha.slice(0, 2), sha), { force: true });
  }

  const med = (xs: Timed[]) => median(xs.map(rate));
  const loads = (xs: Timed[]) => xs.map((x) => x.load).join(', ');
  // Each ratio is the median of the rounds' own pairs, run seconds apart (suite.ts, medianRatio).
  const write = med(results.write);
  const up = med(results.upload);
  const read = med(results.read);
  const down = med(results.download);
  const downRatio = medianRatio(results.download, results.read, rate);
  const upRatio = medianRatio(results.upload, results.write, rate);
  const sinkRatio = medianRatio(results.sink, results.write, rate);
  const memory = median(growth);
  const rows: StorageRow[] = [
    {
      id: 'download',
      label: 'download (sendBlob) vs direct sequential read (awaited)',
      figure: `${percent(downRatio)} (${down.toFixed(0)} / ${read.toFixed(0)} MiB/s)`,
      value: downRatio,
      target: '≥ 50 %',
      pass: downRatio >= 0.5,
      load: loads(results.download),
    },
    {
      id: 'download-memory',
      label: 'server RSS growth during the download',
      figure: `${memory.toFixed(1)} MiB`,
      value: memory,
      target: '≤ 64 MB',
      pass: memory <= 64,
      load: loads(results.download),
    },
    {
      id: 'upload',
      label: 'upload (store.put) vs fsynced sequential write',
      figure: `${percent(upRatio)} (${up.toFixed(0)} / ${write.toFixed(0)} MiB/s; receive alone ${percent(sinkRatio)})`,
      value: upRatio,
      target: '≥ 80 %',
      pass: upRatio >= 0.8,
      load: loads(results.upload),
    },
  ];
  ctx.out('');
  ctx.out(
    `Storage — 1 GiB, local BlobStore on the disk of DATA_DIR, ${ctx.rounds} round${ctx.rounds > 1 ? 's (median)' : ''}; ` +
      (cold
        ? 'reads from the disk (page cache dropped before each)'
        : 'reads from the page cache (dropping it failed: `dd iflag=nocache` is GNU coreutils)'),
  );
  ctx.out('');
  const mibs = (xs: Timed[]) => xs.map((x) => rate(x).toFixed(0)).join(', ');
  for (const line of table([
    ['run', 'MiB/s', 'load'],
    ['fsynced sequential write (this process)', mibs(results.write), loads(results.write)],
    ['upload: PUT → store.put (server)', mibs(results.upload), loads(results.upload)],
    ['receive alone: PUT, the bytes dropped (server)', mibs(results.sink), loads(results.sink)],
    ['SHA-256 of the same bytes in memory (this process)', mibs(results.hash), loads(results.hash)],
    ["sequential read of the blob's file, readSync (this process)", mibs(results.readSync), loads(results.readSync)],
    ["sequential read of the blob's file, awaited reads (this process)", mibs(results.read), loads(results.read)],
    [
      `download: GET → sendBlob (server), read by ${CURL ? 'curl' : 'node:http'}`,
      mibs(results.download),
      loads(results.download),
    ],
    [
      'the same again, from the page cache (server CPU s/GiB)',
      results.warm.map((x) => `${rate(x).toFixed(0)} (${x.cpuSeconds.toFixed(2)})`).join(', '),
      loads(results.warm),
    ],
  ]))
    ctx.out(line);
  ctx.out('');
  for (const line of table([
    ['target', 'measured', 'target', 'result', 'load'],
    ...rows.map((r) => [r.label, r.figure, r.target, r.pass ? 'PASS' : 'FAIL', r.load]),
  ]))
    ctx.out(line);
  return rows;
}
