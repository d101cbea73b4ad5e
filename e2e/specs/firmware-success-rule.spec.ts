import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_OWNER } from '../support/env';
import { publishedFirmware } from '../support/firmware';
import { expect as baseExpect, expectToast, test, userPages } from '../support/fixtures';
import { localized, openSignIn, shot, signInWithPassword } from '../support/pages';
import { apiCall, loginByApi, selectOption } from '../support/tenancy';

/**
 * Success rules of firmware tasks: on FotaTaskPage the demo owner sets the property's default rule to "trust the
 * client's success report" (Chinese); the new-task dialog opens with it chosen; a device still reporting its old
 * version reports success over DDI and the device list says the client report decided, with its tooltip. In English a
 * task chooses "confirmed by version report" instead, and a device that never reported a version succeeds on its
 * client's report ("no version"). Both at 1440 and 390 px without sideways scrolling.
 */
const users = userPages();
const expect = baseExpect.configure({ timeout: 30_000 });

test.describe.configure({ mode: 'serial', timeout: 300_000 });

const stamp = `${Date.now() % 100000}`;

async function scene(request: APIRequestContext) {
  const session = await loginByApi(request, DEMO_OWNER);
  const pno = session.propertyList.find((p) => p.name === '演示物业')?.pno as string;
  return { pno, headers: { token: session.token, pno } };
}

/** A published firmware version `version` (name Gateway) in a new space; its id. */
const publishedVersion = (request: APIRequestContext, headers: Record<string, string>, version: string) =>
  publishedFirmware(request, headers, {
    spaceName: `Success ${version}`,
    name: 'Gateway',
    version,
    fileName: `gw-${version}.bin`,
  });

/** A registered device (reporting `version` over DDI configData, or nothing); its DDI authorization. */
async function device(
  request: APIRequestContext,
  pno: string,
  headers: Record<string, string>,
  id: string,
  version?: string,
) {
  const { credential } = await apiCall(request, 'POST', 'di/registerDevice', { deviceId: id }, headers);
  const authorization = `TargetToken ${credential}`;
  await request.get(`/${pno}/controller/v1/${id}`, { headers: { authorization } });
  if (version)
    await request.put(`/${pno}/controller/v1/${id}/configData`, {
      headers: { authorization, 'content-type': 'application/json' },
      data: { mode: 'replace', data: { swVersion: version } },
    });
  return authorization;
}

/** The device polls until it is offered a deployment, then reports closed/success on it (its version unchanged). */
async function clientSuccess(request: APIRequestContext, pno: string, id: string, authorization: string) {
  let href = '';
  await expect
    .poll(async () => {
      const poll = await (await request.get(`/${pno}/controller/v1/${id}`, { headers: { authorization } })).json();
      href = poll?._links?.deploymentBase?.href ?? '';
      return href;
    })
    .toContain('deploymentBase');
  const actionId = href.split('/deploymentBase/')[1]?.split('?')[0] ?? '';
  const feedback = await request.post(`/${pno}/controller/v1/${id}/deploymentBase/${actionId}/feedback`, {
    headers: { authorization, 'content-type': 'application/json' },
    data: { id: actionId, status: { execution: 'closed', result: { finished: 'success' } } },
  });
  expect(feedback.status()).toBe(200);
}

/** Creates a task in the open new-task dialog for one device; answers its id (the dialog opens the task). */
async function createTask(page: Page, name: string, option: string, deviceId: string) {
  const dialog = page.getByTestId('task-dialog');
  await dialog.getByTestId('task-name').fill(name);
  await dialog.getByTestId('task-package').click();
  await selectOption(page, option).click();
  const ids = dialog.getByTestId('task-devices').locator('input');
  await ids.fill(deviceId);
  await ids.press('Enter');
  await page.getByTestId('task-dialog-ok').click();
  await expect(page).toHaveURL(/ViewFotaTaskDialog\?id=/);
  return new URL(page.url()).searchParams.get('id') as string;
}

