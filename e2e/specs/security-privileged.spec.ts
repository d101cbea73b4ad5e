import { DEMO_MEMBER, DEMO_OWNER, DEMO_PROPERTY } from '../support/env';
import { expect as baseExpect, expectToast, restoreSession, test } from '../support/fixtures';
import { expectAccessible, expectNoSidewaysScroll, shown } from '../support/page-checks';
import { type Lang, localized, shot } from '../support/pages';
import { apiCall, loginByApi, pickSearched } from '../support/tenancy';

/**
 * Privileged users of a security space on `/SecurityChain/GrantManagePage`, in each language: the owner adds the
 * demo member (picked by phone) as a privileged user, disables and enables them, and deletes them after a
 * confirmation. Nothing scrolls sideways at 390 px; screenshots at 1440 and 390 px go to `KEEL_SHOTS_DIR`.
 */
const expect = baseExpect.configure({ timeout: 30_000 });

test.describe.configure({ mode: 'serial' });

const PAGE = '/SecurityChain/GrantManagePage';
const stamp = Date.now() % 1_000_000;
const phone = DEMO_MEMBER.phone;

const TEXT = {
  'zh-cn': {
    added: '已添加 1 名特权用户',
    disabled: `已停用 ${DEMO_MEMBER.name}`,
    enabled: `已启用 ${DEMO_MEMBER.name}`,
    deleted: `${DEMO_MEMBER.name} 已不再是特权用户`,
    active: '生效中',
    off: '已停用',
  },
  en: {
    added: 'Privileged users added: 1',
    disabled: `${DEMO_MEMBER.name} disabled`,
    enabled: `${DEMO_MEMBER.name} enabled`,
    deleted: `${DEMO_MEMBER.name} is no longer a privileged user`,
    active: 'Active',
    off: 'Disabled',
  },
} as const;

for (const lang of ['zh-cn', 'en'] as const satisfies readonly Lang[]) {
  test(`the owner makes a member a privileged user, disables, enables and deletes them (${lang})`, async ({
    page,
    request,
    ownerState,
  }) => {
    test.setTimeout(180_000);
    const text = TEXT[lang];
    const tag = `${lang === 'en' ? 'en' : 'zh'}${stamp}`;
    const owner = await loginByApi(request, DEMO_OWNER);
    const pno = owner.propertyList.find((p) => p.name === DEMO_PROPERTY)?.pno as string;
    const { sid } = await apiCall(
      request,
      'POST',
      'space/addSpace',
      { name: `Granted ${tag}`, business: 'security', category: 'terminal', quota: 1_000_000 },
      { token: owner.token, pno },
    );

    await restoreSession(page, ownerState);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${localized(PAGE, lang)}?sid=${sid}`);
    await expect(page.getByTestId('sc-grant-page')).toBeVisible();
    await expect(page.getByTestId('sc-space-select')).toContainText(`Granted ${tag}`);
    await page.getByTestId('sc-priv-create').click();
    const dialog = page.getByTestId('sc-priv-dialog');
    await expect(shown(dialog)).toBeVisible();
    await dialog.getByTestId('form-dialog-ok').click();
    await expect(dialog.locator('.ant-form-item-explain-error').first()).toBeVisible();
    await pickSearched(page, dialog.getByTestId('sc-priv-users'), phone);
    await dialog.getByTestId('sc-priv-remark').fill(`On call ${tag}`);
    await shot(page, `security-privileged-dialog-${lang}`);
    await expectAccessible(page, '.ant-modal-wrap');
    await dialog.getByTestId('form-dialog-ok').click();
    await expectToast(page, text.added);
    await expect(shown(dialog)).toBeHidden();
    await expect(page.getByTestId(`sc-priv-${phone}`)).toBeVisible();
    await expect(page.getByTestId(`sc-priv-state-${phone}`)).toHaveText(text.active);

    await page.getByTestId(`sc-priv-disable-${phone}`).click();
    await expectToast(page, text.disabled);
    await expect(page.getByTestId(`sc-priv-state-${phone}`)).toHaveText(text.off);
    await shot(page, `security-privileged-${lang}`);
    await expectAccessible(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page);
    await shot(page, `security-privileged-390-${lang}`);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByTestId(`sc-priv-enable-${phone}`).click();
    await expectToast(page, text.enabled);
    await expect(page.getByTestId(`sc-priv-state-${phone}`)).toHaveText(text.active);

    await page.getByTestId(`sc-priv-delete-${phone}`).click();
    await page.getByTestId('confirm-ok').click();
    await expectToast(page, text.deleted);
    await expect(page.getByTestId(`sc-priv-${phone}`)).toBeHidden();
  });
}
