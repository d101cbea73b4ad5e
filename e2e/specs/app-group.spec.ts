import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { png } from '../../apps/server/src/test/apk-builder';
import { realTools, recordRealToolRun } from '../../apps/server/src/test/real-tools';
import { shelvedAppByApi } from '../support/app-store';
import { DEMO_MEMBER, DEMO_OWNER, DEMO_PROPERTY } from '../support/env';
import { expect as baseExpect, expectToast, restoreSession, test } from '../support/fixtures';
import { expectAccessible, expectNoSidewaysScroll, shown } from '../support/page-checks';
import { type Lang, localized, searchTable, shot } from '../support/pages';
import { apiCall, loginByApi, pickSearched, selectOption } from '../support/tenancy';

/**
 * App groups and the store page, in each language. Two apps go on the shelf through the app store's calls and reviews
 * (APKs built by aapt and signed by apksigner): a store client and a notes app. The owner makes an app group for the
 * store client on `/AppService/group/AppGroupMgrPage` (AddAppGroupDlg: master app, names, a device picked in the
 * picker), adds a category holding the notes app with an uploaded icon (AddGroupCategoryDlg), sees the group on
 * `/AppService/appstore/AppStorePage` as a row of app cards, opens the app's details, searches the whole store, and
 * deletes the group after a confirmation. Nothing scrolls sideways at 390 px; screenshots at 1440 and 390 px go to
 * `KEEL_SHOTS_DIR`.
 */
const expect = baseExpect.configure({ timeout: 30_000 });

test.describe.configure({ mode: 'serial' });

const PAGE = '/AppService/group/AppGroupMgrPage';
const STORE = '/AppService/appstore/AppStorePage';
const TOOLS = ['aapt', 'apksigner', 'openssl'];
const stamp = Date.now() % 1_000_000;

const TEXT = {
  'zh-cn': {
    created: (n: string) => `已创建分组 ${n}`,
    categoryCreated: (n: string) => `已添加分类 ${n}`,
    deleted: (n: string) => `已删除分组 ${n}`,
    whole: '全部商店',
  },
  en: {
    created: (n: string) => `Group ${n} created`,
    categoryCreated: (n: string) => `Category ${n} added`,
    deleted: (n: string) => `Group ${n} deleted`,
    whole: 'Whole store',
  },
} as const;

let dir = '';
let icon = '';
test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'keel-e2e-groups-'));
  icon = join(dir, 'icon.png');
  writeFileSync(icon, png(96, [200, 80, 40]));
});
test.afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

