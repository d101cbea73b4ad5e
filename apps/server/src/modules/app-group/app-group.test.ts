import { readFile } from 'node:fs/promises';
import { Status } from '@keel/contract/status';
import { beforeAll, expect, it } from 'vitest';
import { buildApk, png } from '../../test/apk-builder';
import { decideReview } from '../../test/app-store-fixture';
import { type DeviceFixture, deviceFixture } from '../../test/device-fixture';
import { describeEachDb, type Envelope } from '../../test/harness';
import { multipart } from '../../test/multipart';
import { realTools, recordRealToolRun } from '../../test/real-tools';

/**
 * App groups: a group per master app with its devices, ordered categories of apps on the shelf, the store they
 * arrange, the device picker, and the line between properties. Apps go on the shelf through the app store's own
 * calls and reviews (APKs built with aapt and signed with apksigner at test time).
 */

type Who = DeviceFixture['owner'];

describeEachDb('app groups', (env) => {
  let fx: DeviceFixture;
  const tools = ['aapt', 'apksigner', 'openssl'];
  let hasTools = false;
  let serial = 0;
  const freshPackage = () => `com.example.grp${++serial}x${Date.now() % 100000}`;

  const upload = async (who: Who, kind: 'apk' | 'image', name: string, bytes: Buffer) => {
    const { body, contentType } = multipart(name, bytes);
    const res = await env().app.inject({
      method: 'POST',
      url: `/api/ai/uploadAppFile?kind=${kind}`,
      headers: { token: who.token, pno: who.pno, 'content-type': contentType },
      payload: body,
    });
    const json = res.json() as Envelope;
    expect(json.status, json.msg).toBe(0);
    return json.data.fid as string;
  };
  const draftApp = async (appName: string, who: Who = fx.owner) =>
    (
      await fx.ok(
        'ai/saveAppInfoByAdmin',
        { packageName: freshPackage(), languageList: [{ language: 'en', appName, summary: `${appName} summary` }] },
        who,
      )
    ).appId as string;
  /** An app through every review onto the shelf, with a listing in both languages; its id. */
  const shelfApp = async (appName: string) => {
    const packageName = freshPackage();
    const languageList = [
      { language: 'zh-cn', appName: `${appName}中文`, summary: '简介' },
      { language: 'en', appName, summary: `${appName} summary` },
    ];
    const app = await fx.ok('ai/saveAppInfoByAdmin', { packageName, languageList, submit: 1 });
    await decideReview(fx, 'app', app.appId);
    const apk = await upload(
      fx.owner,
      'apk',
      'app.apk',
      await readFile(
        buildApk({ packageName, versionCode: 3, versionName: '3.0', permissions: ['android.permission.INTERNET'] }),
      ),
    );
    const version = await fx.ok('av/saveAppVerInfoByAdmin', { appId: app.appId, fid: apk, submit: 1 });
    await decideReview(fx, 'appVersion', version.appVersionId);
    await fx.ok('av/putOnShelfByAdmin', { appId: app.appId, appVersionId: version.appVersionId });
    await decideReview(fx, 'appShelf', version.appVersionId);
    return app.appId as string;
  };

  beforeAll(async () => {
    fx = await deviceFixture(env);
    hasTools = realTools(...tools);
  });

  it('keeps one group per master app with its devices, each device in one group at most', async () => {
    const master = await draftApp('Launcher');
    const [a, b, c] = [await fx.deviceAt('1.0'), await fx.deviceAt('1.0'), await fx.deviceAt('1.0')];
    const group = await fx.ok('group/addOrUpdateAppGroup', {
      masterAppId: master,
      nameZh: '大堂',
      nameEn: 'Lobby',
      deviceIdList: [a.deviceId, b.deviceId],
    });
    expect(group).toMatchObject({
      masterAppId: master,
      masterAppName: 'Launcher',
      name: 'Lobby',
      deviceCount: 2,
      categoryCount: 0,
    });
    expect([...group.deviceIdList].sort()).toEqual([a.deviceId, b.deviceId].sort());

    // One group per master app; a device in one group at most (answers in the reader's language).
    let res = await fx.call(
      'group/addOrUpdateAppGroup',
      { masterAppId: master, nameZh: '二', nameEn: 'Two' },
      fx.owner,
    );
    expect([res.status, res.msg]).toEqual([
      Status.conflict,
      'The master app "Launcher" already has the app group "Lobby"',
    ]);
    const other = await draftApp('Kiosk');
    res = await fx.call(
      'group/addOrUpdateAppGroup',
      { masterAppId: other, nameZh: '二', nameEn: 'Two', deviceIdList: [c.deviceId, b.deviceId] },
      fx.owner,
      { lang: 'zh-cn' },
    );
    expect(res.msg).toBe(`终端 ${b.deviceId} 已在应用分组“大堂”中，请先将其移出`);
    // Unknown app, another property's device: "not found".
    res = await fx.call('group/addOrUpdateAppGroup', { masterAppId: 'nope', nameZh: 'x', nameEn: 'x' }, fx.owner);
    expect([res.status, res.msg]).toEqual([Status.notFound, 'Not found: masterAppId']);
    const foreign = await fx.deviceAt('1.0', { who: fx.operator });
    res = await fx.call(
      'group/addOrUpdateAppGroup',
      { masterAppId: other, nameZh: '二', nameEn: 'Two', deviceIdList: [foreign.deviceId] },
      fx.owner,
    );
    expect([res.status, res.msg]).toEqual([Status.notFound, 'Not found: deviceIdList']);
    res = await fx.call('group/addOrUpdateAppGroup', { masterAppId: other, nameZh: '', nameEn: 'x' }, fx.owner);
    expect(res.status).toBe(Status.invalidInput);

    // Editing moves devices: b leaves Lobby, then joins the second group.
    await fx.ok('group/addOrUpdateAppGroup', {
      groupId: group.groupId,
      masterAppId: master,
      nameZh: '大堂',
      nameEn: 'Lobby',
      deviceIdList: [a.deviceId],
    });
    const second = await fx.ok('group/addOrUpdateAppGroup', {
      masterAppId: other,
      nameZh: '二',
      nameEn: 'Second',
      deviceIdList: [b.deviceId, c.deviceId],
    });
    expect(second.deviceCount).toBe(2);

    // The picker shows each device's group; the list searches names and counts devices.
    const picked = await fx.ok('device/getDeviceInfoList', { str: b.deviceId });
    expect(picked.list).toEqual([expect.objectContaining({ deviceId: b.deviceId, appGroupName: 'Second' })]);
    expect(
      (await fx.ok('device/getDeviceInfoList', { str: b.deviceId }, fx.owner, { lang: 'zh-cn' })).list[0],
    ).toMatchObject({ appGroupId: second.groupId, appGroupName: '二' });
    const listed = await fx.ok('group/getAppGroupListByAdmin', { str: 'second' });
    expect(listed.list).toEqual([expect.objectContaining({ groupId: second.groupId, deviceCount: 2 })]);
    const one = await fx.ok('group/getAppGroupListByAdmin', { groupId: group.groupId });
    expect(one.list.map((g: { groupId: string }) => g.groupId)).toEqual([group.groupId]);

    // The member holds neither the page's function nor, here, the page.
    res = await fx.call('group/addOrUpdateAppGroup', { masterAppId: other, nameZh: 'm', nameEn: 'm' }, fx.member);
    expect(res.status).toBe(Status.forbidden);

    // Deleting the group frees its devices and answers "not found" after.
    expect(await fx.ok('group/deleteAppGroup', { groupId: second.groupId })).toEqual({ deleted: 1 });
    expect((await fx.ok('device/getDeviceInfoList', { str: b.deviceId })).list[0].appGroupId).toBe('');
    res = await fx.call('group/deleteAppGroup', { groupId: second.groupId }, fx.owner);
    expect([res.status, res.msg]).toEqual([Status.notFound, 'Not found: groupId']);
    expect(await fx.ok('group/getGroupCategoryList', { masterAppId: other })).toEqual({ group: null, list: [] });
  });

  it("arranges categories of apps on the shelf, in order, as the store shows them; another property's are not found", async () => {
    if (!hasTools) return;
    recordRealToolRun('app groups: categories of shelf apps', tools);
    const [notes, maps] = [await shelfApp('Notes'), await shelfApp('Maps')];
    const draft = await draftApp('Draft');
    const master = await draftApp('Store client');
    const group = await fx.ok('group/addOrUpdateAppGroup', { masterAppId: master, nameZh: '门店', nameEn: 'Shop' });
    const icon = await upload(fx.owner, 'image', 'icon.png', png(16));

    const tools1 = await fx.ok('group/addOrUpdateGroupCategory', {
      groupId: group.groupId,
      nameZh: '工具',
      nameEn: 'Tools',
      iconFid: icon,
      appIdList: [maps, notes],
    });
    expect(tools1).toMatchObject({ name: 'Tools', position: 0, appIdList: [maps, notes] });
    expect(tools1.iconUrl).toContain(icon);
    expect(tools1.appList.map((a: { appName: string }) => a.appName)).toEqual(['Maps', 'Notes']);
    expect(tools1.appList[0]).toMatchObject({
      versionName: '3.0',
      versionCode: 3,
      permissions: ['android.permission.INTERNET'],
      summary: 'Maps summary',
    });
    expect(tools1.appList[0].size).toBeGreaterThan(0);
    const first = await fx.ok('group/addOrUpdateGroupCategory', {
      groupId: group.groupId,
      nameZh: '推荐',
      nameEn: 'Featured',
      position: 0,
      appIdList: [notes],
    });

    // Refusals: a draft app, a duplicate name (either language, any case), an app or image of no one here.
    let res = await fx.call(
      'group/addOrUpdateGroupCategory',
      { groupId: group.groupId, nameZh: '其他', nameEn: 'Other', appIdList: [draft] },
      fx.owner,
    );
    expect([res.status, res.msg]).toEqual([
      Status.invalidInput,
      'The app "Draft" is not on the shelf: it cannot be put in a category',
    ]);
    res = await fx.call(
      'group/addOrUpdateGroupCategory',
      { groupId: group.groupId, nameZh: '其他', nameEn: 'tools' },
      fx.owner,
    );
    expect([res.status, res.msg]).toEqual([Status.conflict, 'The group already has a category named "tools"']);
    res = await fx.call(
      'group/addOrUpdateGroupCategory',
      { groupId: group.groupId, nameZh: '其他', nameEn: 'Other', appIdList: ['nope'] },
      fx.owner,
    );
    expect(res.msg).toBe('Not found: appIdList');
    res = await fx.call(
      'group/addOrUpdateGroupCategory',
      { groupId: group.groupId, nameZh: '其他', nameEn: 'Other', iconFid: 'nope' },
      fx.owner,
    );
    expect(res.msg).toBe('Not found: iconFid');

    // The group's store, in the reader's language: Featured (put in place 0, made later) before Tools.
    const store = await fx.ok('group/getGroupCategoryList', { masterAppId: master }, fx.owner, { lang: 'zh-cn' });
    expect(store.group).toMatchObject({ groupId: group.groupId, name: '门店', categoryCount: 2 });
    expect(store.list.map((c: { name: string }) => c.name)).toEqual(['推荐', '工具']);
    expect(store.list[1].appList.map((a: { appName: string }) => a.appName)).toEqual(['Maps中文', 'Notes中文']);

    // Editing keeps the place unless given; deleting a category leaves the others.
    const edited = await fx.ok('group/addOrUpdateGroupCategory', {
      categoryId: tools1.categoryId,
      groupId: group.groupId,
      nameZh: '工具',
      nameEn: 'Tools',
      appIdList: [notes],
    });
    expect(edited).toMatchObject({ position: 1, iconFid: '', appIdList: [notes] });
    expect(await fx.ok('group/deleteGroupCategory', { categoryId: first.categoryId })).toEqual({ deleted: 1 });
    const left = await fx.ok('group/getGroupCategoryList', { masterAppId: master });
    expect(left.list.map((c: { name: string; position: number }) => [c.name, c.position])).toEqual([['Tools', 0]]);

    // The whole store: every app on the shelf, searchable; drafts never show.
    const whole = await fx.ok('group/getStoreAppList', { pageSize: 100 });
    const ids = whole.list.map((a: { appId: string }) => a.appId);
    expect(ids).toEqual(expect.arrayContaining([notes, maps]));
    expect(ids).not.toContain(draft);
    expect((await fx.ok('group/getStoreAppList', { str: 'maps' })).list.map((a: { appId: string }) => a.appId)).toEqual(
      [maps],
    );

    // Another property: its owner finds none of this property's groups, categories or apps.
    const partner = fx.operator;
    for (const [path, input] of [
      ['group/getGroupCategoryList', { masterAppId: master }],
      ['group/deleteAppGroup', { groupId: group.groupId }],
      ['group/deleteGroupCategory', { categoryId: tools1.categoryId }],
      ['group/addOrUpdateGroupCategory', { groupId: group.groupId, nameZh: 'x', nameEn: 'x' }],
    ] as const) {
      res = await fx.call(path, input, partner);
      expect(res.status, path).toBe(Status.notFound);
    }
    expect((await fx.ok('group/getStoreAppList', { pageSize: 100 }, partner)).list).toEqual([]);

    // Deleting the group takes its categories with it.
    await fx.ok('group/deleteAppGroup', { groupId: group.groupId });
    expect(await fx.ok('group/getGroupCategoryList', { masterAppId: master })).toEqual({ group: null, list: [] });
  });
});
