import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tick } from '@keel/server/modules/firmware-task/engine';
import { seedFullDemo } from '@keel/server/seed/demo';
import { DEMO_FLEET_FILE } from '@keel/server/seed/devices';
import { DEMO_BASE_IMAGE_FILE, DEMO_RUNNING_TASK } from '@keel/server/seed/firmware';
import { type DeviceFixture, servedDeviceFixture } from '@keel/server/test/device-fixture';
import { describeEachDb } from '@keel/server/test/harness';
import { beforeAll, expect, it } from 'vitest';
import { runFleet, type SimDevice } from './fleet';
import { ImageStore } from './images';

/**
 * `npm run sim:demo` after `npm run seed:demo`: the demo fleet, with the credentials and the base image the seed
 * wrote, carries the seeded running rollout on — the next gateway installs the full 2.2.0 image, the engine opens
 * the last group, and the last gateway installs it as the delta from 2.1.0 — until the task completes.
 */
describeEachDb('the demo fleet carries the running demo rollout on', (env) => {
  let fx: DeviceFixture;
  let url: string;

  beforeAll(async () => {
    ({ fx, url } = await servedDeviceFixture(env));
    await seedFullDemo(env().app.keel);
  });

  it('installs the offered groups one after the other until the task completes', async () => {
    const s = env().app.keel;
    const fleet = JSON.parse(readFileSync(join(s.config.dataDir, DEMO_FLEET_FILE), 'utf8')) as {
      property: string;
      devices: SimDevice[];
    };
    const task = async () => {
      const list = (await fx.ok('task/getTaskList', { pageSize: 50 })).list as Array<{
        id: string;
        name: string;
        state: string;
        counts: Record<string, number>;
      }>;
      return list.find((t) => t.name === DEMO_RUNNING_TASK);
    };
    expect(await task()).toMatchObject({ state: 'running', counts: { succeeded: 1, failed: 1 } });
    const stop = new AbortController();
    // The engine's pass, as the server's tick job would run it.
    let ticking = false;
    const engine = setInterval(() => {
      if (ticking) return;
      ticking = true;
      void tick(s).finally(() => {
        ticking = false;
      });
    }, 200);
    let last: Awaited<ReturnType<typeof task>>;
    const watcher = setInterval(async () => {
      last = await task();
      if (last?.state === 'completed') stop.abort();
    }, 300);
    let summary: Awaited<ReturnType<typeof runFleet>>;
    try {
      summary = await runFleet({
        url,
        property: fleet.property,
        devices: fleet.devices,
        maxSleepSeconds: 0.3,
        durationSeconds: 30,
        rampSeconds: 0,
        signal: stop.signal,
        updates: {
          images: new ImageStore(64 * 1024 * 1024, readFileSync(join(s.config.dataDir, DEMO_BASE_IMAGE_FILE))),
        },
      });
    } finally {
      clearInterval(engine);
      clearInterval(watcher);
    }
    expect(summary).toMatchObject({ updates: 2, updateFailures: 0, errors: 0 });
    expect(await task()).toMatchObject({ state: 'completed', counts: { succeeded: 3, failed: 1 } });
    const history = await fx.ok('task/getTaskDeliverList', { deviceId: 'demo-dev-007', state: 'succeeded' });
    // On 2.1.0, it was offered the delta and rebuilt 2.2.0 from the base image the seed wrote.
    expect(history.list[0]).toMatchObject({ fromVersion: '2.1.0', toVersion: '2.2.0', delta: 1 });
  });
});
