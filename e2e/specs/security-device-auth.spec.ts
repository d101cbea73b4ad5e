import type { Locator } from '@playwright/test';
import { DEMO_OWNER, DEMO_PROPERTY } from '../support/env';
import { expect as baseExpect, expectToast, restoreSession, test } from '../support/fixtures';
import { expectAccessible, expectNoSidewaysScroll, shown } from '../support/page-checks';
import { type Lang, localized, shot } from '../support/pages';
import { apiCall, loginByApi, pickSearched, treeSelectNode } from '../support/tenancy';

/**
 * Device-function authorisations on `/SecurityChain/DevSettingPage`, in each language: the owner authorises a device
 * (picked in the paged device picker) and a device group (picked from a device space's tree) for a function
 * (`/SecurityChain/AddNewTerminalAuthDialog`), edits the device's window (`EditTerminalAuthDialog`), disables and
 * enables it, sees the function on the device's detail page (directly and through its group), and deletes the
 * device's authorisation after a confirmation. Nothing scrolls sideways at 390 px; screenshots at 1440 and 390 px go
 * to `KEEL_SHOTS_DIR`.
 */
const expect = baseExpect.configure({ timeout: 30_000 });

test.describe.configure({ mode: 'serial' });

const PAGE = '/SecurityChain/DevSettingPage';
const stamp = Date.now() % 1_000_000;

const TEXT = {
  'zh-cn': {
    added: '已添加 1 项授权',
    saved: (target: string, func: string) => `已保存 ${target} 的功能 ${func} 授权`,
    disabled: (target: string, func: string) => `已停用 ${target} 的功能 ${func} 授权`,
    enabled: (target: string, func: string) => `已启用 ${target} 的功能 ${func} 授权`,
    deleted: (target: string, func: string) => `已删除 ${target} 的功能 ${func} 授权`,
    active: '生效中',
    pending: '未生效',
    off: '已停用',
  },
  en: {
    added: 'Authorisations added: 1',
    saved: (target: string, func: string) => `The authorisation of ${target} for ${func} saved`,
    disabled: (target: string, func: string) => `The authorisation of ${target} for ${func} disabled`,
    enabled: (target: string, func: string) => `The authorisation of ${target} for ${func} enabled`,
    deleted: (target: string, func: string) => `The authorisation of ${target} for ${func} deleted`,
    active: 'Active',
    pending: 'Not yet valid',
    off: 'Disabled',
  },
} as const;

/** The text area a test id names (on the element itself, or on the wrapper antd draws around it with a counter). */
const textField = (root: Locator, testId: string) =>
  root.locator(`textarea[data-testid="${testId}"], [data-testid="${testId}"] textarea`);

/** A date `days` from today as the date pickers take it. */
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

