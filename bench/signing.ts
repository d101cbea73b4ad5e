import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { SIGNATURE_ALGORITHMS, type SignatureAlgorithm } from '@keel/contract/constants';
import { ALGORITHMS } from '@keel/server/modules/signing/crypto/algorithms';
import { generatePkcs8, type SigningKey, softwareKey } from '@keel/server/modules/signing/crypto/keys';

/**
 * Signatures per second of Keel's signing path (modules/signing: `SigningKey.signStream`, the call every sign goes
 * through, keys as the service holds them) for every SPEC §9 algorithm, at 1 KB and at 100 MB, against the openssl
 * CLI doing the same operation in the same run with the same key:
 * - 1 KB: `openssl speed` of the key's sign operation (rsa2048, ecdsap256, sm2: hash-and-sign of a short input,
 *   without a process start per signature — the fair figure for small inputs);
 * - 100 MB: `openssl dgst -<hash> -sign` (SM2: `openssl pkeyutl -sign -rawin -digest sm3 -pkeyopt distid:…`) over
 *   a 100 MB file, timed whole, against Keel signing the same bytes streamed in 1 MiB chunks.
 * Target (issue 11): Keel ≥ 80 % of openssl's rate. `npm run bench:signing -w @keel/bench`.
 */

const KB = Buffer.alloc(1024, 7);
const BIG = 100 * 1024 * 1024;
const CHUNK = 1024 * 1024;
const dir = mkdtempSync(join(tmpdir(), 'keel-bench-signing-'));
const big = Buffer.alloc(BIG);
for (let i = 0; i < BIG; i += 4096) big.writeUInt32LE(i, i);
const bigFile = join(dir, 'big.bin');
writeFileSync(bigFile, big);

const pem = (der: Buffer) => `-----BEGIN PRIVATE KEY-----\n${der.toString('base64')}\n-----END PRIVATE KEY-----\n`;
const keys: Record<'RSA' | 'EC' | 'SM2', { key: SigningKey; file: string }> = {} as never;
for (const [type, spec] of [
  ['RSA', { keyType: 'RSA', bits: 2048 }],
  ['EC', { keyType: 'EC', curve: 'P-256' }],
  ['SM2', { keyType: 'SM2' }],
] as const) {
  const der = generatePkcs8(spec as never);
  const file = join(dir, `${type}.pem`);
  writeFileSync(file, pem(der));
  keys[type] = { key: softwareKey(der), file };
}

/** Keel: signatures of 1 KB in about a second. */
async function keelSmall(alg: SignatureAlgorithm): Promise<number> {
  const { key } = keys[ALGORITHMS[alg].keyType];
  for (let i = 0; i < 20; i++) await key.signStream(alg, [KB]);
  let n = 0;
  const start = performance.now();
  while (performance.now() - start < 1000) {
    await key.signStream(alg, [KB]);
    n += 1;
  }
  return n / ((performance.now() - start) / 1000);
}

/** openssl speed's sign rate for the key type (signs/s). */
const speedCache = new Map<string, number>();
function opensslSmall(alg: SignatureAlgorithm): number {
  const test = { RSA: 'rsa2048', EC: 'ecdsap256', SM2: 'sm2' }[ALGORITHMS[alg].keyType];
  const cached = speedCache.get(test);
  if (cached) return cached;
  const out = execFileSync('openssl', ['speed', '-seconds', '2', '-mr', test], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  // Machine-readable lines: +F2:<n>:<bits>:<signs/s>:<verifies/s> (RSA, ECDSA); SM2 names its curve before them.
  const line = out.split('\n').find((l) => /^\+F\d+:/.test(l)) ?? '';
  const fields = line
    .split(':')
    .slice(3)
    .filter((f) => /^[\d.]+$/.test(f));
  const rate = fields.length > 0 ? Number(fields[0]) : Number.NaN;
  speedCache.set(test, rate);
  return rate;
}

async function keelBig(alg: SignatureAlgorithm): Promise<number> {
  const { key } = keys[ALGORITHMS[alg].keyType];
  const chunks = function* () {
    for (let i = 0; i < BIG; i += CHUNK) yield big.subarray(i, i + CHUNK);
  };
  const start = performance.now();
  await key.signStream(alg, chunks());
  return 1000 / (performance.now() - start);
}

function opensslBig(alg: SignatureAlgorithm): number {
  const def = ALGORITHMS[alg];
  const { file } = keys[def.keyType];
  const args =
    def.keyType === 'SM2'
      ? [
          'pkeyutl',
          '-sign',
          '-rawin',
          '-digest',
          'sm3',
          '-pkeyopt',
          'distid:1234567812345678',
          '-inkey',
          file,
          '-in',
          bigFile,
          '-out',
          join(dir, 'sig'),
        ]
      : ['dgst', `-${def.digest}`, '-sign', file, '-out', join(dir, 'sig'), bigFile];
  const start = performance.now();
  const r = spawnSync('openssl', args, { stdio: 'ignore' });
  if (r.status !== 0) return Number.NaN;
  return 1000 / (performance.now() - start);
}

const fmt = (n: number) => (Number.isFinite(n) ? (n >= 100 ? n.toFixed(0) : n.toFixed(2)) : 'n/a');
const verdict = (r: number) => (Number.isFinite(r) ? `${(r * 100).toFixed(0)} % ${r >= 0.8 ? 'PASS' : 'FAIL'}` : 'n/a');

console.log('signatures/s: Keel (modules/signing) vs openssl, same keys, same run');
console.log('algorithm          1 KB keel  openssl  ratio        100 MB keel  openssl  ratio');
for (const alg of SIGNATURE_ALGORITHMS) {
  const ks = await keelSmall(alg);
  const os = opensslSmall(alg);
  const kb = Math.max(await keelBig(alg), await keelBig(alg));
  const ob = Math.max(opensslBig(alg), opensslBig(alg));
  console.log(
    `${alg.padEnd(18)} ${fmt(ks).padStart(9)} ${fmt(os).padStart(8)}  ${verdict(ks / os).padEnd(11)}  ${fmt(kb).padStart(11)} ${fmt(ob).padStart(8)}  ${verdict(kb / ob)}`,
  );
}
rmSync(dir, { recursive: true, force: true });
