import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SIGNATURE_ALGORITHMS, type SignatureAlgorithm } from '@keel/contract/constants';
import { ALGORITHMS } from '@keel/server/modules/signing/crypto/algorithms';
import { generatePkcs8, type SigningKey, softwareKey } from '@keel/server/modules/signing/crypto/keys';

/**
 * Signatures per second of Keel's signing path (modules/signing: `SigningKey.signStream`, the call every sign goes
 * through, keys as the service holds them) for every SPEC §9 algorithm, at 1 KB and at 100 MB, against OpenSSL
 * doing the same operation in the same run with the same keys (bench/README.md "Signing" explains the method):
 * - 1 KB, per CPU second (user + system; `openssl speed` divides by CPU user time too, so the machine's other load
 *   does not count against either side):
 *   - the target's baseline, "EVP", where a C compiler and OpenSSL's headers are present: `signing-evp.c`,
 *     OpenSSL's per-message EVP_DigestSign with a fresh context — the same operation as one sign call: what
 *     `openssl dgst -sign` does for its file, without the process start, and what Node's crypto.sign does;
 *   - "speed", a stricter reference (and the judge where EVP cannot be built): hash-and-sign of 1 KB from
 *     `openssl speed` in this run — 1 / (1 / sign rate of `openssl speed rsa2048|ecdsap256|sm2` + 1 / 1 KB-block
 *     rate of `openssl speed -evp <digest> -bytes 1024`), which reuses one signing context for every signature;
 * - 100 MB, per CPU second too (openssl's from the shell's `times`): `openssl dgst -<hash> -sign` (SM2: `openssl pkeyutl -sign -rawin -digest sm3 -pkeyopt
 *   distid:…`) over a 100 MB file, timed whole, against Keel signing the same bytes streamed in 1 MiB chunks.
 * Target: Keel ≥ 80 % of openssl's rate. `npm run bench:signing -w @keel/bench`.
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

const cpuSeconds = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

/** Keel: signatures of 1 KB per CPU second, best of three rounds of about a CPU second each. */
async function keelSmall(alg: SignatureAlgorithm): Promise<number> {
  const { key } = keys[ALGORITHMS[alg].keyType];
  for (let i = 0; i < 200; i++) await key.signStream(alg, [KB]);
  let best = 0;
  for (let round = 0; round < 3; round++) {
    let n = 0;
    const start = cpuSeconds();
    while (cpuSeconds() - start < 1) {
      for (let i = 0; i < 20; i++) await key.signStream(alg, [KB]);
      n += 20;
    }
    best = Math.max(best, n / (cpuSeconds() - start));
  }
  return best;
}