for (const lang of ['zh-cn', 'en'] as const satisfies readonly Lang[]) {
  const text = TEXT[lang];
  const tag = `${lang === 'en' ? 'en' : 'zh'}${stamp}`;
  const code = `da.${tag}`;

  test(`the owner authorises a device and a group, edits, disables, sees the device's functions and deletes (${lang})`, async ({
    page,
    request,
    ownerState,
  }) => {
    test.setTimeout(240_000);
    const owner = await loginByApi(request, DEMO_OWNER);
    const pno = owner.propertyList.find((p) => p.name === DEMO_PROPERTY)?.pno as string;
    const as = { token: owner.token, pno };
    const { sid } = await apiCall(
      request,
      'POST',
      'space/addSpace',
      { name: `Devices auth ${tag}`, business: 'security', category: 'terminal', quota: 1_000_000 },
      as,
    );
    await apiCall(
      request,
      'POST',
      'func/saveFunc',
      { sid, code, nameZh: `调试口 ${tag}`, nameEn: `Debug port ${tag}`, risk: 'high' },
      as,
    );
    const terminals = `Floor ${tag}`;
    const { sid: terminalSid } = await apiCall(
      request,
      'POST',
      'space/addSpace',
      { name: terminals, business: 'terminal', category: 'terminal', quota: 1_000_000 },
      as,
    );
    const groupName = `Hall ${tag}`;
    const { groupId } = await apiCall(
      request,
      'POST',
      'sg/addOrUpdateGroup',
      { sid: terminalSid, name: groupName },
      as,
    );
    const deviceId = `E2EDA${tag.toUpperCase()}`;
    const deviceName = `Panel ${tag}`;
    await apiCall(request, 'POST', 'di/registerDevice', { deviceId, name: deviceName, sid: terminalSid, groupId }, as);

    await restoreSession(page, ownerState);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${localized(PAGE, lang)}?sid=${sid}`);
    await expect(page.getByTestId('sc-da-page')).toBeVisible();
    await expect(page.getByTestId('sc-space-select')).toContainText(`Devices auth ${tag}`);
    await expect(page.getByTestId('sc-da-table')).toBeVisible();

    // A device, picked in the paged device picker.
    await page.getByTestId('sc-da-create').click();
    await expect(page).toHaveURL(/\/SecurityChain\/AddNewTerminalAuthDialog\?/);
    const dialog = page.getByTestId('sc-da-add-dialog');
    await expect(shown(dialog)).toBeVisible();
    await dialog.getByTestId('form-dialog-ok').click();
    await expect(dialog.locator('.ant-form-item-explain-error').first()).toBeVisible();
    await pickSearched(page, dialog.getByTestId('sc-da-func'), code);
    await dialog.getByTestId('sc-da-device-search').locator('input').fill(deviceName);
    await dialog.getByTestId(`sc-da-device-pick-${deviceId}`).check();
    await textField(dialog, 'sc-da-remark').fill(`Repair ${tag}`);
    await shot(page, `security-device-auth-dialog-${lang}`);
    await expectAccessible(page, '.ant-modal-wrap');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page);
    await shot(page, `security-device-auth-dialog-390-${lang}`);
    await page.setViewportSize({ width: 1440, height: 900 });
    await dialog.getByTestId('form-dialog-ok').click();
    await expectToast(page, text.added);
    await expect(shown(dialog)).toBeHidden();
    await expect(page).toHaveURL(/\/SecurityChain\/DevSettingPage\?/);
    await expect(page.getByTestId(`sc-da-target-${deviceId}`)).toContainText(deviceName);
    await expect(page.getByTestId(`sc-da-state-${deviceId}`)).toHaveText(text.active);

    // A group, picked from a device space's tree.
    await page.getByTestId('sc-da-create').click();
    await expect(shown(dialog)).toBeVisible();
    await pickSearched(page, dialog.getByTestId('sc-da-func'), code);
    await dialog
      .getByTestId('sc-da-target-type')
      .getByText(lang === 'en' ? 'Group' : '分组')
      .click();
    await pickSearched(page, dialog.getByTestId('sc-da-group-space'), terminals);
    await dialog.getByTestId('sc-da-group-tree').click();
    await treeSelectNode(page, groupName).click();
    await page.keyboard.press('Escape');
    await shot(page, `security-device-auth-group-dialog-${lang}`);
    await dialog.getByTestId('form-dialog-ok').click();
    await expectToast(page, text.added);
    await expect(shown(dialog)).toBeHidden();
    await expect(page.getByTestId(`sc-da-target-${groupId}`)).toContainText(groupName);

    // Edit the device's window: from tomorrow on, it is not yet valid.
    await page.getByTestId(`sc-da-edit-${deviceId}`).click();
    await expect(page).toHaveURL(/\/SecurityChain\/EditTerminalAuthDialog\?/);
    const edit = page.getByTestId('sc-da-edit-dialog');
    await expect(shown(edit)).toBeVisible();
    await expect(textField(edit, 'sc-da-edit-remark')).toHaveValue(`Repair ${tag}`);
    await edit.getByTestId('sc-da-edit-start').click();
    await edit.getByTestId('sc-da-edit-start').fill(dayFromNow(1));
    await edit.getByTestId('sc-da-edit-start').press('Enter');
    await textField(edit, 'sc-da-edit-remark').fill(`Tomorrow ${tag}`);
    await shot(page, `security-device-auth-edit-${lang}`);
    await edit.getByTestId('form-dialog-ok').click();
    await expectToast(page, text.saved(deviceName, code));
    await expect(shown(edit)).toBeHidden();
    await expect(page.getByTestId(`sc-da-state-${deviceId}`)).toHaveText(text.pending);

    await page.getByTestId(`sc-da-disable-${deviceId}`).click();
    await expectToast(page, text.disabled(deviceName, code));
    await expect(page.getByTestId(`sc-da-state-${deviceId}`)).toHaveText(text.off);
    await shot(page, `security-device-auth-${lang}`);
    await expectAccessible(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page);
    await shot(page, `security-device-auth-390-${lang}`);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByTestId(`sc-da-enable-${deviceId}`).click();
    await expectToast(page, text.enabled(deviceName, code));
    await expect(page.getByTestId(`sc-da-state-${deviceId}`)).toHaveText(text.pending);

    // The device's detail page: the function directly and through its group.
    await page.getByTestId(`sc-da-device-link-${deviceId}`).click();
    await expect(page).toHaveURL(/\/SecurityChain\/DevSettingDetailPage\?/);
    await expect(page.getByTestId('sc-dd-head')).toContainText(deviceName);
    await expect(page.getByTestId('sc-dd-head')).toContainText(`${terminals} / ${groupName}`);
    await expect(page.getByTestId(`sc-dd-state-${code}-device`)).toHaveText(text.pending);
    await expect(page.getByTestId(`sc-dd-state-${code}-group`)).toHaveText(text.active);
    await expect(page.getByTestId(`sc-dd-func-${code}-group`)).toContainText(groupName);
    await shot(page, `security-device-detail-${lang}`);
    await expectAccessible(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page);
    await shot(page, `security-device-detail-390-${lang}`);
    await page.setViewportSize({ width: 1440, height: 900 });

    // Back to the list, and delete the device's authorisation.
    await page.getByTestId('sc-dd-back').click();
    await expect(page.getByTestId('sc-da-table')).toBeVisible();
    await page.getByTestId(`sc-da-delete-${deviceId}`).click();
    await page.getByTestId('confirm-ok').click();
    await expectToast(page, text.deleted(deviceName, code));
    await expect(page.getByTestId(`sc-da-target-${deviceId}`)).toBeHidden();
    await expect(page.getByTestId(`sc-da-target-${groupId}`)).toBeVisible();
  });
}
