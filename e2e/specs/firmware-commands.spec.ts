import { runFleet } from '@keel/device-sim/fleet';
import type { Page } from '@playwright/test';
import { DEMO_OWNER, DEMO_PROPERTY } from '../support/env';
import { expect as baseExpect, expectToast, test } from '../support/fixtures';
import { localized, shot, signIn } from '../support/pages';
import { apiCall, loginByApi, selectOption } from '../support/tenancy';

/**
 * Commands on FotaDirectivePage, in each language: the demo owner sends a reboot to a device registered for the
 * test; the simulated device (apps/device-sim, with the credential it was issued) follows the poll's keelCommands
 * link and answers; the page shows the command finished and the device's result. Then a factory reset, which the
 * page asks to confirm, is sent and cancelled before the device polls. The page fits 390 px.
 */
const expect = baseExpect.configure({ timeout: 30_000 });
const suffix = String(Date.now() % 1_000_000);

test.describe.configure({ mode: 'serial', timeout: 240_000 });

const TEXT = {
  'zh-cn': {
    sent: '已向 1 台终端下发指令',
    finished: '已完成',
    succeeded: '成功',
    cancelledToast: '指令已撤销',
    cancelled: '已撤销',
    reset: '恢复出厂设置',
    resetTitle: '确定将 1 台终端恢复出厂设置？',
  },
  en: {
    sent: 'Command sent to 1 terminals',
    finished: 'Finished',
    succeeded: 'Succeeded',
    cancelledToast: 'Command cancelled',
    cancelled: 'Cancelled',
    reset: 'Factory reset',
    resetTitle: 'Factory-reset 1 terminals?',
  },
} as const;

/** Sends a command of `type` (its option text) to one device through the page's dialog. */
async function sendTo(page: Page, deviceId: string, typeText?: string) {
  await page.getByTestId('cmd-send').click();
  const dialog = page.getByTestId('cmd-send-dialog');
  await expect(dialog).toBeVisible();
  if (typeText) {
    await dialog.getByTestId('cmd-type').click();
    await selectOption(page, typeText).click();
  }
  const devices = dialog.getByTestId('cmd-devices').locator('input');
  await devices.fill(deviceId);
  await devices.press('Enter');
  await expect(dialog.getByTestId('cmd-devices')).toContainText(deviceId);
  // Leaving the field closes its list of suggestions (which would cover the dialog's buttons).
  await page.locator('.ant-modal-title').first().click();
  await expect(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toHaveCount(0);
  await page.getByTestId('cmd-send-ok').click();
}

for (const lang of ['zh-cn', 'en'] as const) {
  test(`sends a command the simulated device answers, and cancels a confirmed factory reset (${lang})`, async ({
    page,
    request,
    baseURL,
  }) => {
    const owner = await loginByApi(request, DEMO_OWNER);
    const pno = owner.propertyList.find((p) => p.name === DEMO_PROPERTY)?.pno as string;
    const headers = { token: owner.token, pno };
    const deviceId = `e2e-cmd-${lang}-${suffix}`;
    const { credential } = await apiCall(request, 'POST', 'di/registerDevice', { deviceId }, headers);

    await signIn(page, DEMO_OWNER, lang);
    await page.goto(localized('/fota/FotaDirectivePage', lang));
    await expect(page.getByTestId('fota-directive-page')).toBeVisible();

    await sendTo(page, deviceId);
    await expectToast(page, TEXT[lang].sent);
    await expect(page.getByTestId('cmd-send-dialog')).toBeHidden();
    const [reboot] = (await apiCall(request, 'GET', 'cmd/getPnoCmdList', { deviceId }, headers)).list;
    await expect(page.getByTestId(`cmd-state-${reboot.cmdId}`)).toHaveAttribute('data-state', 'active');

    // The device polls, follows the keelCommands link and answers the reboot.
    const stop = new AbortController();
    const summary = await runFleet({
      url: baseURL as string,
      property: pno,
      devices: [{ deviceId, credential }],
      maxSleepSeconds: 0.5,
      durationSeconds: 60,
      signal: stop.signal,
      tickMs: 100,
      onTick: (s) => {
        if (s.commands >= 1) stop.abort();
      },
    });
    expect(summary).toMatchObject({ commands: 1, commandFailures: 0 });

    // The page refreshes while a command waits: it shows the command finished, and the device's answer.
    const state = page.getByTestId(`cmd-state-${reboot.cmdId}`);
    await expect(state).toHaveAttribute('data-state', 'finished');
    await expect(state).toHaveText(TEXT[lang].finished);
    await page.getByTestId(`cmd-results-${reboot.cmdId}`).click();
    const result = page.getByTestId(`cmd-result-${deviceId}`);
    await expect(result).toHaveAttribute('data-state', 'succeeded');
    await expect(result).toHaveText(TEXT[lang].succeeded);
    await expect(page.getByTestId('cmd-results').getByText('rebooted')).toBeVisible();
    await shot(page, `fota-directive-results-${lang}`);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('cmd-results')).toBeHidden();

    // A factory reset is confirmed before it is sent, then cancelled while the device has not polled.
    await sendTo(page, deviceId, TEXT[lang].reset);
    await expect(page.getByText(TEXT[lang].resetTitle)).toBeVisible();
    await page.getByTestId('cmd-reset-confirm').click();
    await expectToast(page, TEXT[lang].sent);
    const reset = (await apiCall(request, 'GET', 'cmd/getPnoCmdList', { deviceId, type: 'factoryReset' }, headers))
      .list[0];
    await page.getByTestId(`cmd-cancel-${reset.cmdId}`).click();
    await page.getByTestId('confirm-ok').click();
    await expectToast(page, TEXT[lang].cancelledToast);
    await expect(page.getByTestId(`cmd-state-${reset.cmdId}`)).toHaveText(TEXT[lang].cancelled);

    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, `fota-directive-${lang}-390`);
  });
}
