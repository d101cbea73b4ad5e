import type { EndpointPath } from '@keel/contract/endpoints/index';
import { Status } from '@keel/contract/status';
import { beforeAll, expect, it } from 'vitest';
import { type DeviceFixture, deviceFixture } from '../../test/device-fixture';
import { menderArtifact } from '../../test/firmware-artifacts';
import { type CallOptions, describeEachDb } from '../../test/harness';
import { realTools, recordRealToolRun } from '../../test/real-tools';
import { currentAction, report } from './delivery';
import { tick } from './engine';

/**
 * Success rules (README "Success rules"): `versionReport` waits for the new version (a device that never reported
 * one is trusted), `clientReport` trusts the client's success report at once, a Mender device reporting the artifact
 * name Keel offered is confirmed, and a task that names no rule takes the property's default.
 */
describeEachDb('firmware task success rules', (env) => {
  let fx: DeviceFixture;
  let sid = '';
  let modelId = '';
  let pkg = '';
  const ok = (path: EndpointPath, input: Record<string, unknown>, opts?: CallOptions) =>
    fx.ok(path, input, fx.owner, opts);
  const call = (path: EndpointPath, input: Record<string, unknown>, opts?: CallOptions) =>
    fx.call(path, input, fx.owner, opts);
  /** A released task of `swId` for `ids` with `successRule` (none: the property's default). */
  const released = async (swId: string, ids: string[], successRule?: string) => {
    const task = await ok('task/addTask', {
      swId,
      name: `Rule ${successRule ?? 'default'}`,
      deviceIdList: ids,
      ...(successRule ? { successRule } : {}),
      execution: { confirmMinutes: 5 },
    });
    return ok('task/releaseTask', { id: task.id });
  };
  /** The device downloads and installs its action and its client reports success (the version left as it is). */
  const clientSuccess = async (id: string) => {
    const s = env().app.keel;
    const action = await currentAction(s, fx.demo, id);
    expect(action, `${id} has an action`).not.toBeNull();
    await report(s, fx.demo, id, action?.actionId ?? 0, { kind: 'downloading', protocol: 'sim' });
    await report(s, fx.demo, id, action?.actionId ?? 0, { kind: 'success', protocol: 'sim' });
  };
  const deviceRow = async (taskId: string, id: string) =>
    (await ok('task/getAssignedDeviceList', { id: taskId, str: id })).list[0];

  beforeAll(async () => {
    fx = await deviceFixture(env);
    sid = await fx.firmwareSpace('Rules');
    modelId = await fx.deviceModel('R-1');
    pkg = await fx.firmwarePackage({
      sid,
      version: '2.0.0',
      modelIdList: [modelId],
      file: { name: 'image-2.0.0.bin', content: Buffer.from('image 2.0.0 '.repeat(300)) },
    });
  });

  it('versionReport: waits for the version, succeeds on it, and names the version as what decided', async () => {
    const { deviceId: id } = await fx.deviceAt('1.0.0', { model: modelId, sid });
    const task = await released(pkg, [id], 'versionReport');
    expect(task.successRule).toBe('versionReport');
    await clientSuccess(id);
    expect(await deviceRow(task.id, id)).toMatchObject({ state: 'verifying', successBy: null });
    await tick(env().app.keel);
    expect((await deviceRow(task.id, id)).state).toBe('verifying');
    await fx.setVersion([id], '2.0.0');
    await tick(env().app.keel);
    expect(await deviceRow(task.id, id)).toMatchObject({ state: 'succeeded', successBy: 'version' });
  });

  it('versionReport: a device still on the old version fails as versionNotConfirmed when the window ends', async () => {
    const { deviceId: id } = await fx.deviceAt('1.0.0', { model: modelId, sid });
    const task = await released(pkg, [id], 'versionReport');
    await clientSuccess(id);
    env().advance(5 * 60_000 + 1000);
    await tick(env().app.keel);
    expect(await deviceRow(task.id, id)).toMatchObject({
      state: 'failed',
      errorCode: 'versionNotConfirmed',
      successBy: null,
    });
  });

  it('versionReport: a device that never reported a version is trusted at once (noVersion)', async () => {
    const { deviceId: id } = await fx.deviceAt('', { model: modelId, sid });
    const task = await released(pkg, [id], 'versionReport');
    await clientSuccess(id);
    expect(await deviceRow(task.id, id)).toMatchObject({ state: 'succeeded', successBy: 'noVersion' });
  });

  it('clientReport: the client success report is trusted at once, whatever version the device reports', async () => {
    const { deviceId: id } = await fx.deviceAt('1.0.0', { model: modelId, sid });
    const task = await released(pkg, [id], 'clientReport');
    expect(task.successRule).toBe('clientReport');
    await clientSuccess(id);
    const row = await deviceRow(task.id, id);
    expect(row).toMatchObject({ state: 'succeeded', successBy: 'clientReport' });
    // A device that reports the version when its client reports success is confirmed by it, under either rule.
    const { deviceId: other } = await fx.deviceAt('1.0.0', { model: modelId, sid });
    const second = await released(pkg, [other], 'clientReport');
    await fx.setVersion([other], '2.0.0');
    await clientSuccess(other);
    expect(await deviceRow(second.id, other)).toMatchObject({ state: 'succeeded', successBy: 'version' });
    await tick(env().app.keel);
    const info = await ok('task/getTaskInfo', { id: second.id });
    expect(info).toMatchObject({ state: 'completed', successRule: 'clientReport' });
  });

  it("takes the property's default when a task names no rule; the settings are saved and checked", async () => {
    expect(await ok('task/getTaskSettings', {})).toEqual({ successRule: 'versionReport', updateTime: null });
    const bad = await call('task/saveTaskSettings', { successRule: 'trustMe' });
    expect(bad.status).toBe(Status.invalidInput);
    // A member without the task page's edit function may not change them.
    const refused = await fx.call('task/saveTaskSettings', { successRule: 'clientReport' }, fx.member);
    expect(refused.status).not.toBe(0);
    const saved = await ok('task/saveTaskSettings', { successRule: 'clientReport' });
    expect(saved).toEqual({ successRule: 'clientReport', updateTime: env().now() });
    expect((await ok('task/getTaskSettings', {})).successRule).toBe('clientReport');

    const { deviceId: id } = await fx.deviceAt('1.0.0', { model: modelId, sid });
    const draft = await ok('task/addTask', { swId: pkg, name: 'Default rule', deviceIdList: [id] });
    expect(draft.successRule).toBe('clientReport');
    // Named, the task's own rule wins; an edit that names none keeps it.
    const named = await ok('task/addTask', { swId: pkg, name: 'Named rule', successRule: 'versionReport' });
    expect(named.successRule).toBe('versionReport');
    const edited = await ok('task/editTask', { id: named.id, swId: pkg, name: 'Named rule 2' });
    expect(edited.successRule).toBe('versionReport');
    const switched = await ok('task/editTask', {
      id: named.id,
      swId: pkg,
      name: 'Named rule 2',
      successRule: 'clientReport',
    });
    expect(switched.successRule).toBe('clientReport');
    await ok('task/delTask', { id: named.id });

    await ok('task/releaseTask', { id: draft.id });
    await clientSuccess(id);
    expect(await deviceRow(draft.id, id)).toMatchObject({ state: 'succeeded', successBy: 'clientReport' });
    await ok('task/saveTaskSettings', { successRule: 'versionReport' });
  });

  it('Mender: a device reporting the artifact name Keel offered is confirmed, though it does not carry the version', async () => {
    if (!realTools('mender-artifact')) return;
    recordRealToolRun('firmware task success rules: Mender artifact name', ['mender-artifact']);
    const enrolmentKey = (await ok('di/resetEnrolmentKey', {})).key;
    const menderPkg = await fx.firmwarePackage({
      sid,
      name: 'Mender image',
      version: '3.0.0',
      modelIdList: [modelId],
      file: {
        name: 'nightly.mender',
        content: menderArtifact(Buffer.from('payload '.repeat(200)), 'nightly-build-42'),
      },
    });
    const a = await fx.menderDeviceAt('1.0.0', { enrolmentKey, model: modelId, prefix: 'mra' });
    const b = await fx.menderDeviceAt('1.0.0', { enrolmentKey, model: modelId, prefix: 'mrb' });
    const task = await released(menderPkg, [a.deviceId, b.deviceId], 'versionReport');
    const inventory = (auth: string, artifact: string) =>
      env().app.inject({
        method: 'PATCH',
        url: '/api/devices/v1/inventory/device/attributes',
        headers: { authorization: auth, 'content-type': 'application/json' },
        payload: JSON.stringify([{ name: 'artifact_name', value: artifact }]),
      });
    for (const d of [a, b]) {
      expect((await inventory(d.auth, 'release-1.0.0')).statusCode).toBe(200);
      const next = await env().app.inject({
        method: 'GET',
        url: '/api/devices/v1/deployments/device/deployments/next?device_type=keel-model&artifact_name=release-1.0.0',
        headers: { authorization: d.auth },
      });
      expect(next.statusCode).toBe(200);
      const dep = next.json() as { id: string; artifact: { artifact_name: string } };
      expect(dep.artifact.artifact_name).toBe('nightly-build-42');
      for (const status of ['downloading', 'installing', 'rebooting', 'success']) {
        const put = await env().app.inject({
          method: 'PUT',
          url: `/api/devices/v1/deployments/device/deployments/${dep.id}/status`,
          headers: { authorization: d.auth, 'content-type': 'application/json' },
          payload: JSON.stringify({ status }),
        });
        expect(put.statusCode).toBe(204);
      }
    }
    expect((await deviceRow(task.id, a.deviceId)).state).toBe('verifying');
    // After its reboot a reports the artifact Keel offered; b one that is neither it nor the version.
    expect((await inventory(a.auth, 'nightly-build-42')).statusCode).toBe(200);
    expect((await inventory(b.auth, 'nightly-build-41')).statusCode).toBe(200);
    await tick(env().app.keel);
    expect(await deviceRow(task.id, a.deviceId)).toMatchObject({ state: 'succeeded', successBy: 'artifactName' });
    expect(await deviceRow(task.id, b.deviceId)).toMatchObject({ state: 'verifying', successBy: null });
  });
});