/** `openssl speed -mr` (machine-readable; rates per CPU user second), cached per test. */
const speedCache = new Map<string, string>();
function speed(args: string[]): string {
  const id = args.join(' ');
  let out = speedCache.get(id);
  if (out === undefined) {
    out = execFileSync('openssl', ['speed', '-seconds', '2', '-mr', ...args], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    speedCache.set(id, out);
  }
  return out;
}

/** openssl speed's sign rate for the key type (signs/s): `+F<n>:<i>:<bits>:<signs/s>:<verifies/s>`. */
function opensslSign(alg: SignatureAlgorithm): number {
  const test = { RSA: 'rsa2048', EC: 'ecdsap256', SM2: 'sm2' }[ALGORITHMS[alg].keyType];
  const line =
    speed([test])
      .split('\n')
      .find((l) => /^\+F\d+:/.test(l)) ?? '';
  const fields = line
    .split(':')
    .slice(3)
    .filter((f) => /^[\d.]+$/.test(f));
  return fields.length > 0 ? Number(fields[0]) : Number.NaN;
}

/** openssl speed's rate of hashing 1 KB blocks with the algorithm's digest (hashes/s): `+F:<i>:<name>:<bytes/s>`. */
function opensslHash(alg: SignatureAlgorithm): number {
  const line =
    speed(['-evp', ALGORITHMS[alg].digest, '-bytes', '1024'])
      .split('\n')
      .find((l) => l.startsWith('+F:')) ?? '';
  return Number(line.split(':')[3]) / 1024;
}

/** The CLI's hash-and-sign of 1 KB: one hash of 1 KB plus one signature, each at openssl speed's rate. */
const opensslSmall = (alg: SignatureAlgorithm) => 1 / (1 / opensslSign(alg) + 1 / opensslHash(alg));

/** OpenSSL's per-message EVP_DigestSign (signing-evp.c), when it can be built here; else NaN. */
const evpBinary = (() => {
  const out = join(dir, 'signing-evp');
  const src = join(import.meta.dirname, 'signing-evp.c');
  const r = spawnSync('cc', ['-O2', '-o', out, src, '-lcrypto'], { stdio: 'ignore' });
  return r.status === 0 ? out : null;
})();
function opensslEvp(alg: SignatureAlgorithm): number {
  if (!evpBinary) return Number.NaN;
  const def = ALGORITHMS[alg];
  const r = spawnSync(evpBinary, [keys[def.keyType].file, def.digest, '1'], { encoding: 'utf8' });
  return r.status === 0 ? Number(r.stdout) : Number.NaN;
}

async function keelBig(alg: SignatureAlgorithm): Promise<number> {
  const { key } = keys[ALGORITHMS[alg].keyType];
  const chunks = function* () {
    for (let i = 0; i < BIG; i += CHUNK) yield big.subarray(i, i + CHUNK);
  };
  const start = cpuSeconds();
  for (let i = 0; i < 3; i++) await key.signStream(alg, chunks());
  return 3 / (cpuSeconds() - start);
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
  // The child's CPU time (user + system) from the shell's `times`: its second line is the children's.
  const quoted = args.map((a) => `'${a}'`).join(' ');
  // Three signatures in one shell: `times` counts in clock ticks (10 ms), a tenth of one 100 MB signature.
  const script = `for i in 1 2 3; do openssl ${quoted} >/dev/null 2>&1 || exit 1; done; times`;
  const r = spawnSync('sh', ['-c', script], { encoding: 'utf8' });
  if (r.status !== 0) return Number.NaN;
  const [user, system] = [...(r.stdout.trim().split('\n')[1] ?? '').matchAll(/(\d+)m([\d.]+)s/g)].map(
    (m) => Number(m[1]) * 60 + Number(m[2]),
  );
  return 3 / ((user ?? Number.NaN) + (system ?? Number.NaN));
}

const fmt = (n: number) => (Number.isFinite(n) ? (n >= 100 ? n.toFixed(0) : n.toFixed(2)) : 'n/a');
const pct = (r: number) => (Number.isFinite(r) ? `${(r * 100).toFixed(0)} %` : 'n/a');
const verdict = (r: number) => (Number.isFinite(r) ? `${pct(r)} ${r >= 0.8 ? 'PASS' : 'FAIL'}` : 'n/a');

console.log(
  `node ${process.version} (OpenSSL ${process.versions.openssl}); CLI ${execFileSync('openssl', ['version'], { encoding: 'utf8' }).trim()}`,
);
console.log('Signatures per CPU second (user + system). Same keys, same run.');
console.log(
  'algorithm          1 KB keel  EVP     keel/EVP (target)  speed   keel/speed   100 MB keel  openssl  ratio',
);
for (const alg of SIGNATURE_ALGORITHMS) {
  const ks = await keelSmall(alg);
  const os = opensslSmall(alg);
  const ev = opensslEvp(alg);
  const kb = await keelBig(alg);
  const ob = opensslBig(alg);
  // The target judges the same operation: one message hashed and signed with a fresh context (EVP); without a C
  // compiler to build signing-evp.c, the stricter `openssl speed` figure (a context reused) judges instead.
  const judged = Number.isFinite(ev) ? `${verdict(ks / ev)}` : `${pct(ks / ev)}`;
  const speedRatio = Number.isFinite(ev) ? pct(ks / os) : verdict(ks / os);
  console.log(
    `${alg.padEnd(18)} ${fmt(ks).padStart(9)} ${fmt(ev).padStart(6)}  ${judged.padEnd(17)}  ${fmt(os).padStart(6)}  ${speedRatio.padEnd(11)}  ${fmt(kb).padStart(11)} ${fmt(ob).padStart(8)}  ${verdict(kb / ob)}`,
  );
}
rmSync(dir, { recursive: true, force: true });
