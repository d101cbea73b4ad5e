import type { APIRequestContext } from '@playwright/test';
import { DEMO_OWNER } from '../support/env';
import { publishedFirmware } from '../support/firmware';
import { expect as baseExpect, expectToast, test, userPages } from '../support/fixtures';
import { localized, openSignIn, shot, signInWithPassword } from '../support/pages';
import { apiCall, loginByApi, selectOption } from '../support/tenancy';

/**
 * Firmware update tasks in the console: the demo owner publishes a version (set up through the API), six devices
 * report an older one over DDI; on FotaTaskPage a new task for them is staged in groups of 2 devices, opened in
 * ViewFotaTaskDialog with its preview (3 groups of 2), released after the preview, paused and continued; then one
 * device's delivery history opens (FirmwareUpgradeHistoryDialog).
 *
 * Runs once the server mounts the `task/` calls (branch h/tasks): until then it is skipped.
 */
const users = userPages();
const expect = baseExpect.configure({ timeout: 30_000 });

test.describe.configure({ mode: 'serial', timeout: 300_000 });

const stamp = `${Date.now() % 100000}`;

/** The demo property's session, and whether the server answers the task calls yet. */
async function scene(request: APIRequestContext) {
  const session = await loginByApi(request, DEMO_OWNER);
  const pno = session.propertyList.find((p) => p.name === '演示物业')?.pno as string;
  const headers = { token: session.token, pno };
  const probe = await request.get('/api/task/getTaskList', { params: { pageNum: '1', pageSize: '1' }, headers });
  return { pno, headers, mounted: probe.status() === 200 };
}

/** A published firmware version (name Gateway) in a new space. */
const publishedVersion = (
  request: APIRequestContext,
  headers: Record<string, string>,
  version: string,
  spaceName = `Tasks ${stamp}`,
) => publishedFirmware(request, headers, { spaceName, name: 'Gateway', version, fileName: `gw-${version}.bin` });

