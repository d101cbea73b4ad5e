import { runFleet } from '@keel/device-sim/fleet';
import { DEMO_OWNER } from '../support/env';
import { expect, expectToast, restoreSession, test } from '../support/fixtures';
import { searchTable, shot } from '../support/pages';
import { apiCall, loginByApi, pickSearched } from '../support/tenancy';

/**
 * Devices online from the simulator (apps/device-sim): a device registered in the console polls over hawkBit DDI with
 * the credential shown once, and its detail page shows it online with what it reported, in Chinese and English; a
 * Mender device enrols itself with the enrolment key, waits pending until the owner accepts it in the device list,
 * then reports its inventory, which its detail page shows.
 */
const suffix = String(Date.now() % 1_000_000);
const DEVICE = `e2e-sim-${suffix}`;
const MENDER_PREFIX = `e2e-men-${suffix}`;
/** A model of the demo fleet (seed/devices.ts). */
const MODEL = 'KG-100 边缘网关';

test.describe.configure({ mode: 'serial' });

test('a device registered in the console comes online from the simulator with its inventory', async ({
  page,
  request,
  baseURL,
  ownerState,
}) => {
  test.setTimeout(180_000);
  await restoreSession(page, ownerState);
  await page.goto('/Tis/Terminal/TerminalListPage');
  await expect(page.getByTestId('terminal-list-page')).toBeVisible();
  await page.getByTestId('register-device').click();
  const form = page.getByTestId('device-form-dialog');
  await form.getByTestId('device-id').fill(DEVICE);
  await form.getByTestId('device-name').fill('模拟网关');
  await pickSearched(page, form.getByTestId('device-model'), MODEL);
  await form.getByTestId('form-dialog-ok').click();
  const secret = page.getByTestId('secret-dialog');
  // The answer is the credential, shown once (a loaded machine may take a while to answer).
  await expect(secret.getByText(`${DEVICE} 的凭证`)).toBeVisible({ timeout: 30_000 });
  const credential = (await secret.getByTestId('secret-value').innerText()).trim();
  await secret.getByTestId('secret-done').click();
  await expect(secret).toBeHidden();

  // The simulator runs the device with that credential until it has polled and reported.
  const { propertyList } = await loginByApi(request, DEMO_OWNER);
  const pno = propertyList.find((p) => p.name === '演示物业')?.pno as string;
  const stop = new AbortController();
  const summary = await runFleet({
    url: baseURL as string,
    property: pno,
    devices: [
      {
        deviceId: DEVICE,
        credential,
        attributes: { model: 'KG-100', firmwareVersion: '7.7.1', serial: `SN-${suffix}` },
      },
    ],
    durationSeconds: 60,
    signal: stop.signal,
    tickMs: 100,
    onTick: (s) => {
      if (s.reports >= 1) stop.abort();
    },
  });
  expect(summary).toMatchObject({ online: 1, reports: 1, errors: 0 });

  const table = page.getByTestId('device-table');
  await searchTable(table, DEVICE);
  await table.getByTestId(`device-link-${DEVICE}`).click();
  await expect(page).toHaveURL(/TerminalDetail\?deviceId=/);
  const detail = page.getByTestId('device-detail');
  await expect(detail.getByTestId('device-title')).toHaveText('模拟网关');
  await expect(detail.getByTestId(`online-${DEVICE}`)).toHaveAttribute('data-online', '1', { timeout: 30_000 });
  await expect(detail.getByTestId(`online-${DEVICE}`)).toContainText('在线');
  await expect(detail.getByTestId('device-firmware')).toHaveText('7.7.1');
  await expect(detail.getByTestId('device-inventory').getByText(`SN-${suffix}`)).toBeVisible();
  await shot(page, 'device-sim-detail-zh');

  await page.goto(`/en/Tis/Terminal/TerminalDetail?deviceId=${DEVICE}`);
  await expect(detail.getByText('Reported inventory')).toBeVisible();
  await expect(detail.getByTestId(`online-${DEVICE}`)).toContainText('Online');
  await expect(detail.getByTestId('device-firmware')).toHaveText('7.7.1');
  await shot(page, 'device-sim-detail-en');
});