for (const lang of ['zh-cn', 'en'] as const satisfies readonly Lang[]) {
  test(`the owner groups a device's store, adds a category of a shelf app and sees it in the store (${lang})`, async ({
    page,
    request,
    ownerState,
  }) => {
    test.skip(!realTools(...TOOLS), `${TOOLS.join(', ')} are not installed`);
    recordRealToolRun(`e2e: app groups (${lang})`, TOOLS);
    test.setTimeout(300_000);
    const text = TEXT[lang];
    const tag = `${lang === 'en' ? 'en' : 'zh'}${stamp}`;
    const client = { zh: `商店客户端${tag}`, en: `Store client ${tag}` };
    const notes = { zh: `便签${tag}`, en: `Notes ${tag}` };
    const group = { zh: `大堂${tag}`, en: `Lobby ${tag}` };
    const category = { zh: `效率${tag}`, en: `Work ${tag}` };
    const nameOf = (n: { zh: string; en: string }) => (lang === 'en' ? n.en : n.zh);
    const notesPkg = `com.keel.e2e.notes${tag}`;

    const owner = await loginByApi(request, DEMO_OWNER);
    const pno = owner.propertyList.find((p) => p.name === DEMO_PROPERTY)?.pno as string;
    const headers = { token: owner.token, pno };
    // The demo member develops both apps; the owner passes their reviews.
    const developer = { token: (await loginByApi(request, DEMO_MEMBER)).token, pno };
    await shelvedAppByApi(request, developer, headers, {
      packageName: `com.keel.e2e.client${tag}`,
      nameZh: client.zh,
      nameEn: client.en,
      versionCode: 1,
    });
    await shelvedAppByApi(request, developer, headers, {
      packageName: notesPkg,
      nameZh: notes.zh,
      nameEn: notes.en,
      versionCode: 2,
      versionName: '1.2.0',
    });
    const deviceId = `grp-${tag}`;
    await apiCall(request, 'POST', 'di/registerDevice', { deviceId, name: `Kiosk ${tag}` }, headers);

    // 1. The group: master app, names, a device from the picker.
    await restoreSession(page, ownerState);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(localized(PAGE, lang));
    await expect(page.getByTestId('app-group-page')).toBeVisible();
    await page.getByTestId('grp-create').click();
    const dialog = page.getByTestId('grp-group-dialog');
    await expect(shown(dialog)).toBeVisible();
    await expect(page).toHaveURL(/AddAppGroupDlg/);
    // Required fields are asked for before anything is sent.
    await dialog.getByTestId('form-dialog-ok').click();
    await expect(dialog.locator('.ant-form-item-explain-error').first()).toBeVisible();
    await pickSearched(page, dialog.getByTestId('grp-master-app'), tag, nameOf(client));
    await dialog.getByTestId('grp-name-zh').fill(group.zh);
    await dialog.getByTestId('grp-name-en').fill(group.en);
    await dialog.getByTestId('grp-device-search').locator('input').fill(deviceId);
    await expect(dialog.getByTestId(`grp-device-${deviceId}`)).toBeVisible();
    await dialog.getByTestId(`grp-device-pick-${deviceId}`).check();
    await expect(dialog.getByTestId('grp-device-count')).toContainText('1');
    await shot(page, `app-group-dialog-${lang}`);
    await expectAccessible(page, '.ant-modal-wrap');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page);
    await shot(page, `app-group-dialog-390-${lang}`);
    await page.setViewportSize({ width: 1440, height: 900 });
    await dialog.getByTestId('form-dialog-ok').click();
    await expectToast(page, text.created(nameOf(group)));
    await expect(shown(dialog)).toBeHidden();
    const table = page.getByTestId('grp-table');
    await searchTable(table, tag);
    await expect(page.getByTestId(`grp-row-${group.en}`)).toContainText(nameOf(group));
    await expect(page.getByTestId(`grp-devices-${group.en}`)).toHaveText('1');
    await shot(page, `app-group-list-${lang}`);
    await expectAccessible(page);

    // 2. A category holding the notes app, with an icon.
    await page.getByTestId(`grp-open-${group.en}`).click();
    const drawer = page.getByTestId('grp-categories');
    await expect(shown(drawer)).toBeVisible();
    await drawer.getByTestId('grp-category-add').click();
    const categoryDialog = page.getByTestId('grp-category-dialog');
    await expect(shown(categoryDialog)).toBeVisible();
    await expect(page).toHaveURL(/AddGroupCategoryDlg/);
    await categoryDialog.getByTestId('grp-category-name-zh').fill(category.zh);
    await categoryDialog.getByTestId('grp-category-name-en').fill(category.en);
    await categoryDialog.getByTestId('grp-category-icon-input').setInputFiles(icon);
    await expect(categoryDialog.getByTestId('grp-category-icon').locator('img')).toBeVisible();
    // The app select adds the picked app to the ordered list below it and clears itself.
    const addApp = categoryDialog.getByTestId('grp-category-app-add');
    await addApp.click();
    await addApp.locator('input').fill(notesPkg);
    await expect(addApp).not.toHaveClass(/ant-select-loading/);
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: nameOf(notes) })
      .first()
      .click();
    await expect(categoryDialog.getByTestId(`grp-category-app-${notesPkg}`)).toContainText(nameOf(notes));
    await shot(page, `app-group-category-dialog-${lang}`);
    await categoryDialog.getByTestId('form-dialog-ok').click();
    await expectToast(page, text.categoryCreated(nameOf(category)));
    await expect(shown(categoryDialog)).toBeHidden();
    const card = page.getByTestId(`grp-category-${category.en}`);
    await expect(card).toContainText(nameOf(notes));
    await expect(card.locator('img').first()).toHaveAttribute('src', /\/api\/app-file\//);
    await shot(page, `app-group-categories-${lang}`);
    await expectAccessible(page, '.ant-drawer');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page);
    await shot(page, `app-group-categories-390-${lang}`);
    await page.keyboard.press('Escape');
    await expect(shown(drawer)).toBeHidden();
    await expectNoSidewaysScroll(page);
    await shot(page, `app-group-list-390-${lang}`);
    await page.setViewportSize({ width: 1440, height: 900 });

    // 3. The store as the group's devices see it: the category's row, the app's details.
    await page.goto(localized(STORE, lang));
    await expect(page.getByTestId('app-store-page')).toBeVisible();
    await page.getByTestId('store-group').click();
    await selectOption(page, nameOf(group)).click();
    await expect(page).toHaveURL(/masterAppId=/);
    const row = page.getByTestId(`store-category-${category.en}`);
    await expect(row).toContainText(nameOf(category));
    await expect(row.getByTestId(`store-app-${notesPkg}`)).toContainText(nameOf(notes));
    await shot(page, `app-store-group-${lang}`);
    await expectAccessible(page);
    await row.getByTestId(`store-app-${notesPkg}`).click();
    const detail = page.getByTestId('store-app-detail');
    await expect(shown(detail)).toBeVisible();
    await expect(detail.getByTestId('store-app-version')).toHaveText('1.2.0 (2)');
    await expect(detail.getByTestId('store-app-permissions')).toContainText('android.permission.INTERNET');
    await shot(page, `app-store-detail-${lang}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page);
    await shot(page, `app-store-detail-390-${lang}`);
    await page.keyboard.press('Escape');
    await expect(shown(detail)).toBeHidden();
    await expectNoSidewaysScroll(page);
    await shot(page, `app-store-group-390-${lang}`);
    await page.setViewportSize({ width: 1440, height: 900 });

    // The whole store, searched: the notes app among every app on the shelf.
    await page.getByTestId('store-group').click();
    await selectOption(page, text.whole).click();
    await page.getByTestId('store-search').locator('input').fill(notesPkg);
    await page.getByTestId('store-search').locator('input').press('Enter');
    await expect(page.getByTestId('store-grid').getByTestId(`store-app-${notesPkg}`)).toBeVisible();
    await shot(page, `app-store-whole-${lang}`);

    // 4. Deleting the group asks first; then it is gone.
    await page.goto(localized(PAGE, lang));
    await searchTable(page.getByTestId('grp-table'), tag);
    await page.getByTestId(`grp-delete-${group.en}`).click();
    await page.getByTestId('confirm-ok').click();
    await expectToast(page, text.deleted(nameOf(group)));
    await expect(page.getByTestId(`grp-row-${group.en}`)).toHaveCount(0);
  });
}
