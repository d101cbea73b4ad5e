import { DELIVERY_STATES, TASK_ACTIVE_STATES, TASK_FINAL_STATES } from '@keel/contract/endpoints/firmware-task';
import type { EndpointPath } from '@keel/contract/endpoints/index';
import { Status } from '@keel/contract/status';
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { acrossProperties } from '../../platform/tenancy/filters';
import { DEMO_OWNER_PHONE, DEMO_PASSWORD, seedDemo } from '../../seed/demo';
import { markSeen } from '../../test/device-fixture';
import { type CallOptions, describeEachDb } from '../../test/harness';
import { upload } from '../../test/multipart';
import { currentAction, report } from './delivery';
import { tick } from './engine';

/**
 * The task state machine, driven through the API by generated sequences of operations on three tasks of one
 * software type sharing six devices. After every step: no device is held by two active tasks of the type, every
 * task's counts add up (per state, per group, to its device total), a final task stays final, and every answer is
 * success or a refusal (never an error).
 */

const POOL = 6;
const TASKS = 3;

type Op =
  | { kind: 'release' | 'pause' | 'continue' | 'stop' | 'invalidate' | 'disable' | 'enable'; task: number }
  | { kind: 'assign' | 'unassign'; task: number; devices: number[] }
  | { kind: 'round'; fail: number[] }
  | { kind: 'tick'; advance: number };

const devicesArb = fc.uniqueArray(fc.integer({ min: 0, max: POOL - 1 }), { minLength: 1, maxLength: POOL });
const task = fc.integer({ min: 0, max: TASKS - 1 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constantFrom('release', 'pause', 'continue', 'stop', 'invalidate', 'disable', 'enable'),
    task,
  }) as fc.Arbitrary<Op>,
  fc.record({ kind: fc.constantFrom('assign', 'unassign'), task, devices: devicesArb }) as fc.Arbitrary<Op>,
  fc.record({
    kind: fc.constant('round'),
    fail: fc.uniqueArray(fc.integer({ min: 0, max: POOL - 1 })),
  }) as fc.Arbitrary<Op>,
  fc.record({ kind: fc.constant('tick'), advance: fc.constantFrom(0, 61_000, 600_000) }) as fc.Arbitrary<Op>,
);

