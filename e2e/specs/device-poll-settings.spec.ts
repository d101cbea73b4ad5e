import type { Page } from '@playwright/test';
import { OPERATOR } from '../support/env';
import { expect as baseExpect, expectToast, test, userPages } from '../support/fixtures';
import { expectNoSidewaysScroll, shown } from '../support/page-checks';
import { type Lang, localized, shot, switchProperty } from '../support/pages';
import { apiCall, loginByApi } from '../support/tenancy';

/**
 * Device polling intervals: in a property of their own, the operator (as its owner) opens the terminal list's polling
 * dialog, sees the platform's range, is refused a value outside it, sets the usual and the rollout interval and reads
 * them back; a device registered there is told the new interval on its next hawkBit DDI poll. In the back office the
 * operator narrows the range, which brings the property's interval within it, and widens it again. Both languages;
 * nothing scrolls sideways at 390 px; screenshots at 1440 and 390 px go to `KEEL_SHOTS_DIR`.
 */
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ mode: 'serial' });
const users = userPages();
const stamp = Date.now() % 1_000_000;

const TEXT = {
  'zh-cn': {
    range: (min: string, max: string) => `${min} 至 ${max}`,
    outside: (min: string, max: string) => `须在 ${min} 至 ${max} 之间`,
    saved: '轮询间隔已保存',
    boundsSaved: '轮询间隔范围已保存',
  },
  en: {
    range: (min: string, max: string) => `${min} to ${max}`,
    outside: (min: string, max: string) => `Must be between ${min} and ${max}`,
    saved: 'Polling interval saved',
    boundsSaved: 'Polling interval range saved',
  },
} as const;

/** The open dialog at 390 px (no sideways scroll), shot, then back at 1440 px. */
async function narrowShot(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await shot(page, `${name}-390`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

for (const lang of ['zh-cn', 'en'] as const satisfies readonly Lang[]) {
  const text = TEXT[lang];
  const tag = `${lang === 'en' ? 'en' : 'zh'}${stamp}`;
  const propertyName = `${lang === 'en' ? 'Poll estate' : '轮询物业'} ${tag}`;
  const deviceId = `e2e-poll-${tag}`;

  test(`a property sets its polling intervals within the operator's range, and devices are told (${lang})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const operator = await loginByApi(request, OPERATOR);
    const { pno } = await apiCall(
      request,
      'POST',
      'pro/addProperty',
      { name: propertyName, ownerPhoneNum: OPERATOR.phone, businessList: ['terminal'] },
      { token: operator.token },
    );
    const { credential } = await apiCall(
      request,
      'POST',
      'di/registerDevice',
      { deviceId, name: 'Gate' },
      { token: operator.token, pno },
    );
    const sleep = async () => {
      const res = await request.get(`/${pno}/controller/v1/${deviceId}`, {
        headers: { authorization: `TargetToken ${credential}` },
      });
      baseExpect(res.status()).toBe(200);
      return (await res.json()).config.polling.sleep as string;
    };
    baseExpect(await sleep()).toMatch(/^\d\d:\d\d:\d\d$/);

    const page = await users.signedIn(browser, OPERATOR, lang);
    await page.setViewportSize({ width: 1440, height: 900 });
    await switchProperty(page, propertyName);
    await page.goto(localized('/Tis/Terminal/TerminalListPage', lang));
    await expect(page.getByTestId('terminal-list-page')).toBeVisible();

    // The dialog shows the platform's range; a value outside it is refused before it is sent.
    await page.getByTestId('open-poll-settings').click();
    const dialog = shown(page.getByTestId('poll-settings-dialog'));
    await expect(dialog.getByTestId('poll-bounds-text')).toHaveText(text.range('00:00:10', '24:00:00'));
    await dialog.getByTestId('poll-seconds').fill('5');
    await dialog.getByTestId('form-dialog-ok').click();
    await expect(dialog.getByText(text.outside('00:00:10', '24:00:00'))).toBeVisible();
    await dialog.getByTestId('poll-seconds').fill('00:10:00');
    await dialog.getByTestId('poll-rollout-seconds').fill('30');
    await shot(page, `device-poll-settings-${lang}`);
    await narrowShot(page, `device-poll-settings-${lang}`);
    await dialog.getByTestId('form-dialog-ok').click();
    await expectToast(page, text.saved);
    await expect(dialog).toBeHidden();

    // Read back, and told to the device at its next poll.
    await page.getByTestId('open-poll-settings').click();
    await expect(dialog.getByTestId('poll-seconds')).toHaveValue('00:10:00');
    await expect(dialog.getByTestId('poll-rollout-seconds')).toHaveValue('00:00:30');
    await expect(dialog.getByTestId('poll-effective')).toContainText('00:10:00');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    baseExpect(await sleep()).toBe('00:10:00');

    // The operator's range, in the back office: narrowed, the property's interval is brought within it.
    await page.goto(localized('/Tis/Terminal/BackTerminalListPage', lang));
    await expect(page.getByTestId('back-terminal-list-page')).toBeVisible();
    await page.getByTestId('open-poll-settings').click();
    const bounds = shown(page.getByTestId('poll-bounds-dialog'));
    await expect(bounds.getByTestId('poll-bounds-min')).toHaveValue('00:00:10');
    await expect(bounds.getByTestId('poll-bounds-max')).toHaveValue('24:00:00');
    await bounds.getByTestId('poll-bounds-max').fill('00:05:00');
    await shot(page, `device-poll-bounds-${lang}`);
    await narrowShot(page, `device-poll-bounds-${lang}`);
    await bounds.getByTestId('form-dialog-ok').click();
    await expectToast(page, text.boundsSaved);
    await expect(bounds).toBeHidden();
    try {
      baseExpect(await sleep()).toBe('00:05:00');
    } finally {
      // Widened again (the range is the whole platform's).
      await page.getByTestId('open-poll-settings').click();
      await expect(bounds.getByTestId('poll-bounds-max')).toHaveValue('00:05:00');
      await bounds.getByTestId('poll-bounds-max').fill('24:00:00');
      await bounds.getByTestId('form-dialog-ok').click();
      await expectToast(page, text.boundsSaved);
    }
    baseExpect(await sleep()).toBe('00:10:00');
    await page.context().close();
  });
}
