import { formatMessage, type MessageKey } from '@keel/contract/status';
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { type DeviceFixture, deviceFixture } from '../../test/device-fixture';
import { describeEachDb } from '../../test/harness';

/**
 * The main task's state machine under generated use: one app whose information a developer submits again and again
 * (no APK needed), and a generated sequence of submissions, withdrawals, passes and rejections (through
 * `task/auditAppInfo`), cancels, resumes (of any of the app's tasks) and final reviews. A model says what each step
 * must do — which task a submission joins or opens, which refusal an action meets — and after every step the app's
 * tasks as listed (states, counts) must agree with it.
 */
const RUNS = Number(process.env.APP_TASK_PROPERTY_RUNS ?? 12);
const SEED = Number(process.env.APP_TASK_PROPERTY_SEED ?? 20_261_129);

type Op =
  | { kind: 'submit' }
  | { kind: 'withdraw' }
  | { kind: 'audit'; pass: boolean }
  | { kind: 'cancel'; i: number }
  | { kind: 'resume'; i: number }
  | { kind: 'finish'; i: number };

const pick = fc.integer({ min: 0, max: 3 });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('submit' as const) }),
  fc.record({ kind: fc.constant('submit' as const) }),
  fc.record({ kind: fc.constant('withdraw' as const) }),
  fc.record({ kind: fc.constant('audit' as const), pass: fc.boolean() }),
  fc.record({ kind: fc.constant('audit' as const), pass: fc.boolean() }),
  fc.record({ kind: fc.constant('cancel' as const), i: pick }),
  fc.record({ kind: fc.constant('resume' as const), i: pick }),
  fc.record({ kind: fc.constant('finish' as const), i: pick }),
  fc.record({ kind: fc.constant('finish' as const), i: pick }),
);

interface ModelTask {
  state: 'open' | 'cancelled' | 'finished';
  total: number;
  pending: number;
  passed: number;
  rejected: number;
}