async function noSidewaysScroll(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, `${name}-390`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

test.afterAll(async ({ request }) => {
  const { headers } = await scene(request);
  await apiCall(request, 'POST', 'task/saveTaskSettings', { successRule: 'versionReport' }, headers);
});

test('the property default preselects the dialog; a client report decides a device still on its old version', async ({
  browser,
  request,
}) => {
  const { pno, headers } = await scene(request);
  const version = `5.${stamp}.0`;
  await publishedVersion(request, headers, version);
  const deviceId = `fwok-${stamp}-zh`;
  const authorization = await device(request, pno, headers, deviceId, `4.${stamp}.0`);

  const page = await users.open(browser, DEMO_OWNER.phone, 'zh-cn');
  await openSignIn(page, 'zh-cn');
  await signInWithPassword(page, DEMO_OWNER.phone, DEMO_OWNER.password);
  await expect(page.getByTestId('home-page')).toBeVisible();
  await page.goto(localized('/fota/FotaTaskPage', 'zh-cn'));

  // The property's default: trust the client.
  await expect(page.getByTestId('task-success-settings')).toBeVisible();
  await shot(page, 'fota-task-page-zh');
  await noSidewaysScroll(page, 'fota-task-page-zh');
  await page.getByTestId('task-success-settings').click();
  const settings = page.getByTestId('success-settings-dialog');
  await expect(settings.getByRole('radio', { name: /^以版本上报确认/ })).toBeChecked();
  await settings.getByRole('radio', { name: /^信任客户端成功上报/ }).check();
  await shot(page, 'fota-success-settings-zh');
  await page.getByTestId('success-settings-ok').click();
  await expectToast(page, '默认成功判定规则已保存');

  await page.getByTestId('task-create').click();
  const dialog = page.getByTestId('task-dialog');
  await expect(dialog.getByRole('radio', { name: /^信任客户端成功上报 · 物业默认/ })).toBeChecked();
  await shot(page, 'fota-success-rule-dialog-zh');
  await noSidewaysScroll(page, 'fota-success-rule-dialog-zh');
  const taskId = await createTask(page, `信任客户端${stamp}`, `Gateway ${version} · 整机固件`, deviceId);
  const view = page.getByTestId('task-view');
  await expect(view.getByTestId('task-summary-success-rule')).toHaveText('信任客户端成功上报');

  await apiCall(request, 'POST', 'task/releaseTask', { id: taskId }, headers);
  await clientSuccess(request, pno, deviceId, authorization);
  await view.getByRole('tab', { name: '终端' }).click();
  const by = view.getByTestId(`task-device-success-by-${deviceId}`);
  await expect(by).toHaveAttribute('data-by', 'clientReport');
  await expect(by).toHaveText('客户端上报');
  await view.getByTestId('success-by-help').filter({ visible: true }).first().hover();
  await expect(page.getByRole('tooltip')).toContainText('identify');
  await shot(page, 'fota-success-by-zh');
  await noSidewaysScroll(page, 'fota-success-by-zh');
  await page.context().close();
});

test('in English a task chooses version reports; a device that never reported a version is trusted', async ({
  browser,
  request,
}) => {
  const { pno, headers } = await scene(request);
  const version = `6.${stamp}.0`;
  await publishedVersion(request, headers, version);
  const deviceId = `fwok-${stamp}-en`;
  const authorization = await device(request, pno, headers, deviceId);

  const page = await users.open(browser, DEMO_OWNER.phone, 'en');
  await openSignIn(page, 'en');
  await signInWithPassword(page, DEMO_OWNER.phone, DEMO_OWNER.password);
  await expect(page.getByTestId('home-page')).toBeVisible();
  await page.goto(localized('/fota/NewFotaTaskDialog', 'en'));
  const dialog = page.getByTestId('task-dialog');
  // The property's default (saved by the test before) is chosen; this task waits for version reports instead.
  await expect(
    dialog.getByRole('radio', { name: /^Trust the client's success report · property default/ }),
  ).toBeChecked();
  await dialog.getByRole('radio', { name: /^Confirmed by version report/ }).check();
  await expect(dialog.getByRole('radio', { name: /^Confirmed by version report/ })).toBeChecked();
  await expect(dialog).toContainText('identify section');
  await shot(page, 'fota-success-rule-dialog-en');
  await noSidewaysScroll(page, 'fota-success-rule-dialog-en');
  const taskId = await createTask(page, `Version report ${stamp}`, `Gateway ${version} · Firmware image`, deviceId);
  const view = page.getByTestId('task-view');
  await expect(view.getByTestId('task-summary-success-rule')).toHaveText('Confirmed by version report');

  await apiCall(request, 'POST', 'task/releaseTask', { id: taskId }, headers);
  await clientSuccess(request, pno, deviceId, authorization);
  await view.getByRole('tab', { name: 'Devices' }).click();
  const by = view.getByTestId(`task-device-success-by-${deviceId}`);
  await expect(by).toHaveAttribute('data-by', 'noVersion');
  await expect(by).toHaveText('Client report (no version)');
  await by.hover();
  await expect(page.getByRole('tooltip')).toContainText('never reported a version');
  await shot(page, 'fota-success-by-en');
  await noSidewaysScroll(page, 'fota-success-by-en');
  await page.context().close();
});
