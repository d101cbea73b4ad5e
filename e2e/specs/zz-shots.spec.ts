import { DEMO_OWNER } from '../support/env';
import { expect, test } from '../support/fixtures';
import { signIn } from '../support/pages';

const dir = '/tmp/shots';
test('screenshots', async ({ page }) => {
  test.setTimeout(600_000);
  await signIn(page, DEMO_OWNER);
  for (const [w, h] of [[1440, 900], [390, 844]]) {
    await page.setViewportSize({ width: w, height: h });
    await page.goto('/Tis/datamgr/DataMgrNewPlatDialog');
    await expect(page.getByTestId('platform-name')).toBeVisible();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `${dir}/zh-newplat-${w}.png` });
    await page.goto('/en/Tis/datamgr/DataMgrMainPage?tab=models');
    await expect(page.getByTestId('model-table')).toBeVisible();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `${dir}/en-datamgr-${w}.png`, fullPage: true });
    await page.goto('/en/Tis/Terminal/TerminalListPage');
    await page.getByTestId('register-device').click();
    await page.getByTestId('device-sid').click();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `${dir}/en-register-${w}.png` });
  }
});
