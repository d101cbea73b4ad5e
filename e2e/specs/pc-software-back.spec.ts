import type { APIRequestContext } from '@playwright/test';
import { DEMO_PROPERTY, OPERATOR } from '../support/env';
import { expect as baseExpect, expectToast, restoreSession, test } from '../support/fixtures';
import { expectAccessible, expectNoSidewaysScroll, shown } from '../support/page-checks';
import { type Lang, localized, searchTable, shot } from '../support/pages';
import { type OwnerScene, ownerScene, pcSpace, releasedVersionByApi, softByApi } from '../support/pc-soft';
import { apiCall, loginByApi, pickSearched } from '../support/tenancy';

/**
 * The operators' PC software pages (`/Backend/ToolsManage/…`), in each language. The demo owner has a main tool in
 * 演示物业 with a version released to stable (through the API); the operator has a property of their own with the PC
 * tools business. The operator finds the tool in the tool repository and its version among the releases, makes it a
 * platform main tool (after a confirmation), grants it to their property from the business grants page — which then
 * sees it among its main tools (`soft/getMainToolList`) — revokes the grant after a confirmation (the property no
 * longer sees it) and stops it being a platform main tool. Screenshots at 1440 and 390 px go to `KEEL_SHOTS_DIR`.
 */
const expect = baseExpect.configure({ timeout: 30_000 });

test.describe.configure({ mode: 'serial' });

const BASE = '/Backend/ToolsManage';
const stamp = Date.now() % 1_000_000;

const TEXT = {
  'zh-cn': {
    repository: '工具仓库',
    releases: '工具发布',
    platform: '主工具平台',
    grants: '业务授权',
    stable: '正式版',
    setDone: (n: string) => `“${n}”已设为平台主工具`,
    unsetDone: (n: string) => `“${n}”已不再是平台主工具`,
    granted: (n: string, p: string) => `已把“${n}”授权给 ${p}`,
    revoked: (n: string, p: string) => `已撤销 ${p} 对“${n}”的授权`,
  },
  en: {
    repository: 'Tool repository',
    releases: 'Tool releases',
    platform: 'Main tool platforms',
    grants: 'Business grants',
    stable: 'Stable',
    setDone: (n: string) => `"${n}" is now a platform main tool`,
    unsetDone: (n: string) => `"${n}" is no longer a platform main tool`,
    granted: (n: string, p: string) => `"${n}" granted to ${p}`,
    revoked: (n: string, p: string) => `Grant of "${n}" to ${p} revoked`,
  },
} as const;

let scene: OwnerScene | null = null;
let sid = '';

/** The main tools the property sees (its own and those granted to it), as the operator, its owner. */
async function mainToolsOf(request: APIRequestContext, pno: string): Promise<{ softId: string; granted: number }[]> {
  const operator = await loginByApi(request, OPERATOR);
  const page = await apiCall(
    request,
    'GET',
    'soft/getMainToolList',
    { pageNum: 1, pageSize: 100 },
    { token: operator.token, pno },
  );
  return page.list;
}

test.beforeAll(async ({ request }) => {
  const owner = await ownerScene(request);
  sid = await pcSpace(request, owner.headers, `Back tools ${stamp}`);
  scene = owner;
});

