import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type DeviceFixture, deviceFixture } from '../../test/device-fixture';
import { describeEachDb } from '../../test/harness';
import { runtimeOf } from './runtime';

/**
 * Debian's `mender-client` 3.4 daemon authenticates with Keel's Mender device API using the property's enrolment
 * key as its tenant token, waits pending, is accepted through the console API (`di/admitDevice`), then reports its
 * inventory, which shows on the device (`di/getAnyDeviceInfo`). The client reads its identity script and
 * `/etc/mender/artifact_info` at fixed paths: the test writes them when they are missing and it runs as root (the
 * identity script it writes names the device by `KEEL_MENDER_DEVICE_ID`, so that parallel runs do not collide).
 * On a machine without mender-client, or without those files and not root, it reports itself skipped.
 */
const MENDER = '/usr/bin/mender';
const IDENTITY = '/usr/share/mender/identity/mender-device-identity';
const ARTIFACT_INFO = '/etc/mender/artifact_info';
const OURS = '# written by the keel mender-client test';

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const ours = (file: string) => existsSync(file) && readFileSync(file, 'utf8').includes(OURS);
const available =
  existsSync(MENDER) && ((existsSync(IDENTITY) && existsSync(ARTIFACT_INFO)) || (isRoot && existsSync('/etc')));

/** The files the client reads at fixed paths, written when missing (only as root). */
function ensureFixedFiles(): void {
  if (!existsSync(IDENTITY) || ours(IDENTITY)) {
    mkdirSync('/usr/share/mender/identity', { recursive: true });
    writeFileSync(IDENTITY, `#!/bin/sh\n${OURS}\necho "serial=\${KEEL_MENDER_DEVICE_ID:-keel-mender-test}"\n`);
    chmodSync(IDENTITY, 0o755);
  }
  if (!existsSync(ARTIFACT_INFO)) {
    mkdirSync('/etc/mender', { recursive: true });
    writeFileSync(ARTIFACT_INFO, `${OURS}\nartifact_name=keel-test-release-1\n`);
  }
}

/** What the identity script answers for this run (Mender's `key=value` lines). */
async function identityOfScript(deviceId: string): Promise<Record<string, string>> {
  const out = await new Promise<string>((resolve, reject) => {
    const p = spawn(IDENTITY, [], { env: { ...process.env, KEEL_MENDER_DEVICE_ID: deviceId } });
    let text = '';
    p.stdout.on('data', (c) => {
      text += String(c);
    });
    p.on('error', reject);
    p.on('close', () => resolve(text));
  });
  return Object.fromEntries(
    out
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l.includes('='))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );
}

/** Stops the daemon and waits for it to exit (SIGKILL if it lingers). */
async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

describeEachDb('real client: mender-client (Mender device API)', (env) => {
  let fx: DeviceFixture;
  let dir: string;
  let base: string;
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    if (!available) return;
    if (isRoot) ensureFixedFiles();
    fx = await deviceFixture(env);
    await env().app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(env().app.server.address() as AddressInfo).port}`;
    dir = mkdtempSync(join(tmpdir(), 'keel-mender-'));
  });

  afterAll(async () => {
    await stop(child);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it.skipIf(!available)(
    'authenticates, waits pending, is accepted in the console, then reports its inventory',
    async () => {
      const wanted = `mender-${env().dialect}-${process.pid}-${Date.now() % 100000}`;
      const { identityOf } = await import('./mender-service');
      const identity = identityOf(JSON.stringify(await identityOfScript(wanted)));
      if (!identity) throw new Error(`${IDENTITY} printed no identity`);
      const deviceId = identity.deviceId;
      const key = await fx.call('di/resetEnrolmentKey', {}, fx.owner);
      expect(key.status, key.msg).toBe(0);

      const data = join(dir, 'data');
      mkdirSync(data);
      writeFileSync(join(data, 'device_type'), 'device_type=keel-test-board\n');
      writeFileSync(
        join(dir, 'mender.conf'),
        JSON.stringify({
          ServerURL: base,
          TenantToken: key.data.key,
          UpdatePollIntervalSeconds: 2,
          InventoryPollIntervalSeconds: 2,
          RetryPollIntervalSeconds: 2,
          DeviceTypeFile: join(data, 'device_type'),
          DBus: { Enabled: false },
        }),
      );
      const config = env().app.keel.config;
      const saved = config.devicePollSeconds;
      // The client calls every 2 s here; 20 calls per 10 s stay within the allowance.
      config.devicePollSeconds = 10;
      let output = '';
      const info = async () => {
        await runtimeOf(env().app.keel).flush();
        return (await fx.call('di/getAnyDeviceInfo', { deviceId }, fx.owner)).data;
      };
      try {
        child = spawn(
          MENDER,
          [
            '--config',
            join(dir, 'mender.conf'),
            '--fallback-config',
            join(dir, 'fallback.conf'),
            '--data',
            data,
            '--log-level',
            'debug',
            '--no-syslog',
            'daemon',
          ],
          {
            env: { ...process.env, KEEL_MENDER_DEVICE_ID: wanted, TMPDIR: dir },
            stdio: ['ignore', 'pipe', 'pipe'],
          },
        );
        child.stdout?.on('data', (chunk) => {
          output += String(chunk);
        });
        child.stderr?.on('data', (chunk) => {
          output += String(chunk);
        });

        await expect.poll(async () => (await info())?.admission, { timeout: 60_000, interval: 500 }).toBe('pending');
        const stored = await env()
          .app.keel.db.withoutPlugins()
          .selectFrom('mender_identities')
          .select(['pubkey'])
          .where('device_id', '=', deviceId)
          .executeTakeFirst();
        expect(stored?.pubkey).toMatch(/BEGIN PUBLIC KEY/);
        expect(output).toMatch(/pending/);

        const admitted = await fx.call('di/admitDevice', { deviceIdList: [deviceId], accept: 1 }, fx.owner);
        expect(admitted.status, admitted.msg).toBe(0);
        await expect
          .poll(async () => (await info())?.attributes ?? {}, { timeout: 60_000, interval: 500 })
          .toMatchObject({ device_type: 'keel-test-board', mender_client_version: expect.any(String) });
      } catch (e) {
        throw new Error(`${(e as Error).message}\n--- mender output ---\n${output.slice(-4000)}`);
      } finally {
        config.devicePollSeconds = saved;
        await stop(child);
      }
      const shown = await info();
      expect(shown).toMatchObject({ admission: 'accepted', online: 1, lastAddress: '127.0.0.1' });
      expect(shown.attributes.artifact_name).toBeTruthy();
      expect(shown.firmwareVersion).toBe(shown.attributes.artifact_name);
    },
    150_000,
  );
});