test('stages a task with a preview, releases, pauses and continues it, and opens a device history', async ({
  browser,
  request,
}) => {
  const { pno, headers, mounted } = await scene(request);
  test.skip(!mounted, 'the server does not answer the task/ calls yet');
  const version = `9.${stamp}.0`;
  await publishedVersion(request, headers, version);
  const devices = Array.from({ length: 6 }, (_, i) => `fwtask-${stamp}-${i}`);
  for (const deviceId of devices) {
    const { credential } = await apiCall(request, 'POST', 'di/registerDevice', { deviceId }, headers);
    const authorization = `TargetToken ${credential}`;
    await request.get(`/${pno}/controller/v1/${deviceId}`, { headers: { authorization } });
    await request.put(`/${pno}/controller/v1/${deviceId}/configData`, {
      headers: { authorization, 'content-type': 'application/json' },
      data: { mode: 'replace', data: { swVersion: `8.${stamp}.0` } },
    });
  }

  const page = await users.open(browser, DEMO_OWNER.phone, 'zh-cn');
  await openSignIn(page, 'zh-cn');
  await signInWithPassword(page, DEMO_OWNER.phone, DEMO_OWNER.password);
  await expect(page.getByTestId('home-page')).toBeVisible();
  await page.goto(localized('/fota/FotaTaskPage', 'zh-cn'));
  await page.getByTestId('task-create').click();
  const dialog = page.getByTestId('task-dialog');
  const name = `分批升级${stamp}`;
  await dialog.getByTestId('task-name').fill(name);
  await dialog.getByTestId('task-package').click();
  await selectOption(page, `Gateway ${version} · 整机固件`).click();
  const ids = dialog.getByTestId('task-devices').locator('input');
  for (const deviceId of devices) {
    await ids.fill(deviceId);
    await ids.press('Enter');
  }
  await dialog.getByTestId('exec-stages-by').getByText('按数量').click();
  await dialog.getByTestId('exec-stage-sizes').fill('2, 2');
  await page.getByTestId('task-dialog-ok').click();
  await expectToast(page, `任务 ${name} 已创建`);

  // Opened in its dialog, the preview first: 6 devices in 3 groups of 2.
  const view = page.getByTestId('task-view');
  await expect(view.getByTestId('task-state')).toHaveAttribute('data-state', 'draft');
  await expect(view.getByTestId('task-preview-matched')).toHaveText('6');
  await expect(view.getByTestId('task-preview-groups').locator('tr.ant-table-row')).toHaveCount(3);
  await shot(page, 'fota-task-preview-zh');

  // Released after the preview.
  await view.getByTestId('task-release').click();
  await expect(page.getByTestId('task-preview').last()).toBeVisible();
  await page.getByTestId('task-release-ok').click();
  await expect(view.getByTestId('task-state')).toHaveAttribute('data-state', /scheduled|running/);

  // Paused and continued.
  await view.getByTestId('task-pause').click();
  await expect(view.getByTestId('task-state')).toHaveAttribute('data-state', 'paused');
  await view.getByTestId('task-continue').click();
  await expect(view.getByTestId('task-state')).toHaveAttribute('data-state', /scheduled|running/);
  await shot(page, 'fota-task-running-zh');

  // One device's delivery history.
  await view.getByRole('tab', { name: '终端' }).click();
  await view.getByTestId(`task-device-${devices[0]}`).click();
  await expect(page).toHaveURL(/FirmwareUpgradeHistoryDialog\?deviceId=/);
  await expect(page.getByTestId('history-dialog').getByTestId('deliver-table')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.context().close();
});

test('a rule picks a space and a group of its tree: the devices of the group and its subgroups join', async ({
  browser,
  request,
}) => {
  const { pno, headers, mounted } = await scene(request);
  test.skip(!mounted, 'the server does not answer the task/ calls yet');
  const version = `7.${stamp}.0`;
  const swId = await publishedVersion(request, headers, version, `Rule tasks ${stamp}`);
  const spaceName = `Rule terminals ${stamp}`;
  const { sid } = await apiCall(
    request,
    'POST',
    'space/addSpace',
    { name: spaceName, business: 'terminal', category: 'terminal', quota: 1_000_000 },
    headers,
  );
  const area = `华东${stamp}`;
  const { groupId: parent } = await apiCall(request, 'POST', 'sg/addOrUpdateGroup', { sid, name: area }, headers);
  const { groupId: child } = await apiCall(
    request,
    'POST',
    'sg/addOrUpdateGroup',
    { sid, pid: parent, name: `上海${stamp}` },
    headers,
  );
  const { groupId: other } = await apiCall(
    request,
    'POST',
    'sg/addOrUpdateGroup',
    { sid, name: `华北${stamp}` },
    headers,
  );
  // Two devices under the picked group (one in its subgroup), one in another group of the space: 2 join.
  const placed = [
    [`fwrule-${stamp}-a`, parent],
    [`fwrule-${stamp}-b`, child],
    [`fwrule-${stamp}-c`, other],
  ] as const;
  for (const [deviceId, groupId] of placed) {
    const { credential } = await apiCall(request, 'POST', 'di/registerDevice', { deviceId, sid, groupId }, headers);
    await request.put(`/${pno}/controller/v1/${deviceId}/configData`, {
      headers: { authorization: `TargetToken ${credential}`, 'content-type': 'application/json' },
      data: { mode: 'replace', data: { swVersion: `6.${stamp}.0` } },
    });
  }
  const task = await apiCall(request, 'POST', 'task/addTask', { swId, name: `规则${stamp}` }, headers);

  const page = await users.open(browser, DEMO_OWNER.phone, 'zh-cn');
  await openSignIn(page, 'zh-cn');
  await signInWithPassword(page, DEMO_OWNER.phone, DEMO_OWNER.password);
  await expect(page.getByTestId('home-page')).toBeVisible();
  await page.goto(localized(`/fota/ViewFotaTaskDialog?id=${task.id}`, 'zh-cn'));
  const view = page.getByTestId('task-view');
  await view.getByTestId('task-rule').click();
  const dialog = page.getByTestId('rule-dialog');
  const ruleName = `华东规则${stamp}`;
  await dialog.getByTestId('rule-name').fill(ruleName);
  await expect(dialog.getByTestId('rule-groups')).toHaveClass(/ant-select-disabled/);
  await dialog.getByTestId('rule-space').click();
  await selectOption(page, `${spaceName} · 终端管理`).click();
  await dialog.getByTestId('rule-groups').click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-tree-node-content-wrapper')
    .getByText(area, { exact: true })
    .click();
  await dialog.getByText('分组', { exact: true }).click(); // closes the tree's dropdown
  await shot(page, 'fota-rule-group-zh');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByTestId('rule-ok').click();
  await expectToast(page, `规则 ${ruleName} 已保存；加入 2 台终端`);

  // The rule dialog returns to the task list: open the task again.
  await page.goto(localized(`/fota/ViewFotaTaskDialog?id=${task.id}`, 'zh-cn'));
  await view.getByRole('tab', { name: '规则' }).click();
  await expect(view.getByTestId('task-rules')).toContainText(ruleName);
  await view.getByRole('tab', { name: '终端' }).click();
  await expect(view.getByTestId(`task-device-${placed[0][0]}`)).toBeVisible();
  await expect(view.getByTestId(`task-device-${placed[1][0]}`)).toBeVisible();
  await expect(view.getByTestId(`task-device-${placed[2][0]}`)).toHaveCount(0);
  await page.context().close();
});
