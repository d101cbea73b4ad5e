import { DEMO_OWNER, DEMO_PROPERTY } from '../support/env';
import { expect as baseExpect, expectToast, restoreSession, test } from '../support/fixtures';
import { expectAccessible, expectNoSidewaysScroll } from '../support/page-checks';
import { type Lang, localized, shot } from '../support/pages';
import { apiCall, loginByApi } from '../support/tenancy';

/**
 * The token settings on `/ToolsManage/SecurityListPage`, in each language: both certificates (fingerprint, PEM,
 * download), the owner switches the algorithm and the lifetime and sees them kept after a reload, with the new
 * algorithm's certificate marked current; how a device verifies. Nothing scrolls sideways at 390 px; screenshots at
 * 1440 and 390 px go to `KEEL_SHOTS_DIR`.
 */
const expect = baseExpect.configure({ timeout: 30_000 });

test.describe.configure({ mode: 'serial' });

const PAGE = '/ToolsManage/SecurityListPage';

const TEXT = {
  'zh-cn': { saved: '令牌设置已保存', current: '当前', how: '设备如何校验令牌' },
  en: { saved: 'The token settings were saved', current: 'Current', how: 'How a device verifies a token' },
} as const;

for (const lang of ['zh-cn', 'en'] as const satisfies readonly Lang[]) {
  test(`the owner chooses the algorithm and lifetime and sees both certificates (${lang})`, async ({
    page,
    request,
    ownerState,
  }) => {
    test.setTimeout(120_000);
    const text = TEXT[lang];
    const owner = await loginByApi(request, DEMO_OWNER);
    const pno = owner.propertyList.find((p) => p.name === DEMO_PROPERTY)?.pno as string;
    const as = { token: owner.token, pno };
    await apiCall(request, 'POST', 'security/saveSecuritySetting', { algorithm: 'ES256', tokenTtlSeconds: 300 }, as);

    await restoreSession(page, ownerState);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(localized(PAGE, lang));
    await expect(page.getByTestId('sc-settings-page')).toBeVisible();
    for (const alg of ['ES256', 'SM2SM3']) {
      await expect(page.getByTestId(`sc-cert-${alg}`)).toBeVisible();
      await expect(page.getByTestId(`sc-cert-fingerprint-${alg}`)).toContainText(/^([0-9A-F]{2}:){31}[0-9A-F]{2}/);
      await expect(page.getByTestId(`sc-cert-pem-${alg}`)).toContainText('-----BEGIN CERTIFICATE-----');
    }
    await expect(page.getByTestId('sc-cert-ES256')).toContainText(text.current);
    await expect(page.getByText(text.how)).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByTestId('sc-cert-download-SM2SM3').click();
    expect((await download).suggestedFilename()).toBe('keel-security-sm2sm3.pem');

    const form = page.getByTestId('sc-settings-form');
    await form.getByText('SM2SM3', { exact: true }).click();
    const ttl = form.locator('input.ant-input-number-input');
    await ttl.fill('10');
    await page.getByTestId('sc-settings-save').click();
    await expect(form.locator('.ant-form-item-explain-error').first()).toBeVisible();
    await ttl.fill('600');
    await page.getByTestId('sc-settings-save').click();
    await expectToast(page, text.saved);
    await page.reload();
    await expect(page.getByTestId('sc-cert-SM2SM3')).toContainText(text.current);
    await expect(page.getByTestId('sc-settings-form').locator('input.ant-input-number-input')).toHaveValue('600');
    await shot(page, `security-settings-${lang}`);
    await expectAccessible(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page);
    await shot(page, `security-settings-390-${lang}`);
    await apiCall(request, 'POST', 'security/saveSecuritySetting', { algorithm: 'ES256', tokenTtlSeconds: 300 }, as);
  });
}
