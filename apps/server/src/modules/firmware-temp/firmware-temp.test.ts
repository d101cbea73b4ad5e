import { TEMP_DEVICES_MAX } from '@keel/contract/endpoints/firmware-temp';
import { Status } from '@keel/contract/status';
import { beforeAll, expect, it } from 'vitest';
import { propertyTenant } from '../../platform/tenancy/tenant';
import { type DeviceFixture, deviceFixture, freshDeviceId } from '../../test/device-fixture';
import { describeEachDb } from '../../test/harness';
import { multipart } from '../../test/multipart';
import { recordTempResult, tempActionFor, tempTaskOf } from './delivery';

/** The temporary firmware service: files, test devices, tasks, results, and what the delivery path asks. */
describeEachDb('temporary firmware service', (env) => {
  let fx: DeviceFixture;
  let sid = '';
  const tenant = () => propertyTenant(fx.demo);
  const upload = async (name: string, content: string, who = fx.owner, space = sid) => {
    const { body, contentType } = multipart(name, content);
    const res = await env().app.inject({
      method: 'POST',
      url: `/api/f/uploadFile?sid=${space}`,
      headers: { token: who.token, pno: who.pno ?? '', 'content-type': contentType, 'accept-language': 'en' },
      payload: body,
    });
    return res.json() as {
      status: number;
      msg: string;
      data: { id: string; fid: string; sha256: string; size: number };
    };
  };
  const register = async (who = fx.owner) => {
    const deviceId = freshDeviceId('tmp');
    const res = await fx.call('di/registerDevice', { deviceId }, who);
    expect(res.status, res.msg).toBe(0);
    return deviceId;
  };

  beforeAll(async () => {
    fx = await deviceFixture(env);
    sid = (await fx.ok('space/addSpace', { name: 'Builds', business: 'firmware', category: 'file', quota: 10_000_000 }))
      .sid;
  });

  it('keeps a file uploaded into a space, or taken from one, for as long as the temporary file lives', async () => {
    const up = await upload('build-1.swu', 'build one');
    expect(up.status, up.msg).toBe(0);
    expect(up.data).toMatchObject({ size: 9, taskCount: 0 });
    // The stored file is in the space, through the file module.
    const files = await fx.ok('fis/fi/getMyFileList', { sid });
    expect(files.list.map((f: { fid: string }) => f.fid)).toContain(up.data.fid);
    // Taken from a stored file by fid.
    const taken = await fx.ok('f/uploadFile', { fid: up.data.fid });
    expect(taken).toMatchObject({ fid: up.data.fid, sha256: up.data.sha256 });
    // Neither or both of sid and fid: refused.
    expect((await fx.call('f/uploadFile', {}, fx.owner)).status).toBe(Status.invalidInput);
    // The space file deleted: the temporary file still holds the content.
    await fx.ok('fis/fi/deleteFile', { fidList: [up.data.fid] });
    const refs = await env()
      .app.keel.db.withoutPlugins()
      .selectFrom('blob_refs')
      .select('owner')
      .where('sha256', '=', up.data.sha256)
      .execute();
    expect(refs.map((r) => r.owner).sort()).toEqual([`fwTempFile:${up.data.id}`, `fwTempFile:${taken.id}`].sort());
    const list = await fx.ok('f/getFileInfoList', { str: 'build-1' });
    expect(list.total).toBe(2);
    expect(await fx.ok('f/delFileInfo', { id: taken.id })).toEqual({ deleted: 1 });
    expect((await fx.ok('f/getFileInfoList', { str: up.data.sha256 })).list).toHaveLength(1);
  });

  it('keeps each member a list of test devices of the property, capped', async () => {
    const a = await register();
    const b = await register();
    expect(await fx.ok('d/addDevice', { deviceIdList: [a, b], remark: 'bench' })).toEqual({ added: 2, total: 2 });
    expect(await fx.ok('d/addDevice', { deviceIdList: [a] })).toEqual({ added: 0, total: 2 });
    const list = await fx.ok('d/getDeviceList', {});
    expect(list.list.map((d: { deviceId: string }) => d.deviceId).sort()).toEqual([a, b].sort());
    expect(list.list[0]).toMatchObject({ remark: 'bench', online: 0 });
    // Another property's device, or an unknown one: not found.
    const foreign = await register(fx.operator);
    expect((await fx.call('d/addDevice', { deviceIdList: [foreign] }, fx.owner)).status).toBe(Status.notFound);
    expect((await fx.call('d/delDevice', { deviceId: foreign }, fx.owner)).status).toBe(Status.notFound);
    expect(await fx.ok('d/delDevice', { deviceId: b })).toEqual({ deleted: 1 });
    expect((await fx.ok('d/getDeviceList', {})).total).toBe(1);
    // The cap.
    const many: string[] = [];
    for (let i = 0; i < TEMP_DEVICES_MAX; i++) many.push(await register());
    const full = await fx.call('d/addDevice', { deviceIdList: many }, fx.owner);
    expect(full.status).toBe(Status.conflict);
    expect(full.msg).toMatch(new RegExp(`${TEMP_DEVICES_MAX}`));
    expect((await fx.ok('d/getDeviceList', {})).total).toBe(1);
    await fx.ok('d/delDevice', { deviceId: a });
  });

  it('runs a task: each device gets the action, reports, and the task finishes', async () => {
    const file = (await upload('build-2.bin', 'build two')).data;
    const [a, b, c] = [await register(), await register(), await register()];
    await fx.ok('d/addDevice', { deviceIdList: [a, b, c] });
    // Nothing waits for them yet.
    expect(await tempActionFor(env().app.keel, tenant(), a)).toBeNull();
    const task = await fx.ok('t/addTask', { name: 'Try 2', fileId: file.id, deviceIdList: [a, b] });
    expect(task).toMatchObject({ state: 'running', total: 2, counts: { pending: 2 }, fileName: 'build-2.bin' });

    const action = await tempActionFor(env().app.keel, tenant(), a);
    // An integer from the platform-wide action counter, each device its own; it names the task back.
    expect(action?.actionId).toMatch(/^\d+$/);
    expect(await tempTaskOf(env().app.keel, tenant(), a, action?.actionId ?? '')).toBe(task.id);
    expect(await tempTaskOf(env().app.keel, tenant(), b, action?.actionId ?? '')).toBeNull();
    expect((await tempActionFor(env().app.keel, tenant(), b))?.actionId).not.toBe(action?.actionId);
    expect(action).toMatchObject({
      taskId: task.id,
      state: 'pending',
      file: { id: file.id, size: 9, sha256: file.sha256 },
    });
    const s = env().app.keel;
    expect(await recordTempResult(s, tenant(), a, task.id, { state: 'delivered' })).toBe(true);
    expect(await recordTempResult(s, tenant(), a, task.id, { state: 'proceeding', progress: 40 })).toBe(true);
    expect((await tempActionFor(s, tenant(), a))?.state).toBe('delivered');
    expect(await recordTempResult(s, tenant(), a, task.id, { state: 'succeeded' })).toBe(true);
    expect(await tempActionFor(s, tenant(), a)).toBeNull();
    // An ended result takes nothing more.
    expect(await recordTempResult(s, tenant(), a, task.id, { state: 'failed' })).toBe(false);

    // A device already busy cannot join another running task; one not in the list cannot either.
    const busy = await fx.call('t/addTask', { name: 'Try 2b', fileId: file.id, deviceIdList: [b] }, fx.owner);
    expect(busy.status).toBe(Status.conflict);
    expect(busy.msg).toContain('Try 2');
    const unlisted = await register();
    const notListed = await fx.call('t/assignTask', { taskId: task.id, deviceIdList: [unlisted] }, fx.owner);
    expect(notListed.status).toBe(Status.conflict);
    // The running task's file cannot be deleted.
    expect((await fx.call('f/delFileInfo', { id: file.id }, fx.owner)).status).toBe(Status.conflict);

    const assigned = await fx.ok('t/assignTask', { taskId: task.id, deviceIdList: [c] });
    expect(assigned.total).toBe(3);
    expect(await recordTempResult(s, tenant(), b, task.id, { state: 'failed', message: 'bad signature' })).toBe(true);
    expect(await recordTempResult(s, tenant(), c, task.id, { state: 'succeeded' })).toBe(true);

    const results = await fx.ok('t/getTaskResultList', { taskId: task.id });
    // Rows made in one instant come in device-id order, which is textual ("-100" before "-99"): compare as sets.
    type Result = { deviceId: string; state: string; message?: string };
    const byDevice = new Map<string, Result>(results.list.map((r: Result) => [r.deviceId, r]));
    expect([...byDevice.keys()].sort()).toEqual([a, b, c].sort());
    expect([a, b, c].map((d) => byDevice.get(d)?.state)).toEqual(['succeeded', 'failed', 'succeeded']);
    expect(byDevice.get(b)?.message).toBe('bad signature');
    const done = (await fx.ok('t/getMyTaskList', { str: 'Try 2' })).list[0];
    expect(done).toMatchObject({ id: task.id, state: 'finished', counts: { succeeded: 2, failed: 1 } });
    expect((await fx.call('t/cancelTask', { taskId: task.id }, fx.owner)).status).toBe(Status.conflict);
    // Once it is over, the file may go; the task keeps its name and digest.
    expect(await fx.ok('f/delFileInfo', { id: file.id })).toEqual({ deleted: 1 });
    expect((await fx.ok('t/getTaskList', { state: 'finished' })).list[0]).toMatchObject({
      fileId: null,
      fileName: 'build-2.bin',
      fileSha256: file.sha256,
    });
    expect(await fx.ok('t/delTask', { taskId: task.id })).toEqual({ deleted: 1 });
  });

  it('cancels a running task (only its creator), then deletes it', async () => {
    const file = (await upload('build-3.bin', 'build three')).data;
    const d = await register();
    await fx.ok('d/addDevice', { deviceIdList: [d] });
    const task = await fx.ok('t/addTask', { name: 'Try 3', fileId: file.id, deviceIdList: [d] });
    expect((await fx.call('t/delTask', { taskId: task.id }, fx.owner)).status).toBe(Status.conflict);
    const cancelled = await fx.ok('t/cancelTask', { taskId: task.id });
    expect(cancelled).toMatchObject({ state: 'cancelled', counts: { cancelled: 1 } });
    expect(await tempActionFor(env().app.keel, tenant(), d)).toBeNull();
    expect(await recordTempResult(env().app.keel, tenant(), d, task.id, { state: 'succeeded' })).toBe(false);
    // The device is free for another task now.
    const next = await fx.ok('t/addTask', { name: 'Try 3b', fileId: file.id, deviceIdList: [d] });
    expect(next.state).toBe('running');
    expect(await fx.ok('t/delTask', { taskId: task.id })).toEqual({ deleted: 1 });
    expect((await fx.call('t/getTaskResultList', { taskId: task.id }, fx.owner)).status).toBe(Status.notFound);
  });

  it('keeps properties apart and answers in both languages', async () => {
    const file = (await upload('build-4.bin', 'build four')).data;
    const d = await register();
    await fx.ok('d/addDevice', { deviceIdList: [d] });
    const task = await fx.ok('t/addTask', { name: 'Try 4', fileId: file.id, deviceIdList: [d] });
    // The partner property's owner sees none of it.
    for (const [path, input] of [
      ['t/getTaskResultList', { taskId: task.id }],
      ['t/cancelTask', { taskId: task.id }],
      ['t/assignTask', { taskId: task.id, deviceIdList: [d] }],
      ['t/delTask', { taskId: task.id }],
      ['f/delFileInfo', { id: file.id }],
      ['t/addTask', { name: 'x', fileId: file.id, deviceIdList: [d] }],
    ] as const) {
      const res = await fx.call(path, input, fx.operator);
      expect(res.status, `${path}: ${res.msg}`).toBe(Status.notFound);
    }
    expect((await fx.call('t/getTaskList', {}, fx.operator)).data.total).toBe(0);
    expect((await fx.call('f/getFileInfoList', {}, fx.operator)).data.total).toBe(0);
    // Only its creator changes a task; a member without the permission reaches nothing.
    expect((await fx.call('t/getTaskList', {}, fx.member)).status).toBe(Status.forbidden);
    const zh = await fx.call('t/addTask', { name: 'Try 4b', fileId: file.id, deviceIdList: [d] }, fx.owner, {
      lang: 'zh-cn',
    });
    expect(zh.status).toBe(Status.conflict);
    expect(zh.msg).toContain('临时任务');
    await fx.ok('t/cancelTask', { taskId: task.id });
  });
});
