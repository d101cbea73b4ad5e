import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { realTools, recordRealToolRun } from '../../apps/server/src/test/real-tools';
import { uploadApk } from '../support/app-store';
import { DEMO_MEMBER, DEMO_OWNER, DEMO_PROPERTY } from '../support/env';
import { expect as baseExpect, expectToast, restoreSession, test } from '../support/fixtures';
import { expectAccessible, expectNoSidewaysScroll, shown } from '../support/page-checks';
import { type Lang, localized, searchTable, shot, signIn } from '../support/pages';
import { apiCall, loginByApi, pickSearched } from '../support/tenancy';

/**
 * The app review tasks (`/AppService/process/AppProcessPage`, `AppProcessAuditPage` and their dialogs), in each
 * language at 1440 and 390 px. A developer (the demo member) submits an app and a version of a real APK (built by aapt
 * and signed by apksigner) through the API: one task gathers both. The owner finds it on the workflow page, assigns a
 * reviewer (a demo member given the app review permission) in AppProcessAssignDlg, suspends and resumes it after a
 * confirmation and reads its sub-tasks and records in the drawer. The reviewer, in their queue, passes the app's
 * information and the version in AppProcessAuditDlg (the listing; the APK as analysed), the developer asks for the
 * shelf at a later time, the reviewer passes the shelf request (its time shown) and finishes the task in
 * AppProcessFinishDlg. Screenshots go to `KEEL_SHOTS_DIR`.
 */
const expect = baseExpect.configure({ timeout: 30_000 });

test.describe.configure({ mode: 'serial' });

const PROCESS = '/AppService/process/AppProcessPage';
const QUEUE = '/AppService/process/AppProcessAuditPage';
const TOOLS = ['aapt', 'apksigner', 'openssl'];
const stamp = Date.now() % 1_000_000;
const packageOf = (lang: Lang) => `com.keel.review.${lang === 'en' ? 'en' : 'zh'}${stamp}`;
/** A demo member (apps/server/src/seed/demo.ts) made a reviewer here. */
const REVIEWER = { phone: '13800001036', password: 'Demo1234' };

const TEXT = {
  'zh-cn': {
    name: '审核演示',
    open: '进行中',
    cancelled: '已暂停',
    finished: '已完成',
    waiting2: '共 2 项：待审 2，通过 0，驳回 0',
    assigned: (app: string, who: string) => `已将 ${app} 指派给 ${who}`,
    suspended: (app: string) => `已暂停“${app}”的审核`,
    resumed: (app: string) => `已恢复“${app}”的审核`,
    passed: '已通过',
    shelfAt: '上架审核通过后于',
    finishedToast: (app: string) => `已完成“${app}”的审核`,
    conclusion: '信息完整，版本可用，按计划上架',
  },
  en: {
    name: 'Review Demo',
    open: 'Open',
    cancelled: 'Suspended',
    finished: 'Finished',
    waiting2: '2 in all: 2 waiting, 0 passed, 0 rejected',
    assigned: (app: string, who: string) => `${app} assigned to ${who}`,
    suspended: (app: string) => `Review of "${app}" suspended`,
    resumed: (app: string) => `Review of "${app}" resumed`,
    passed: 'Passed',
    shelfAt: 'once the shelf review passes',
    finishedToast: (app: string) => `Review of "${app}" finished`,
    conclusion: 'Listing complete, version sound, shelved as planned',
  },
} as const;

type Session = { token: string; pno: string };

async function sessionOf(request: APIRequestContext, account: { phone: string; password: string }) {
  const s = await loginByApi(request, account);
  const pno = s.propertyList.find((p) => p.name === DEMO_PROPERTY)?.pno as string;
  return { headers: { token: s.token, pno } satisfies Session, uid: (s as { uid?: string }).uid as string };
}

/** The reviewer holds the app review page through a permission set of their own (made once per run). */
async function makeReviewer(request: APIRequestContext, owner: Session, lang: Lang) {
  const reviewer = await loginByApi(request, REVIEWER);
  const { psid } = await apiCall(
    request,
    'POST',
    'ps/addOrUpdatePerSet',
    { name: `App reviewers ${lang} ${stamp}`, permissionIdList: ['appService.audit'] },
    owner,
  );
  await apiCall(
    request,
    'POST',
    'ps/assignPerSet',
    { uidList: [(reviewer as { uid?: string }).uid], psidList: [psid], mode: 'add' },
    owner,
  );
  return (reviewer as { name?: string }).name as string;
}

