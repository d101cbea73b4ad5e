import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { buildApk, certSha256, png } from '../../apps/server/src/test/apk-builder';
import { realTools, recordRealToolRun } from '../../apps/server/src/test/real-tools';
import { decide } from '../support/app-store';
import { DEMO_MEMBER, DEMO_OWNER, DEMO_PROPERTY } from '../support/env';
import { expect as baseExpect, expectToast, restoreSession, test } from '../support/fixtures';
import { expectAccessible, expectNoSidewaysScroll, shown } from '../support/page-checks';
import { type Lang, localized, searchTable, shot } from '../support/pages';
import { apiCall, loginByApi, pickSearched, selectOption } from '../support/tenancy';

/**
 * The app store's developer page (`/AppService/appstore/AppInfoPage`), in each language. The demo member, a plain
 * developer, creates an app with a listing in each language and an uploaded icon, saves it as a draft, opens its
 * versions, is refused a text file named .apk with the server's reason in the page's language, uploads a real APK
 * (built by aapt and signed by apksigner, apps/server/src/test/apk-builder.ts) and sees what was read from it, and
 * submits the version for review. Then the owner, in the administrators' view, finds the developer's app, adds a
 * version with compatible device models chosen from the catalogue (ChooseCompatibleDeviceDlg inside the version
 * dialog), sees them in CompatibleDeviceDlg, changes them through the ChooseCompatibleDeviceDlg route, and deletes
 * that draft version. Last, the owner passes the version's and (after the developer is refused the shelf with the
 * server's reason and submits it again) the app's review, the developer asks for the shelf, withdraws the shelf
 * review and asks again, the owner passes it, and the developer sees the version on the shelf and the property's
 * F-Droid repository: its address and fingerprint, the index fetched from it. Screenshots at 1440 and 390 px go to
 * `KEEL_SHOTS_DIR`.
 */
const expect = baseExpect.configure({ timeout: 30_000 });

test.describe.configure({ mode: 'serial' });

const PAGE = '/AppService/appstore/AppInfoPage';
const TOOLS = ['aapt', 'apksigner', 'openssl'];
const stamp = Date.now() % 1_000_000;
const packageOf = (lang: Lang) => `com.keel.e2e.${lang === 'en' ? 'en' : 'zh'}${stamp}`;

const TEXT = {
  'zh-cn': {
    name: '端到端演示',
    other: 'E2E Demo',
    otherLang: 'en',
    draft: '草稿',
    auditing: '审核中',
    notApk: '不是有效的 APK',
    versions: '1 个 · 最新 1.0.3',
    saved: (n: string) => `已保存草稿“${n}”`,
    submitted: (n: string) => `已提交审核“${n}”`,
    withdrawn: (n: string) => `已撤回“${n}”的审核`,
    rejected: '已驳回',
    reason: '图标太模糊，请换一张清晰的',
    allModels: '全部机型',
    oneModel: '1 个机型',
    modelsSaved: '的兼容机型',
    deleted: '已删除版本',
    passed: '已通过',
    appNotPassed: '应用信息尚未通过审核，不能上架',
    asked: (n: string) => `已提交“${n}”的上架审核`,
    shelfWithdrawn: (n: string) => `已撤回“${n}”的上架审核`,
    shelfAuditing: '上架审核中',
    onShelf: '已上架',
    repoHelp: '在 F-Droid 中添加此仓库',
  },
  en: {
    name: 'E2E Demo',
    other: '端到端演示',
    otherLang: 'zh-cn',
    draft: 'Draft',
    auditing: 'Under review',
    notApk: 'is not a valid APK',
    versions: '1 · latest 1.0.3',
    saved: (n: string) => `Draft "${n}" saved`,
    submitted: (n: string) => `"${n}" submitted for review`,
    withdrawn: (n: string) => `"${n}" withdrawn from review`,
    rejected: 'Rejected',
    reason: 'The icon is blurry: use a sharper one',
    allModels: 'All models',
    oneModel: 'Models: 1',
    modelsSaved: 'Compatible models of',
    deleted: 'Version "',
    passed: 'Passed',
    appNotPassed: "The app's information has not passed review: it cannot go on the shelf",
    asked: (n: string) => `"${n}" sent to the shelf review`,
    shelfWithdrawn: (n: string) => `Shelf review of "${n}" withdrawn`,
    shelfAuditing: 'In shelf review',
    onShelf: 'On shelf',
    repoHelp: 'Add this repository in F-Droid',
  },
} as const;

