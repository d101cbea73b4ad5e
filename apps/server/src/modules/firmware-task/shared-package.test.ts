import { ddiDeploymentBase } from '@keel/contract/device-api/ddi-deployment';
import { Status } from '@keel/contract/status';
import { beforeAll, expect, it } from 'vitest';
import { type DeviceFixture, deviceFixture } from '../../test/device-fixture';
import { describeEachDb } from '../../test/harness';
import { tick } from './engine';

/**
 * A package shared with a customer property (README "Shared packages"): the customer property makes and runs a
 * task with it on its own devices, which are served the owner's files and signed manifest; the package stays
 * read-only there, and the owner cannot delete or unshare it while the customer's task is not final. A package not
 * shared is "not found".
 */
describeEachDb('firmware tasks with a package shared with a customer property', (env) => {
  let fx: DeviceFixture;
  let shared = '';
  let notShared = '';
  let cid = '';
  let partnerModel = '';
  const image = Buffer.from('shared keel image 2.0.0 '.repeat(400));
  const get = (path: string, authorization: string) =>
    env().app.inject({ method: 'GET', url: path, headers: { authorization } });
  const ddi = (id: string, tail = '') => `/${fx.partner}/controller/v1/${id}${tail}`;
  /** A device of the customer property reporting 1.0.0. */
  const register = () => fx.deviceAt('1.0.0', { model: partnerModel, prefix: 'cust', who: fx.operator });

  beforeAll(async () => {
    fx = await deviceFixture(env);
    const sid = await fx.firmwareSpace('Shared');
    const { fid } = await fx.upload(sid, 'shared-2.0.0.bin', image);
    const add = (version: string) => fx.firmwarePackage({ sid, name: 'Shared', version, fidList: [fid] });
    shared = await add('2.0.0');
    notShared = await add('2.1.0');
    cid = (await fx.ok('cu/addOrUpdateCustomer', { name: 'Partner', propertyPno: fx.partner }, fx.owner)).cid;
    await fx.ok('sw/pushSwToCustomer', { id: shared, cidList: [cid] }, fx.owner);
    partnerModel = await fx.deviceModel('C-1', { who: fx.operator });
  });

  it('refuses a package not shared with the customer as not found, in both languages', async () => {
    const d = await register();
    for (const lang of ['en', 'zh-cn'] as const) {
      const res = await fx.call(
        'task/addTask',
        { swId: notShared, name: 'Not mine', deviceIdList: [d.deviceId] },
        fx.operator,
        { lang },
      );
      expect(res.status).toBe(Status.notFound);
    }
    // The owner's own package for another property, and the owner's tasks, are not the customer's either.
    const own = await fx.ok('task/addTask', { swId: shared, name: 'Owner task', deviceIdList: [] }, fx.owner);
    expect((await fx.call('task/getTaskInfo', { id: own.id }, fx.operator)).status).toBe(Status.notFound);
    await fx.ok('task/delTask', { id: own.id }, fx.owner);
    expect((await fx.ok('task/getTaskList', { pageNum: 1, pageSize: 50 }, fx.operator)).total).toBe(0);
  });

  it('runs a customer task with the shared package: the owner’s file and manifest reach its device', async () => {
    const a = await register();
    const task = await fx.ok(
      'task/addTask',
      { swId: shared, name: 'Customer rollout', deviceIdList: [a.deviceId], execution: { mode: 'forced' } },
      fx.operator,
    );
    expect(task).toMatchObject({ swId: shared, swVersion: '2.0.0', deviceTotal: 1 });
    const preview = await fx.ok('task/previewTask', { id: task.id }, fx.operator);
    expect(preview).toMatchObject({ matched: 1, fullBytes: image.length, deltaBytes: image.length, deltaDevices: 0 });
    await fx.ok('task/releaseTask', { id: task.id }, fx.operator);

    const polled = (await get(ddi(a.deviceId), a.auth)).json();
    const href: string = polled._links.deploymentBase.href;
    const actionId = href.split('/').at(-1) as string;
    const dep = ddiDeploymentBase.parse((await get(ddi(a.deviceId, `/deploymentBase/${actionId}`), a.auth)).json());
    const [chunk] = dep.deployment.chunks;
    expect(chunk?.version).toBe('2.0.0');
    const info = await fx.ok('sw/getSwInfo', { id: shared }, fx.owner);
    const meta = new Map((chunk?.metadata ?? []).map((m) => [m.key, m.value]));
    expect(meta.get('keel.manifest')).toBe(info.manifest.manifest);
    expect(meta.get('keel.manifest.sig')).toBe(info.manifest.signature);
    const [artifact] = chunk?.artifacts ?? [];
    expect(artifact?.filename).toBe('shared-2.0.0.bin');
    const download = await get(new URL(artifact?._links['download-http']?.href ?? '').pathname, a.auth);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(image)).toBe(true);

    // The package stays read-only for the customer; the owner cannot delete, withdraw or unshare it meanwhile.
    const edit = await fx.call('sw/editSw', { id: shared, name: 'Mine now', modelIdList: [] }, fx.operator);
    expect(edit.status).toBe(Status.forbidden);
    const del = await fx.call('sw/delSw', { id: shared }, fx.owner);
    expect(del.status).toBe(Status.conflict);
    expect(del.msg).toContain('1');
    const unshare = await fx.call('sw/pushSwToCustomer', { id: shared, cidList: [] }, fx.owner, { lang: 'zh-cn' });
    expect(unshare.status).toBe(Status.conflict);
    expect((await fx.ok('sw/getSwInfo', { id: shared }, fx.owner)).customers.map((c: { id: string }) => c.id)).toEqual([
      cid,
    ]);

    // The device installs it and reports the version: the task completes, the customer's upgrade record names it.
    const feedback = await env().app.inject({
      method: 'POST',
      url: ddi(a.deviceId, `/deploymentBase/${actionId}/feedback`),
      headers: { authorization: a.auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ id: actionId, status: { execution: 'closed', result: { finished: 'success' } } }),
    });
    expect(feedback.statusCode).toBe(200);
    await fx.setVersion([a.deviceId], '2.0.0', { pno: fx.partner });
    await tick(env().app.keel);
    const done = await fx.ok('task/getTaskInfo', { id: task.id }, fx.operator);
    expect(done.state).toBe('completed');
    expect(done.counts.succeeded).toBe(1);
    const records = await fx.ok(
      'up/getUpgradeRecordList',
      { pageNum: 1, pageSize: 10, deviceId: a.deviceId },
      fx.operator,
    );
    expect(records.list[0]).toMatchObject({ swId: shared, toVersion: '2.0.0', state: 'succeeded' });
    // The installed action survives as installedBase.
    expect((await get(ddi(a.deviceId), a.auth)).json()._links.installedBase.href).toContain(`/${actionId}`);

    // The task is final: the owner may unshare it now, after which the customer cannot use it any more.
    await fx.ok('sw/pushSwToCustomer', { id: shared, cidList: [] }, fx.owner);
    const gone = await fx.call('task/addTask', { swId: shared, name: 'Too late', deviceIdList: [] }, fx.operator);
    expect(gone.status).toBe(Status.notFound);
    await fx.ok('sw/pushSwToCustomer', { id: shared, cidList: [cid] }, fx.owner);
  });
});
