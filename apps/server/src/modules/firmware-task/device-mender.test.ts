import { createHash } from 'node:crypto';
import { menderDeployment } from '@keel/contract/device-api/mender';
import { beforeAll, expect, it } from 'vitest';
import { type DeviceFixture, deviceFixture } from '../../test/device-fixture';
import { menderArtifact } from '../../test/firmware-artifacts';
import { describeEachDb } from '../../test/harness';
import { realTools, recordRealToolRun } from '../../test/real-tools';

const tools = ['mender-artifact'];

/** Mender deployments of formal tasks: the update check, the signed download, status and log reports. */
describeEachDb('firmware delivery over Mender', (env) => {
  let fx: DeviceFixture;
  let enrolmentKey = '';
  let modelId = '';
  let pkg = '';
  let artifact: Buffer = Buffer.alloc(0);
  let ready = false;
  /** An accepted Mender device of the package's model on 1.0.0; its id and token. */
  const accepted = () => fx.menderDeviceAt('1.0.0', { enrolmentKey, model: modelId, prefix: 'mdl' });
  const next = (auth: string, how: 'v2' | 'post' | 'get' = 'v2', deviceType = 'keel-model') =>
    env().app.inject(
      how === 'get'
        ? {
            method: 'GET',
            url: `/api/devices/v1/deployments/device/deployments/next?device_type=${deviceType}&artifact_name=r1`,
            headers: { authorization: auth },
          }
        : {
            method: 'POST',
            url: `/api/devices/${how === 'v2' ? 'v2' : 'v1'}/deployments/device/deployments/next`,
            headers: { authorization: auth, 'content-type': 'application/json' },
            payload: JSON.stringify(
              how === 'v2'
                ? { device_provides: { device_type: deviceType, artifact_name: 'r1' } }
                : { device_type: deviceType, artifact_name: 'r1' },
            ),
          },
    );
  const put = (auth: string, id: string, tail: 'status' | 'log', body: unknown) =>
    env().app.inject({
      method: 'PUT',
      url: `/api/devices/v1/deployments/device/deployments/${id}/${tail}`,
      headers: { authorization: auth, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  const attempt = (id: string) =>
    env()
      .app.keel.db.selectFrom('fw_task_attempts')
      .select(['state', 'detail'])
      .where('pno', '=', fx.demo)
      .where('action_id', '=', Number(id))
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    fx = await deviceFixture(env);
    enrolmentKey = (await fx.ok('di/resetEnrolmentKey', {})).key;
    const sid = await fx.firmwareSpace('Mender');
    modelId = await fx.deviceModel('M-1');
    ready = realTools(...tools);
    if (!ready) return;
    artifact = menderArtifact(Buffer.from('mender payload '.repeat(300)), 'release-2.0.0');
    pkg = await fx.firmwarePackage({
      sid,
      name: 'Mender image',
      version: '2.0.0',
      modelIdList: [modelId],
      file: { name: 'release-2.0.0.mender', content: artifact },
    });
  });

  it('offers the deployment by device type, serves the signed link, takes status and log', async () => {
    if (!ready) return;
    recordRealToolRun('firmware delivery over Mender', tools);
    const a = await accepted();
    const b = await accepted();
    expect((await next(a.auth)).statusCode).toBe(204);
    await fx.releasedTask(pkg, [a.deviceId, b.deviceId], { name: 'Mender rollout' });

    for (const how of ['v2', 'post', 'get'] as const) expect((await next(a.auth, how)).statusCode).toBe(200);
    expect((await next(a.auth, 'v2', 'other-board')).statusCode).toBe(204);
    const dep = menderDeployment.parse((await next(a.auth)).json());
    expect(dep.artifact).toMatchObject({ artifact_name: 'release-2.0.0', device_types_compatible: ['keel-model'] });
    // Keel's addition, which the simulator checks: the artifact's size and SHA-256, the package's signed manifest.
    expect(dep.keel).toMatchObject({
      size: artifact.length,
      sha256: createHash('sha256').update(artifact).digest('hex'),
      manifest: expect.stringContaining('"version":"2.0.0"'),
      signature: expect.any(String),
    });
    const uri = new URL(dep.artifact.source.uri);
    const got = await env().app.inject({ method: 'GET', url: uri.pathname });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(artifact)).toBe(true);
    expect((await attempt(dep.id)).state).toBe('downloading');
    // A forged or another device's link is 404.
    const forged = uri.pathname.replace(/\/[^/]+\/([^/]+)$/, '/AAAA/$1');
    expect((await env().app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
    expect(
      (await env().app.inject({ method: 'GET', url: uri.pathname.replace(a.deviceId, b.deviceId) })).statusCode,
    ).toBe(404);

    // Another device's deployment: 404; a bad token: 401.
    expect((await put(b.auth, dep.id, 'status', { status: 'installing' })).statusCode).toBe(404);
    expect((await put('Bearer nope', dep.id, 'status', { status: 'installing' })).statusCode).toBe(401);
    expect((await put(a.auth, dep.id, 'status', { status: 'bogus' })).statusCode).toBe(400);
    for (const status of ['installing', 'rebooting', 'success'])
      expect((await put(a.auth, dep.id, 'status', { status })).statusCode).toBe(204);
    expect((await attempt(dep.id)).state).toBe('verifying');
    expect((await next(a.auth)).statusCode).toBe(204);

    const depB = menderDeployment.parse((await next(b.auth)).json());
    expect((await put(b.auth, depB.id, 'status', { status: 'failure' })).statusCode).toBe(204);
    const messages = [{ timestamp: '2026-01-01T00:00:00Z', level: 'error', message: 'single-file: disk full' }];
    expect((await put(b.auth, depB.id, 'log', { messages })).statusCode).toBe(204);
    expect(await attempt(depB.id)).toMatchObject({ state: 'failed', detail: 'single-file: disk full' });
    expect((await put(a.auth, depB.id, 'log', { messages })).statusCode).toBe(404);
  });
});