/** Device models of the demo fleet (apps/server/src/seed/devices.ts). */
const GATEWAY = 'KG-100 边缘网关';
const SENSOR = 'KS-20 环境传感器';

let dir = '';
let icon = '';
let notApk = '';
test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'keel-e2e-apps-'));
  icon = join(dir, 'icon.png');
  writeFileSync(icon, png(96, [20, 120, 200]));
  notApk = join(dir, 'notes.apk');
  writeFileSync(notApk, 'These are release notes, not an Android package.\n');
});
test.afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Opens the versions drawer of an app from the list. */
async function openVersions(page: Page, pkg: string) {
  await page.getByTestId(`app-versions-${pkg}`).click();
  const drawer = page.getByTestId('versions-drawer');
  await expect(shown(drawer)).toBeVisible();
  await expect(drawer).toContainText(pkg);
  return drawer;
}

for (const lang of ['zh-cn', 'en'] as const satisfies readonly Lang[]) {
  test(`a developer creates an app, adds a version from an APK and submits it (${lang})`, async ({
    page,
    sessionState,
  }) => {
    test.skip(!realTools(...TOOLS), `${TOOLS.join(', ')} are not installed`);
    recordRealToolRun(`e2e: app store developer (${lang})`, TOOLS);
    test.setTimeout(240_000);
    const text = TEXT[lang];
    const pkg = packageOf(lang);
    const apk = buildApk({
      packageName: pkg,
      versionCode: 3,
      versionName: '1.0.3',
      label: 'E2E Demo',
      labels: { 'zh-rCN': '端到端演示' },
      permissions: ['android.permission.INTERNET', 'android.permission.CAMERA'],
      abis: ['arm64-v8a'],
    });

    await restoreSession(page, await sessionState('member'));
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(localized(PAGE, lang));
    await expect(page.getByTestId('app-info-page')).toBeVisible();
    await expect(page.getByTestId('app-table')).toBeVisible();
    // A plain member develops their own apps: no administrators' view.
    await expect(page.getByTestId('app-admin-mode')).toHaveCount(0);

    // 1. The app: package name, a listing in the page's language with an icon, then one in the other language.
    await page.getByTestId('app-create').click();
    const dialog = page.getByTestId('app-dialog');
    await expect(shown(dialog)).toBeVisible();
    await dialog.getByTestId('app-package').fill('not a package');
    await dialog.getByTestId('app-save-draft').click();
    await expect(dialog.locator('.ant-form-item-explain-error').first()).toBeVisible();
    await dialog.getByTestId('app-package').fill(pkg);
    await dialog.getByTestId(`listing-${lang}-name`).fill(text.name);
    await dialog.getByTestId(`listing-${lang}-summary`).fill(`${text.name} · summary`);
    await dialog.getByTestId(`listing-${lang}-developer`).fill('Keel Labs');
    await dialog.getByTestId(`listing-${lang}-link`).fill('https://keel.example/apps');
    await dialog.getByTestId(`listing-${lang}-labels`).locator('input').fill('tools,');
    await expect(dialog.getByTestId(`listing-${lang}-labels`)).toContainText('tools');
    await dialog.getByTestId(`listing-${lang}-icon-input`).setInputFiles(icon);
    await expect(dialog.getByTestId(`listing-${lang}-icon-preview`).locator('img')).toBeVisible();
    await dialog.getByTestId(`listing-${lang}-shots-input`).setInputFiles(icon);
    await expect(dialog.getByTestId(`listing-${lang}-shots-item-0`)).toBeVisible();
    await dialog.getByTestId(`listing-${lang}-shots`).scrollIntoViewIfNeeded();
    await shot(page, `app-store-app-images-${lang}`);
    await dialog.getByTestId(`app-listing-add-${text.otherLang}`).click();
    await dialog.getByTestId(`listing-${text.otherLang}-name`).fill(text.other);
    await shot(page, `app-store-app-dialog-${lang}`);
    await expectAccessible(page, '.ant-modal-wrap');
    await dialog.getByTestId('app-save-draft').click();
    await expectToast(page, text.saved(text.name));
    await expect(shown(dialog)).toBeHidden();

    const row = page.getByTestId(`app-row-${pkg}`);
    await expect(row).toContainText(text.name);
    await expect(page.getByTestId(`app-status-${pkg}`)).toHaveAttribute('data-state', 'draft');
    await expect(page.getByTestId(`app-status-${pkg}`)).toContainText(text.draft);
    // The listing's own icon, by its signed link.
    await expect(row.locator('img')).toHaveAttribute('src', /\/api\/app-file\//);
    await shot(page, `app-store-list-${lang}`);
    await expectAccessible(page);

    // Sent for review from the list, withdrawn (a draft again), sent again; under review it cannot be edited.
    const status = page.getByTestId(`app-status-${pkg}`);
    await page.getByTestId(`app-submit-${pkg}`).click();
    await page.getByTestId('confirm-ok').click();
    await expect(status).toHaveAttribute('data-state', 'auditing');
    await expect(page.getByTestId(`app-edit-${pkg}`)).toBeDisabled();
    await expect(page.getByTestId(`app-delete-${pkg}`)).toBeDisabled();
    await page.getByTestId(`app-withdraw-${pkg}`).click();
    await page.getByTestId('confirm-ok').click();
    await expectToast(page, text.withdrawn(text.name));
    await expect(status).toHaveAttribute('data-state', 'draft');
    await page.getByTestId(`app-submit-${pkg}`).click();
    await page.getByTestId('confirm-ok').click();
    await expect(status).toHaveAttribute('data-state', 'auditing');
    await expect(status).toContainText(text.auditing);

    // 2. A version: a text file named .apk is refused with the server's reason; the real APK is read.
    const drawer = await openVersions(page, pkg);
    await expect(drawer.getByTestId('versions-empty')).toBeVisible();
    await drawer.getByTestId('version-create').click();
    const version = page.getByTestId('version-dialog');
    await expect(shown(version)).toBeVisible();
    const input = version.getByTestId('apk-upload').locator('input[type="file"]');
    await input.setInputFiles(notApk);
    await expect(version.getByTestId('apk-error')).toContainText(text.notApk);
    await expect(version.getByTestId('apk-error')).toContainText('notes.apk');
    await expect(version.getByTestId('apk-analysis')).toHaveCount(0);
    await input.setInputFiles(apk);
    const read = version.getByTestId('apk-analysis');
    await expect(read).toBeVisible();
    await expect(version.getByTestId('apk-error')).toHaveCount(0);
    await expect(read.getByTestId('apk-package')).toHaveText(pkg);
    await expect(read.getByTestId('apk-version-code')).toHaveText('3');
    await expect(read.getByTestId('apk-version-name')).toHaveText('1.0.3');
    await expect(read.getByTestId('apk-sdk')).toHaveText('API 21 / API 30');
    await expect(read.getByTestId('apk-abis')).toHaveText('arm64-v8a');
    await expect(read.getByTestId('apk-permissions')).toContainText('2');
    await expect(read.getByTestId('apk-cert')).toHaveText(certSha256(apk));
    await expect(read.getByTestId('apk-label')).toHaveText(lang === 'en' ? 'E2E Demo' : '端到端演示');
    // The APK's icon, read on upload, shows before the version is saved.
    await expect(read.locator('.k-apk-head img')).toHaveAttribute('src', /\/api\/app-file\//);
    // A plain member, a developer, reads the property's device models to choose from.
    await version.getByTestId('version-choose-models').click();
    const chooser = page.getByTestId('choose-models-dialog');
    await expect(chooser.getByTestId(`choose-model-${GATEWAY}`)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(shown(chooser)).toBeHidden();
    await expect(shown(version)).toBeVisible();
    await version.getByTestId('version-privacy').fill('No personal data leaves the device.');
    await version.getByTestId('version-copyrights').fill('© Keel Labs');
    await shot(page, `app-store-version-dialog-${lang}`);
    await expectAccessible(page, '.ant-modal-wrap');
    await version.getByTestId('version-submit').click();
    await expectToast(page, text.submitted(`${text.name} 1.0.3`));
    await expect(shown(version)).toBeHidden();
    await expect(drawer.getByTestId('version-status-3')).toHaveAttribute('data-state', 'auditing');
    await expect(drawer.getByTestId('version-status-3')).toContainText(text.auditing);
    await expect(drawer.getByTestId('version-models-3')).toHaveText(text.allModels);
    await expect(drawer.getByTestId('version-download-3')).toHaveAttribute('href', /\/api\/app-file\//);
    // Under review: no editing, no deleting.
    await expect(drawer.getByTestId('version-edit-3')).toBeDisabled();
    await expect(drawer.getByTestId('version-withdraw-3')).toBeVisible();
    await shot(page, `app-store-versions-${lang}`);
    await expectAccessible(page, '.ant-drawer');

    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page);
    await shot(page, `app-store-versions-390-${lang}`);
    await drawer.locator('.ant-drawer-close').click();
    await expect(shown(drawer)).toBeHidden();
    await expect(page.getByTestId(`app-version-count-${pkg}`)).toHaveText(text.versions);
    await expectNoSidewaysScroll(page);
    await shot(page, `app-store-list-390-${lang}`);
    await page.getByTestId('app-create').click();
    await expect(shown(dialog)).toBeVisible();
    await expectNoSidewaysScroll(page);
    await shot(page, `app-store-app-dialog-390-${lang}`);
    await dialog.getByTestId('app-cancel').click();
    await expect(shown(dialog)).toBeHidden();
  });
}

for (const lang of ['zh-cn', 'en'] as const satisfies readonly Lang[]) {
  test(`the owner sees the developer's app and picks compatible models of a version (${lang})`, async ({
    page,
    ownerState,
    request,
  }) => {
    test.skip(!realTools(...TOOLS), `${TOOLS.join(', ')} are not installed`);
    recordRealToolRun(`e2e: app store administrator (${lang})`, TOOLS);
    test.setTimeout(240_000);
    const text = TEXT[lang];
    const pkg = packageOf(lang);
    // Signed with the developer's key (apk-builder keeps one per name): the certificate of the earlier version.
    const apk = buildApk({ packageName: pkg, versionCode: 4, versionName: '1.0.4', label: 'E2E Demo' });

    // The owner audits apps (`appService.audit`): the developer's submitted information is rejected with a reason.
    const owner = await loginByApi(request, DEMO_OWNER);
    const pno = owner.propertyList.find((p) => p.name === DEMO_PROPERTY)?.pno as string;
    const headers = { token: owner.token, pno };
    const todo = await apiCall(
      request,
      'GET',
      'flowAudit/getAuditOrNoAuditList',
      { auditStatus: 0, applyType: 'app', pageNum: 1, pageSize: 100 },
      headers,
    );
    const application = todo.list.find((a: { snapshot: { packageName?: string } }) => a.snapshot.packageName === pkg);
    expect(application, "the app under review is on the owner's to-do list").toBeTruthy();
    await apiCall(
      request,
      'POST',
      'flowAudit/noPassFlowAudit',
      { applyId: application.applyId, reason: text.reason },
      headers,
    );

    await restoreSession(page, ownerState);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(localized(PAGE, lang));
    await expect(page.getByTestId('app-admin-mode')).toBeVisible();
    const table = page.getByTestId('app-table');
    await searchTable(table, pkg);
    await expect(page.getByTestId(`app-owner-${pkg}`)).toHaveText(DEMO_MEMBER.name);
    // The developer's name filters the list to their apps.
    await page.getByTestId(`app-owner-${pkg}`).click();
    await expect(page).toHaveURL(/ownerUid=/);
    await expect(page.getByTestId('app-owner-filter')).toContainText(DEMO_MEMBER.name);
    await expect(page.getByTestId(`app-row-${pkg}`)).toBeVisible();
    const rejected = page.getByTestId(`app-status-${pkg}`);
    await expect(rejected).toHaveAttribute('data-state', 'rejected');
    await expect(rejected).toContainText(text.rejected);
    await expect(page.getByTestId(`app-status-${pkg}-reason`)).toContainText(text.reason);
    await shot(page, `app-store-admin-${lang}`);
    await expectAccessible(page);
    // A rejected app opens for editing with the reason; its package name is fixed (it has a version).
    await page.getByTestId(`app-edit-${pkg}`).click();
    const edit = page.getByTestId('app-dialog');
    await expect(edit.getByTestId('app-rejected-notice')).toContainText(text.reason);
    await expect(edit.getByTestId('app-package')).toBeDisabled();
    await expect(edit.getByTestId('app-package')).toHaveValue(pkg);
    await expect(edit.getByTestId(`listing-${lang}-name`)).toHaveValue(text.name);
    await expect(edit.getByTestId(`listing-${lang}-icon-preview`).locator('img')).toBeVisible();
    await edit.getByTestId('app-cancel').click();
    await expect(shown(edit)).toBeHidden();

    // A version with compatible models chosen in the version dialog.
    const drawer = await openVersions(page, pkg);
    await expect(drawer.getByTestId('version-status-3')).toHaveAttribute('data-state', 'auditing');
    await drawer.getByTestId('version-create').click();
    const version = page.getByTestId('version-dialog');
    await version.getByTestId('apk-upload').locator('input[type="file"]').setInputFiles(apk);
    await expect(version.getByTestId('apk-version-code')).toHaveText('4');
    await version.getByTestId('version-choose-models').click();
    const chooser = page.getByTestId('choose-models-dialog');
    await expect(shown(chooser)).toBeVisible();
    await chooser.getByTestId(`choose-model-${GATEWAY}`).check();
    await expect(chooser.getByTestId(`picked-model-${GATEWAY}`)).toBeVisible();
    await shot(page, `app-store-choose-models-${lang}`);
    await expectAccessible(page, '[data-testid="choose-models-dialog"]');
    await chooser.getByTestId('choose-models-ok').click();
    await expect(shown(chooser)).toBeHidden();
    await expect(version.getByTestId(`version-model-${GATEWAY}`)).toBeVisible();
    await version.getByTestId('version-save-draft').click();
    await expect(shown(version)).toBeHidden();
    await expect(drawer.getByTestId('version-status-4')).toHaveAttribute('data-state', 'draft');
    await expect(drawer.getByTestId('version-models-4')).toHaveText(text.oneModel);

    // CompatibleDeviceDlg shows them; "change" goes on to the ChooseCompatibleDeviceDlg route, which saves.
    await drawer.getByTestId('version-models-4').click();
    await expect(page).toHaveURL(/\/AppService\/appstore\/CompatibleDeviceDlg\?/);
    const compat = page.getByTestId('compatible-models-dialog');
    await expect(compat.getByTestId(`compatible-model-${GATEWAY}`)).toBeVisible();
    await shot(page, `app-store-compatible-${lang}`);
    await expectAccessible(page, '[data-testid="compatible-models-dialog"]');
    await compat.getByTestId('compatible-models-choose').click();
    await expect(page).toHaveURL(/\/AppService\/appstore\/ChooseCompatibleDeviceDlg\?/);
    const route = page.getByTestId('choose-models-dialog');
    await expect(route.getByTestId(`picked-model-${GATEWAY}`)).toBeVisible();
    await route.getByTestId(`choose-model-${SENSOR}`).check();
    await route.getByTestId('choose-models-ok').click();
    await expectToast(page, text.modelsSaved);
    await expect(shown(route)).toBeHidden();
    // Closing went back to the page with the app's versions open.
    await expect(page).toHaveURL(new RegExp(`${PAGE}\\?`));
    await expect(drawer.getByTestId('version-models-4')).toHaveText(text.oneModel.replace('1', '2'));

    // A version under review keeps its models: shown, with no way to change them, also at the chooser's URL.
    await drawer.getByTestId('version-models-3').click();
    const locked = page.getByTestId('compatible-models-dialog');
    await expect(locked.getByTestId('compatible-models-all')).toBeVisible();
    await expect(locked.getByTestId('compatible-models-choose')).toHaveCount(0);
    const lockedUrl = page.url();
    await locked.getByTestId('compatible-models-close').click();
    await expect(shown(locked)).toBeHidden();
    await expect(shown(drawer)).toBeVisible();
    await page.goto(lockedUrl.replace('CompatibleDeviceDlg', 'ChooseCompatibleDeviceDlg'));
    await expect(page.getByTestId('choose-models-locked')).toBeVisible();
    await page.getByTestId('compatible-models-close').click();
    await expect(shown(page.getByTestId('compatible-models-dialog'))).toBeHidden();

    // Without a version named, the chooser's route asks for the app and the version.
    await page.goto(localized('/AppService/appstore/ChooseCompatibleDeviceDlg', lang));
    const ask = page.getByTestId('ask-version-dialog');
    await expect(shown(ask)).toBeVisible();
    await expectNoSidewaysScroll(page);
    await pickSearched(page, ask.getByTestId('ask-version-app'), pkg);
    await ask.getByTestId('ask-version-version').click();
    await selectOption(page, '1.0.4 (4)').click();
    await ask.getByTestId('ask-version-open').click();
    const asked = page.getByTestId('choose-models-dialog');
    await expect(asked.getByTestId(`picked-model-${GATEWAY}`)).toBeVisible();
    await expect(asked.getByTestId(`picked-model-${SENSOR}`)).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page);
    await shot(page, `app-store-choose-models-390-${lang}`);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.keyboard.press('Escape');
    await expect(shown(asked)).toBeHidden();

    // The draft version goes again.
    await page.goto(localized(PAGE, lang));
    await searchTable(page.getByTestId('app-table'), pkg);
    const again = await openVersions(page, pkg);
    await again.getByTestId('version-delete-4').click();
    await page.getByTestId('confirm-ok').click();
    await expectToast(page, text.deleted);
    await expect(again.getByTestId('version-row-4')).toHaveCount(0);
    await expect(again.getByTestId('version-row-3')).toBeVisible();
  });
}

for (const lang of ['zh-cn', 'en'] as const satisfies readonly Lang[]) {
  test(`a passed version goes on the shelf and the F-Droid repository serves it (${lang})`, async ({
    page,
    sessionState,
    request,
  }) => {
    test.skip(!realTools(...TOOLS), `${TOOLS.join(', ')} are not installed`);
    test.setTimeout(240_000);
    const text = TEXT[lang];
    const pkg = packageOf(lang);
    const name = `${text.name} 1.0.3`;
    const owner = await loginByApi(request, DEMO_OWNER);
    const pno = owner.propertyList.find((p) => p.name === DEMO_PROPERTY)?.pno as string;
    const headers = { token: owner.token, pno };
    // The version under review since the first test passes; the app's information stays rejected (the second).
    await decide(request, headers, 'appVersion', pkg);

    await restoreSession(page, await sessionState('member'));
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(localized(PAGE, lang));
    await searchTable(page.getByTestId('app-table'), pkg);
    let drawer = await openVersions(page, pkg);
    const status = drawer.getByTestId('version-status-3');
    const shelf = drawer.getByTestId('version-shelf-3');
    await expect(status).toHaveAttribute('data-state', 'passed');
    await expect(status).toContainText(text.passed);
    await expect(shelf).toHaveAttribute('data-state', 'off');
    // The app's information has not passed: the server refuses, and the page shows its reason.
    await drawer.getByTestId('version-shelve-3').click();
    await page.getByTestId('confirm-ok').click();
    await expectToast(page, text.appNotPassed);
    await expect(shelf).toHaveAttribute('data-state', 'off');
    await drawer.locator('.ant-drawer-close').click();
    await expect(shown(drawer)).toBeHidden();

    // The developer submits the app again; the owner passes it.
    await page.getByTestId(`app-submit-${pkg}`).click();
    await page.getByTestId('confirm-ok').click();
    await expect(page.getByTestId(`app-status-${pkg}`)).toHaveAttribute('data-state', 'auditing');
    await decide(request, headers, 'app', pkg);
    await page.reload();
    await expect(page.getByTestId(`app-status-${pkg}`)).toHaveAttribute('data-state', 'passed');

    // Asked for the shelf: the shelf review runs and can be withdrawn; asked again.
    drawer = await openVersions(page, pkg);
    await drawer.getByTestId('version-shelve-3').click();
    await page.getByTestId('confirm-ok').click();
    await expectToast(page, text.asked(name));
    await expect(shelf).toHaveAttribute('data-state', 'auditing');
    await expect(shelf).toContainText(text.shelfAuditing);
    await expect(drawer.getByTestId('version-shelve-3')).toHaveCount(0);
    await drawer.getByTestId('version-withdraw-3').click();
    await page.getByTestId('confirm-ok').click();
    await expectToast(page, text.shelfWithdrawn(name));
    await expect(shelf).toHaveAttribute('data-state', 'off');
    await drawer.getByTestId('version-shelve-3').click();
    await page.getByTestId('confirm-ok').click();
    await expectToast(page, text.asked(name));
    await expect(shelf).toHaveAttribute('data-state', 'auditing');
    await shot(page, `app-store-shelf-review-${lang}`);

    // The owner passes the shelf review: the version is on the shelf since then.
    await decide(request, headers, 'appShelf', pkg);
    await page.reload();
    drawer = page.getByTestId('versions-drawer');
    await expect(shown(drawer)).toBeVisible();
    await expect(shelf).toHaveAttribute('data-state', 'on');
    await expect(shelf).toContainText(text.onShelf);
    await expect(drawer.getByTestId('version-shelf-3-time')).toContainText(/\d{2}:\d{2}/);
    await expect(drawer.getByTestId('version-shelve-3')).toHaveCount(0);
    await expect(drawer.getByTestId('version-withdraw-3')).toHaveCount(0);
    await shot(page, `app-store-on-shelf-${lang}`);
    await expectAccessible(page, '.ant-drawer');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page);
    await shot(page, `app-store-on-shelf-390-${lang}`);
    await page.setViewportSize({ width: 1440, height: 900 });
    await drawer.locator('.ant-drawer-close').click();
    await expect(shown(drawer)).toBeHidden();
    await expect(page.getByTestId(`app-shelf-${pkg}`)).toContainText(text.onShelf);

    // The repository: the address under the page's origin and the fingerprint; the index is served there.
    await page.getByTestId('app-repo-open').click();
    const repo = page.getByTestId('repo-dialog');
    await expect(shown(repo)).toBeVisible();
    await expect(repo.getByTestId('repo-help')).toContainText(text.repoHelp);
    const address = repo.getByTestId('repo-address');
    await expect(address).toContainText(`/fdroid/${pno}/all/repo`);
    const origin = new URL(page.url()).origin;
    const url = (await address.innerText()).trim();
    expect(url).toBe(`${origin}/fdroid/${pno}/all/repo`);
    const fingerprint = repo.getByTestId('repo-fingerprint');
    const hex = (await fingerprint.getAttribute('data-fingerprint')) ?? '';
    expect(hex).toMatch(/^[0-9a-f]{64}$/);
    await expect(fingerprint).toHaveText(hex.toUpperCase().match(/../g)?.join(' ') ?? '');
    await expect(repo.locator('.ant-typography-copy')).toHaveCount(2);
    const status200 = await page.evaluate(async (at) => (await fetch(`${at}/index-v1.jar`)).status, url);
    expect(status200).toBe(200);
    await shot(page, `app-store-repository-${lang}`);
    await expectAccessible(page, '.ant-modal-wrap');
    // A device model's repository.
    await pickSearched(page, repo.getByTestId('repo-model'), GATEWAY);
    await expect(address).not.toContainText('/all/repo');
    await expect(address).toContainText(new RegExp(`/fdroid/${pno}/[^/]+/repo$`));
    const modelUrl = (await address.innerText()).trim();
    const modelStatus = await page.evaluate(async (at) => (await fetch(`${at}/index-v1.jar`)).status, modelUrl);
    expect(modelStatus).toBe(200);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page);
    await shot(page, `app-store-repository-390-${lang}`);
    await repo.getByTestId('repo-close').click();
    await expect(shown(repo)).toBeHidden();
    await expectNoSidewaysScroll(page);
    await shot(page, `app-store-list-repo-390-${lang}`);
  });
}