test('a Mender device from the simulator waits pending, is accepted in the console, then reports', async ({
  page,
  request,
  baseURL,
  ownerState,
}) => {
  test.setTimeout(360_000);
  const owner = await loginByApi(request, DEMO_OWNER);
  const pno = owner.propertyList.find((p) => p.name === '演示物业')?.pno as string;
  const { key } = await apiCall(request, 'POST', 'di/resetEnrolmentKey', {}, { token: owner.token, pno });
  const deviceId = `${MENDER_PREFIX}-0001`;
  const stop = new AbortController();
  const fleet = runFleet({
    url: baseURL as string,
    property: pno,
    count: 1,
    idPrefix: MENDER_PREFIX,
    enrolmentKey: key,
    protocol: 'mender',
    // Slow enough that its auth requests while pending stay within the 20 per polling interval the server allows.
    menderIntervalSeconds: 4,
    durationSeconds: 150,
    signal: stop.signal,
  });
  try {
    await restoreSession(page, ownerState);
    await page.goto('/Tis/Terminal/TerminalListPage');
    const table = page.getByTestId('device-table');
    // The device appears once it has asked (the list is read again until it shows).
    await expect(async () => {
      await page.reload();
      await searchTable(table, deviceId);
      await expect(table.getByTestId(`accept-${deviceId}`)).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
    await table.getByTestId(`accept-${deviceId}`).click();
    await expect(table.getByTestId(`accept-${deviceId}`)).toBeHidden();

    await page.goto(`/Tis/Terminal/TerminalDetail?deviceId=${deviceId}`);
    const detail = page.getByTestId('device-detail');
    await expect(async () => {
      await page.reload();
      await expect(detail.getByTestId('device-inventory').getByText('artifact_name')).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
    await expect(detail.getByTestId(`online-${deviceId}`)).toHaveAttribute('data-online', '1', { timeout: 30_000 });
    await expect(detail.getByTestId('device-firmware')).not.toHaveText('');
    // How a Mender device connects: this server, with the enrolment key or its credential.
    await expect(detail.getByTestId('device-mender-help')).toContainText(baseURL as string);
    await shot(page, 'device-sim-mender-zh');
  } finally {
    stop.abort();
    await fleet;
  }

  // A factory reset: the same device comes back with a new key. It waits on the detail page until the owner accepts
  // it; then the device authenticates with it.
  const resetStop = new AbortController();
  const reset = runFleet({
    url: baseURL as string,
    property: pno,
    count: 1,
    idPrefix: MENDER_PREFIX,
    enrolmentKey: key,
    protocol: 'mender',
    menderIntervalSeconds: 4,
    durationSeconds: 120,
    signal: resetStop.signal,
  });
  try {
    const detail = page.getByTestId('device-detail');
    const waiting = detail.getByTestId('device-new-key');
    await expect(async () => {
      await page.reload();
      await expect(waiting).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
    await expect(waiting.getByTestId('device-new-key-fingerprint')).toHaveText(/^SHA256:/);
    await shot(page, 'device-new-key-zh');
    if (process.env.KEEL_SHOTS_DIR) {
      await page.setViewportSize({ width: 390, height: 844 });
      await shot(page, 'device-new-key-zh-phone');
      await page.setViewportSize({ width: 1280, height: 720 });
    }
    const before = await detail.getByTestId('device-key-fingerprint').textContent();
    await waiting.getByTestId('device-new-key-accept').click();
    await page.getByTestId('confirm-ok').click();
    await expectToast(page, '已接受新密钥');
    await expect(waiting).toBeHidden();
    await expect(detail.getByTestId('device-key-fingerprint')).not.toHaveText(before ?? '');
    // The device authenticates with its new key and reports again: seen after the acceptance.
    const accepted = Date.now();
    await expect(async () => {
      const info = await apiCall(request, 'GET', 'di/getAnyDeviceInfo', { deviceId }, { token: owner.token, pno });
      expect(info.menderKey?.pending).toBeNull();
      expect(info.lastSeenTime ?? 0).toBeGreaterThan(accepted - 1_000);
    }).toPass({ timeout: 90_000 });
  } finally {
    resetStop.abort();
    await reset;
  }
});
