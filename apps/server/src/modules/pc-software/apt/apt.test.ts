import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { propertyTenant } from '../../../platform/tenancy/tenant';
import { type DeviceFixture, servedDeviceFixture } from '../../../test/device-fixture';
import { describeEachDb } from '../../../test/harness';
import { type SeededSoft, seedInstaller, seedSoft, seedVersion } from '../../../test/pc-software-fixture';
import { realTools, recordRealToolRun } from '../../../test/real-tools';
import { readDebControl } from './deb';
import { currentSuite } from './repository';

/**
 * The signed APT repository (README "The APT repository") judged by Debian's own `apt-get` against a scratch
 * configuration (every `Dir::` option pointed into a temporary folder; the machine's sources are not read): `update`
 * verifies the InRelease signature with the key the download page names, `apt-get download` fetches the `.deb`
 * whose SHA-256 is the installer's, and a `Packages` that is not the one the Release signed is refused. The `.deb`
 * files are built with `dpkg-deb` at test time (its default xz control member, and one with gzip).
 */
const TOOLS = ['apt-get', 'dpkg-deb'];
const run = promisify(execFile);

describeEachDb('pc software APT repository', (env) => {
  const ready = realTools(...TOOLS);
  let fx: DeviceFixture;
  let url = '';
  let dir = '';
  let soft: SeededSoft;
  let hello: { sha256: string; installerId: string };
  const s = () => env().app.keel;

  /** Builds a `.deb` with dpkg-deb (`-Z` names the compression; dpkg's default is xz). */
  async function buildDeb(name: string, version: string, arch: string, compression?: string): Promise<Buffer> {
    const root = join(dir, `build-${name}-${version}-${arch}`);
    mkdirSync(join(root, 'DEBIAN'), { recursive: true });
    mkdirSync(join(root, 'usr/share/doc', name), { recursive: true });
    writeFileSync(
      join(root, 'DEBIAN/control'),
      `Package: ${name}\nVersion: ${version}\nArchitecture: ${arch}\nMaintainer: Keel Tests <tests@example.com>\nDescription: ${name} for the APT test\n A second line of the description.\n`,
    );
    writeFileSync(join(root, 'usr/share/doc', name, 'README'), `${name} ${version}\n`);
    const out = join(dir, `${name}_${version}_${arch}.deb`);
    await run('dpkg-deb', [...(compression ? [`-Z${compression}`] : []), '--root-owner-group', '--build', root, out]);
    return readFileSync(out);
  }

  /** apt-get against the scratch configuration of `name` (its own state, cache and sources). */
  async function aptGet(name: string, sourcesLine: string, args: string[], cwd?: string) {
    const base = join(dir, `apt-${name}`);
    for (const d of ['state/lists/partial', 'cache/archives/partial', 'parts', 'trusted', 'prefs', 'dl'])
      mkdirSync(join(base, d), { recursive: true });
    writeFileSync(join(base, 'sources.list'), `${sourcesLine}\n`);
    writeFileSync(join(base, 'status'), '');
    const options = [
      `Dir::Etc::sourcelist=${join(base, 'sources.list')}`,
      `Dir::Etc::sourceparts=${join(base, 'parts')}`,
      `Dir::Etc::trusted=/dev/null`,
      `Dir::Etc::trustedparts=${join(base, 'trusted')}`,
      `Dir::Etc::preferencesparts=${join(base, 'prefs')}`,
      `Dir::State=${join(base, 'state')}`,
      `Dir::State::status=${join(base, 'status')}`,
      `Dir::Cache=${join(base, 'cache')}`,
      'Debug::NoLocking=1',
      'APT::Architecture=amd64',
      'APT::Architectures=amd64',
      'APT::Sandbox::User=root',
      'Acquire::http::Proxy=DIRECT',
      'Acquire::Languages=none',
      'Acquire::IndexTargets::deb::Contents-deb::DefaultEnabled=false',
    ].flatMap((o) => ['-o', o]);
    try {
      const r = await run('apt-get', [...options, ...args], { cwd: cwd ?? join(base, 'dl'), timeout: 60_000 });
      return { code: 0, out: `${r.stdout}${r.stderr}`, dl: join(base, 'dl') };
    } catch (error) {
      const e = error as { code?: number; stdout?: string; stderr?: string };
      return { code: e.code ?? -1, out: `${e.stdout ?? ''}${e.stderr ?? ''}`, dl: join(base, 'dl') };
    }
  }

  beforeAll(async () => {
    if (!ready) return;
    dir = mkdtempSync(join(tmpdir(), 'keel-apt-'));
    ({ fx, url } = await servedDeviceFixture(env));
    soft = await seedSoft(s(), fx.demo, 'APT tool');
    const v1 = await seedVersion(s(), soft, '1.0.0', 'stable');
    hello = await seedInstaller(s(), soft, v1, {
      os: 'linux',
      arch: 'x64',
      format: 'deb',
      bytes: await buildDeb('keel-hello', '1.0.0', 'amd64'),
    });
    await seedInstaller(s(), soft, v1, {
      os: 'linux',
      arch: 'universal',
      format: 'deb',
      bytes: await buildDeb('keel-hello-data', '1.0.0', 'all', 'gzip'),
      fileName: 'keel-hello-data.deb',
    });
    const v2 = await seedVersion(s(), soft, '1.1.0', 'beta');
    await seedInstaller(s(), soft, v2, {
      os: 'linux',
      arch: 'x64',
      format: 'deb',
      bytes: await buildDeb('keel-hello', '1.1.0', 'amd64'),
    });
    // Unreleased: in no suite.
    const v3 = await seedVersion(s(), soft, '2.0.0', '');
    await seedInstaller(s(), soft, v3, {
      os: 'linux',
      arch: 'x64',
      format: 'deb',
      bytes: await buildDeb('keel-hello', '2.0.0', 'amd64'),
    });
  }, 120_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('reads the control file of xz and gzip .debs', async () => {
    if (!ready) return;
    for (const [compression, arch] of [
      [undefined, 'amd64'],
      ['gzip', 'arm64'],
      ['none', 'all'],
    ] as const) {
      const deb = await buildDeb('keel-parse', '3.2.1', arch, compression);
      const control = await readDebControl(deb.length, async (a, b) => deb.subarray(a, b + 1));
      expect(control.fields.get('Package')).toBe('keel-parse');
      expect(control.fields.get('Architecture')).toBe(arch);
      expect(control.fields.get('Description')).toBe('keel-parse for the APT test\n A second line of the description.');
    }
  });

  it('is signed, verified by apt-get update, and apt-get download fetches the installer', async () => {
    if (!ready) return;
    recordRealToolRun('pc software APT repository: update, download', TOOLS);
    const info = await env().ok('softUpdate/getDownloadInfo', { publicId: soft.publicId });
    expect(info.apt?.packageName).toBe('keel-hello');
    expect(info.apt?.sourcesLine).toContain(`[signed-by=${info.apt?.keyringPath}]`);
    const repoUrl = `${url}${info.apt?.repoUrl}`;
    const key = await fetch(`${url}${info.apt?.keyUrl}`);
    expect(key.status).toBe(200);
    const armored = await key.text();
    expect(armored).toContain('BEGIN PGP PUBLIC KEY BLOCK');
    const keyring = join(dir, 'keel.asc');
    writeFileSync(keyring, armored);

    const stable = `deb [signed-by=${keyring}] ${repoUrl} stable main`;
    const update = await aptGet('stable', stable, ['update']);
    expect(update.code, update.out).toBe(0);
    expect(update.out).not.toMatch(/^(W|E):/m);
    const download = await aptGet('stable', stable, ['download', 'keel-hello']);
    expect(download.code, download.out).toBe(0);
    const fetched = readFileSync(join(download.dl, 'keel-hello_1.0.0_amd64.deb'));
    expect(createHash('sha256').update(fetched).digest('hex')).toBe(hello.sha256);
    expect((await aptGet('stable', stable, ['download', 'keel-hello-data'])).code).toBe(0);

    // The beta suite offers the beta version; nothing offers the unreleased one.
    const beta = `deb [signed-by=${keyring}] ${repoUrl} beta main`;
    expect((await aptGet('beta', beta, ['update'])).code).toBe(0);
    const newer = await aptGet('beta', beta, ['download', 'keel-hello']);
    expect(newer.code, newer.out).toBe(0);
    expect(readFileSync(join(newer.dl, 'keel-hello_1.1.0_amd64.deb')).length).toBeGreaterThan(0);
    expect((await aptGet('beta', beta, ['download', 'keel-hello=2.0.0'])).code).not.toBe(0);

    // Another key: the signature does not verify and apt refuses the repository.
    const other = await fetch(`${url}/apt/${fx.partner}/keel-archive-keyring.asc`);
    expect(other.status).toBe(404);
    const pool = await fetch(`${url}/apt/${fx.demo}/pool/main/${hello.installerId}/keel-hello_1.0.0_amd64.deb`, {
      headers: { range: 'bytes=0-7' },
    });
    expect(pool.status).toBe(206);
    expect(await pool.text()).toBe('!<arch>\n');
  }, 120_000);

  it('apt refuses a Packages file the Release did not sign, and a Release signed by another key', async () => {
    if (!ready) return;
    recordRealToolRun('pc software APT repository: tampered index', TOOLS);
    const keyring = join(dir, 'keel.asc');
    const repoUrl = `${url}/apt/${fx.demo}`;
    const line = `deb [signed-by=${keyring}] ${repoUrl} stable main`;
    const { current } = await currentSuite(s(), propertyTenant(fx.demo), 'stable');
    const tampered = Buffer.from(
      `${current.files.get('main/binary-amd64/Packages')?.toString()}\nPackage: keel-evil\nVersion: 6.6.6\nArchitecture: amd64\nFilename: pool/evil.deb\nSize: 1\nSHA256: ${'0'.repeat(64)}\n`,
    );
    const saved = new Map(current.byHash);
    const savedFiles = new Map(current.files);
    try {
      for (const [hash, bytes] of current.byHash)
        current.byHash.set(hash, bytes[0] === 0x1f ? gzipSync(tampered) : tampered);
      for (const path of current.files.keys())
        if (path.includes('Packages')) current.files.set(path, path.endsWith('.gz') ? gzipSync(tampered) : tampered);
      const refused = await aptGet('tampered', line, ['update']);
      expect(refused.code, refused.out).not.toBe(0);
      expect(refused.out).toMatch(/Hash Sum mismatch|unexpected size|File has unexpected size/i);
    } finally {
      for (const [k, v] of saved) current.byHash.set(k, v);
      for (const [k, v] of savedFiles) current.files.set(k, v);
    }
    // A keyring holding another key: the InRelease signature cannot be verified.
    const foreign = join(dir, 'foreign.asc');
    const partnerKey = (await import('../../signing/reads')).aptPublicKey;
    writeFileSync(foreign, (await partnerKey(s(), propertyTenant(fx.partner))).armored);
    const unsigned = await aptGet('foreign', `deb [signed-by=${foreign}] ${repoUrl} stable main`, ['update']);
    expect(unsigned.code, unsigned.out).not.toBe(0);
    expect(unsigned.out).toMatch(/NO_PUBKEY|not signed|signatures couldn't be verified/i);
  }, 120_000);
});
