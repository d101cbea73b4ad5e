import { DEMO_MEMBER, DEMO_OWNER, DEMO_PROPERTY } from '../support/env';
import { expect as baseExpect, expectToast, restoreSession, test } from '../support/fixtures';
import { expectAccessible, expectNoSidewaysScroll, shown } from '../support/page-checks';
import { type Lang, localized, shot } from '../support/pages';
import { apiCall, loginByApi, pickSearched } from '../support/tenancy';

/**
 * Grant pools and white lists of a security space on `/SecurityChain/GrantManagePage`, in each language: the owner
 * sets up a function's pool in `/SecurityChain/GrantPoolSettingDialog`, edits it, resets, disables and deletes it
 * (after confirmations); then adds the demo member and a device to the function's white list in
 * `/SecurityChain/AddWhiteListAuthDialog`, sees them on `/SecurityChain/GrantPoolWhiteListComponent`, and deletes
 * them. Nothing scrolls sideways at 390 px; screenshots at 1440 and 390 px go to `KEEL_SHOTS_DIR`.
 */
const expect = baseExpect.configure({ timeout: 30_000 });

test.describe.configure({ mode: 'serial' });

const PAGE = '/SecurityChain/GrantManagePage';
const COMPONENT = '/SecurityChain/GrantPoolWhiteListComponent';
const stamp = Date.now() % 1_000_000;
const phone = DEMO_MEMBER.phone;

const TEXT = {
  'zh-cn': {
    saved: (code: string) => `${code} 的授权池已保存`,
    reset: (code: string) => `${code} 的授权池已重置`,
    disabled: (code: string) => `${code} 的授权池已停用`,
    deleted: (code: string) => `${code} 的授权池已删除`,
    used: (quota: number) => `已用 0 / ${quota}`,
    perWeek: '每周 8 次',
    off: '已停用',
    added: '已加入白名单：1 项',
    removed: (name: string) => `已将 ${name} 移出白名单`,
    active: '生效中',
  },
  en: {
    saved: (code: string) => `Grant pool of ${code} saved`,
    reset: (code: string) => `Grant pool of ${code} reset`,
    disabled: (code: string) => `Grant pool of ${code} disabled`,
    deleted: (code: string) => `Grant pool of ${code} deleted`,
    used: (quota: number) => `0 of ${quota} used`,
    perWeek: '8 a week',
    off: 'Disabled',
    added: 'Added to the white list: 1',
    removed: (name: string) => `${name} taken off the white list`,
    active: 'Active',
  },
} as const;

