import { type FleetSummary, runFleet, type SimDevice } from '@keel/device-sim/fleet';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { DEMO_OWNER, DEMO_PROPERTY } from '../support/env';
import { publishedFirmware } from '../support/firmware';
import { expect as baseExpect, expectToast, restoreSession, test, userPages } from '../support/fixtures';
import { shot } from '../support/pages';
import { apiCall, loginByApi, markNoReload, selectOption, stillNoReload } from '../support/tenancy';

/**
 * A staged rollout watched live: 200 devices of a new model are registered by API and a version published
 * for it; on FotaTaskPage a task for the model is staged in 4 groups of 50 through the UI, previewed (200 devices, 4
 * groups) and released. 200 simulated devices (apps/device-sim, DDI, in this process) then poll, download, install
 * and report, while the task's dialog shows the counts and the chart of states rise — from the socket's pushes, with
 * no reload and no timed reads (the page says it is live). Paused, the counts stop: the devices keep polling and are
 * offered nothing. Continued, it completes with 200 succeeded, also on a second viewer's page in English; then one
 * device's history shows its delivery.
 *
 * Uploading a package and generating a delta are firmware-packages.spec.ts's; a small task's preview, pause and
 * history in both states, firmware-tasks.spec.ts's.
 */
const users = userPages();
const expect = baseExpect.configure({ timeout: 30_000 });

test.describe.configure({ mode: 'serial' });

const stamp = `${Date.now() % 100000}`;
const DEVICES = 200;
const FROM = '1.0.0';
const VERSION = `5.${stamp}.0`;
const MODEL = `LV${stamp}`;
/**
 * The devices' polling interval (the server says 5 min; the simulator caps it). The server allows a device 20 polls
 * in its interval, so the whole rollout must fit in about 20 of these.
 */
const POLL_SECONDS = 4;

/** The demo property's session, a new device model and a published version for it. */
async function scene(request: APIRequestContext) {
  const session = await loginByApi(request, DEMO_OWNER);
  const pno = session.propertyList.find((p) => p.name === DEMO_PROPERTY)?.pno as string;
  const headers = { token: session.token, pno };
  const { modelId } = await apiCall(request, 'GET', 'dm/addDeviceModel', { name: MODEL }, headers);
  await publishedFirmware(request, headers, {
    spaceName: `Live ${stamp}`,
    name: 'Live',
    version: VERSION,
    fileName: `lv-${VERSION}.bin`,
    size: 8192,
    modelIdList: [modelId],
  });
  return { pno, headers, modelId };
}

/**
 * The devices of the model, registered 10 at a time (there is no batch call), each with its credential; each has
 * reported its version over DDI (configData), as a fleet in the field has before a task is made for it.
 */
async function register(request: APIRequestContext, pno: string, headers: Record<string, string>, modelId: string) {
  const devices: SimDevice[] = [];
  const ids = Array.from({ length: DEVICES }, (_, i) => `lv-${stamp}-${String(i).padStart(3, '0')}`);
  for (let i = 0; i < ids.length; i += 10) {
    const batch = await Promise.all(
      ids.slice(i, i + 10).map(async (deviceId) => {
        const input = { deviceId, model: modelId };
        const { credential } = await apiCall(request, 'POST', 'di/registerDevice', input, headers);
        const attributes = { firmwareVersion: FROM };
        const put = await request.put(`/${pno}/controller/v1/${deviceId}/configData`, {
          headers: { authorization: `TargetToken ${credential}`, 'content-type': 'application/json' },
          data: { mode: 'merge', data: attributes },
        });
        expect(put.status()).toBe(200);
        return { deviceId, credential, attributes };
      }),
    );
    devices.push(...batch);
  }
  return devices;
}

/** A figure of the progress chart's legend (`succeeded`, `inFlight`, `pending`, `failed`). */
const figure = async (view: Locator, series: string) =>
  Number(await view.getByTestId(`task-chart-${series}`).getAttribute('data-count', { timeout: 5_000 }));

/**
 * Counts the task pushes the page's sockets receive, and the most sockets open at once (the console opens one, the
 * layout's; a navigation that loads a new document closes it and opens another).
 */
