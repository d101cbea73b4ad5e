import { readFileSync } from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { buildApk } from '../../apps/server/src/test/apk-builder';
import { realTools, recordRealToolRun } from '../../apps/server/src/test/real-tools';
import { seriousAxeViolations } from '../support/axe';
import { DEMO_MEMBER, DEMO_OWNER, DEMO_PROPERTY } from '../support/env';
import { expect as baseExpect, expectToast, restoreSession, test } from '../support/fixtures';
import { type Lang, localized, searchTable, shot } from '../support/pages';
import { apiCall, loginByApi } from '../support/tenancy';

/**
 * Platform apps (`/AppService/plat/PlatAppPage`, `AddPlatformAppDlg`), in each language. The demo member puts an app
 * on the shelf of 演示物业 (through the API, the owner passing the reviews). The operator opens the platform apps
 * page, finds the app in the add dialog among every property's shelf apps and adds it; the page lists it with the
 * property it comes from and its version. A plain member sees it too, without the operator's add and remove. The operator removes it
 * after a confirmation and the list is empty again. Screenshots at 1440 and 390 px go to `KEEL_SHOTS_DIR`.
 */
const expect = baseExpect.configure({ timeout: 30_000 });

test.describe.configure({ mode: 'serial' });

const PAGE = '/AppService/plat/PlatAppPage';
const TOOLS = ['aapt', 'apksigner', 'openssl'];
const stamp = Date.now() % 1_000_000;
const packageOf = (lang: Lang) => `com.keel.e2e.plat${lang === 'en' ? 'en' : 'zh'}${stamp}`;

const TEXT = {
  'zh-cn': {
    name: '平台演示',
    title: '平台应用',
    added: (n: string) => `${n} 已设为平台应用`,
    already: '已是平台应用',
    removed: (n: string) => `${n} 已不再是平台应用`,
  },
  en: {
    name: 'Platform demo',
    title: 'Platform apps',
    added: (n: string) => `${n} is a platform app now`,
    already: 'Platform app',
    removed: (n: string) => `${n} is no longer a platform app`,
  },
} as const;

/** What shows of an antd dialog: its content (the portal's root has no box of its own). */
const shown = (root: Locator) => root.locator('.ant-modal-container').first();

async function expectNoSidewaysScroll(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: 'document width' })
    .toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
}

async function expectAccessible(page: Page, include?: string) {
  await page.mouse.move(0, 0);
  expect.soft(await seriousAxeViolations(page, include), 'serious or critical axe violations').toEqual([]);
}

/** Passes the owner's application of `applyType` whose snapshot names the package. */
async function decide(
  request: APIRequestContext,
  headers: Record<string, string>,
  applyType: 'app' | 'appVersion' | 'appShelf',
  pkg: string,
) {
  const todo = await apiCall(
    request,
    'GET',
    'flowAudit/getAuditOrNoAuditList',
    { auditStatus: 0, applyType, pageNum: 1, pageSize: 100 },
    headers,
  );
  const application = todo.list.find((a: { snapshot: { packageName?: string } }) => a.snapshot.packageName === pkg);
  expect(application, `the ${applyType} application of ${pkg} is on the owner's to-do list`).toBeTruthy();
  await apiCall(request, 'POST', 'flowAudit/flowAudit', { applyId: application.applyId }, headers);
}

/** An app of the demo member's (the owner passes its reviews), with a listing in each language, passed and with version 2.0 on the shelf. */
async function shelvedApp(request: APIRequestContext, pkg: string, names: { en: string; zh: string }) {
  const owner = await loginByApi(request, DEMO_OWNER);
  const pno = owner.propertyList.find((p) => p.name === DEMO_PROPERTY)?.pno as string;
  const auditor = { token: owner.token, pno };
  const headers = { token: (await loginByApi(request, DEMO_MEMBER)).token, pno };
  const app = await apiCall(
    request,
    'POST',
    'ai/saveAppInfoByUser',
    {
      packageName: pkg,
      languageList: [
        { language: 'zh-cn', appName: names.zh, summary: '平台应用演示' },
        { language: 'en', appName: names.en, summary: 'A platform app' },
      ],
      submit: 1,
    },
    headers,
  );
  await decide(request, auditor, 'app', pkg);
  const apk = buildApk({ packageName: pkg, versionCode: 2, versionName: '2.0', label: names.en });
  const uploaded = await request.post('/api/ai/uploadAppFile?kind=apk', {
    headers,
    multipart: {
      file: { name: 'app.apk', mimeType: 'application/vnd.android.package-archive', buffer: readFileSync(apk) },
    },
  });
  const file = (await uploaded.json()) as { status: number; msg: string; data: { fid: string } };
  expect(file.status, file.msg).toBe(0);
  const version = await apiCall(
    request,
    'POST',
    'av/saveAppVerInfoByUser',
    { appId: app.appId, fid: file.data.fid, submit: 1 },
    headers,
  );
  await decide(request, auditor, 'appVersion', pkg);
  await apiCall(
    request,
    'POST',
    'av/putOnShelfByUser',
    { appId: app.appId, appVersionId: version.appVersionId },
    headers,
  );
  await decide(request, auditor, 'appShelf', pkg);
}

