import { runFleet } from '@keel/device-sim/fleet';
import { realTools, recordRealToolRun } from '../../apps/server/src/test/real-tools';
import { shelvedAppByApi } from '../support/app-store';
import { DEMO_MEMBER, DEMO_OWNER, DEMO_PROPERTY } from '../support/env';
import { expect as baseExpect, expectToast, restoreSession, test } from '../support/fixtures';
import { expectAccessible, expectNoSidewaysScroll, shown } from '../support/page-checks';
import { localized, searchTable, shot } from '../support/pages';
import { apiCall, loginByApi } from '../support/tenancy';

/**
 * Apps reaching devices: an app on the shelf (set up through the API: the demo member develops it, the owner passes
 * its reviews) is installed by a simulated device (apps/device-sim, taking every app its store lists), whose detail
 * page then shows it installed and up to date; the owner pushes the version to that device as a forced update from
 * the app's versions, the device installs it at its next poll, and the app's pushes show it answered. In Chinese,
 * then the same pages in English; at 1440 and 390 px.
 */
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ mode: 'serial' });

const TOOLS = ['aapt', 'apksigner', 'openssl'];
const stamp = Date.now() % 1_000_000;
const PKG = `com.keel.e2e.devices${stamp}`;
const DEVICE = `e2e-apps-${stamp}`;
const NAME = { zh: '外业工具箱', en: 'Field toolbox' };

test('a simulated device installs an app from the store and answers a push', async ({
  page,
  request,
  baseURL,
  ownerState,
}) => {
  test.skip(!realTools(...TOOLS), `${TOOLS.join(', ')} are not installed`);
  recordRealToolRun('e2e: app store on devices', TOOLS);
  test.setTimeout(300_000);
  const owner = await loginByApi(request, DEMO_OWNER);
  const member = await loginByApi(request, DEMO_MEMBER);
  const pno = owner.propertyList.find((p) => p.name === DEMO_PROPERTY)?.pno as string;
  const ownerHeaders = { token: owner.token, pno };
  const { appVersionId } = await shelvedAppByApi(request, { token: member.token, pno }, ownerHeaders, {
    packageName: PKG,
    nameEn: NAME.en,
    nameZh: NAME.zh,
    versionCode: 1,
  });
  const { credential } = await apiCall(
    request,
    'POST',
    'di/registerDevice',
    { deviceId: DEVICE, name: '平板终端' },
    ownerHeaders,
  );
  const device = { deviceId: DEVICE, credential: credential as string };
  const simulate = async (
    install: 'all' | 'forced',
    done: (s: { appInstalls: number; appReports: number; commands: number }) => boolean,
  ) => {
    const stop = new AbortController();
    return runFleet({
      url: baseURL as string,
      property: pno,
      devices: [device],
      maxSleepSeconds: 0.5,
      durationSeconds: 90,
      signal: stop.signal,
      apps: { install },
      tickMs: 100,
      onTick: (s) => {
        if (done(s)) stop.abort();
      },
    });
  };

  // The device takes every app its store lists: it installs this one and reports it (the server took the report).
  const first = await simulate('all', (s) => s.appInstalls >= 1 && s.appReports >= 1);
  expect(first).toMatchObject({ appInstallFailures: 0, errors: 0 });
  await restoreSession(page, ownerState);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/Tis/Terminal/TerminalDetail?deviceId=${DEVICE}`);
  const apps = page.getByTestId('device-apps');
  await expect(apps.getByText(NAME.zh)).toBeVisible();
  await expect(apps).toContainText(PKG);
  await expect(apps).toContainText('1.0.1 (1)');
  await expect(apps).toContainText('已是最新');
  await apps.scrollIntoViewIfNeeded();
  await shot(page, 'app-devices-installed-zh');

  // The owner pushes the version to the device as a forced update, from the app's versions.
  await page.goto('/AppService/appstore/AppInfoPage');
  await searchTable(page.getByTestId('app-table'), PKG);
  await page.getByTestId(`app-versions-${PKG}`).click();
  const drawer = page.getByTestId('versions-drawer');
  await expect(shown(drawer)).toBeVisible();
  await expect(drawer.getByTestId('pushes-empty')).toBeVisible();
  await drawer.getByTestId('version-push-1').click();
  const dialog = page.getByTestId('push-dialog');
  await expect(dialog).toBeVisible();
  // Nothing chosen: the dialog says so and sends nothing.
  await page.getByTestId('push-ok').click();
  await expect(page.getByTestId('push-problem')).toHaveText('请至少选择一台终端');
  const devices = page.getByTestId('push-devices').locator('input');
  await devices.fill(DEVICE);
  await devices.press('Enter');
  await expect(page.getByTestId('push-devices')).toContainText(DEVICE);
  // Leaving the field closes its list of suggestions (which would cover the dialog).
  await page.locator('.ant-modal-title').first().click();
  await expect(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toHaveCount(0);
  await page.getByTestId('push-force').check();
  await expectAccessible(page, '.ant-modal-wrap');
  await shot(page, 'app-devices-push-dialog-zh');
  await page.getByTestId('push-ok').click();
  await expectToast(page, `已将“${NAME.zh} 1.0.1”推送到 1 台终端`);
  const panel = drawer.getByTestId('pushes-panel');
  await expect(panel).toContainText('进行中');
  await expect(panel).toContainText('强制');

  // The device's next poll brings the push as a command; it installs the APK and answers.
  const second = await simulate('forced', (s) => s.commands >= 1);
  expect(second).toMatchObject({ commands: 1, commandFailures: 0, appInstallFailures: 0 });
  await expect(panel).toContainText('已结束', { timeout: 30_000 });
  await expect(panel).toContainText('1/1');
  await panel.locator('.ant-table-row-expand-icon').first().click();
  await expect(panel).toContainText(`installed ${PKG} 1`);
  await shot(page, 'app-devices-pushes-zh');
  const pushes = await apiCall(request, 'GET', 'av/getAppPushList', { appId: (await appOf(PKG)).appId }, ownerHeaders);
  expect(pushes.list[0]).toMatchObject({ appVersionId, state: 'finished', counts: { succeeded: 1 } });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await shot(page, 'app-devices-pushes-390-zh');

  // The same in English.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(localized(`/Tis/Terminal/TerminalDetail?deviceId=${DEVICE}`, 'en'));
  await expect(apps.getByText(NAME.en)).toBeVisible();
  await expect(apps).toContainText('Up to date');
  await expect(apps).toContainText('Installed apps');
  await expectAccessible(page);
  await shot(page, 'app-devices-installed-en');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await shot(page, 'app-devices-installed-390-en');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(localized('/AppService/appstore/AppInfoPage', 'en'));
  await searchTable(page.getByTestId('app-table'), PKG);
  await page.getByTestId(`app-versions-${PKG}`).click();
  await expect(shown(drawer)).toBeVisible();
  await expect(panel).toContainText('Finished');
  await expect(panel).toContainText('Forced');
  await shot(page, 'app-devices-pushes-en');

  async function appOf(pkg: string): Promise<{ appId: string }> {
    const list = await apiCall(
      request,
      'GET',
      'ai/getAppInfoListByAdmin',
      { str: pkg, pageNum: 1, pageSize: 10 },
      ownerHeaders,
    );
    return list.list[0];
  }
});
