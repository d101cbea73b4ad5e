import type { EndpointPath } from '@keel/contract/endpoints/index';
import { Status } from '@keel/contract/status';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMember } from '../../platform/auth/members-repo';
import { type DeviceFixture, deviceFixture, type Who } from '../../test/device-fixture';
import { type CallOptions, describeEachDb, freshPhone } from '../../test/harness';
import { currentAction, report } from './delivery';
import { tick } from './engine';

describeEachDb('firmware tasks and rollouts', (env) => {
  let fx: DeviceFixture;
  let sid = '';
  let modelId = '';
  let otherModel = '';
  let pkg = '';
  let pkgApp = '';
  const ok = (path: EndpointPath, input: Record<string, unknown>, opts?: CallOptions) =>
    fx.ok(path, input, fx.owner, opts);
  const call = (path: EndpointPath, input: Record<string, unknown>, opts?: CallOptions) =>
    fx.call(path, input, fx.owner, opts);
  /** `n` devices `<prefix>-<i>` of `model`, reporting `version`, seen now. */
  const devices = async (prefix: string, n: number, model = modelId, version = '1.0.0') => {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) ids.push((await fx.deviceAt(version, { id: `${prefix}-${i}`, model, sid })).deviceId);
    return ids;
  };
  /** Every device with an action reports: those in `failing` fail, the others install and report the version. */
  const deviceRound = async (ids: string[], failing: Set<string>, code = 'E_FLASH') => {
    const s = env().app.keel;
    for (const id of ids) {
      const action = await currentAction(s, fx.demo, id);
      if (!action) continue;
      await report(s, fx.demo, id, action.actionId, { kind: 'downloading', protocol: 'sim' });
      if (failing.has(id)) {
        await report(s, fx.demo, id, action.actionId, { kind: 'failure', errorCode: code, protocol: 'sim' });
      } else {
        await fx.setVersion([id], action.version);
        await report(s, fx.demo, id, action.actionId, { kind: 'success', protocol: 'sim' });
      }
    }
  };

  beforeAll(async () => {
    fx = await deviceFixture(env);
    sid = await fx.firmwareSpace('Tasks');
    modelId = await fx.deviceModel('T-1');
    otherModel = await fx.deviceModel('T-2');
    const add = (swType: string, version: string) =>
      fx.firmwarePackage({
        sid,
        swType,
        name: `Image ${swType}`,
        version,
        modelIdList: [modelId],
        file: { name: `${swType}-${version}.bin`, content: Buffer.from(`image ${version} `.repeat(500)) },
        publish: false,
      });
    pkg = await add('firmware', '2.0.0');
    pkgApp = await add('app', '2.0.0');
  });

  it('refuses an unpublished package, then makes a draft with its devices and settings', async () => {
    const refused = await call('task/addTask', { swId: pkg, name: 'Rollout' });
    expect(refused.status).toBe(Status.conflict);
    expect(refused.msg).toBe('Publish the firmware version first');
    await ok('sw/setSwPublished', { id: pkg, published: 1 });
    await ok('sw/setSwPublished', { id: pkgApp, published: 1 });
    const ids = await devices('draft', 3);
    const [wrongModel] = await devices('wrong', 1, otherModel);
    const task = await ok('task/addTask', {
      swId: pkg,
      name: 'Rollout',
      deviceIdList: [...ids, wrongModel],
      execution: { stages: { by: 'count', sizes: [1] }, retry: { attempts: 1, backoffSec: 10 } },
    });
    expect(task).toMatchObject({ state: 'draft', deviceTotal: 3, swVersion: '2.0.0', stageCount: 1, mode: 'soft' });
    const info = await ok('task/getTaskInfo', { id: task.id });
    expect(info.can).toMatchObject({ edit: 1, release: 1, pause: 0, continue: 0 });
    const list = await ok('task/getTaskList', { state: 'draft' });
    expect(list.list.map((t: { id: string }) => t.id)).toContain(task.id);
    const types = await ok('task/getWorkTypeList', {}, { lang: 'zh-cn' });
    expect(types.map((t: { workType: string }) => t.workType)).toEqual(['soft', 'forced', 'downloadOnly']);
    const edited = await ok('task/editTask', {
      id: task.id,
      swId: pkg,
      name: 'Rollout 2',
      execution: { stages: { by: 'percent', sizes: [34] } },
    });
    expect(edited.name).toBe('Rollout 2');
    const stagesBad = await call('task/editTask', {
      id: task.id,
      swId: pkg,
      name: 'x',
      execution: { stages: { by: 'percent', sizes: [60, 40] } },
    });
    expect(stagesBad.status).toBe(Status.invalidInput);
    const preview = await ok('task/previewTask', { id: task.id });
    expect(preview).toMatchObject({ matched: 3, deltaDevices: 0 });
    expect(preview.groups.map((g: { size: number }) => g.size)).toEqual([2, 1]);
    expect(preview.fullBytes).toBeGreaterThan(0);
    expect(await ok('task/delTask', { id: task.id })).toEqual({ deleted: 1 });
  });

  it('refuses transitions that make no sense, with the state and action named', async () => {
    const [id] = await devices('refuse', 1);
    const task = await ok('task/addTask', { swId: pkg, name: 'Refusals', deviceIdList: [id] });
    const paused = await call('task/pauseTask', { id: task.id });
    expect(paused.status).toBe(Status.conflict);
    expect(paused.msg).toBe('The update task is in the state "Draft": it cannot be paused');
    const zh = await call('task/continueTask', { id: task.id }, { lang: 'zh-cn' });
    expect(zh.msg).toBe('升级任务当前为“草稿”，不能继续');
    await ok('task/releaseTask', { id: task.id });
    const again = await call('task/releaseTask', { id: task.id });
    expect(again.msg).toBe('The update task is in the state "Running": it cannot be released');
    const editRunning = await call('task/editTask', { id: task.id, swId: pkg, name: 'x' });
    expect(editRunning.status).toBe(Status.conflict);
    const stopped = await ok('task/stopTask', { id: task.id });
    expect(stopped.state).toBe('cancelled');
    for (const path of ['task/pauseTask', 'task/continueTask', 'task/stopTask', 'task/invalidateTask'] as const)
      expect((await call(path, { id: task.id })).status, path).toBe(Status.conflict);
    expect((await call('task/setDisable', { id: task.id, disable: 1 })).status).toBe(Status.conflict);
  });

  it('keeps a device in one active task per software type', async () => {
    const ids = await devices('claim', 2);
    const first = await ok('task/addTask', { swId: pkg, name: 'First', deviceIdList: ids });
    await ok('task/releaseTask', { id: first.id });
    const second = await ok('task/addTask', { swId: pkg, name: 'Second', deviceIdList: ids });
    const preview = await ok('task/previewTask', { id: second.id });
    expect(preview.excluded).toEqual([{ reason: 'inOtherTask', count: 2, sample: ids }]);
    // Another type is free to take them.
    const other = await ok('task/addTask', { swId: pkgApp, name: 'App', deviceIdList: ids });
    expect((await ok('task/releaseTask', { id: other.id })).deviceTotal).toBe(2);
    const released = await ok('task/releaseTask', { id: second.id });
    expect(released.counts.excluded).toBe(2);
    expect(released.deviceTotal).toBe(0);
    const assigned = await ok('task/assignToDevice', { id: first.id, deviceIdList: ids });
    expect(assigned).toMatchObject({ added: 0, present: 2 });
    const out = await ok('task/notAssignToDevice', { id: first.id, deviceIdList: [ids[0]] });
    expect(out).toMatchObject({ cancelled: 1 });
    await ok('task/invalidateTask', { id: first.id });
    await ok('task/invalidateTask', { id: other.id });
  });

  it('halts at the group boundary when a group fails beyond the error threshold, then continues', async () => {
    const ids = await devices('stage', 10);
    const task = await ok('task/addTask', {
      swId: pkg,
      name: 'Staged',
      deviceIdList: ids,
      execution: { stages: { by: 'count', sizes: [4, 3] }, successThreshold: 50, errorThreshold: 25 },
    });
    const running = await ok('task/releaseTask', { id: task.id });
    expect(running).toMatchObject({ state: 'running', stageCount: 3, currentStage: 0 });
    expect(running.counts.offered).toBe(4);
    // Group 0: two of four fail (50 % ≥ 25 %): the task pauses once the group is done, group 1 never opens.
    await deviceRound(ids, new Set([ids[0] as string, ids[1] as string]));
    await tick(env().app.keel);
    const halted = await ok('task/getTaskInfo', { id: task.id });
    expect(halted).toMatchObject({ state: 'paused', pauseReason: 'errorThreshold', currentStage: 0 });
    expect(halted.counts).toMatchObject({ succeeded: 2, failed: 2, pending: 6, offered: 0 });
    expect(halted.stages.map((g: { state: string }) => g.state)).toEqual(['done', 'waiting', 'waiting']);
    expect(halted.errorCodes).toEqual([{ errorCode: 'E_FLASH', count: 2 }]);
    const history = await ok('task/getTaskDeliverList', { id: task.id, state: 'failed' });
    expect(history.total).toBe(2);
    expect(history.list[0]).toMatchObject({ toVersion: '2.0.0', fromVersion: '1.0.0', errorCode: 'E_FLASH' });
    // Continuing opens the next group.
    const resumed = await ok('task/continueTask', { id: task.id });
    expect(resumed).toMatchObject({ state: 'running', currentStage: 1 });
    await deviceRound(ids, new Set());
    await tick(env().app.keel);
    await tick(env().app.keel);
    await deviceRound(ids, new Set());
    await tick(env().app.keel);
    const done = await ok('task/getTaskInfo', { id: task.id });
    expect(done).toMatchObject({ state: 'completed', progress: 100 });
    expect(done.counts).toMatchObject({ succeeded: 8, failed: 2 });
    const samples = await ok('task/getTaskProgress', { id: task.id });
    expect(samples.length).toBeGreaterThan(0);
    const one = await ok('task/getTaskDeliverList', { deviceId: ids[9] });
    expect(one.list).toHaveLength(1);
    // The device's name is the device module's, read for the page.
    await ok('di/updateDeviceInfo', { deviceId: ids[9], name: 'Till 9' });
    const named = await ok('task/getTaskDeliverList', { deviceId: ids[9] });
    expect(named.list[0]).toMatchObject({ state: 'succeeded', taskName: 'Staged', deviceName: 'Till 9' });
  });

  it('closes a group whose last devices finish after the next group opened', async () => {
    const ids = await devices('straggler', 4);
    const task = await ok('task/addTask', {
      swId: pkg,
      name: 'Stragglers',
      deviceIdList: ids,
      execution: { stages: { by: 'count', sizes: [2] }, successThreshold: 50, errorThreshold: 60 },
    });
    await ok('task/releaseTask', { id: task.id });
    // One of group 0 succeeds (50 %): group 1 opens while the other is still on its way.
    await deviceRound([ids[0] as string], new Set());
    await tick(env().app.keel);
    const overlapping = await ok('task/getTaskInfo', { id: task.id });
    expect(overlapping.stages.map((g: { state: string }) => g.state)).toEqual(['open', 'open']);
    await tick(env().app.keel);
    await deviceRound(ids, new Set());
    await tick(env().app.keel);
    const done = await ok('task/getTaskInfo', { id: task.id });
    expect(done).toMatchObject({ state: 'completed', progress: 100 });
    expect(done.stages.map((g: { state: string }) => g.state)).toEqual(['done', 'done']);
  });

  it('retries a failure with back-off and succeeds only once the new version is reported', async () => {
    const [id] = await devices('retry', 1);
    const task = await ok('task/addTask', {
      swId: pkg,
      name: 'Retry',
      deviceIdList: [id],
      execution: { retry: { attempts: 1, backoffSec: 60, errorCodes: ['E_NET'] }, confirmMinutes: 5 },
    });
    await ok('task/releaseTask', { id: task.id });
    const s = env().app.keel;
    const first = await currentAction(s, fx.demo, id as string);
    await report(s, fx.demo, id as string, first?.actionId ?? 0, {
      kind: 'failure',
      errorCode: 'E_NET',
      protocol: 'sim',
    });
    let info = await ok('task/getTaskInfo', { id: task.id });
    expect(info.counts.retrying).toBe(1);
    await tick(s);
    expect(await currentAction(s, fx.demo, id as string)).toBeNull();
    env().advance(61_000);
    await tick(s);
    const second = await currentAction(s, fx.demo, id as string);
    expect(second?.actionId).not.toBe(first?.actionId);
    // Installed, but the device still reports the old version: it waits, then fails when the window ends.
    await report(s, fx.demo, id as string, second?.actionId ?? 0, { kind: 'success', protocol: 'sim' });
    info = await ok('task/getTaskInfo', { id: task.id });
    expect(info.counts.verifying).toBe(1);
    env().advance(5 * 60_000 + 1000);
    await tick(s);
    info = await ok('task/getTaskInfo', { id: task.id });
    expect(info).toMatchObject({ state: 'completed' });
    expect(info.counts.failed).toBe(1);
    expect(info.errorCodes).toEqual([{ errorCode: 'versionNotConfirmed', count: 1 }]);
  });

  it('adds devices by a saved rule now and later', async () => {
    await devices('rule-a', 2);
    const task = await ok('task/addTask', { swId: pkg, name: 'By rule' });
    const rule = await ok('task/addRule', {
      id: task.id,
      name: 'All T-1 on 1.0',
      filter: { modelIdList: [modelId], fromVersionList: ['1.0.0'] },
    });
    expect(rule.added).toBeGreaterThanOrEqual(2);
    expect((await ok('task/getRuleList', { id: task.id })).map((r: { id: string }) => r.id)).toEqual([rule.id]);
    await ok('task/releaseTask', { id: task.id });
    const [late] = await devices('rule-late', 1);
    env().advance(61_000);
    await tick(env().app.keel);
    const list = await ok('task/getAssignedDeviceList', { id: task.id, str: 'rule-late' });
    expect(list.list).toEqual([expect.objectContaining({ deviceId: late, source: 'rule', modelName: 'T-1' })]);
    expect(await ok('task/delRule', { ruleId: rule.id })).toEqual({ deleted: 1 });
    const disabled = await ok('task/setDisable', { id: task.id, disable: 1 });
    expect(disabled).toMatchObject({ state: 'disabled', disabledFrom: 'running' });
    expect((await ok('task/setDisable', { id: task.id, disable: 0 })).state).toBe('running');
    await ok('task/invalidateTask', { id: task.id });
  });

  it('goes through the property’s flow for "firmware task release" when it has one', async () => {
    const registered = await env().register(freshPhone(), 'Release auditor');
    const auditor: Who = { token: registered.token, uid: registered.uid, pno: fx.demo };
    env().advance(1);
    await addMember(env().app.keel.db, fx.demo, auditor.uid, 'member', env().now());
    const flow = (steps: Array<Record<string, unknown>>) => async () => {
      await ok('flowSettingDefault/deleteFlowSettingDefault', { applyType: 'firmwareTask' });
      for (const step of steps)
        await ok('flowSettingDefault/saveFlowSettingDefault', { applyType: 'firmwareTask', ...step });
    };
    await flow([{ name: 'Release review', rule: 'any', uidList: [auditor.uid] }])();
    const pending = async (name: string) => {
      const [id] = await devices(`approve-${name.replace(/\W+/g, '-')}`, 1);
      const task = await ok('task/addTask', { swId: pkg, name, deviceIdList: [id] });
      expect((await ok('task/releaseTask', { id: task.id })).state).toBe('pendingApproval');
      // Waiting for approval offers nothing and cannot be released twice.
      expect(await currentAction(env().app.keel, fx.demo, id as string)).toBeNull();
      expect((await call('task/releaseTask', { id: task.id })).status).toBe(Status.conflict);
      const apps = await fx.ok('flowAudit/getAuditOrNoAuditList', { auditStatus: 0 }, auditor);
      const app = apps.list.find((a: { applyType: string }) => a.applyType === 'firmwareTask');
      expect(app, 'the auditor has the release to review').toBeDefined();
      return { task, applyId: (app as { applyId: string }).applyId };
    };

    const passed = await pending('Approved rollout');
    await fx.ok('flowAudit/flowAudit', { applyId: passed.applyId, comment: 'go' }, auditor);
    expect((await ok('task/getTaskInfo', { id: passed.task.id })).state).toBe('running');

    const rejected = await pending('Rejected rollout');
    await fx.ok('flowAudit/noPassFlowAudit', { applyId: rejected.applyId, reason: 'not this week' }, auditor);
    expect((await ok('task/getTaskInfo', { id: rejected.task.id })).state).toBe('draft');
    await flow([])();
  });
});

describe('stage sizes', () => {
  it('splits by count and percent, the last group taking the rest', async () => {
    const { stageSizes } = await import('./items');
    const { taskExecution } = await import('@keel/contract/endpoints/firmware-task');
    const exec = (stages: object) => taskExecution.parse({ stages });
    expect(stageSizes(10, exec({ by: 'count', sizes: [4, 3] }))).toEqual([4, 3, 3]);
    expect(stageSizes(10, exec({ by: 'percent', sizes: [10, 50] }))).toEqual([1, 5, 4]);
    expect(stageSizes(3, exec({ by: 'count', sizes: [5] }))).toEqual([3]);
    expect(stageSizes(0, exec({}))).toEqual([0]);
  });
});