function countPushes(page: Page): { readonly count: number; readonly mostOpen: number } {
  const pushes = { count: 0, mostOpen: 0 };
  let open = 0;
  page.on('websocket', (ws) => {
    open += 1;
    pushes.mostOpen = Math.max(pushes.mostOpen, open);
    ws.on('close', () => {
      open -= 1;
    });
    ws.on('framereceived', ({ payload }) => {
      if (String(payload).includes('"type":"fwTask"')) pushes.count += 1;
    });
  });
  return pushes;
}

test('200 simulated devices update live on the task page: staged, paused, continued, completed', async ({
  page,
  browser,
  request,
  baseURL,
  ownerState,
}) => {
  test.setTimeout(240_000);
  const { pno, headers, modelId } = await scene(request);
  const devices = await register(request, pno, headers, modelId);

  await restoreSession(page, ownerState);
  const pushes = countPushes(page);
  await page.goto('/fota/FotaTaskPage');
  await page.getByTestId('task-create').click();
  const dialog = page.getByTestId('task-dialog');
  const name = `全网升级${stamp}`;
  await dialog.getByTestId('task-name').fill(name);
  await dialog.getByTestId('task-package').click();
  await selectOption(page, `Live ${VERSION} · 整机固件`).click();
  await dialog.getByTestId('task-models').click();
  await dialog.getByTestId('task-models').locator('input').fill(MODEL);
  await selectOption(page, MODEL).click();
  await dialog.getByTestId('exec-stages-by').getByText('按数量').click();
  await dialog.getByTestId('exec-stage-sizes').fill('50, 50, 50');
  await page.getByTestId('task-dialog-ok').click();
  await expectToast(page, `任务 ${name} 已创建`);

  // The preview: 200 devices in 4 groups of 50.
  const view = page.getByTestId('task-view');
  await expect(view.getByTestId('task-state')).toHaveAttribute('data-state', 'draft');
  await expect(view.getByTestId('task-preview-matched')).toHaveText(String(DEVICES));
  const groups = view.getByTestId('task-preview-groups').locator('tr.ant-table-row');
  await expect(groups).toHaveCount(4);
  for (const row of await groups.all()) await expect(row).toContainText('50');
  const taskId = new URL(page.url()).searchParams.get('id') as string;

  await view.getByTestId('task-release').click();
  await expect(page.getByTestId('task-preview').last()).toBeVisible();
  await page.getByTestId('task-release-ok').click();
  await expect(view.getByTestId('task-state')).toHaveAttribute('data-state', 'running');
  await view.getByRole('tab', { name: '进度' }).click();
  // Pushed, not read on a timer: the page says so.
  await expect(view.getByTestId('task-live')).toHaveAttribute('data-live', 'push');
  await expect(view.getByTestId('task-live')).toHaveText('实时更新');
  await markNoReload(page);

  let fleet: FleetSummary | null = null;
  const stop = new AbortController();
  const running = runFleet({
    url: baseURL as string,
    property: pno,
    devices,
    maxSleepSeconds: POLL_SECONDS,
    rampSeconds: 2,
    signal: stop.signal,
    durationSeconds: 200,
    tickMs: 250,
    onTick: (s) => {
      fleet = s;
    },
  });
  const seen = new Set<number>();
  const succeeded = async () => {
    const n = await figure(view, 'succeeded');
    seen.add(n);
    return n;
  };
  try {
    // The first devices succeed: the chart and the counts show it without a reload.
    await expect(view.getByTestId('task-chart')).toBeVisible({ timeout: 60_000 });
    await expect.poll(succeeded, { timeout: 90_000, message: 'devices succeeding' }).toBeGreaterThanOrEqual(10);
    await expect(view.getByTestId('task-counts').locator('[data-state="succeeded"]')).toBeVisible();
    await shot(page, 'fota-task-live-zh');

    // Paused: the devices on their way finish, then nothing moves while every device polls twice more.
    await view.getByTestId('task-pause').click();
    await expect(view.getByTestId('task-state')).toHaveAttribute('data-state', 'paused');
    // Meanwhile a second viewer opens the task, in English.
    const opening = (async () => {
      const en = await users.open(browser, 'English viewer', 'en');
      await restoreSession(en, ownerState);
      await en.goto(`/en/fota/ViewFotaTaskDialog?id=${taskId}`);
      return en;
    })();
    await expect.poll(() => figure(view, 'inFlight'), { timeout: 60_000 }).toBe(0);
    const held = await succeeded();
    expect(held).toBeLessThan(DEVICES);
    await expect.poll(() => figure(view, 'pending')).toBe(DEVICES - held);
    const before = fleet as FleetSummary | null;
    expect(before).not.toBeNull();
    await expect
      .poll(() => (fleet as FleetSummary | null)?.polls ?? 0, { timeout: 60_000, message: 'devices polling' })
      .toBeGreaterThanOrEqual((before?.polls ?? 0) + 2 * DEVICES);
    expect((fleet as FleetSummary | null)?.updates).toBe(before?.updates);
    expect(await figure(view, 'succeeded')).toBe(held);
    await expect(view.getByTestId('task-state')).toHaveAttribute('data-state', 'paused');

    // The second viewer, in English: paused, then it follows the rest from the pushes too.
    const en = await opening;
    const enView = en.getByTestId('task-view');
    await expect(enView.getByTestId('task-state')).toHaveText(/^Paused/);
    await expect(enView.getByRole('tab', { name: 'Progress' })).toBeVisible();
    await expect(enView.getByTestId('task-chart-succeeded')).toHaveText(`Succeeded: ${held}`);
    await expect(enView.getByTestId('task-chart-pending')).toHaveText(`Pending: ${DEVICES - held}`);
    await expect(enView.getByTestId('task-stages')).toContainText('Group 1');
    await expect(enView.getByTestId('task-continue')).toHaveText('Continue');
    await markNoReload(en);

    // Continued: it runs to the end.
    await view.getByTestId('task-continue').click();
    await expect(view.getByTestId('task-state')).toHaveAttribute('data-state', 'running');
    await expect(enView.getByTestId('task-state')).toHaveText('Running');
    await expect(enView.getByTestId('task-live')).toHaveText('Live');

    await expect
      .poll(succeeded, { timeout: 120_000, message: `all devices succeeding (fleet: ${JSON.stringify(fleet)})` })
      .toBe(DEVICES);
    await expect(view.getByTestId('task-state')).toHaveAttribute('data-state', 'completed');
    await expect(view.getByTestId('task-progress')).toContainText('100%');
    for (let i = 0; i < 4; i++) await expect(view.getByTestId(`task-stage-${i}`)).toHaveAttribute('data-state', 'done');
    expect(await figure(view, 'failed')).toBe(0);
    // Every figure came from a push: several values on the way, no reload, pushes received.
    expect(seen.size).toBeGreaterThanOrEqual(3);
    expect(await stillNoReload(page)).toBe(true);
    expect(pushes.count).toBeGreaterThan(3);
    // One socket carried the unread count and the task's pushes: never a second one for the watch.
    expect(pushes.mostOpen).toBe(1);

    await expect(enView.getByTestId('task-state')).toHaveText('Completed');
    await expect(enView.getByTestId('task-chart-succeeded')).toHaveAttribute('data-count', String(DEVICES));
    await expect(enView.getByTestId('task-chart-succeeded')).toContainText(`Succeeded: ${DEVICES}`);
    expect(await stillNoReload(en)).toBe(true);
    await en.context().close();
  } finally {
    stop.abort();
    await running;
  }
  expect(fleet).toMatchObject({ devices: DEVICES, updates: DEVICES, updateFailures: 0, throttled: 0 });

  // The list behind the dialog moved too; then one device's history.
  await page.getByTestId('task-view-close').click();
  await expect(page.getByTestId(`task-state-${name}`)).toHaveAttribute('data-state', 'completed');
  await expect(page.getByTestId(`task-progress-${name}`)).toContainText('100%');
  await page.getByTestId(`task-${name}`).click();
  await view.getByRole('tab', { name: '终端' }).click();
  const device = devices[0]?.deviceId as string;
  await expect(view.getByTestId(`task-device-state-${device}`)).toHaveAttribute('data-state', 'succeeded');
  await view.getByTestId(`task-device-${device}`).click();
  await expect(page).toHaveURL(/FirmwareUpgradeHistoryDialog\?deviceId=/);
  const history = page.getByTestId('history-dialog');
  await expect(history.getByTestId('deliver-table')).toContainText(name);
  await expect(history.getByTestId('deliver-table')).toContainText(`${FROM} → ${VERSION}`);
  await expect(history.locator('[data-state="succeeded"]')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
