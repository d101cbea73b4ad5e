import { readFile } from 'node:fs/promises';
import { formatMessage, type MessageKey, messages, Status } from '@keel/contract/status';
import { beforeAll, expect, it } from 'vitest';
import { addMember } from '../../platform/auth/members-repo';
import { setUserLanguage } from '../../platform/auth/users-repo';
import { buildApk } from '../../test/apk-builder';
import { decideReview } from '../../test/app-store-fixture';
import { type DeviceFixture, deviceFixture, type Who } from '../../test/device-fixture';
import { describeEachDb, type Envelope, freshPhone } from '../../test/harness';
import { multipart } from '../../test/multipart';
import { realTools, recordRealToolRun } from '../../test/real-tools';

/**
 * The app review tasks: a developer's reviews gathered into the app's main task, assigned to a reviewer (told in the
 * message centre), audited through the workflow engine (the app store's hooks run: passed, rejected, scheduled on the
 * shelf), suspended and resumed, finished with a conclusion; another property's tasks are "not found".
 */

describeEachDb('app review tasks', (env) => {
  let fx: DeviceFixture;
  let reviewer: Who;
  const tools = ['aapt', 'apksigner', 'openssl'];
  let hasTools = false;

  const refused = (res: Envelope, key: MessageKey, params: Record<string, string | number> = {}) =>
    expect([res.status, res.msg]).toEqual([messages[key].status, formatMessage(key, 'en', params)]);

  const upload = async (packageName: string, versionCode: number) => {
    const path = buildApk({ packageName, versionCode, versionName: `${versionCode}.0` });
    const { body, contentType } = multipart('app.apk', await readFile(path));
    const res = await env().app.inject({
      method: 'POST',
      url: '/api/ai/uploadAppFile?kind=apk',
      headers: { token: fx.member.token, pno: fx.demo, 'content-type': contentType, 'accept-language': 'en' },
      payload: body,
    });
    const json = res.json() as Envelope;
    expect(json.status, json.msg).toBe(0);
    return json.data.fid as string;
  };

  const tasksOf = async (packageName: string, who: Who = fx.owner, extra: Record<string, unknown> = {}) =>
    (await fx.ok('task/queryMainTaskList', { str: packageName, pageSize: 100, ...extra }, who)).list;

  beforeAll(async () => {
    fx = await deviceFixture(env);
    hasTools = realTools(...tools);
    // A reviewer: a member holding the app review page through a permission set, reading English.
    const user = await env().register(freshPhone(), 'Rita Reviewer');
    await addMember(env().app.keel.db, fx.demo, user.uid, 'member', env().now());
    reviewer = { token: user.token, uid: user.uid, pno: fx.demo };
    await setUserLanguage(env().app.keel.db, user.uid, 'en');
    const { psid } = await fx.ok('ps/addOrUpdatePerSet', {
      name: 'App reviewers',
      permissionIdList: ['appService.audit'],
    });
    await fx.ok('ps/assignPerSet', { uidList: [reviewer.uid], psidList: [psid] });
  });

  it("gathers an app's reviews into one task, assigned, audited, suspended, resumed and finished", async () => {
    if (!hasTools) return;
    recordRealToolRun('app review: a task from submission to the final review', tools);
    const packageName = `com.review.flow${env().dialect}`;
    const listing = [{ language: 'en', appName: 'Reviewed' }];
    const app = await fx.ok('ai/saveAppInfoByUser', { packageName, languageList: listing, submit: 1 }, fx.member);

    // The first review opens the task; a version submitted while it is open joins it.
    let [task] = await tasksOf(packageName);
    expect(task).toMatchObject({ appId: app.appId, appName: 'Reviewed', state: 'open', subTaskNum: 1, pendingNum: 1 });
    const v1 = await fx.ok(
      'av/saveAppVerInfoByUser',
      { appId: app.appId, fid: await upload(packageName, 1), submit: 1 },
      fx.member,
    );
    expect(await tasksOf(packageName)).toHaveLength(1);
    const taskId = task.taskId as string;
    let subs = (await fx.ok('task/querySubTaskList', { taskId })).list;
    expect(subs.map((s: { type: string }) => s.type)).toEqual(['app', 'appVersion']);
    expect(subs[1]).toMatchObject({ state: 'pending', versionName: '1.0', versionCode: 1, subjectId: v1.appVersionId });
    expect(subs[1].version.apk.packageName).toBe(packageName);
    const [appSub, versionSub] = subs;

    // Assigning: only to a holder of the review permission; another property's user is "not found".
    const notAllowed = await fx.call('task/assignTask', { taskId, uid: fx.member.uid }, fx.owner);
    expect(notAllowed.status).toBe(Status.invalidInput);
    expect(notAllowed.msg).toMatch(/does not hold the app review permission$/);
    expect((await fx.call('task/assignTask', { taskId, uid: fx.operator.uid }, fx.owner)).status).toBe(Status.notFound);
    const info = await fx.ok('task/queryTaskInfo', { taskId });
    expect(info.candidates.map((c: { uid: string }) => c.uid)).toEqual(
      expect.arrayContaining([fx.owner.uid, reviewer.uid]),
    );
    expect(info.can).toEqual({ manage: 1, audit: 1, finish: 0 });
    expect(await fx.ok('task/assignTask', { taskId, uid: reviewer.uid })).toMatchObject({
      reviewerUid: reviewer.uid,
      reviewerName: 'Rita Reviewer',
    });
    const inbox = await fx.ok('news/getMyNewsList', { readStatus: 0, pageSize: 50 }, reviewer);
    expect(inbox.list.map((n: { title: string }) => n.title)).toContain('App review assigned: Reviewed');
    const zh = await fx.ok('news/getMyNewsList', { readStatus: 0, pageSize: 50 }, reviewer, { lang: 'zh-cn' });
    expect(zh.list.map((n: { title: string }) => n.title)).toContain('应用审核任务：Reviewed');
    // The reviewer's queue holds it; another member may not read tasks at all.
    expect((await tasksOf(packageName, reviewer, { mine: 1 })).map((t: { taskId: string }) => t.taskId)).toEqual([
      taskId,
    ]);
    expect((await fx.call('task/queryMainTaskList', {}, fx.member)).status).toBe(Status.forbidden);

    // Wrong type, a rejection without a comment, a suspended task: refused with the reason.
    refused(
      await fx.call('task/auditAppVerInfo', { subTaskId: appSub.subTaskId, pass: 1 }, reviewer),
      'appTaskWrongType',
    );
    refused(
      await fx.call('task/auditAppInfo', { subTaskId: appSub.subTaskId, pass: 0 }, reviewer),
      'appTaskCommentRequired',
    );
    expect(await fx.ok('task/cancelTask', { taskId, reason: 'Waiting for legal' })).toMatchObject({
      state: 'cancelled',
    });
    refused(await fx.call('task/auditAppInfo', { subTaskId: appSub.subTaskId, pass: 1 }, reviewer), 'appTaskCancelled');
    refused(await fx.call('task/cancelTask', { taskId }, fx.owner), 'appTaskCancelled');
    expect(await fx.ok('task/resumeTask', { taskId })).toMatchObject({ state: 'open' });
    refused(await fx.call('task/resumeTask', { taskId }, fx.owner), 'appTaskNotCancelled');
    const zhRefusal = await fx.call('task/resumeTask', { taskId }, fx.owner, { lang: 'zh-cn' });
    expect(zhRefusal.msg).toBe(messages.appTaskNotCancelled['zh-cn']);
    refused(await fx.call('task/finalAuditTask', { taskId, conclusion: 'Done' }, reviewer), 'appTaskPending', { n: 2 });

    // Passing and rejecting through the engine: the app store's hooks mark the app and the version.
    expect(
      await fx.ok('task/auditAppInfo', { subTaskId: appSub.subTaskId, pass: 1, comment: 'Listing fine' }, reviewer),
    ).toMatchObject({
      state: 'passed',
      comment: 'Listing fine',
      decidedUid: reviewer.uid,
      decidedName: 'Rita Reviewer',
    });
    const rejected = await fx.ok(
      'task/auditAppVerInfo',
      { subTaskId: versionSub.subTaskId, pass: 0, comment: 'Crashes on start' },
      reviewer,
    );
    expect(rejected).toMatchObject({ state: 'rejected', comment: 'Crashes on start' });
    refused(
      await fx.call('task/auditAppVerInfo', { subTaskId: versionSub.subTaskId, pass: 1 }, reviewer),
      'applyFinished',
    );
    const mine = await fx.ok('ai/getAppInfoListByUser', { appId: app.appId }, fx.member);
    expect(mine.list[0].auditStatus).toBe(2);
    const version = async (id: string) =>
      (await fx.ok('av/getAppVerInfoListByUser', { appId: app.appId }, fx.member)).list.find(
        (v: { appVersionId: string }) => v.appVersionId === id,
      );
    expect(await version(v1.appVersionId)).toMatchObject({ auditStatus: 3, auditComment: 'Crashes on start' });

    // The developer fixes it with a shelf time: it joins the open task; passed, asked for the shelf, scheduled.
    const at = env().now() + 3_600_000;
    await fx.ok(
      'av/saveAppVerInfoByUser',
      { appVersionId: v1.appVersionId, appId: app.appId, fid: v1.fid, demandShelfTime: at, submit: 1 },
      fx.member,
    );
    subs = (await fx.ok('task/querySubTaskList', { taskId })).list;
    expect(subs).toHaveLength(3);
    await fx.ok('task/auditAppVerInfo', { subTaskId: subs[2].subTaskId, pass: 1, comment: 'Fixed' }, reviewer);
    await fx.ok('av/putOnShelfByUser', { appId: app.appId, appVersionId: v1.appVersionId }, fx.member);
    subs = (await fx.ok('task/querySubTaskList', { taskId })).list;
    expect(subs[3]).toMatchObject({ type: 'appShelf', state: 'pending' });
    expect(subs[3].version.demandShelfTime).toBe(at);
    await fx.ok('task/auditShelfAppVerInfo', { subTaskId: subs[3].subTaskId, pass: 1, comment: 'Ship it' }, reviewer);
    expect(await version(v1.appVersionId)).toMatchObject({ shelfStatus: 2, published: 0 });
    env().advance(3_600_000 + 1000);
    await env().app.keel.jobs.runDue();
    expect(await version(v1.appVersionId)).toMatchObject({ published: 1 });

    // The final review, and what the records say.
    expect((await fx.ok('task/queryTaskInfo', { taskId }, reviewer)).can).toEqual({ manage: 0, audit: 1, finish: 1 });
    expect(await fx.ok('task/finalAuditTask', { taskId, conclusion: 'Ready for users' }, reviewer)).toMatchObject({
      state: 'finished',
      conclusion: 'Ready for users',
      subTaskNum: 4,
      passedNum: 3,
      rejectedNum: 1,
      pendingNum: 0,
    });
    refused(await fx.call('task/assignTask', { taskId, uid: fx.owner.uid }, fx.owner), 'appTaskFinished');
    const records = await fx.ok('task/queryTaskRecordList', { taskId, pageSize: 50 });
    expect(records.list.map((r: { action: string }) => r.action).reverse()).toEqual([
      'opened',
      'joined',
      'assigned',
      'cancelled',
      'resumed',
      'passed',
      'rejected',
      'joined',
      'passed',
      'joined',
      'passed',
      'finished',
    ]);
    expect(records.list[0]).toMatchObject({ actorName: 'Rita Reviewer', comment: 'Ready for users' });
    expect(records.list.find((r: { action: string }) => r.action === 'rejected')).toMatchObject({
      subTaskType: 'appVersion',
      comment: 'Crashes on start',
    });

    // A review after the final one opens a new task; one decided in the workflow's own dialog is recorded too.
    const v2 = await fx.ok(
      'av/saveAppVerInfoByUser',
      { appId: app.appId, fid: await upload(packageName, 2), submit: 1 },
      fx.member,
    );
    [task] = await tasksOf(packageName, fx.owner, { state: 'open' });
    expect(task.taskId).not.toBe(taskId);
    expect(await tasksOf(packageName)).toHaveLength(2);
    await decideReview(fx, 'appVersion', v2.appVersionId);
    const [newSub] = (await fx.ok('task/querySubTaskList', { taskId: task.taskId })).list;
    expect(newSub).toMatchObject({ state: 'passed', decidedUid: fx.owner.uid });

    // Another property's task is "not found" there.
    const foreign = await fx.call('task/queryTaskInfo', { taskId }, fx.operator);
    expect(foreign.status).toBe(Status.notFound);
    const foreignAudit = await fx.call('task/auditAppVerInfo', { subTaskId: newSub.subTaskId, pass: 1 }, fx.operator);
    expect(foreignAudit.status).toBe(Status.notFound);
  });
  it('opens one task for reviews of an app submitted at once', async () => {
    if (!hasTools) return;
    recordRealToolRun('app review: submissions at once', tools);
    const packageName = `com.review.race${env().dialect}`;
    const listing = [{ language: 'en', appName: 'Raced' }];
    const app = await fx.ok('ai/saveAppInfoByUser', { packageName, languageList: listing }, fx.member);
    const fid = await upload(packageName, 1);
    const answers = await Promise.all([
      fx.call('ai/saveAppInfoByUser', { appId: app.appId, packageName, languageList: listing, submit: 1 }, fx.member),
      fx.call('av/saveAppVerInfoByUser', { appId: app.appId, fid, submit: 1 }, fx.member),
    ]);
    for (const a of answers) expect(a.status, a.msg).toBe(0);
    const tasks = await tasksOf(packageName);
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toMatchObject({ state: 'open', subTaskNum: 2, pendingNum: 2 });
  });
});
