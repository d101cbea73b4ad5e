/// <reference path="../../server/src/modules/firmware/delta/compressjs.d.ts" />
// (the server's delta code, which the test imports, is typed by its declaration of compressjs)
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { diffFiles } from '@keel/server/modules/firmware/delta/bsdiff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDeployment, type UpdateBehaviour } from './deploy';
import { ImageStore, sha256Of } from './images';

/**
 * deploy.ts against a stand-in DDI server answering one deployment as Keel's device-ddi.ts does for a delta (a
 * `<name>.bsdiff` artifact, `keel.delta.from`, `keel.target.sha256`/`size`): the device rebuilds the image from the
 * one it keeps, or fails saying why; a simulated reboot failure closes with success and keeps the old version.
 */
describe('device simulator: DDI deployments of deltas', () => {
  const v1 = Buffer.from(Array.from({ length: 60_000 }, (_, i) => (i * 31) & 0xff));
  const v2 = Buffer.concat([v1.subarray(0, 30_000), Buffer.from('new in 2.0.0'), v1.subarray(30_000)]);
  let patch: Buffer;
  let served: Buffer;
  let server: Server;
  let base = '';
  let feedback: Array<{ execution: string; finished: string; details: string[] }> = [];
  let configData: unknown[] = [];

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'keel-sim-ddi-delta-'));
    writeFileSync(join(dir, 'v1'), v1);
    writeFileSync(join(dir, 'v2'), v2);
    diffFiles(join(dir, 'v1'), join(dir, 'v2'), join(dir, 'patch'));
    patch = readFileSync(join(dir, 'patch'));
    rmSync(dir, { recursive: true, force: true });
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += String(c);
      });
      req.on('end', () => {
        if (req.method === 'GET' && req.url === '/deploymentBase/7') {
          res.setHeader('content-type', 'application/json');
          res.end(
            JSON.stringify({
              id: '7',
              deployment: {
                chunks: [
                  {
                    part: 'os',
                    version: '2.0.0',
                    name: 'image',
                    metadata: [
                      { key: 'keel.delta.from', value: '1.0.0' },
                      { key: 'keel.delta.format', value: 'bsdiff4' },
                      { key: 'keel.target.sha256', value: sha256Of(v2) },
                      { key: 'keel.target.size', value: String(v2.length) },
                    ],
                    artifacts: [
                      {
                        filename: 'image.bin.bsdiff',
                        size: served.length,
                        hashes: { sha256: sha256Of(served) },
                        _links: { 'download-http': { href: `${base}/download` } },
                      },
                    ],
                  },
                ],
              },
            }),
          );
        } else if (req.url === '/download') res.end(served);
        else if (req.url === '/deploymentBase/7/feedback') {
          const f = JSON.parse(body) as {
            status: { execution: string; result: { finished: string }; details: string[] };
          };
          feedback.push({
            execution: f.status.execution,
            finished: f.status.result.finished,
            details: f.status.details,
          });
          res.end('');
        } else if (req.url === '/configData') {
          configData.push(JSON.parse(body));
          res.end('');
        } else {
          res.statusCode = 404;
          res.end('');
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const deploy = async (behaviour: UpdateBehaviour, deviceId = 'd1', version = '1.0.0') => {
    feedback = [];
    configData = [];
    const counters = { updates: 0, updateFailures: 0, rebootFailures: 0 };
    const device = { deviceId, property: 'P1', attributes: { firmwareVersion: version } };
    await runDeployment(
      `${base}/deploymentBase/7`,
      'TargetToken t',
      `${base}/configData`,
      device,
      behaviour,
      counters,
      new AbortController().signal,
    );
    const closed = feedback.find((f) => f.execution === 'closed');
    return { device, counters, closed };
  };

  it('rebuilds the new image from the one the device keeps, installs it and keeps it', async () => {
    served = patch;
    const images = new ImageStore();
    images.installed('d1', v1);
    const r = await deploy({ images });
    expect(r.closed).toMatchObject({ finished: 'success' });
    expect(r.device.attributes.firmwareVersion).toBe('2.0.0');
    expect(configData).toEqual([{ mode: 'merge', data: { firmwareVersion: '2.0.0' } }]);
    expect(Buffer.from(images.current('d1') as Uint8Array).equals(v2)).toBe(true);
    expect(r.counters).toEqual({ updates: 1, updateFailures: 0, rebootFailures: 0 });
    // A base image (the CLI's --base-image) is the source of a device that installed nothing yet.
    const fromBase = await deploy({ images: new ImageStore(undefined, v1) }, 'd2');
    expect(fromBase.closed).toMatchObject({ finished: 'success' });
  });

  it('fails a tampered delta, a delta from another version, and one without a source image', async () => {
    const images = new ImageStore();
    images.installed('d1', v1);
    served = Buffer.from(patch);
    served[served.length >> 1] = (served[served.length >> 1] as number) ^ 0x5a;
    const tampered = await deploy({ images });
    expect(tampered.closed).toMatchObject({ finished: 'failure' });
    expect(tampered.closed?.details[0]).toMatch(/^delta: (corrupt|target)/);
    expect(tampered.device.attributes.firmwareVersion).toBe('1.0.0');
    expect(Buffer.from(images.current('d1') as Uint8Array).equals(v1)).toBe(true);

    served = patch;
    expect((await deploy({ images }, 'd1', '1.5.0')).closed?.details).toEqual([
      'delta: made from 1.0.0, the device runs 1.5.0',
    ]);
    const none = await deploy({ images: new ImageStore() });
    expect(none.closed?.details).toEqual(['delta: the device keeps no source image']);
    expect(none.counters).toEqual({ updates: 1, updateFailures: 1, rebootFailures: 0 });
  });

  it('a failed reboot reports success but comes back on the old version and image', async () => {
    served = patch;
    const images = new ImageStore();
    images.installed('d1', v1);
    const r = await deploy({ images, rebootFailRate: 1 });
    expect(r.closed).toMatchObject({ finished: 'success' });
    expect(configData).toEqual([]);
    expect(r.device.attributes.firmwareVersion).toBe('1.0.0');
    expect(Buffer.from(images.current('d1') as Uint8Array).equals(v1)).toBe(true);
    expect(r.counters).toEqual({ updates: 1, updateFailures: 0, rebootFailures: 1 });
  });
});