/** The developer submits an app (both listings) and a version of a built APK wanting the shelf in two hours. */
async function submitApp(request: APIRequestContext, developer: Session, lang: Lang) {
  const pkg = packageOf(lang);
  const app = await apiCall(
    request,
    'POST',
    'ai/saveAppInfoByUser',
    {
      packageName: pkg,
      languageList: [
        { language: lang, appName: TEXT[lang].name, summary: `${TEXT[lang].name} summary` },
        { language: lang === 'en' ? 'zh-cn' : 'en', appName: TEXT[lang === 'en' ? 'zh-cn' : 'en'].name },
      ],
      submit: 1,
    },
    developer,
  );
  const fid = await uploadApk(request, developer, {
    packageName: pkg,
    versionCode: 5,
    versionName: '2.0.5',
    permissions: ['android.permission.INTERNET'],
  });
  const version = await apiCall(
    request,
    'POST',
    'av/saveAppVerInfoByUser',
    { appId: app.appId, fid, demandShelfTime: Date.now() + 2 * 3_600_000, submit: 1 },
    developer,
  );
  return { pkg, appId: app.appId as string, appVersionId: version.appVersionId as string };
}

/** Audits one pending sub-task from the open drawer: the dialog shows it, the decision is taken with a comment. */
async function auditFromDrawer(page: Page, drawer: Locator, testId: string, expectInside: string, comment: string) {
  await drawer.getByTestId(testId).click();
  const dialog = page.getByTestId('audit-dialog');
  await expect(shown(dialog)).toBeVisible();
  await expect(dialog).toContainText(expectInside);
  await dialog.getByTestId('audit-comment').fill(comment);
  return dialog;
}