describeEachDb('app review tasks under generated use', (env) => {
  let fx: DeviceFixture;
  beforeAll(async () => {
    fx = await deviceFixture(env);
  });

  it('keeps every task to the model, refusing with its reason', async () => {
    const reached = { finished: 0, resumed: 0, refusedPending: 0, reopened: 0 };
    const scenarios = fc.sample(fc.array(op, { minLength: 8, maxLength: 20 }), { seed: SEED, numRuns: RUNS });
    for (const [run, rest] of scenarios.entries()) {
      // Every run starts with a submission, so that it has a task.
      const ops: Op[] = [{ kind: 'submit' }, ...rest];
      const packageName = `com.tasks.r${run}${env().dialect}`;
      const listing = [{ language: 'en', appName: `Tasks ${run}` }];
      const app = await fx.ok('ai/saveAppInfoByUser', { packageName, languageList: listing }, fx.member);
      // The model: the app's tasks oldest first, and the task holding the one pending review, if any.
      const tasks: ModelTask[] = [];
      let pendingIn: number | null = null;
      const trail: string[] = [];
      const listed = async () =>
        (await fx.ok('task/queryMainTaskList', { str: packageName, pageSize: 100 })).list.reverse() as Array<{
          taskId: string;
          state: string;
          subTaskNum: number;
          pendingNum: number;
          passedNum: number;
          rejectedNum: number;
        }>;
      const refusal = (key: MessageKey, params: Record<string, number> = {}) => formatMessage(key, 'en', params);
      for (const step of ops) {
        trail.push(JSON.stringify(step));
        // Each step a moment later, so that the lists' newest-first order is the order tasks opened in.
        env().advance(1);
        const where = `run ${run}: ${trail.join(' → ')}`;
        const ids = (await listed()).map((t) => t.taskId);
        const i = 'i' in step ? step.i % Math.max(1, tasks.length) : 0;
        const task = tasks[i];
        let res: { status: number; msg: string } = { status: 0, msg: '' };
        let expected: string | null = null;
        switch (step.kind) {
          case 'submit': {
            res = await fx.call(
              'ai/saveAppInfoByUser',
              { appId: app.appId, packageName, languageList: listing, submit: 1 },
              fx.member,
            );
            if (pendingIn !== null) {
              expected = refusal('appUnderReview');
              break;
            }
            let open = tasks.findIndex((t) => t.state === 'open');
            if (open < 0) {
              if (tasks.length > 0) reached.reopened += 1;
              tasks.push({ state: 'open', total: 0, pending: 0, passed: 0, rejected: 0 });
              open = tasks.length - 1;
            }
            const joined = tasks[open] as ModelTask;
            joined.total += 1;
            joined.pending += 1;
            pendingIn = open;
            break;
          }
          case 'withdraw': {
            res = await fx.call('ai/cancelAuditingAppInfoByUser', { appId: app.appId }, fx.member);
            if (pendingIn === null) {
              expected = refusal('appNotAuditing');
              break;
            }
            (tasks[pendingIn] as ModelTask).pending -= 1;
            pendingIn = null;
            break;
          }
          case 'audit': {
            if (pendingIn === null) continue;
            const holder = tasks[pendingIn] as ModelTask;
            const subs = (await fx.ok('task/querySubTaskList', { taskId: ids[pendingIn] })).list;
            const sub = subs.find((s: { state: string }) => s.state === 'pending');
            expect(sub, where).toBeDefined();
            res = await fx.call(
              'task/auditAppInfo',
              {
                subTaskId: sub.subTaskId,
                pass: step.pass ? 1 : 0,
                comment: step.pass ? '' : 'Not yet',
              },
              fx.owner,
            );
            if (holder.state === 'cancelled') {
              expected = refusal('appTaskCancelled');
              break;
            }
            holder.pending -= 1;
            if (step.pass) holder.passed += 1;
            else holder.rejected += 1;
            pendingIn = null;
            break;
          }
          case 'cancel': {
            if (!task) continue;
            res = await fx.call('task/cancelTask', { taskId: ids[i] }, fx.owner);
            if (task.state !== 'open') {
              expected = refusal(task.state === 'cancelled' ? 'appTaskCancelled' : 'appTaskFinished');
              break;
            }
            task.state = 'cancelled';
            break;
          }
          case 'resume': {
            if (!task) continue;
            res = await fx.call('task/resumeTask', { taskId: ids[i] }, fx.owner);
            if (task.state === 'finished') expected = refusal('appTaskFinished');
            else if (task.state === 'open') expected = refusal('appTaskNotCancelled');
            else if (tasks.some((t) => t.state === 'open')) expected = refusal('appTaskOpenExists');
            else {
              task.state = 'open';
              reached.resumed += 1;
            }
            break;
          }
          case 'finish': {
            if (!task) continue;
            res = await fx.call('task/finalAuditTask', { taskId: ids[i], conclusion: 'Reviewed' }, fx.owner);
            if (task.state === 'cancelled') expected = refusal('appTaskCancelled');
            else if (task.state === 'finished') expected = refusal('appTaskFinished');
            else if (task.pending > 0) {
              expected = refusal('appTaskPending', { n: task.pending });
              reached.refusedPending += 1;
            } else {
              task.state = 'finished';
              reached.finished += 1;
            }
            break;
          }
        }
        if (expected === null) expect(res.status, `${where}: ${res.msg}`).toBe(0);
        else expect(res.msg, where).toBe(expected);
        // At most one open task per app, and the lists agree with the model.
        expect(tasks.filter((t) => t.state === 'open').length, where).toBeLessThanOrEqual(1);
        const now = await listed();
        expect(
          now.map((t) => [t.state, t.subTaskNum, t.pendingNum, t.passedNum, t.rejectedNum]),
          where,
        ).toEqual(tasks.map((t) => [t.state, t.total, t.pending, t.passed, t.rejected]));
      }
    }
    console.info(`app review tasks [${env().dialect}] reached: ${JSON.stringify(reached)}`);
    expect(reached.finished).toBeGreaterThan(0);
    expect(reached.refusedPending).toBeGreaterThan(0);
  }, 300_000);
});