for (const lang of ['zh-cn', 'en'] as const satisfies readonly Lang[]) {
  test(`the operator offers an app to every property, a member sees it, the operator removes it (${lang})`, async ({
    page,
    sessionState,
    request,
  }) => {
    test.skip(!realTools(...TOOLS), `${TOOLS.join(', ')} are not installed`);
    recordRealToolRun(`e2e: platform apps (${lang})`, TOOLS);
    test.setTimeout(240_000);
    const text = TEXT[lang];
    const pkg = packageOf(lang);
    const names = { en: `Platform demo ${lang}`, zh: `平台演示 ${lang}` };
    const name = lang === 'en' ? names.en : names.zh;
    await shelvedApp(request, pkg, names);

    // The operator: the page with its add button; the dialog lists every property's shelf apps, searched.
    await restoreSession(page, await sessionState('operator'));
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(localized(PAGE, lang));
    await expect(page.getByTestId('plat-app-page')).toContainText(text.title);
    await expect(page.getByTestId('plat-table')).toBeVisible();
    await page.getByTestId('plat-add').click();
    await expect(page).toHaveURL(/AddPlatformAppDlg/);
    const dialog = page.getByTestId('plat-add-dialog');
    await expect(shown(dialog)).toBeVisible();
    await dialog.getByTestId('plat-candidate-search').locator('input').fill(pkg);
    const candidate = dialog.getByTestId(`plat-candidate-${pkg}`);
    await expect(candidate).toContainText(name);
    await expect(dialog).toContainText(DEMO_PROPERTY);
    await shot(page, `app-platform-add-${lang}`);
    await expectAccessible(page, '.ant-modal-wrap');
    await dialog.getByTestId(`plat-candidate-add-${pkg}`).click();
    await expectToast(page, text.added(name));
    await expect(dialog.getByTestId(`plat-candidate-added-${pkg}`)).toContainText(text.already);
    await dialog.getByTestId('plat-add-close').click();
    await expect(shown(dialog)).toBeHidden();
    await expect(page).toHaveURL(new RegExp(PAGE));

    // Listed with the property it comes from and its version on the shelf.
    const table = page.getByTestId('plat-table');
    await searchTable(table, pkg);
    const row = page.getByTestId(`plat-row-${pkg}`);
    await expect(row).toContainText(name);
    await expect(page.getByTestId(`plat-version-${pkg}`)).toHaveText('2.0');
    await expect(table).toContainText(DEMO_PROPERTY);
    await shot(page, `app-platform-list-${lang}`);
    await expectAccessible(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(row).toBeVisible();
    await expectNoSidewaysScroll(page);
    await shot(page, `app-platform-list-390-${lang}`);

    // A plain member of the property sees it, without add or remove.
    await restoreSession(page, await sessionState('member'));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(localized(PAGE, lang));
    await expect(page.getByTestId(`plat-row-${pkg}`)).toContainText(name);
    await expect(page.getByTestId('plat-add')).toHaveCount(0);
    await expect(page.getByTestId(`plat-remove-${pkg}`)).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await shot(page, `app-platform-member-390-${lang}`);
    await page.setViewportSize({ width: 1440, height: 900 });
    await shot(page, `app-platform-member-${lang}`);

    // The operator removes it after a confirmation: gone from the list.
    await restoreSession(page, await sessionState('operator'));
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(localized(PAGE, lang));
    await searchTable(page.getByTestId('plat-table'), pkg);
    await page.getByTestId(`plat-remove-${pkg}`).click();
    await page.getByTestId('confirm-ok').click();
    await expectToast(page, text.removed(name));
    await expect(page.getByTestId(`plat-row-${pkg}`)).toHaveCount(0);
    await shot(page, `app-platform-empty-${lang}`);
  });
}