for (const lang of ['zh-cn', 'en'] as const satisfies readonly Lang[]) {
  test(`an app's reviews are gathered, assigned, audited, shelved and finished (${lang})`, async ({
    page,
    ownerState,
    request,
  }) => {
    test.skip(!realTools(...TOOLS), `${TOOLS.join(', ')} are not installed`);
    recordRealToolRun(`e2e: app review tasks (${lang})`, TOOLS);
    test.setTimeout(300_000);
    const text = TEXT[lang];
    const owner = await sessionOf(request, DEMO_OWNER);
    const developer = await sessionOf(request, DEMO_MEMBER);
    const reviewerName = await makeReviewer(request, owner.headers, lang);
    const { pkg, appId, appVersionId } = await submitApp(request, developer.headers, lang);

    // 1. The owner's workflow page: one task holding both reviews.
    await restoreSession(page, ownerState);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(localized(PROCESS, lang));
    await expect(page.getByTestId('app-process-page')).toBeVisible();
    const table = page.getByTestId('task-table');
    await searchTable(table, pkg);
    await expect(page.getByTestId(`task-row-${pkg}`)).toContainText(text.name);
    await expect(page.getByTestId(`task-state-${pkg}`)).toHaveAttribute('data-state', 'open');
    await expect(page.getByTestId(`task-counts-${pkg}`)).toHaveText(text.waiting2);

    // Assigning: the dialog lists the holders of the app review permission.
    await page.getByTestId(`task-assign-${pkg}`).click();
    const assign = page.getByTestId('assign-dialog');
    await expect(shown(assign)).toBeVisible();
    await pickSearched(page, assign.getByTestId('assign-reviewer'), reviewerName);
    await shot(page, `app-review-assign-${lang}`);
    await expectAccessible(page, '.ant-modal-wrap');
    await assign.getByTestId('form-dialog-ok').click();
    await expectToast(page, text.assigned(text.name, reviewerName));
    await expect(shown(assign)).toBeHidden();
    await expect(page.getByTestId(`task-reviewer-${pkg}`)).toHaveText(reviewerName);

    // Suspended and resumed, each after a confirmation.
    await page.getByTestId(`task-cancel-${pkg}`).click();
    await page.getByTestId('confirm-ok').click();
    await expectToast(page, text.suspended(text.name));
    await expect(page.getByTestId(`task-state-${pkg}`)).toHaveAttribute('data-state', 'cancelled');
    await expect(page.getByTestId(`task-state-${pkg}`)).toHaveText(text.cancelled);
    await page.getByTestId(`task-resume-${pkg}`).click();
    await page.getByTestId('confirm-ok').click();
    await expectToast(page, text.resumed(text.name));
    await expect(page.getByTestId(`task-state-${pkg}`)).toHaveAttribute('data-state', 'open');
    await shot(page, `app-review-process-${lang}`);
    await expectAccessible(page);

    // The drawer: the sub-tasks and the records so far.
    await page.getByTestId(`task-open-${pkg}`).click();
    const drawer = page.getByTestId('task-drawer');
    await expect(shown(drawer)).toBeVisible();
    await expect(drawer.getByTestId('task-drawer-reviewer')).toHaveText(reviewerName);
    await expect(drawer.getByTestId('subtask-app-app')).toBeVisible();
    await expect(drawer.getByTestId('subtask-appVersion-5')).toBeVisible();
    for (const action of ['opened', 'joined', 'assigned', 'cancelled', 'resumed'])
      await expect(drawer.getByTestId(`record-${action}`)).toBeVisible();
    await shot(page, `app-review-drawer-${lang}`);
    await expectAccessible(page, '.ant-drawer');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page);
    await shot(page, `app-review-drawer-390-${lang}`);
    await drawer.locator('.ant-drawer-close').click();
    await expect(shown(drawer)).toBeHidden();
    await expectNoSidewaysScroll(page);
    await shot(page, `app-review-process-390-${lang}`);

    // 2. The reviewer's queue: the task, its two reviews passed in the audit dialog.
    await restoreSession(page, { cookies: [], origins: [] });
    await signIn(page, REVIEWER, lang);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(localized(QUEUE, lang));
    await expect(page.getByTestId('app-audit-page')).toBeVisible();
    await searchTable(page.getByTestId('queue-table'), pkg);
    await expect(page.getByTestId(`queue-pending-${pkg}`)).toHaveText('2');
    await shot(page, `app-review-queue-${lang}`);
    await page.getByTestId(`queue-open-${pkg}`).click();
    const queueDrawer = page.getByTestId('task-drawer');
    await expect(shown(queueDrawer)).toBeVisible();
    await expect(queueDrawer.getByTestId('task-finish')).toBeDisabled();

    let dialog = await auditFromDrawer(page, queueDrawer, 'subtask-audit-app-app', text.name, 'Listing fine');
    await expect(dialog.getByTestId('audit-app')).toBeVisible();
    await shot(page, `app-review-audit-app-${lang}`);
    await expectAccessible(page, '.ant-modal-wrap');
    await dialog.getByTestId('form-dialog-ok').click();
    await expect(shown(dialog)).toBeHidden();
    dialog = await auditFromDrawer(page, queueDrawer, 'subtask-audit-appVersion-5', '2.0.5', 'APK sound');
    await expect(dialog.getByTestId('audit-permissions')).toHaveText('android.permission.INTERNET');
    await shot(page, `app-review-audit-version-${lang}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page);
    await shot(page, `app-review-audit-version-390-${lang}`);
    await page.setViewportSize({ width: 1440, height: 900 });
    await dialog.getByTestId('form-dialog-ok').click();
    await expect(shown(dialog)).toBeHidden();
    await expect(queueDrawer.getByTestId('subtask-appVersion-5')).toContainText(text.passed);
    await expect(queueDrawer.getByTestId('task-finish')).toBeEnabled();

    // 3. The developer asks for the shelf: the request joins the task; the reviewer sees its time and passes it.
    await apiCall(request, 'POST', 'av/putOnShelfByUser', { appId, appVersionId }, developer.headers);
    await page.reload();
    await expect(shown(queueDrawer)).toBeVisible();
    dialog = await auditFromDrawer(page, queueDrawer, 'subtask-audit-appShelf-5', '2.0.5', 'Ship it');
    await expect(dialog.getByTestId('audit-shelf-time')).toContainText(text.shelfAt);
    await shot(page, `app-review-audit-shelf-${lang}`);
    await dialog.getByTestId('form-dialog-ok').click();
    await expect(shown(dialog)).toBeHidden();
    await expect(queueDrawer.getByTestId('subtask-appShelf-5')).toContainText(text.passed);
    const versions = await apiCall(request, 'GET', 'av/getAppVerInfoListByUser', { appId }, developer.headers);
    expect(versions.list[0]).toMatchObject({ auditStatus: 2, shelfStatus: 2, published: 0 });

    // 4. The final review.
    await queueDrawer.getByTestId('task-finish').click();
    const finish = page.getByTestId('finish-dialog');
    await expect(shown(finish)).toBeVisible();
    await finish.getByTestId('form-dialog-ok').click();
    await expect(finish.locator('.ant-form-item-explain-error').first()).toBeVisible();
    await finish.getByTestId('finish-conclusion').fill(text.conclusion);
    await shot(page, `app-review-finish-${lang}`);
    await expectAccessible(page, '.ant-modal-wrap');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page);
    await shot(page, `app-review-finish-390-${lang}`);
    await finish.getByTestId('form-dialog-ok').click();
    await expectToast(page, text.finishedToast(text.name));
    await expect(shown(finish)).toBeHidden();
    await expect(queueDrawer.getByTestId('task-drawer-state')).toHaveText(text.finished);
    await expect(queueDrawer.getByTestId('task-drawer-conclusion')).toHaveText(text.conclusion);
    await expect(queueDrawer.getByTestId('record-finished')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await shot(page, `app-review-finished-390-${lang}`);
  });
}
