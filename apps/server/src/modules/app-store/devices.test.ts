import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApk } from '../../test/apk-builder';
import { passedApp, shelvedVersion, uploadAppFile } from '../../test/app-store-fixture';
import { type DeviceFixture, deviceFixture } from '../../test/device-fixture';
import { describeEachDb } from '../../test/harness';
import { realTools, recordRealToolRun } from '../../test/real-tools';

/**
 * Apps on devices: the device API's app list per model (DDI and Mender, ETag), the installed-apps report, the
 * console's view of a device's apps, and pushes delivered as device actions of kind `appInstall`.
 */
describeEachDb('app store on devices', (env) => {
  let fx: DeviceFixture;
  let hasTools = false;
  let modelA: string;
  let modelB: string;
  let appId: string;
  let packageName: string;
  let v1: { appVersionId: string; file: { fid: string; sha256?: unknown } };
  let v2: { appVersionId: string; file: { fid: string; sha256?: unknown } };
  const tools = ['aapt', 'apksigner', 'openssl'];

  const ddi = (pno: string, id: string, tail: string) => `/${pno}/controller/v1/${id}${tail}`;
  const get = (url: string, authorization: string, headers: Record<string, string> = {}) =>
    env().app.inject({ method: 'GET', url, headers: { authorization, ...headers } });
  const put = (url: string, authorization: string, payload: unknown) =>
    env().app.inject({
      method: 'PUT',
      url,
      headers: { authorization, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
  const appsOf = async (url: string, authorization: string) => {
    const res = await get(url, authorization);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { apps: Record<string, unknown>[] }).apps.filter((a) => a.packageName === packageName);
  };

  beforeAll(async () => {
    fx = await deviceFixture(env);
    hasTools = realTools(...tools);
    if (!hasTools) return;
    recordRealToolRun('app store: device app list with built APKs', tools);
    modelA = await fx.deviceModel(`Tablet A ${env().dialect}`);
    modelB = await fx.deviceModel(`Tablet B ${env().dialect}`);
    packageName = `com.example.devices${env().dialect}`;
    appId = await passedApp(fx, packageName, 'Field kit');
    v1 = await shelvedVersion(env(), fx, { appId, packageName, versionCode: 1 });
    v2 = await shelvedVersion(env(), fx, { appId, packageName, versionCode: 2, modelIdList: [modelA], forceUpdate: 1 });
  });

  describe('the app list', () => {
    it('gives each model the newest version that fits it, with its APK link, hash and forced flag', async () => {
      if (!hasTools) return;
      const a = await fx.deviceAt('1.0', { model: modelA });
      const b = await fx.deviceAt('1.0', { model: modelB });
      const none = await fx.deviceAt('1.0');

      const [onA] = await appsOf(ddi(fx.demo, a.deviceId, '/keelApps'), a.auth);
      expect(onA).toMatchObject({
        appId,
        packageName,
        name: 'Field kit',
        names: { en: 'Field kit', 'zh-cn': 'Field kit（中文）' },
        versionCode: 2,
        versionName: '1.2',
        forceUpdate: true,
      });
      const href = (onA?._links as { download: { href: string } } | undefined)?.download.href ?? '';
      expect(href).toBe(`http://localhost:80/fdroid/${fx.demo}/all/repo/${packageName}_2.apk`);
      const apk = await env().app.inject({ method: 'GET', url: new URL(href).pathname });
      expect(apk.statusCode).toBe(200);
      expect(createHash('sha256').update(apk.rawPayload).digest('hex')).toBe(onA?.sha256);
      expect(apk.rawPayload.length).toBe(onA?.size);

      // Version 2 names model A only: B and a device without a model get version 1, unforced.
      for (const d of [b, none]) {
        const [app] = await appsOf(ddi(fx.demo, d.deviceId, '/keelApps'), d.auth);
        expect(app).toMatchObject({ versionCode: 1, forceUpdate: false });
      }
    });

    it('answers 304 to its ETag until what is on the shelf changes', async () => {
      if (!hasTools) return;
      const d = await fx.deviceAt('1.0', { model: modelB });
      const url = ddi(fx.demo, d.deviceId, '/keelApps');
      const first = await get(url, d.auth);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect((await get(url, d.auth, { 'if-none-match': etag })).statusCode).toBe(304);
      // gzip for devices that take it: the same list.
      const zipped = await get(url, d.auth, { 'accept-encoding': 'gzip, deflate' });
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(zipped.rawPayload).toString()).toBe(first.body);

      const other = `${packageName}.extra`;
      const extra = await passedApp(fx, other, 'Extra');
      await shelvedVersion(env(), fx, { appId: extra, packageName: other, versionCode: 5 });
      const after = await get(url, d.auth, { 'if-none-match': etag });
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(etag);
      expect((after.json() as { apps: { packageName: string }[] }).apps.map((x) => x.packageName)).toContain(other);
    });

    it('refuses a device without a valid credential, and another property’s address', async () => {
      const d = await fx.deviceAt('1.0');
      expect((await get(ddi(fx.demo, d.deviceId, '/keelApps'), 'TargetToken wrong')).statusCode).toBe(401);
      expect((await get(ddi(fx.partner, d.deviceId, '/keelApps'), d.auth)).statusCode).toBe(401);
    });

    it('serves Mender devices the same list and takes their reports', async () => {
      if (!hasTools) return;
      const enrolmentKey = (await fx.call('di/resetEnrolmentKey', {}, fx.owner)).data.key as string;
      const m = await fx.menderDeviceAt('1.0', { enrolmentKey });
      const [before] = await appsOf('/api/devices/v1/keel/apps', m.auth);
      expect(before).toMatchObject({ versionCode: 1, forceUpdate: false });
      // A new model is seen at once: the device's cached state is dropped with the change.
      await fx.ok('di/updateDeviceInfo', { deviceId: m.deviceId, model: modelA });
      const [app] = await appsOf('/api/devices/v1/keel/apps', m.auth);
      expect(app).toMatchObject({ versionCode: 2, forceUpdate: true });
      expect((await get('/api/devices/v1/keel/apps', 'Bearer nope')).statusCode).toBe(401);
      const report = await put('/api/devices/v1/keel/apps/installed', m.auth, {
        apps: [{ packageName, versionCode: 2, versionName: '1.2' }],
      });
      expect(report.statusCode, report.body).toBe(200);
      const bad = await put('/api/devices/v1/keel/apps/installed', m.auth, { apps: [{ packageName: '../x' }] });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ error: expect.stringContaining('Invalid report') });
      const shown = await fx.ok('ai/getDeviceAppList', { deviceId: m.deviceId });
      expect(shown.list).toMatchObject([{ packageName, versionCode: 2, updateAvailable: 0 }]);
    });
  });

  describe('installed apps', () => {
    it('keeps the reported set, shows updates waiting, and refuses malformed reports', async () => {
      if (!hasTools) return;
      const d = await fx.deviceAt('1.0', { model: modelA });
      const url = ddi(fx.demo, d.deviceId, '/keelApps/installed');
      const report = (apps: unknown) => put(url, d.auth, { apps });
      expect(
        (
          await report([
            { packageName, versionCode: 1, versionName: '1.1' },
            { packageName: 'org.other.tool', versionCode: 7 },
          ])
        ).statusCode,
      ).toBe(200);
      const shown = await fx.ok('ai/getDeviceAppList', { deviceId: d.deviceId });
      expect(shown.list).toEqual([
        expect.objectContaining({
          packageName,
          versionCode: 1,
          appId,
          appName: 'Field kit',
          latestVersionCode: 2,
          updateAvailable: 1,
          forceUpdate: 1,
          iconUrl: `/fdroid/${fx.demo}/all/repo/icons/${packageName}.2.png`,
        }),
        expect.objectContaining({
          packageName: 'org.other.tool',
          appId: '',
          latestVersionCode: null,
          updateAvailable: 0,
        }),
      ]);
      // Chinese readers get the Chinese name.
      const zh = await fx.call('ai/getDeviceAppList', { deviceId: d.deviceId }, fx.owner, { lang: 'zh-cn' });
      expect(zh.data.list[0].appName).toBe('Field kit（中文）');

      // The whole set each time: a package left out was removed.
      expect((await report([{ packageName, versionCode: 2, versionName: '1.2' }])).statusCode).toBe(200);
      const after = await fx.ok('ai/getDeviceAppList', { deviceId: d.deviceId });
      expect(after.list).toMatchObject([{ packageName, versionCode: 2, updateAvailable: 0, forceUpdate: 0 }]);

      for (const body of [
        [{ packageName, versionCode: -1 }],
        [{ packageName: 'nodots', versionCode: 1 }],
        [
          { packageName, versionCode: 1 },
          { packageName, versionCode: 2 },
        ],
      ]) {
        const res = await report(body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
      }
      const notJson = await env().app.inject({
        method: 'PUT',
        url,
        headers: { authorization: d.auth, 'content-type': 'application/json' },
        payload: '{',
      });
      expect(notJson.statusCode).toBe(400);
      // Nothing of a refused report was kept.
      expect((await fx.ok('ai/getDeviceAppList', { deviceId: d.deviceId })).list).toHaveLength(1);
    });

    it("shows another property's device as not found", async () => {
      const partnerDevice = await fx.deviceAt('1.0', { who: fx.operator });
      const res = await fx.call('ai/getDeviceAppList', { deviceId: partnerDevice.deviceId }, fx.owner);
      expect(res.status).not.toBe(0);
      expect(res.msg).toMatch(/not found/i);
    });
  });

  describe('pushes', () => {
    const commands = async (d: { deviceId: string; auth: string }) => {
      const res = await get(ddi(fx.demo, d.deviceId, '/keelCommands'), d.auth);
      return res.statusCode === 200 ? (res.json() as { commands: Record<string, unknown>[] }).commands : [];
    };
    const feedback = (d: { deviceId: string; auth: string }, id: string, finished: 'success' | 'failure') =>
      env().app.inject({
        method: 'POST',
        url: ddi(fx.demo, d.deviceId, `/keelCommands/${id}/feedback`),
        headers: { authorization: d.auth, 'content-type': 'application/json' },
        payload: JSON.stringify({
          status: {
            execution: 'closed',
            result: { finished },
            details: [finished === 'success' ? 'installed' : 'no space'],
          },
        }),
      });

    it('asks devices to install a version as a device action, and counts their answers', async () => {
      if (!hasTools) return;
      const a = await fx.deviceAt('1.0', { model: modelA });
      const b = await fx.deviceAt('1.0', { model: modelA });
      const push = await fx.ok('av/pushAppVersion', {
        appVersionId: v2.appVersionId,
        deviceIdList: [a.deviceId, b.deviceId],
        force: 1,
      });
      expect(push).toMatchObject({ state: 'active', total: 2, force: 1, versionCode: 2, counts: { pending: 2 } });

      const [command] = await commands(a);
      expect(command).toMatchObject({
        type: 'appInstall',
        name: packageName,
        payload: {
          appId,
          packageName,
          versionCode: 2,
          force: true,
          path: `/fdroid/${fx.demo}/all/repo/${packageName}_2.apk`,
        },
      });
      expect((await feedback(a, command?.id as string, 'success')).statusCode).toBe(200);
      const [other] = await commands(b);
      expect((await feedback(b, other?.id as string, 'failure')).statusCode).toBe(200);

      const list = await fx.ok('av/getAppPushList', { appId });
      const item = list.list.find((p: { pushId: string }) => p.pushId === push.pushId);
      expect(item).toMatchObject({ state: 'finished', counts: { succeeded: 1, failed: 1, pending: 0 } });
      const devices = await fx.ok('av/getAppPushDeviceList', { pushId: push.pushId });
      expect(devices.list).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ deviceId: a.deviceId, state: 'succeeded' }),
          expect.objectContaining({ deviceId: b.deviceId, state: 'failed', message: 'no space' }),
        ]),
      );
      expect((await fx.call('av/cancelAppPush', { pushId: push.pushId }, fx.owner)).msg).toMatch(/has ended/);
    });

    it('cancels what devices have not answered', async () => {
      if (!hasTools) return;
      const a = await fx.deviceAt('1.0', { model: modelB });
      const push = await fx.ok('av/pushAppVersion', { appVersionId: v1.appVersionId, deviceIdList: [a.deviceId] });
      expect(push.force).toBe(0);
      expect(await commands(a)).toHaveLength(1);
      const cancelled = await fx.ok('av/cancelAppPush', { pushId: push.pushId });
      expect(cancelled).toMatchObject({ state: 'cancelled', counts: { cancelled: 1 } });
      expect(await commands(a)).toHaveLength(0);
    });

    it('refuses a version off the shelf, a device of another model, and a developer', async () => {
      if (!hasTools) return;
      const b = await fx.deviceAt('1.0', { model: modelB });
      const misfit = await fx.call(
        'av/pushAppVersion',
        { appVersionId: v2.appVersionId, deviceIdList: [b.deviceId] },
        fx.owner,
      );
      expect(misfit.msg).toBe(`Device "${b.deviceId}" is not of a model this version is compatible with`);
      const zh = await fx.call(
        'av/pushAppVersion',
        { appVersionId: v2.appVersionId, deviceIdList: [b.deviceId] },
        fx.owner,
        { lang: 'zh-cn' },
      );
      expect(zh.msg).toContain('型号不在该版本的兼容型号中');

      const draftApk = await uploadAppFile(
        env(),
        { token: fx.member.token, pno: fx.demo },
        'apk',
        readFileSync(buildApk({ packageName, versionCode: 3, versionName: '1.3' })),
      );
      const draft = await fx.ok('av/saveAppVerInfoByUser', { appId, fid: draftApk.fid }, fx.member);
      const offShelf = await fx.call(
        'av/pushAppVersion',
        { appVersionId: draft.appVersionId, deviceIdList: [b.deviceId] },
        fx.owner,
      );
      expect(offShelf.msg).toBe('The version is not on the shelf: it cannot be pushed to devices');

      const developer = await fx.call(
        'av/pushAppVersion',
        { appVersionId: v1.appVersionId, deviceIdList: [b.deviceId] },
        fx.member,
      );
      expect(developer.status).not.toBe(0);
      expect(developer.msg).toMatch(/permission|not allowed/i);
    });
  });
});
