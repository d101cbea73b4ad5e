import { Status } from '@keel/contract/status';
import { beforeAll, expect, it } from 'vitest';
import { type DeviceFixture, deviceFixture } from '../../test/device-fixture';
import { describeEachDb } from '../../test/harness';
import { multipart } from '../../test/multipart';

/**
 * A business switched off by the owner or withdrawn by the operator stops every credential alike (businesses.ts):
 * a session, a personal access token, and the devices of the property over the device API.
 */
describeEachDb('businesses for every credential', (env) => {
  let fx: DeviceFixture;
  let sign: { moduleId: string; certId: string };
  let pat = '';
  let all: string[] = [];

  /** `sign/signUpload` with the owner's session, or `sign/pipelineSign` with the token. */
  const signWith = async (via: 'session' | 'token') => {
    const { body, contentType } = multipart('a.bin', 'artifact bytes');
    const res = await env().app.inject({
      method: 'POST',
      url: `/api/sign/${via === 'session' ? 'signUpload' : 'pipelineSign'}?${new URLSearchParams(sign)}`,
      headers: {
        'content-type': contentType,
        'accept-language': 'en',
        ...(via === 'session' ? { token: fx.owner.token, pno: fx.demo } : { authorization: `Bearer ${pat}` }),
      },
      payload: body,
    });
    return res.json() as { status: number; msg: string };
  };
  const records = async () => (await fx.ok('sign/getSignRecordList', { pageSize: 100 })).total as number;
  const switchOff = (business: string, disabled: 0 | 1) => fx.ok('pro/setBusinessDisable', { business, disabled });
  const authorise = (businessList: string[]) =>
    fx.ok('pro/authPropertyBusiness', { pno: fx.demo, businessList }, fx.operator, { pno: '' });
  const poll = (d: { deviceId: string; auth: string }, tail = '') =>
    env().app.inject({
      method: 'GET',
      url: `/${fx.demo}/controller/v1/${d.deviceId}${tail}`,
      headers: { authorization: d.auth },
    });

  beforeAll(async () => {
    fx = await deviceFixture(env);
    all = (await fx.ok('pro/getBusinessStatusList', {})).map((b: { business: string }) => b.business);
    const cert = await fx.ok('cert/generateCert', {
      name: 'Gate',
      keyType: 'EC',
      curve: 'P-256',
      subject: { CN: 'gate' },
      days: 30,
    });
    const module = await fx.ok('sm/addSignModule', { name: 'Gate', signType: 'raw', algorithm: 'SHA256WITHECDSA' });
    await fx.ok('ca/addUsers', { certId: cert.certId, uidList: [fx.owner.uid] });
    await fx.ok('cs/saveCertSignRel', { moduleId: module.moduleId, certId: cert.certId, algorithm: 'SHA256WITHECDSA' });
    sign = { moduleId: module.moduleId, certId: cert.certId };
    pat = (await fx.ok('pat/addToken', { name: 'Gate' })).token;
  });

  it('refuses a personal access token as it refuses a session once signing is off or withdrawn', async () => {
    expect((await signWith('token')).status).toBe(0);
    expect((await signWith('session')).status).toBe(0);
    const before = await records();

    await switchOff('signing', 1);
    for (const via of ['session', 'token'] as const) {
      const res = await signWith(via);
      expect(res, via).toEqual({
        status: Status.forbidden,
        msg: 'This business is not enabled for the current property',
        data: null,
      });
    }
    await switchOff('signing', 0);
    expect((await signWith('token')).status).toBe(0);

    await authorise(all.filter((b) => b !== 'signing'));
    for (const via of ['session', 'token'] as const) expect((await signWith(via)).status, via).toBe(Status.forbidden);
    await authorise(all);
    expect((await signWith('token')).status).toBe(0);
    // Two signed while enabled after the first two; none while refused.
    await authorise(all);
    expect(await fx.ok('sign/getSignRecordList', { pageSize: 100 }).then((r) => r.total)).toBe(before + 2);
  });

  it('offers a device no firmware work while firmware is off, takes its reports, and serves no device of a property without terminals', async () => {
    const sid = await fx.firmwareSpace('Gate');
    const modelId = await fx.deviceModel('G-1');
    const pkg = await fx.firmwarePackage({
      sid,
      version: '2.0.0',
      modelIdList: [modelId],
      file: { name: 'gate-2.0.0.bin', content: 'gate image' },
    });
    const device = await fx.deviceAt('1.0.0', { model: modelId, sid, prefix: 'gate' });
    await fx.releasedTask(pkg, [device.deviceId], { name: 'Gate', execution: { mode: 'forced' } });
    const href: string = (await poll(device)).json()._links.deploymentBase.href;
    const action = href.split('/').at(-1) as string;

    await switchOff('firmware', 1);
    const polled = await poll(device);
    expect(polled.statusCode).toBe(200);
    expect(polled.json()._links?.deploymentBase).toBeUndefined();
    expect((await poll(device, `/deploymentBase/${action}`)).statusCode).toBe(404);
    const feedback = await env().app.inject({
      method: 'POST',
      url: `/${fx.demo}/controller/v1/${device.deviceId}/deploymentBase/${action}/feedback`,
      headers: { authorization: device.auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ status: { execution: 'proceeding', result: { finished: 'none' } } }),
    });
    expect(feedback.statusCode).toBe(200);
    await switchOff('firmware', 0);
    expect((await poll(device)).json()._links.deploymentBase.href).toBe(href);

    await authorise(all.filter((b) => b !== 'terminal'));
    const refused = await poll(device);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorCode).toBe('keel.ddi.businessDisabled');
    await authorise(all);
    expect((await poll(device)).statusCode).toBe(200);
  });

  it('answers a Mender device of a property without terminals 401', async () => {
    const enrolmentKey = (await fx.ok('di/resetEnrolmentKey', {})).key;
    const device = await fx.menderDeviceAt('1.0.0', { enrolmentKey, prefix: 'gatem' });
    const next = () =>
      env().app.inject({
        method: 'GET',
        url: '/api/devices/v1/deployments/device/deployments/next?device_type=x&artifact_name=r1',
        headers: { authorization: device.auth },
      });
    expect((await next()).statusCode).toBe(204);
    await authorise(all.filter((b) => b !== 'terminal'));
    expect((await next()).statusCode).toBe(401);
    await authorise(all);
    expect((await next()).statusCode).toBe(204);
  });

  it('answers a pno holding U+0000 (a download link read before its signature) with no business, on PostgreSQL too', async () => {
    expect([...(await env().app.keel.businesses.enabled(`${fx.demo}\u0000`))]).toEqual([]);
    expect((await env().app.keel.businesses.enabled(fx.demo)).has('terminal')).toBe(true);
  });
});
