import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Status } from '@keel/contract/status';
import { beforeAll, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { acrossProperties } from '../../platform/tenancy/filters';
import { buildApk } from '../../test/apk-builder';
import { decideReview } from '../../test/app-store-fixture';
import { type DeviceFixture, deviceFixture, type Who } from '../../test/device-fixture';
import { describeEachDb, type Envelope } from '../../test/harness';
import { multipart } from '../../test/multipart';
import { realTools, recordRealToolRun } from '../../test/real-tools';

/**
 * Platform apps: the operator makes an app on the shelf of one property (演示物业, the demo) a platform app; a member
 * of another (合作物业, the partner, whose owner is the operator) lists it and finds it in that property's F-Droid
 * repository; anyone but an operator is refused; an app not on the shelf is refused with the reason; removing it
 * takes it out of the list and the index again.
 */

/** The `index-v1.json` of an `index-v1.jar`. */
const indexOf = (
  jar: Buffer,
): Promise<{ apps: { packageName: string; localized: Record<string, { name: string }> }[] }> =>
  new Promise((resolve, reject) => {
    yauzl.fromBuffer(jar, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName !== 'index-v1.json') return zip.readEntry();
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const parts: Buffer[] = [];
          stream.on('data', (c: Buffer) => parts.push(c));
          stream.on('end', () => resolve(JSON.parse(Buffer.concat(parts).toString())));
        });
      });
      zip.on('end', () => reject(new Error('no index-v1.json')));
      zip.readEntry();
    });
  });

