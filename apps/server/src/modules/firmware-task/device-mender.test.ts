import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { menderDeployment } from '@keel/contract/device-api/mender';
import { beforeAll, expect, it } from 'vitest';
import { type DeviceFixture, deviceFixture, freshDeviceId, markSeen } from '../../test/device-fixture';
import { hasTool, menderArtifact } from '../../test/firmware-artifacts';
import { describeEachDb } from '../../test/harness';
import { multipart } from '../../test/multipart';

const menderTool = hasTool('mender-artifact', '--version');

/** Mender deployments of formal tasks: the update check, the signed download, status and log reports. */
describeEachDb('firmware delivery over Mender', (env) => {
  let fx: DeviceFixture;
  let enrolmentKey = '';
  let sid = '';
  let modelId = '';
  let pkg = '';
  let artifact: Buffer = Buffer.alloc(0);
  const key = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = key.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const authAs = (deviceId: string) => {
    const body = JSON.stringify({
      id_data: JSON.stringify({ serial: deviceId }),
      pubkey: pem,
      tenant_token: enrolmentKey,
    });
    return env().app.inject({
      method: 'POST',
      url: '/api/devices/v1/authentication/auth_requests',
      headers: {
        'content-type': 'application/json',
        'x-men-signature': sign('sha256', Buffer.from(body), key.privateKey).toString('base64'),
      },
      payload: body,
    });
  };
  /** An accepted Mender device of the package's model; its id and token. */
  const accepted = async () => {
    const deviceId = freshDeviceId('mdl');
    expect((await authAs(deviceId)).statusCode).toBe(401);
    await fx.ok('di/admitDevice', { deviceIdList: [deviceId], accept: 1 });
    const res = await authAs(deviceId);
    expect(res.statusCode).toBe(200);
    await env()
      .app.keel.db.updateTable('devices')
      .set({ model_id: modelId, firmware_version: '1.0.0' })
      .where('pno', '=', fx.demo)
      .where('device_id', '=', deviceId)
      .execute();
    await markSeen(env().app.keel.db, fx.demo, [deviceId], env().now());
    return { deviceId, auth: `Bearer ${res.body}` };
  };
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
    enrolmentKey = (await fx.call('di/resetEnrolmentKey', {}, fx.owner)).data.key;
    sid = (await fx.ok('space/addSpace', { name: 'Mender', business: 'firmware', category: 'file', quota: 50_000_000 }))
      .sid;
    const type = (await fx.ok('dm/addDeviceType', { name: 'Mender gw' })).typeId;
    const platform = (await fx.ok('dm/addDevicePlatform', { name: 'Mender Linux', osType: 'linux' })).platformId;
    modelId = (await fx.ok('dm/addDeviceModel', { name: 'M-1', typeId: type, platformId: platform })).modelId;
    if (!menderTool) return;
    artifact = menderArtifact(Buffer.from('mender payload '.repeat(300)), 'release-2.0.0');
    const { body, contentType } = multipart('release-2.0.0.mender', artifact);
    const up = await env().app.inject({
      method: 'POST',
      url: `/api/fis/fi/uploadFile?sid=${sid}`,
      headers: { token: fx.owner.token, pno: fx.demo, 'content-type': contentType },
      payload: body,
    });
    const fid = (up.json() as { data: { fid: string } }).data.fid;
    pkg = (
      await fx.ok('sw/addSw', {
        sid,
        swType: 'firmware',
        name: 'Mender image',
        version: '2.0.0',
        modelIdList: [modelId],
        fidList: [fid],
      })
    ).id;
    await fx.ok('sw/setSwPublished', { id: pkg, published: 1 });
  });

  it.skipIf(!menderTool)(
    'offers the deployment by device type, serves the signed link, takes status and log',
    async () => {
      const a = await accepted();
      const b = await accepted();
      expect((await next(a.auth)).statusCode).toBe(204);
      const task = await fx.ok('task/addTask', {
        swId: pkg,
        name: 'Mender rollout',
        deviceIdList: [a.deviceId, b.deviceId],
      });
      await fx.ok('task/releaseTask', { id: task.id });

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
    },
  );
});
