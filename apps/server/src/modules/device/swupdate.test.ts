import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type DeviceFixture, servedDeviceFixture } from '../../test/device-fixture';
import { selfSigned } from '../../test/firmware-artifacts';
import { describeEachDb } from '../../test/harness';
import { realTools, recordRealToolRun } from '../../test/real-tools';
import { runtimeOf } from './runtime';

/**
 * Debian's `swupdate` in suricatta (hawkBit) mode polls Keel with the credential `di/registerDevice` issued: it
 * follows the server's polling interval, reports its `identify` attributes as configData, and shows online with
 * them. On a machine without swupdate (`apt-get install swupdate`) or openssl the test reports itself skipped
 * (test/real-tools.ts).
 */
const SWUPDATE = 'swupdate';
const tools = [SWUPDATE, 'openssl'];

describeEachDb('real client: swupdate (suricatta, hawkBit DDI)', (env) => {
  let fx: DeviceFixture;
  let dir: string;
  let base: string;
  let child: ChildProcess | undefined;
  let ready = false;

  beforeAll(async () => {
    ready = realTools(...tools);
    if (!ready) return;
    ({ fx, url: base } = await servedDeviceFixture(env));
    dir = mkdtempSync(join(tmpdir(), 'keel-swupdate-'));
    // The Debian build verifies signed images, so it will not start without a certificate, even to poll.
    writeFileSync(join(dir, 'cert.pem'), selfSigned('keel-test').cert);
    writeFileSync(
      join(dir, 'swupdate.cfg'),
      'globals : { verbose = true; loglevel = 5; };\n' +
        'identify : ( { name = "swVersion"; value = "4.2.0"; }, { name = "board"; value = "keel-board"; } );\n',
    );
  });

  afterAll(() => {
    if (child?.pid && child.exitCode === null) child.kill('SIGTERM');
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('polls at the server’s interval, reports its attributes and shows online', async () => {
    if (!ready) return;
    recordRealToolRun('swupdate: polls as a hawkBit client', tools);
    const deviceId = `swu-${env().dialect}-${process.pid}`;
    const registered = await fx.call('di/registerDevice', { deviceId, name: 'SWUpdate' }, fx.owner);
    expect(registered.status, registered.msg).toBe(0);
    const config = env().app.keel.config;
    const saved = config.devicePollSeconds;
    config.devicePollSeconds = 3;
    let output = '';
    try {
      child = spawn(
        SWUPDATE,
        [
          '-f',
          join(dir, 'swupdate.cfg'),
          '-k',
          join(dir, 'cert.pem'),
          '-H',
          'board:rev',
          '-l',
          '5',
          '-u',
          `-t ${fx.demo} -u ${base} -i ${deviceId} -k ${registered.data.credential}`,
        ],
        // Its control sockets go to TMPDIR: one of its own, so that parallel runs do not collide.
        { env: { ...process.env, TMPDIR: dir }, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      child.stdout?.on('data', (chunk) => {
        output += String(chunk);
      });
      child.stderr?.on('data', (chunk) => {
        output += String(chunk);
      });
      // Waits on what the server has stored, for at most the time swupdate needs for a few polls.
      await expect
        .poll(
          async () => {
            await runtimeOf(env().app.keel).flush();
            const info = await fx.call('di/getAnyDeviceInfo', { deviceId }, fx.owner);
            return info.data?.attributes;
          },
          { timeout: 30_000, interval: 500 },
        )
        .toEqual({ swVersion: '4.2.0', board: 'keel-board' });
      await expect.poll(() => output, { timeout: 15_000 }).toMatch(/Set polling interval to 3s as announced by server/);
    } finally {
      config.devicePollSeconds = saved;
      if (child?.pid && child.exitCode === null) child.kill('SIGTERM');
    }
    const info = (await fx.call('di/getAnyDeviceInfo', { deviceId }, fx.owner)).data;
    expect(info).toMatchObject({ online: 1, firmwareVersion: '4.2.0', lastAddress: '127.0.0.1' });
    expect(output).toMatch(/PUT \/[^ ]+\/controller\/v1\/[^ ]+\/configData/);
  }, 90_000);
});