describeEachDb('app store platform apps', (env) => {
  let fx: DeviceFixture;
  const tools = ['aapt', 'apksigner', 'openssl'];
  let hasTools = false;
  const en = { lang: 'en' as const };

  const upload = async (who: Who, bytes: Buffer) => {
    const { body, contentType } = multipart('app.apk', bytes);
    const res = await env().app.inject({
      method: 'POST',
      url: '/api/ai/uploadAppFile?kind=apk',
      headers: { token: who.token, pno: who.pno as string, 'content-type': contentType },
      payload: body,
    });
    const json = res.json() as Envelope;
    expect(json.status, json.msg).toBe(0);
    return json.data as { fid: string; sha256: string };
  };
  /** An app of the demo member's with both listings, passed, and (unless `shelf` is false) a version on the shelf. */
  const app = async (packageName: string, shelf = true) => {
    const made = await fx.ok(
      'ai/saveAppInfoByUser',
      {
        packageName,
        languageList: [
          { language: 'en', appName: `Meter ${packageName.slice(-4)}`, summary: 'Reads meters' },
          { language: 'zh-cn', appName: `抄表 ${packageName.slice(-4)}`, summary: '抄表用' },
        ],
        submit: 1,
      },
      fx.member,
    );
    await decideReview(fx, 'app', made.appId);
    if (!shelf) return { appId: made.appId as string, sha256: '' };
    const file = await upload(fx.member, readFileSync(buildApk({ packageName, versionCode: 3, versionName: '3.0' })));
    const version = await fx.ok('av/saveAppVerInfoByUser', { appId: made.appId, fid: file.fid, submit: 1 }, fx.member);
    await decideReview(fx, 'appVersion', version.appVersionId);
    await fx.ok('av/putOnShelfByUser', { appId: made.appId, appVersionId: version.appVersionId }, fx.member);
    await decideReview(fx, 'appShelf', version.appVersionId);
    return { appId: made.appId as string, sha256: file.sha256 };
  };
  const partnerIndex = async () => {
    const res = await env().app.inject({ method: 'GET', url: `/fdroid/${fx.partner}/all/repo/index-v1.jar` });
    expect(res.statusCode).toBe(200);
    return { etag: res.headers.etag as string, index: await indexOf(res.rawPayload) };
  };

  beforeAll(async () => {
    fx = await deviceFixture(env);
    hasTools = realTools(...tools);
  });

  it('offers a platform app to every property: listed there and in its F-Droid repository, until it is removed', async () => {
    if (!hasTools) return;
    recordRealToolRun('app store: platform apps', tools);
    const packageName = `com.example.platform${env().dialect}`;
    const shared = await app(packageName);
    const asPartner = { ...fx.operator, pno: fx.partner };
    const before = await partnerIndex();
    expect(before.index.apps.map((a) => a.packageName)).not.toContain(packageName);

    // Only an operator adds one; the demo owner (every permission of the property) is refused.
    const refused = await fx.call('platform/addPlatformApp', { appId: shared.appId }, fx.owner, en);
    expect(refused.status).toBe(Status.forbidden);
    expect((await fx.call('platform/getPlatformAppList', { candidates: 1 }, fx.owner, en)).status).toBe(
      Status.forbidden,
    );

    // The operator finds it among the candidates (every property's shelf) and adds it.
    const candidates = await fx.ok('platform/getPlatformAppList', { candidates: 1, str: packageName }, fx.operator, en);
    expect(candidates.list.map((c: { appId: string }) => c.appId)).toEqual([shared.appId]);
    expect(candidates.list[0]).toMatchObject({ isPlatform: 0, pno: fx.demo, propertyName: '演示物业' });
    const added = await fx.ok('platform/addPlatformApp', { appId: shared.appId }, fx.operator, en);
    expect(added).toMatchObject({ appId: shared.appId, isPlatform: 1, versionName: '3.0', versionCode: 3 });
    const again = await fx.call('platform/addPlatformApp', { appId: shared.appId }, fx.operator, en);
    expect([again.status, again.msg]).toEqual([
      Status.conflict,
      `The app "Meter ${packageName.slice(-4)}" is a platform app already`,
    ]);

    // A member of the partner property lists it, in their language or the one asked for, searched and narrowed.
    const listed = await fx.ok('platform/getPlatformAppList', {}, asPartner, en);
    expect(listed.total).toBe(1);
    expect(listed.list[0]).toMatchObject({
      appId: shared.appId,
      packageName,
      appName: `Meter ${packageName.slice(-4)}`,
      propertyName: '演示物业',
      versionName: '3.0',
      addedBy: fx.operator.uid,
      isPlatform: 1,
    });
    expect(listed.list[0].iconUrl).toMatch(/^\/api\/app-file\//);
    expect(listed.list[0].addTime).toBeGreaterThan(0);
    const icon = await env().app.inject({ method: 'GET', url: listed.list[0].iconUrl });
    expect([icon.statusCode, icon.headers['content-type']]).toEqual([200, 'image/png']);
    const chinese = await fx.ok('platform/getPlatformAppList', { language: 'zh-cn' }, asPartner, en);
    expect(chinese.list[0].appName).toBe(`抄表 ${packageName.slice(-4)}`);
    expect((await fx.ok('platform/getPlatformAppList', { str: '抄表' }, asPartner)).total).toBe(1);
    expect((await fx.ok('platform/getPlatformAppList', { str: 'nothing-like-it' }, asPartner)).total).toBe(0);
    expect((await fx.ok('platform/getPlatformAppList', { slaveAppId: shared.appId }, asPartner)).total).toBe(1);
    expect((await fx.ok('platform/getPlatformAppList', { slaveAppId: 'other' }, asPartner)).total).toBe(0);

    // The partner's F-Droid repository lists it (made again: the platform generation rose) and serves its APK and icon.
    const after = await partnerIndex();
    expect(after.etag).not.toBe(before.etag);
    const entry = after.index.apps.find((a) => a.packageName === packageName);
    expect(entry?.localized['zh-CN']?.name).toBe(`抄表 ${packageName.slice(-4)}`);
    const apk = await env().app.inject({ method: 'GET', url: `/fdroid/${fx.partner}/all/repo/${packageName}_3.apk` });
    expect(apk.statusCode).toBe(200);
    expect(createHash('sha256').update(apk.rawPayload).digest('hex')).toBe(shared.sha256);
    const repoIcon = await env().app.inject({
      method: 'GET',
      url: `/fdroid/${fx.partner}/all/repo/icons-640/${packageName}.3.png`,
    });
    expect(repoIcon.statusCode).toBe(200);
    // Not made again per request.
    const same = await env().app.inject({
      method: 'GET',
      url: `/fdroid/${fx.partner}/all/repo/index-v1.jar`,
      headers: { 'if-none-match': after.etag },
    });
    expect(same.statusCode).toBe(304);

    // Removing it: only an operator; then it is gone from the list and the index; removing again is "not found".
    expect((await fx.call('platform/removePlatformApp', { appId: shared.appId }, fx.owner, en)).status).toBe(
      Status.forbidden,
    );
    expect(await fx.ok('platform/removePlatformApp', { appId: shared.appId }, fx.operator, en)).toEqual({ removed: 1 });
    expect((await fx.ok('platform/getPlatformAppList', {}, asPartner)).total).toBe(0);
    const removed = await partnerIndex();
    expect(removed.index.apps.map((a) => a.packageName)).not.toContain(packageName);
    expect(
      (await env().app.inject({ method: 'GET', url: `/fdroid/${fx.partner}/all/repo/${packageName}_3.apk` }))
        .statusCode,
    ).toBe(404);
    const gone = await fx.call('platform/removePlatformApp', { appId: shared.appId }, fx.operator, en);
    expect(gone.status).toBe(Status.notFound);

    // Every change is in the audit log, naming the app.
    const audited = await env()
      .app.keel.db.selectFrom('audit_log')
      .select('target')
      .where(acrossProperties('test'))
      .where('target', '=', shared.appId)
      .execute();
    expect(audited.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses every call without a session; an operator without a property lists them', async () => {
    for (const path of [
      'platform/getPlatformAppList',
      'platform/addPlatformApp',
      'platform/removePlatformApp',
    ] as const) {
      const res = await fx.call(path, { appId: 'x' }, null, { ...en, pno: fx.demo });
      expect([path, res.status]).toEqual([path, Status.sessionExpired]);
    }
    // The operator without a property lists the platform apps and the candidates (back office, `orPlatform`).
    expect((await fx.call('platform/getPlatformAppList', {}, fx.operator, { ...en, pno: '' })).status).toBe(0);
    expect(
      (await fx.call('platform/getPlatformAppList', { candidates: 1 }, fx.operator, { ...en, pno: '' })).status,
    ).toBe(0);
  });

  it('refuses an app that is not on the shelf with the reason, and an unknown one as "not found"', async () => {
    const packageName = `com.example.unshelved${env().dialect}`;
    const draft = await app(packageName, false);
    const res = await fx.call('platform/addPlatformApp', { appId: draft.appId }, fx.operator, en);
    expect([res.status, res.msg]).toEqual([
      Status.conflict,
      `The app "Meter ${packageName.slice(-4)}" has no version on the shelf (or its information has not passed review): it cannot be a platform app`,
    ]);
    expect((await fx.call('platform/addPlatformApp', { appId: 'no-such-app' }, fx.operator, en)).status).toBe(
      Status.notFound,
    );
    expect((await fx.ok('platform/getPlatformAppList', {}, fx.member)).total).toBe(0);
  });

  it("keeps a property's own app over a platform app of the same package", async () => {
    if (!hasTools) return;
    const packageName = `com.example.clash${env().dialect}`;
    const demoApp = await app(packageName);
    await fx.ok('platform/addPlatformApp', { appId: demoApp.appId }, fx.operator, en);
    // The demo's own repository shows its own app once, not twice.
    const res = await env().app.inject({ method: 'GET', url: `/fdroid/${fx.demo}/all/repo/index-v1.jar` });
    const index = await indexOf(res.rawPayload);
    expect(index.apps.filter((a) => a.packageName === packageName)).toHaveLength(1);
    await fx.ok('platform/removePlatformApp', { appId: demoApp.appId }, fx.operator, en);
  });
});