for (const lang of ['zh-cn', 'en'] as const satisfies readonly Lang[]) {
  test(`the owner sets up, edits, resets, disables and deletes a grant pool (${lang})`, async ({
    page,
    request,
    ownerState,
  }) => {
    test.setTimeout(180_000);
    const text = TEXT[lang];
    const tag = `${lang === 'en' ? 'en' : 'zh'}${stamp}`;
    const code = `pool.e2e${tag}`;
    const owner = await loginByApi(request, DEMO_OWNER);
    const pno = owner.propertyList.find((p) => p.name === DEMO_PROPERTY)?.pno as string;
    const headers = { token: owner.token, pno };
    const { sid } = await apiCall(
      request,
      'POST',
      'space/addSpace',
      { name: `Pools ${tag}`, business: 'security', category: 'terminal', quota: 1_000_000 },
      headers,
    );
    await apiCall(
      request,
      'POST',
      'func/saveFunc',
      { sid, code, nameZh: `调试口 ${tag}`, nameEn: `Debug port ${tag}`, risk: 'high' },
      headers,
    );

    await restoreSession(page, ownerState);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${localized(PAGE, lang)}?sid=${sid}&tab=pools`);
    await expect(page.getByTestId('sc-pool-table')).toBeVisible();

    // Set up: the function, the default period (day), a quota of 5.
    await page.getByTestId('sc-pool-create').click();
    await expect(page).toHaveURL(/GrantPoolSettingDialog/);
    const dialog = page.getByTestId('sc-pool-dialog');
    await expect(shown(dialog)).toBeVisible();
    await pickSearched(page, dialog.getByTestId('sc-pool-func'), code);
    await dialog.getByRole('spinbutton').fill('5');
    await shot(page, `security-pools-dialog-${lang}`);
    await expectAccessible(page, '.ant-modal-wrap');
    await dialog.getByTestId('form-dialog-ok').click();
    await expectToast(page, text.saved(code));
    await expect(shown(dialog)).toBeHidden();
    await expect(page).toHaveURL(/GrantManagePage.*tab=pools/);
    await expect(page.getByTestId(`sc-pool-used-${code}`)).toContainText(text.used(5));

    // Edit: a quota of 8 a week.
    await page.getByTestId(`sc-pool-edit-${code}`).click();
    await expect(shown(dialog)).toBeVisible();
    await expect(dialog.getByRole('spinbutton')).toHaveValue('5');
    await dialog.getByRole('spinbutton').fill('8');
    await dialog.getByTestId('sc-pool-period-opt-week').click();
    await dialog.getByTestId('form-dialog-ok').click();
    await expectToast(page, text.saved(code));
    await expect(shown(dialog)).toBeHidden();
    await expect(page.getByTestId(`sc-pool-period-${code}`)).toHaveText(text.perWeek);
    await expect(page.getByTestId(`sc-pool-used-${code}`)).toContainText(text.used(8));

    // Reset and disable.
    await page.getByTestId(`sc-pool-reset-${code}`).click();
    await page.getByTestId('confirm-ok').filter({ visible: true }).click();
    await expectToast(page, text.reset(code));
    await page.getByTestId(`sc-pool-disable-${code}`).click();
    await expectToast(page, text.disabled(code));
    await expect(page.getByTestId(`sc-pool-state-${code}`)).toHaveText(text.off);
    await shot(page, `security-pools-${lang}`);
    await expectAccessible(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page);
    await shot(page, `security-pools-390-${lang}`);
    await page.setViewportSize({ width: 1440, height: 900 });

    // Delete after a confirmation.
    await page.getByTestId(`sc-pool-delete-${code}`).click();
    await page.getByTestId('confirm-ok').filter({ visible: true }).click();
    await expectToast(page, text.deleted(code));
    await expect(page.getByTestId(`sc-pool-${code}`)).toBeHidden();
  });

  test(`the owner white-lists a member and a device for a function, and deletes them (${lang})`, async ({
    page,
    request,
    ownerState,
  }) => {
    test.setTimeout(180_000);
    const text = TEXT[lang];
    const tag = `${lang === 'en' ? 'en' : 'zh'}${stamp}`;
    const code = `white.e2e${tag}`;
    const deviceId = `wl-${tag}`;
    const deviceName = `Kiosk ${tag}`;
    const owner = await loginByApi(request, DEMO_OWNER);
    const pno = owner.propertyList.find((p) => p.name === DEMO_PROPERTY)?.pno as string;
    const headers = { token: owner.token, pno };
    const { sid } = await apiCall(
      request,
      'POST',
      'space/addSpace',
      { name: `White ${tag}`, business: 'security', category: 'terminal', quota: 1_000_000 },
      headers,
    );
    const { funcId } = await apiCall(
      request,
      'POST',
      'func/saveFunc',
      { sid, code, nameZh: `root 终端 ${tag}`, nameEn: `Root shell ${tag}`, risk: 'critical' },
      headers,
    );
    await apiCall(request, 'POST', 'di/registerDevice', { deviceId, name: deviceName }, headers);

    await restoreSession(page, ownerState);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${localized(PAGE, lang)}?sid=${sid}&tab=whiteList`);
    await expect(page.getByTestId('sc-wl-table')).toBeVisible();

    // A member, picked by phone.
    await page.getByTestId('sc-wl-create').click();
    await expect(page).toHaveURL(/AddWhiteListAuthDialog/);
    const dialog = page.getByTestId('sc-wl-dialog');
    await expect(shown(dialog)).toBeVisible();
    await dialog.getByTestId('form-dialog-ok').click();
    await expect(dialog.locator('.ant-form-item-explain-error').first()).toBeVisible();
    await pickSearched(page, dialog.getByTestId('sc-wl-func'), code);
    await pickSearched(page, dialog.getByTestId('sc-wl-users'), phone);
    await dialog.getByTestId('sc-wl-remark').fill(`Support ${tag}`);
    await dialog.getByTestId('form-dialog-ok').click();
    await expectToast(page, text.added);
    await expect(shown(dialog)).toBeHidden();
    await expect(page.getByTestId(`sc-wl-state-${code}-${phone}`)).toHaveText(text.active);

    // A device, picked from the paged list.
    await page.getByTestId('sc-wl-create').click();
    await expect(shown(dialog)).toBeVisible();
    await pickSearched(page, dialog.getByTestId('sc-wl-func'), code);
    await dialog.getByTestId('sc-wl-type-device').click();
    await dialog.getByTestId('sc-wl-device-search').locator('input').fill(deviceId);
    await dialog.getByTestId(`sc-wl-device-pick-${deviceId}`).check();
    await expect(dialog.getByTestId('sc-wl-device-count')).toContainText('1');
    await shot(page, `security-white-dialog-${lang}`);
    await expectAccessible(page, '.ant-modal-wrap');
    await dialog.getByTestId('form-dialog-ok').click();
    await expectToast(page, text.added);
    await expect(shown(dialog)).toBeHidden();
    await expect(page.getByTestId(`sc-wl-${code}-${deviceId}`)).toBeVisible();
    await shot(page, `security-white-${lang}`);
    await expectAccessible(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page);
    await shot(page, `security-white-390-${lang}`);

    // The function's white list on its own.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${localized(COMPONENT, lang)}?sid=${sid}&funcId=${funcId}`);
    await expect(page.getByTestId(`sc-wl-${code}-${phone}`)).toBeVisible();
    await expect(page.getByTestId(`sc-wl-${code}-${deviceId}`)).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page);
    await shot(page, `security-white-func-390-${lang}`);
    await page.setViewportSize({ width: 1440, height: 900 });

    // Deleted after a confirmation.
    await page.getByTestId(`sc-wl-delete-${code}-${deviceId}`).click();
    await page.getByTestId('confirm-ok').filter({ visible: true }).click();
    await expectToast(page, text.removed(deviceName));
    await expect(page.getByTestId(`sc-wl-${code}-${deviceId}`)).toBeHidden();
    await page.getByTestId(`sc-wl-delete-${code}-${phone}`).click();
    await page.getByTestId('confirm-ok').filter({ visible: true }).click();
    await expectToast(page, text.removed(DEMO_MEMBER.name));
    await expect(page.getByTestId(`sc-wl-${code}-${phone}`)).toBeHidden();
  });
}
