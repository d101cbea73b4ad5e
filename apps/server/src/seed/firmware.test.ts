import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../test/harness';
import { DEMO_OWNER_PHONE, DEMO_PASSWORD, seedFullDemo } from './demo';
import { DEMO_BASE_IMAGE_FILE, DEMO_FINISHED_TASK, DEMO_RUNNING_TASK } from './firmware';

/** Every table the demo's firmware writes to, with its row count. */
const TABLES = [
  'files',
  'fw_packages',
  'fw_package_files',
  'fw_deltas',
  'fw_tasks',
  'fw_task_devices',
  'fw_task_attempts',
  'fw_upgrade_records',
] as const;

describeEachDb('the demo firmware (npm run seed:demo)', (env) => {
  let token = '';
  let pno = '';
  // biome-ignore lint/suspicious/noExplicitAny: endpoint inputs are checked by the contract in the app.
  const ok = (path: any, input: Record<string, unknown>) => env().ok(path, input, { token, pno, lang: 'en' });
  const counts = async () => {
    const db = env().app.keel.db.withoutPlugins();
    const out: Record<string, number> = {};
    for (const t of TABLES) {
      const row = await db
        .selectFrom(t)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      out[t] = Number(row.n);
    }
    return out;
  };

  beforeAll(async () => {
    await seedFullDemo(env().app.keel);
    const me = await env().login(DEMO_OWNER_PHONE, DEMO_PASSWORD);
    token = me.token;
    pno = me.propertyList.find((p: { name: string }) => p.name === '演示物业')?.pno as string;
  });

  it('adds three published versions and a ready delta between the last two', async () => {
    const list = await ok('sw/getSwList', { swType: 'firmware', pageSize: 50 });
    const versions = list.list.map((p: { version: string; published: number }) => [p.version, p.published]);
    expect(versions.sort()).toEqual([
      ['2.0.3', 1],
      ['2.1.0', 1],
      ['2.2.0', 1],
    ]);
    const deltas = await ok('dp/getSwDiffPackList', { pageSize: 50 });
    expect(deltas.list).toMatchObject([
      { sourceVersion: '2.1.0', targetVersion: '2.2.0', state: 'ready', verified: 1 },
    ]);
    expect(existsSync(join(env().app.keel.config.dataDir, DEMO_BASE_IMAGE_FILE))).toBe(true);
  });

  it('has a finished rollout with a success rate and failures by error code, and a running one', async () => {
    const tasks = (await ok('task/getTaskList', { pageSize: 50 })).list as Array<{
      id: string;
      name: string;
      state: string;
      counts: Record<string, number>;
    }>;
    const finished = tasks.find((t) => t.name === DEMO_FINISHED_TASK);
    expect(finished).toMatchObject({ state: 'completed', counts: { succeeded: 2, failed: 2 } });
    const info = await ok('task/getTaskInfo', { id: finished?.id });
    const codes = (info.errorCodes as Array<{ errorCode: string; count: number }>).map((e) => [e.errorCode, e.count]);
    expect(codes.sort()).toEqual([
      ['E_DOWNLOAD_TIMEOUT', 1],
      ['E_FLASH_WRITE', 1],
    ]);
    const running = tasks.find((t) => t.name === DEMO_RUNNING_TASK);
    expect(running).toMatchObject({ state: 'running', counts: { succeeded: 1, failed: 1, offered: 1, pending: 1 } });
    const runningInfo = await ok('task/getTaskInfo', { id: running?.id });
    expect(runningInfo).toMatchObject({ currentStage: 1, stageCount: 3 });
    expect(runningInfo.errorCodes).toEqual([{ errorCode: 'E_FLASH_WRITE', count: 1 }]);
    // The overview's figures and lists: failed upgrades, the gateways' versions.
    const failed = await ok('up/getUpgradeRecordList', { pageNum: 1, pageSize: 10, state: 'failed' });
    expect(failed.total).toBe(3);
    const stats = await ok('up/getDeviceVersionStats', {});
    expect(stats.versions.filter((v: { version: string }) => v.version).length).toBeGreaterThanOrEqual(3);
  });

  it('is idempotent: a second run adds nothing', async () => {
    const first = await counts();
    env().advance(60_000);
    await seedFullDemo(env().app.keel);
    expect(await counts()).toEqual(first);
    expect(first).toMatchObject({ fw_packages: 3, fw_deltas: 1, fw_tasks: 2 });
  });
});