describeEachDb('firmware task state machine (property)', (env) => {
  let token = '';
  let demo = '';
  let swId = '';
  const ids = Array.from({ length: POOL }, (_, i) => `pbt-${i}`);
  const as = (): CallOptions => ({ token, pno: demo, lang: 'en' });
  const call = (path: EndpointPath, input: Record<string, unknown>) => env().call(path, input, as());
  const ok = <P extends EndpointPath>(path: P, input: Record<string, unknown>) => env().ok(path, input, as());

  beforeAll(async () => {
    await seedDemo(env().app.keel);
    const me = await env().login(DEMO_OWNER_PHONE, DEMO_PASSWORD);
    token = me.token;
    demo = me.propertyList[0].pno;
    const sid = (await ok('space/addSpace', { name: 'PBT', business: 'firmware', category: 'file', quota: 1_000_000 }))
      .sid;
    const { fid } = await upload(env(), as(), sid, 'pbt.bin', 'pbt image '.repeat(200));
    swId = (await ok('sw/addSw', { sid, swType: 'firmware', name: 'PBT', version: '9.0.0', fidList: [fid] })).id;
    await ok('sw/setSwPublished', { id: swId, published: 1 });
    for (const deviceId of ids) await ok('di/registerDevice', { deviceId, sid });
    await env()
      .app.keel.db.updateTable('devices')
      .set({ firmware_version: '1.0.0' })
      .where('pno', '=', demo)
      .where('device_id', 'in', ids)
      .execute();
    await markSeen(env().app.keel.db, demo, ids, env().now());
  });

  const check = async (taskIds: string[], finals: Map<string, string>) => {
    const db = env().app.keel.db;
    const rows = await db
      .selectFrom('fw_task_devices as td')
      .innerJoin('fw_tasks as t', 't.id', 'td.task_id')
      .select(['td.task_id', 'td.device_id', 'td.state', 'td.stage', 't.state as task_state'])
      .where(acrossProperties('test'))
      .where('td.task_id', 'in', taskIds)
      .execute();
    // No device held by two active tasks (a device still being delivered, or waiting, counts as held).
    const holders = new Map<string, string>();
    for (const r of rows) {
      if (!(TASK_ACTIVE_STATES as readonly string[]).includes(r.task_state)) continue;
      if (['excluded', 'cancelled', 'succeeded', 'failed'].includes(r.state)) continue;
      if (holders.has(r.device_id) && holders.get(r.device_id) !== r.task_id)
        throw new Error(`device ${r.device_id} in two active tasks`);
      holders.set(r.device_id, r.task_id);
    }
    const claims = await db
      .selectFrom('fw_task_claims')
      .select(['device_id', 'task_id'])
      .where(acrossProperties('test'))
      .where('task_id', 'in', taskIds)
      .execute();
    for (const c of claims) {
      const owner = rows.find((r) => r.task_id === c.task_id && r.device_id === c.device_id);
      expect(owner, `claim of ${c.device_id}`).toBeDefined();
      expect(TASK_ACTIVE_STATES).toContain(owner?.task_state);
    }
    for (const id of taskIds) {
      const info = await ok('task/getTaskInfo', { id });
      const sum = DELIVERY_STATES.reduce((n, st) => (st === 'excluded' ? n : n + info.counts[st]), 0);
      expect(sum).toBe(info.deviceTotal);
      expect(info.deviceTotal + info.counts.excluded).toBe(rows.filter((r) => r.task_id === id).length);
      // The list's total without a filter is kept in the task (migration 0035), not counted: it must stay true.
      const page = await ok('task/getAssignedDeviceList', { id, pageNum: 1, pageSize: 1 });
      expect(page.total).toBe(rows.filter((r) => r.task_id === id).length);
      const staged = info.stages.reduce((n: number, g: { size: number }) => n + g.size, 0);
      if (info.state !== 'draft') expect(staged).toBeLessThanOrEqual(info.deviceTotal);
      const was = finals.get(id);
      if (was) expect(info.state, `final task ${id} left ${was}`).toBe(was);
      if ((TASK_FINAL_STATES as readonly string[]).includes(info.state)) finals.set(id, info.state);
    }
  };

  it('keeps its invariants under any sequence of operations', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 12 }), async (ops) => {
        const s = env().app.keel;
        const taskIds: string[] = [];
        for (let i = 0; i < TASKS; i++)
          taskIds.push(
            (
              await ok('task/addTask', {
                swId,
                name: `PBT ${i}`,
                deviceIdList: ids.filter((_, d) => (d + i) % 2 === 0 || d === i),
                execution: {
                  stages: { by: 'count', sizes: [2] },
                  successThreshold: 50,
                  errorThreshold: 50,
                  retry: { attempts: 1, backoffSec: 30 },
                  confirmMinutes: 5,
                },
              })
            ).id,
          );
        const finals = new Map<string, string>();
        try {
          for (const op of ops) {
            const id = 'task' in op ? (taskIds[op.task] as string) : '';
            let res: { status: number; msg: string } | null = null;
            switch (op.kind) {
              case 'release':
                res = await call('task/releaseTask', { id });
                break;
              case 'pause':
              case 'continue':
              case 'stop':
                res = await call(`task/${op.kind}Task` as EndpointPath, { id });
                break;
              case 'invalidate':
                res = await call('task/invalidateTask', { id });
                break;
              case 'disable':
              case 'enable':
                res = await call('task/setDisable', { id, disable: op.kind === 'disable' ? 1 : 0 });
                break;
              case 'assign':
                res = await call('task/assignToDevice', { id, deviceIdList: op.devices.map((d) => ids[d]) });
                break;
              case 'unassign':
                res = await call('task/notAssignToDevice', { id, deviceIdList: op.devices.map((d) => ids[d]) });
                break;
              case 'round':
                for (const [d, deviceId] of ids.entries()) {
                  const action = await currentAction(s, demo, deviceId);
                  if (!action) continue;
                  const fail = op.fail.includes(d);
                  await report(s, demo, deviceId, action.actionId, {
                    kind: fail ? 'failure' : 'success',
                    errorCode: 'E',
                    protocol: 'sim',
                  });
                }
                break;
              case 'tick':
                env().advance(op.advance);
                await tick(s);
                break;
            }
            if (res) expect([0, Status.conflict], `${op.kind}: ${res.msg}`).toContain(res.status);
            await check(taskIds, finals);
          }
        } finally {
          for (const id of taskIds) await call('task/invalidateTask', { id });
        }
      }),
      { numRuns: 12 },
    );
    // Twelve sequences of up to 12 operations, each checked against the database: 9 s on SQLite and over 20 s on
    // PostgreSQL on a 2-core machine under load, so more room than the suite's 20 s default.
  }, 90_000);
});