for (const lang of ['zh-cn', 'en'] as const satisfies readonly Lang[]) {
  test(`the operator finds a main tool, makes it a platform main tool, grants and revokes it (${lang})`, async ({
    page,
    request,
    sessionState,
  }) => {
    test.setTimeout(240_000);
    const owner = scene as OwnerScene;
    const text = TEXT[lang];
    const name = `Main-${lang}-${stamp}`;
    const { softId } = await softByApi(request, owner.headers, { sid, name, description: `Platform tool ${lang}` });
    const versionId = await releasedVersionByApi(request, owner, softId, sid, {
      version: '2.0.1',
      notesZh: '首个正式版',
      notesEn: 'First stable version',
      installers: [
        { os: 'windows', arch: 'x64', format: 'exe', fileName: `main-${lang}.exe`, bytes: Buffer.alloc(4096, 5) },
      ],
    });
    const operator = await loginByApi(request, OPERATOR);
    const partner = `Tools partner ${lang} ${stamp}`;
    const { pno: partnerPno } = await apiCall(
      request,
      'POST',
      'pro/addProperty',
      { name: partner, ownerPhoneNum: OPERATOR.phone, businessList: ['pctools'] },
      { token: operator.token },
    );

    await restoreSession(page, await sessionState('operator'));
    await page.setViewportSize({ width: 1440, height: 900 });

    // The tool repository: every property's software, searched by name.
    await page.goto(localized(`${BASE}/BackToolsRepository`, lang));
    await expect(page.getByTestId('back-soft-page')).toContainText(text.repository);
    await searchTable(page.getByTestId('back-soft-table'), name);
    await expect(page.getByTestId(`back-soft-row-${softId}`)).toContainText(name);
    await expect(page.getByTestId('back-soft-table')).toContainText(DEMO_PROPERTY);
    await expect(page.getByTestId('back-soft-table')).toContainText('2.0.1');
    await shot(page, `pc-back-repository-${lang}`);
    await expectAccessible(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page);
    await shot(page, `pc-back-repository-390-${lang}`);
    await page.setViewportSize({ width: 1440, height: 900 });

    // The releases: its version, stable.
    await page.goto(localized(`${BASE}/BackToolsReleasePage`, lang));
    await expect(page.getByTestId('back-release-page')).toContainText(text.releases);
    await searchTable(page.getByTestId('back-release-table'), name);
    await expect(page.getByTestId(`back-release-row-${versionId}`)).toContainText('2.0.1');
    await expect(page.getByTestId(`back-release-channel-${versionId}`)).toHaveText(text.stable);
    await shot(page, `pc-back-releases-${lang}`);
    await expectAccessible(page);

    // Made a platform main tool, after a confirmation.
    await page.goto(localized(`${BASE}/BackMainToolsPlatformPage`, lang));
    await expect(page.getByTestId('back-platform-page')).toContainText(text.platform);
    await searchTable(page.getByTestId('back-platform-table'), name);
    await expect(page.getByTestId(`back-platform-state-${softId}`)).toHaveAttribute('data-state', 'off');
    await page.getByTestId(`back-platform-set-${softId}`).click();
    await page.getByTestId('confirm-ok').click();
    await expectToast(page, text.setDone(name));
    await expect(page.getByTestId(`back-platform-state-${softId}`)).toHaveAttribute('data-state', 'on');
    await shot(page, `pc-back-platform-${lang}`);
    await expectAccessible(page);

    // Granted to the operator's property from the grants page (the tool preset by the link); the property sees it.
    await page.getByTestId(`back-platform-grants-${softId}`).click();
    await expect(page.getByTestId('back-grant-page')).toContainText(text.grants);
    await expect(page).toHaveURL(new RegExp(`softId=${softId}`));
    await page.getByTestId('back-grant-add').click();
    const dialog = page.getByTestId('back-grant-dialog');
    await expect(shown(dialog)).toBeVisible();
    await expect(dialog.getByTestId('back-grant-tool')).toContainText(name);
    await pickSearched(page, dialog.getByTestId('back-grant-property'), partner);
    await shot(page, `pc-back-grant-dialog-${lang}`);
    await dialog.getByTestId('form-dialog-ok').click();
    await expectToast(page, text.granted(name, partner));
    await expect(shown(dialog)).toBeHidden();
    const row = page.getByTestId(`back-grant-row-${softId}-${partnerPno}`);
    await expect(row).toContainText(name);
    await expect(page.getByTestId('back-grant-table')).toContainText(partner);
    const seen = await mainToolsOf(request, partnerPno);
    expect(seen.find((s) => s.softId === softId)?.granted, `${partner} sees the granted main tool`).toBe(1);
    await shot(page, `pc-back-grants-${lang}`);
    await expectAccessible(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page);
    await shot(page, `pc-back-grants-390-${lang}`);
    await page.setViewportSize({ width: 1440, height: 900 });

    // Revoked after a confirmation: the property no longer sees it.
    await page.getByTestId(`back-grant-revoke-${softId}-${partnerPno}`).click();
    await page.getByTestId('confirm-ok').click();
    await expectToast(page, text.revoked(name, partner));
    await expect(row).toHaveCount(0);
    expect((await mainToolsOf(request, partnerPno)).some((s) => s.softId === softId)).toBe(false);

    // No longer a platform main tool, after a confirmation.
    await page.goto(localized(`${BASE}/BackMainToolsPlatformPage`, lang));
    await searchTable(page.getByTestId('back-platform-table'), name);
    await page.getByTestId(`back-platform-unset-${softId}`).click();
    await page.getByTestId('confirm-ok').click();
    await expectToast(page, text.unsetDone(name));
    await expect(page.getByTestId(`back-platform-state-${softId}`)).toHaveAttribute('data-state', 'off');
  });
}
