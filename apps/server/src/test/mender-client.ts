import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DeviceFixture, servedDeviceFixture } from './device-fixture';
import type { TestEnv } from './harness';
import { realTools } from './real-tools';

/**
 * Running Debian's `mender-client` (3.4) daemon against a test server (modules/device/mender-client*.test.ts). The
 * client reads its identity script and `/etc/mender/artifact_info` at fixed paths: `ensureFixedFiles` writes them
 * when they are missing and the tests run as root (the identity script it writes names the device by
 * `KEEL_MENDER_DEVICE_ID`, so that parallel runs do not collide). `menderClientReady` tells whether a test can run.
 */
/** The client's command (Debian's mender-client), run as test/real-tools.ts finds it. */
export const MENDER = 'mender';
export const IDENTITY = '/usr/share/mender/identity/mender-device-identity';
const ARTIFACT_INFO = '/etc/mender/artifact_info';
/** Debian's update modules (`single-file`, `directory`, …). */
export const MENDER_MODULES = '/usr/share/mender/modules/v3';
const OURS = '# written by the keel mender-client test';

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const ours = (file: string) => existsSync(file) && readFileSync(file, 'utf8').includes(OURS);
const fixedFiles = (existsSync(IDENTITY) && existsSync(ARTIFACT_INFO)) || (isRoot && existsSync('/etc'));

/**
 * Whether a mender-client test can run: the client and the test's other `tools` are real tools (test/real-tools.ts
 * `realTools`: without them the test reports itself skipped, and fails where they are required); without the fixed
 * files and not root to write them, it reports itself skipped.
 */
export function menderClientReady(...tools: string[]): boolean {
  if (!realTools(MENDER, ...tools)) return false;
  if (fixedFiles) return true;
  console.info(`skipped: ${IDENTITY} or ${ARTIFACT_INFO} missing, and not root to write them`);
  return false;
}

/** The files the client reads at fixed paths, written when missing (only as root). */
export function ensureFixedFiles(): void {
  if (!isRoot) return;
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
export async function identityOfScript(deviceId: string): Promise<Record<string, string>> {
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

export interface MenderDaemon {
  child: ChildProcess;
  /** Everything it printed so far. */
  output(): string;
}

/**
 * Starts the daemon with a configuration of its own in `dir` (data, update modules' work directory, device type):
 * it polls for updates and sends its inventory every `pollSeconds`.
 */
export function startMenderDaemon(o: {
  dir: string;
  serverUrl: string;
  tenantToken: string;
  deviceId: string;
  deviceType: string;
  pollSeconds?: number;
}): MenderDaemon {
  const data = join(o.dir, 'data');
  mkdirSync(data, { recursive: true });
  mkdirSync(join(o.dir, 'modules-work'), { recursive: true });
  writeFileSync(join(data, 'device_type'), `device_type=${o.deviceType}\n`);
  const poll = o.pollSeconds ?? 2;
  writeFileSync(
    join(o.dir, 'mender.conf'),
    JSON.stringify({
      ServerURL: o.serverUrl,
      TenantToken: o.tenantToken,
      UpdatePollIntervalSeconds: poll,
      InventoryPollIntervalSeconds: poll,
      RetryPollIntervalSeconds: poll,
      DeviceTypeFile: join(data, 'device_type'),
      ModulesPath: MENDER_MODULES,
      ModulesWorkPath: join(o.dir, 'modules-work'),
      ArtifactScriptsPath: join(o.dir, 'scripts'),
      RootfsScriptsPath: join(o.dir, 'scripts'),
      DBus: { Enabled: false },
    }),
  );
  let output = '';
  const child = spawn(
    MENDER,
    [
      '--config',
      join(o.dir, 'mender.conf'),
      '--fallback-config',
      join(o.dir, 'fallback.conf'),
      '--data',
      data,
      '--log-level',
      'debug',
      '--no-syslog',
      'daemon',
    ],
    { env: { ...process.env, KEEL_MENDER_DEVICE_ID: o.deviceId, TMPDIR: o.dir }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout?.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    output += String(chunk);
  });
  return { child, output: () => output };
}

/** Stops the daemon and waits for it to exit (SIGKILL if it lingers). */
export async function stopMender(child: ChildProcess | undefined): Promise<void> {
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

/** A mender-client suite's set-up (its beforeAll): the fixed files, the served device fixture and a work folder. */
export async function menderClientSetUp(
  env: () => TestEnv,
  dirPrefix: string,
): Promise<{ fx: DeviceFixture; base: string; dir: string }> {
  ensureFixedFiles();
  const { fx, url } = await servedDeviceFixture(env);
  return { fx, base: url, dir: mkdtempSync(join(tmpdir(), dirPrefix)) };
}

/** Its tear-down (afterAll): the daemon stopped, the work folder removed. */
export async function menderClientTearDown(child: ChildProcess | undefined, dir: string | undefined): Promise<void> {
  await stopMender(child);
  if (dir) rmSync(dir, { recursive: true, force: true });
}
