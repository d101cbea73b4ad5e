import { realTools, recordRealToolRun } from '../../apps/server/src/test/real-tools';
import { shelvedAppByApi } from '../support/app-store';
import { DEMO_MEMBER, DEMO_OWNER, DEMO_PROPERTY } from '../support/env';
import { expect as baseExpect, expectToast, restoreSession, test } from '../support/fixtures';
import { expectAccessible, expectNoSidewaysScroll, shown } from '../support/page-checks';
import { type Lang, localized, searchTable, shot } from '../support/pages';
import { loginByApi } from '../support/tenancy';

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
    const owner = await loginByApi(request, DEMO_OWNER);
    const pno = owner.propertyList.find((p) => p.name === DEMO_PROPERTY)?.pno as string;
    const member = await loginByApi(request, DEMO_MEMBER);
    await shelvedAppByApi(
      request,
      { token: member.token, pno },
      { token: owner.token, pno },
      { packageName: pkg, nameEn: names.en, nameZh: names.zh, versionCode: 2, versionName: '2.0' },
    );

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
