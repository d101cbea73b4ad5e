import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { readFile, truncate } from 'node:fs/promises';
import { Status } from '@keel/contract/status';
import { beforeAll, expect, it } from 'vitest';
import { addMember } from '../../platform/auth/members-repo';
import { acrossProperties } from '../../platform/tenancy/filters';
import { badging, buildApk, certSha256 } from '../../test/apk-builder';
import { decideReview } from '../../test/app-store-fixture';
import { type DeviceFixture, deviceFixture } from '../../test/device-fixture';
import { describeEachDb, type Envelope, freshPhone } from '../../test/harness';
import { multipart } from '../../test/multipart';
import { realTools, recordRealToolRun } from '../../test/real-tools';

/**
 * The app store's apps and versions: APKs built with aapt and signed with apksigner at test time, analysed on upload
 * (compared with `aapt dump badging` and `apksigner verify --print-certs`), refused with the reason when unsound;
 * drafts, reviews through the workflow engine, and the line between developers and between properties.
 */

type Who = DeviceFixture['owner'];

describeEachDb('app store', (env) => {
  let fx: DeviceFixture;
  let dev2: Who;
  const tools = ['aapt', 'apksigner', 'openssl'];
  let hasTools = false;

  const uploadAs = async (who: Who, path: string, kind: 'apk' | 'image' = 'apk', name = 'app.apk') => {
    const { body, contentType } = multipart(name, await readFile(path));
    const res = await env().app.inject({
      method: 'POST',
      url: `/api/ai/uploadAppFile?kind=${kind}`,
      headers: { token: who.token, pno: who.pno, 'content-type': contentType, 'accept-language': 'en' },
      payload: body,
    });
    return res.json() as Envelope;
  };
  const fileRows = async () =>
    Number(
      (
        await env()
          .app.keel.db.selectFrom('app_files')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where(acrossProperties('test'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const listing = (appName: string, language = 'en') => ({ language, appName, summary: `${appName} summary` });
  let serial = 0;
  const freshPackage = () => `com.example.app${++serial}${Date.now() % 100000}`;

  beforeAll(async () => {
    fx = await deviceFixture(env);
    const user = await env().register(freshPhone(), 'Second developer');
    await addMember(env().app.keel.db, fx.demo, user.uid, 'member', env().now());
    dev2 = { token: user.token, uid: user.uid, pno: fx.demo };
    hasTools = realTools(...tools);
  });

  it('reads an APK as aapt and apksigner do: package, versions, SDKs, permissions, ABIs, labels, icon, certificate', async () => {
    if (!hasTools) return;
    recordRealToolRun('app store: APK analysis', tools);
    for (const schemes of ['v1', 'v2', undefined] as const) {
      const path = buildApk({
        packageName: 'com.example.reader',
        versionCode: 7,
        versionName: '2.1.0',
        label: 'Reader',
        labels: { 'zh-rCN': '阅读器' },
        minSdk: schemes === 'v2' ? 24 : 21,
        targetSdk: schemes === 'v1' ? 29 : 33,
        permissions: ['android.permission.INTERNET', 'android.permission.CAMERA'],
        abis: ['arm64-v8a', 'x86_64'],
        schemes,
      });
      const res = await uploadAs(fx.member, path);
      expect(res.status, res.msg).toBe(0);
      const want = badging(path);
      const apk = res.data.apk;
      expect(apk).toMatchObject({
        packageName: want.packageName,
        versionCode: want.versionCode,
        versionName: want.versionName,
        minSdk: want.minSdk,
        targetSdk: want.targetSdk,
        permissions: want.permissions,
        abis: want.abis,
        certSha256: certSha256(path),
      });
      expect(apk.labels['']).toBe(want.label);
      expect(apk.labels['zh-CN']).toBe(want.labelZhCn);
      expect(apk.iconFid).toMatch(/-icon$/);
      expect(res.data.iconUrl).toContain(apk.iconFid);
      expect(res.data).toMatchObject({ kind: 'apk', size: (await readFile(path)).length });
    }
  });

  it("refuses an unsound APK with the reason in the reader's language and keeps nothing of it", async () => {
    if (!hasTools) return;
    recordRealToolRun('app store: APK refusals', tools);
    const good = buildApk({ packageName: 'com.example.refused', versionCode: 1, versionName: '1' });
    const dir = good.replace(/\/[^/]+$/, '');
    const before = await fileRows();

    const unsigned = buildApk({ packageName: 'com.example.refused', versionCode: 1, versionName: '1', signer: null });
    let res = await uploadAs(fx.member, unsigned);
    expect([res.status, res.msg]).toEqual([
      Status.invalidInput,
      'The file "app.apk" was refused: the APK is not signed',
    ]);

    const cut = `${dir}/cut.apk`;
    writeFileSync(cut, await readFile(good));
    await truncate(cut, Math.floor((await readFile(good)).length / 2));
    res = await uploadAs(fx.member, cut);
    expect(res.msg).toBe('The file "app.apk" is not a valid APK: the archive is damaged or cut short');

    // An entry renamed, in the local header and the central directory, to climb out of the directory.
    const bytes = await readFile(good);
    const from = Buffer.from('res/drawable/icon.png');
    const climb = `${'../'.repeat(6)}x.p`;
    const to = Buffer.from(climb);
    expect(to.length).toBe(from.length);
    let at = bytes.indexOf(from);
    while (at >= 0) {
      to.copy(bytes, at);
      at = bytes.indexOf(from, at + 1);
    }
    const climbing = `${dir}/climbing.apk`;
    writeFileSync(climbing, bytes);
    res = await uploadAs(fx.member, climbing);
    expect(res.msg).toBe(`The file "app.apk" was refused: it holds an unsafe entry "${climb}"`);

    // A bomb: 8 MiB of zeros deflate to a few KiB.
    const bombDir = `${dir}/bomb`;
    execFileSync('mkdir', ['-p', `${bombDir}/assets`]);
    writeFileSync(`${bombDir}/assets/zeros.bin`, Buffer.alloc(8 * 1024 * 1024));
    const bomb = `${bombDir}/bomb.apk`;
    writeFileSync(bomb, await readFile(unsigned));
    execFileSync('aapt', ['add', bomb, 'assets/zeros.bin'], { cwd: bombDir, stdio: 'ignore' });
    res = await uploadAs(fx.member, bomb);
    expect(res.msg).toBe('The file "app.apk" was refused: it expands too far (a zip bomb)');

    res = await uploadAs(fx.member, good, 'apk', 'notes.txt');
    expect(res.status).toBe(0);
    const broken = multipart('坏.apk', Buffer.from('not a zip'));
    const zh = await env().app.inject({
      method: 'POST',
      url: '/api/ai/uploadAppFile?kind=apk',
      headers: { token: fx.member.token, pno: fx.demo, 'accept-language': 'zh-CN', 'content-type': broken.contentType },
      payload: broken.body,
    });
    expect(zh.json().msg).toContain('不是有效的 APK');
    // Only the one sound upload (and its icon) was kept.
    expect(await fileRows()).toBe(before + 2);
  });

  it('keeps versions of one package, rising versionCode and one certificate; drafts and reviews', async () => {
    if (!hasTools) return;
    recordRealToolRun('app store: versions', tools);
    const pkg = freshPackage();
    const app = await fx.ok(
      'ai/saveAppInfoByUser',
      { packageName: pkg, languageList: [listing('Notes'), listing('笔记', 'zh-cn')] },
      fx.member,
    );
    expect(app).toMatchObject({ packageName: pkg, auditStatus: 0, ownerUid: fx.member.uid, versionCount: 0 });
    expect(app.activeLanguage.appName).toBe('Notes');
    const zh = await fx.call('ai/getAppInfoListByUser', { appId: app.appId }, fx.member, { lang: 'zh-cn' });
    expect(zh.data.list[0].activeLanguage.appName).toBe('笔记');

    const upload = async (spec: Partial<Parameters<typeof buildApk>[0]>) => {
      const res = await uploadAs(
        fx.member,
        buildApk({ packageName: pkg, versionCode: 10, versionName: '1.0', ...spec }),
      );
      expect(res.status, res.msg).toBe(0);
      return res.data.fid as string;
    };
    const v1 = await fx.ok('av/saveAppVerInfoByUser', { appId: app.appId, fid: await upload({}) }, fx.member);
    expect(v1).toMatchObject({ versionCode: 10, versionName: '1.0', auditStatus: 0, packageName: pkg });

    const save = (fid: string) => fx.call('av/saveAppVerInfoByUser', { appId: app.appId, fid }, fx.member);
    let res = await save(await upload({ packageName: 'com.example.other' }));
    expect(res.msg).toBe(`The APK's package is com.example.other, not the app's ${pkg}`);
    res = await save(await upload({ versionCode: 10 }));
    expect(res.msg).toBe("The APK's versionCode 10 must be above the earlier versions' 10");
    res = await save(await upload({ versionCode: 11, signer: 'intruder' }));
    expect(res.msg).toBe("The APK is signed with another certificate than the app's earlier versions");
    res = await save(v1.fid);
    expect(res.msg).toBe('This APK is already used by another version');

    // Submitted: under review, not editable; the owner (holder of the review permission) passes it.
    const v2 = await fx.ok(
      'av/saveAppVerInfoByUser',
      { appId: app.appId, fid: await upload({ versionCode: 11, versionName: '1.1' }), submit: 1 },
      fx.member,
    );
    expect(v2.auditStatus).toBe(1);
    res = await fx.call(
      'av/saveAppVerInfoByUser',
      { appVersionId: v2.appVersionId, appId: app.appId, fid: v2.fid },
      fx.member,
    );
    expect(res.msg).toBe('It is under review: withdraw it from review before changing it');
    await decideReview(fx, 'appVersion', v2.appVersionId);
    const versions = await fx.ok('av/getAppVerInfoListByUser', { appId: app.appId }, fx.member);
    expect(
      versions.list.map((v: { versionCode: number; auditStatus: number }) => [v.versionCode, v.auditStatus]),
    ).toEqual([
      [11, 2],
      [10, 0],
    ]);

    // Withdrawn: a draft again; a draft is deleted; a passed one is not.
    const v3 = await fx.ok(
      'av/saveAppVerInfoByUser',
      { appId: app.appId, fid: await upload({ versionCode: 12 }), submit: 1 },
      fx.member,
    );
    expect(
      (await fx.ok('av/cancelAuditingAppVerInfoByUser', { appVersionId: v3.appVersionId }, fx.member)).auditStatus,
    ).toBe(0);
    expect(await fx.ok('av/deleteAppVerInfoDraftByUser', { appVersionId: v3.appVersionId }, fx.member)).toEqual({
      deleted: 1,
    });
    res = await fx.call('av/deleteAppVerInfoDraftByUser', { appVersionId: v2.appVersionId }, fx.member);
    expect(res.msg).toBe('Only drafts can be deleted');

    // The app's information: submitted, rejected with the reason.
    await fx.ok(
      'ai/saveAppInfoByUser',
      { appId: app.appId, packageName: pkg, languageList: [listing('Notes')], submit: 1 },
      fx.member,
    );
    await decideReview(fx, 'app', app.appId, 'Needs a privacy link');
    const rejected = (await fx.ok('ai/getAppInfoListByUser', { appId: app.appId }, fx.member)).list[0];
    expect(rejected).toMatchObject({ auditStatus: 3, auditComment: 'Needs a privacy link', versionCount: 2 });
    res = await fx.call(
      'ai/saveAppInfoByUser',
      { appId: app.appId, packageName: `${pkg}.x`, languageList: [listing('N')] },
      fx.member,
    );
    expect(res.msg).toBe('The app has versions: its package name can no longer change');
    res = await fx.call('ai/deleteAppInfoDraftByUser', { appId: app.appId }, fx.member);
    expect(res.msg).toBe('Only drafts can be deleted');
  });

  it('puts a passed version of a passed app on the shelf after the shelf review: now, or at its time', async () => {
    if (!hasTools) return;
    recordRealToolRun('app store: shelf', tools);
    const pkg = freshPackage();
    const app = await fx.ok('ai/saveAppInfoByUser', { packageName: pkg, languageList: [listing('Shelf')] }, fx.member);
    const apk = async (versionCode: number) =>
      (await uploadAs(fx.member, buildApk({ packageName: pkg, versionCode, versionName: `v${versionCode}` }))).data
        .fid as string;
    const now = await fx.ok('av/saveAppVerInfoByUser', { appId: app.appId, fid: await apk(1), submit: 1 }, fx.member);
    const shelf = (appVersionId: string) =>
      fx.call('av/putOnShelfByUser', { appId: app.appId, appVersionId }, fx.member);
    expect((await shelf(now.appVersionId)).msg).toBe('The version has not passed review: it cannot go on the shelf');
    await decideReview(fx, 'appVersion', now.appVersionId);
    expect((await shelf(now.appVersionId)).msg).toBe(
      "The app's information has not passed review: it cannot go on the shelf",
    );
    await fx.ok(
      'ai/saveAppInfoByUser',
      { appId: app.appId, packageName: pkg, languageList: [listing('Shelf')], submit: 1 },
      fx.member,
    );
    await decideReview(fx, 'app', app.appId);

    // At once: the shelf review passes, the version is on the shelf.
    expect((await shelf(now.appVersionId)).data).toMatchObject({ shelfStatus: 1, published: 0 });
    expect((await shelf(now.appVersionId)).msg).toBe('The version is on the shelf or on its way there');
    await decideReview(fx, 'appShelf', now.appVersionId);
    let list = await fx.ok('av/getAppVerInfoListByUser', { appId: app.appId, published: 1 }, fx.member);
    expect(list.list.map((v: { appVersionId: string }) => v.appVersionId)).toEqual([now.appVersionId]);
    expect((await fx.ok('ai/getAppInfoListByUser', { appId: app.appId }, fx.member)).list[0].published).toBe(1);

    // At its time: waits after the review, then a job puts it there and tells the developer.
    const at = env().now() + 3_600_000;
    const later = await fx.ok(
      'av/saveAppVerInfoByUser',
      { appId: app.appId, fid: await apk(2), demandShelfTime: at, submit: 1 },
      fx.member,
    );
    await decideReview(fx, 'appVersion', later.appVersionId);
    await fx.ok('av/putOnShelfByUser', { appId: app.appId, appVersionId: later.appVersionId }, fx.member);
    await decideReview(fx, 'appShelf', later.appVersionId);
    const version = async () =>
      (await fx.ok('av/getAppVerInfoListByUser', { appId: app.appId }, fx.member)).list.find(
        (v: { appVersionId: string }) => v.appVersionId === later.appVersionId,
      );
    expect(await version()).toMatchObject({ shelfStatus: 2, published: 0 });
    await env().app.keel.jobs.runDue();
    expect((await version()).published).toBe(0);
    env().advance(3_600_000 + 1000);
    await env().app.keel.jobs.runDue();
    expect(await version()).toMatchObject({ shelfStatus: 0, published: 1 });
    const inbox = await fx.ok('news/getMyNewsList', { readStatus: 0, pageSize: 50 }, fx.member);
    expect(inbox.list.map((n: { content: string }) => n.content)).toContain('Shelf v2 is on the shelf, as scheduled');

    // A shelf review can be withdrawn and rejected with its reason.
    const third = await fx.ok('av/saveAppVerInfoByUser', { appId: app.appId, fid: await apk(3), submit: 1 }, fx.member);
    await decideReview(fx, 'appVersion', third.appVersionId);
    await fx.ok('av/putOnShelfByUser', { appId: app.appId, appVersionId: third.appVersionId }, fx.member);
    expect(
      await fx.ok('av/cancelAuditingAppVerInfoByUser', { appVersionId: third.appVersionId }, fx.member),
    ).toMatchObject({ shelfStatus: 0, auditStatus: 2, published: 0 });
    await fx.ok('av/putOnShelfByUser', { appId: app.appId, appVersionId: third.appVersionId }, fx.member);
    await decideReview(fx, 'appShelf', third.appVersionId, 'Not this week');
    list = await fx.ok('av/getAppVerInfoListByUser', { appId: app.appId }, fx.member);
    expect(list.list[0]).toMatchObject({
      appVersionId: third.appVersionId,
      shelfStatus: 3,
      shelfComment: 'Not this week',
    });
  });

  it("keeps developers apart: another developer's app is not found; administrators see every app", async () => {
    const pkg = freshPackage();
    const mine = await fx.ok('ai/saveAppInfoByUser', { packageName: pkg, languageList: [listing('Mine')] }, fx.member);
    // The package name is the property's: another developer cannot take it.
    let res = await fx.call('ai/saveAppInfoByUser', { packageName: pkg, languageList: [listing('Theirs')] }, dev2);
    expect([res.status, res.msg]).toEqual([
      Status.conflict,
      `The property already has an app with the package name ${pkg}`,
    ]);

    for (const [path, input] of [
      ['ai/saveAppInfoByUser', { appId: mine.appId, packageName: pkg, languageList: [listing('Taken')] }],
      ['ai/cancelAuditingAppInfoByUser', { appId: mine.appId }],
      ['ai/deleteAppInfoDraftByUser', { appId: mine.appId }],
      ['av/getAppVerInfoListByUser', { appId: mine.appId }],
    ] as const) {
      res = await fx.call(path, input, dev2);
      expect([path, res.status]).toEqual([path, Status.notFound]);
    }
    expect((await fx.ok('ai/getAppInfoListByUser', { appId: mine.appId }, dev2)).total).toBe(0);
    // A developer has no administrator calls.
    expect((await fx.call('ai/getAppInfoListByAdmin', {}, dev2)).status).toBe(Status.forbidden);
    // The owner administers: every developer's apps, one developer's with ownerUid.
    const all = await fx.ok('ai/getAppInfoListByAdmin', { ownerUid: fx.member.uid, pageSize: 100 });
    expect(all.list.some((a: { appId: string }) => a.appId === mine.appId)).toBe(true);
    expect(all.list.every((a: { ownerUid: string }) => a.ownerUid === fx.member.uid)).toBe(true);
    expect((await fx.ok('ai/getAppInfoListByUser', { appId: mine.appId })).total).toBe(0);
    // Another property's member: not found.
    res = await fx.call('ai/getAppInfoListByAdmin', { appId: mine.appId }, fx.operator);
    expect(res.data?.total ?? 0).toBe(0);
    res = await fx.call('ai/deleteAppInfoDraftByAdmin', { appId: mine.appId }, fx.operator);
    expect(res.status).toBe(Status.notFound);
    // An administrator withdraws a developer's submission (the developer need not): it is a draft again.
    await fx.ok(
      'ai/saveAppInfoByUser',
      { appId: mine.appId, packageName: pkg, languageList: [listing('Mine')], submit: 1 },
      fx.member,
    );
    expect((await fx.ok('ai/cancelAuditingAppInfoByAdmin', { appId: mine.appId })).auditStatus).toBe(0);
    // The developer deletes the draft.
    expect(await fx.ok('ai/deleteAppInfoDraftByUser', { appId: mine.appId }, fx.member)).toEqual({ deleted: 1 });
  });

  it('validates the listing: languages once each, images only as icons and screenshots', async () => {
    const pkg = freshPackage();
    let res = await fx.call(
      'ai/saveAppInfoByUser',
      { packageName: pkg, languageList: [listing('A'), listing('B')] },
      fx.member,
    );
    expect(res.status).toBe(Status.invalidInput);
    res = await fx.call(
      'ai/saveAppInfoByUser',
      { packageName: 'not a package', languageList: [listing('A')] },
      fx.member,
    );
    expect(res.msg).toBe('Illegal input: packageName');
    res = await fx.call(
      'ai/saveAppInfoByUser',
      { packageName: pkg, languageList: [{ ...listing('A'), appIconFid: 'nope' }] },
      fx.member,
    );
    expect(res.msg).toBe('Not found: appIconFid');
    if (!hasTools) return;
    const apk = await uploadAs(fx.member, buildApk({ packageName: pkg, versionCode: 1, versionName: '1' }));
    res = await fx.call(
      'ai/saveAppInfoByUser',
      { packageName: pkg, languageList: [{ ...listing('A'), screenshotFidList: [apk.data.fid] }] },
      fx.member,
    );
    expect(res.msg).toBe('The file "app.apk" is not an image: it cannot be an icon or a screenshot');
    const saved = await fx.ok(
      'ai/saveAppInfoByUser',
      { packageName: pkg, languageList: [{ ...listing('A'), appIconFid: apk.data.apk.iconFid }] },
      fx.member,
    );
    expect(saved.activeLanguage.appIconFid).toBe(apk.data.apk.iconFid);
    // The icon's link shows the image, and only in its property.
    const icon = await env().app.inject({ method: 'GET', url: saved.activeLanguage.appIconUrl });
    expect([icon.statusCode, icon.headers['content-type']]).toEqual([200, 'image/png']);
    expect(icon.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const moved = saved.activeLanguage.appIconUrl.replace(`/${fx.demo}/`, `/${fx.partner}/`);
    expect((await env().app.inject({ method: 'GET', url: moved })).statusCode).toBe(404);
    const download = await env().app.inject({ method: 'GET', url: apk.data.url });
    expect(download.headers['content-disposition']).toContain('attachment');
    expect(download.rawPayload.length).toBe(apk.data.size);
    // An image that is not one is refused.
    const text = `${apk.data.fid}.txt`;
    writeFileSync(`/tmp/${text}`, 'plain text');
    const image = await uploadAs(fx.member, `/tmp/${text}`, 'image', 'shot.png');
    expect(image.msg).toBe('The file "shot.png" is not a PNG, JPEG or WebP image');
  });
});
