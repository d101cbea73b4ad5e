import { DEMO_OWNER } from '../support/env';
import { expect, expectToast, restoreSession, test } from '../support/fixtures';
import { searchTable, shot } from '../support/pages';
import { apiCall, loginByApi, pickSearched } from '../support/tenancy';

/**
 * Devices: the demo owner registers a device model and a device, binds the device to a member, the device
 * polls the hawkBit DDI address with the credential it was issued and reports its attributes, and its detail page
 * shows it online with that inventory, in Chinese and in English. Then the operator binds devices in bulk from
 * pasted lines in the back office, with a result per line.
 */
const suffix = String(Date.now() % 1_000_000);
const MODEL = `网关型号${suffix}`;
const DEVICE = `e2e-gw-${suffix}`;
const PLATFORM = `网关平台${suffix}`;
const MEMBER_PHONE = '13800000002';

test.describe.configure({ mode: 'serial' });

test('a device is registered, bound, polls over DDI and shows online with its inventory', async ({
  page,
  request,
  ownerState,
}) => {
  test.setTimeout(240_000);
  await restoreSession(page, ownerState);

  // A device model, from the data-management page's "new model" dialog route.
  await page.goto('/Tis/datamgr/DataMgrMainPage');
  await expect(page.getByTestId('datamgr-page')).toBeVisible();
  await page.getByTestId('new-models').click();
  await expect(page).toHaveURL(/DataMgrNewDeviceDialog/);
  const modelDialog = page.getByTestId('model-dialog');
  await modelDialog.getByTestId('model-name').fill(MODEL);
  await modelDialog.getByTestId('form-dialog-ok').click();
  await expectToast(page, `“${MODEL}”已保存`);
  await expect(modelDialog).toBeHidden();
  await searchTable(page.getByTestId('model-table'), MODEL);
  await expect(page.getByTestId('model-table').getByText(MODEL)).toBeVisible();
  await shot(page, 'datamgr-zh');

  // A platform on its tab (an OS is required), then the model edited in place to run on it.
  await page.getByRole('tab', { name: '平台' }).click();
  await page.getByTestId('new-platforms').click();
  await expect(page).toHaveURL(/DataMgrNewPlatDialog/);
  const platformDialog = page.getByTestId('platform-dialog');
  await platformDialog.getByTestId('platform-name').fill(PLATFORM);
  await platformDialog.getByTestId('form-dialog-ok').click();
  await expectToast(page, `“${PLATFORM}”已保存`);
  await expect(page).toHaveURL(/tab=platforms/);
  await page.getByRole('tab', { name: '终端型号' }).click();
  await searchTable(page.getByTestId('model-table'), MODEL);
  await page.getByTestId(`model-edit-${MODEL}`).click();
  await expect(modelDialog.getByTestId('model-name')).toHaveValue(MODEL);
  await pickSearched(page, modelDialog.getByTestId('model-platform'), PLATFORM);
  await modelDialog.getByTestId('form-dialog-ok').click();
  await expect(modelDialog).toBeHidden();
  await expect(page.getByTestId('model-table').getByText(PLATFORM)).toBeVisible();

  // The device, registered with that model: its credential is shown once.
  await page.goto('/Tis/Terminal/TerminalListPage');
  await expect(page.getByTestId('terminal-list-page')).toBeVisible();
  await page.getByTestId('register-device').click();
  const form = page.getByTestId('device-form-dialog');
  await form.getByTestId('form-dialog-ok').click();
  await expect(form.getByText('请输入终端编号')).toBeVisible();
  await form.getByTestId('device-id').fill(DEVICE);
  await form.getByTestId('device-name').fill('东门网关');
  await pickSearched(page, form.getByTestId('device-model'), MODEL);
  await form.getByTestId('form-dialog-ok').click();
  // The answer is the credential, shown once (the success toast may already be gone on a loaded machine).
  const secret = page.getByTestId('secret-dialog');
  await expect(secret.getByText(`${DEVICE} 的凭证`)).toBeVisible();
  await expect(secret.getByText('它只显示这一次')).toBeVisible();
  const credential = (await secret.getByTestId('secret-value').innerText()).trim();
  expect(credential).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  await shot(page, 'device-credential-zh');
  await secret.getByTestId('secret-done').click();
  await expect(secret).toBeHidden();

  // Bound to a member of the property.
  const table = page.getByTestId('device-table');
  await searchTable(table, DEVICE);
  await table.getByTestId(`bind-${DEVICE}`).click();
  const bind = page.getByTestId('bind-dialog');
  await pickSearched(page, bind.getByTestId('bind-user'), MEMBER_PHONE);
  await bind.getByTestId('form-dialog-ok').click();
  await expectToast(page, `终端 ${DEVICE} 已绑定`);
  await expect(table.getByTestId(`unbind-${DEVICE}`)).toBeVisible();

  // The device speaks hawkBit DDI with its own credential: a poll, then its attributes.
  const { propertyList } = await loginByApi(request, DEMO_OWNER);
  const pno = propertyList.find((p) => p.name === '演示物业')?.pno as string;
  const ddi = `/${pno}/controller/v1/${DEVICE}`;
  const authorization = `TargetToken ${credential}`;
  const poll = await request.get(ddi, { headers: { authorization } });
  expect(poll.status()).toBe(200);
  expect((await poll.json()).config.polling.sleep).toMatch(/^\d\d:\d\d:\d\d$/);
  const report = await request.put(`${ddi}/configData`, {
    headers: { authorization, 'content-type': 'application/json' },
    data: { mode: 'replace', data: { swVersion: '3.1.4', hwRevision: 'rev-b', serial: `SN-${suffix}` } },
  });
  expect(report.status()).toBe(200);
  // Another device's URL gives this credential nothing.
  expect(
    (await request.get(`/${pno}/controller/v1/e2e-other-${suffix}`, { headers: { authorization } })).status(),
  ).toBe(401);

  // The detail page: bound user, online, last seen, the reported inventory and how the device connects.
  await table.getByTestId(`device-link-${DEVICE}`).click();
  await expect(page).toHaveURL(/TerminalDetail\?deviceId=/);
  const detail = page.getByTestId('device-detail');
  await expect(detail.getByTestId('device-title')).toHaveText('东门网关');
  await expect(detail.getByTestId('device-user')).toContainText('演示成员');
  await expect(detail.getByTestId(`online-${DEVICE}`)).toHaveAttribute('data-online', '1', { timeout: 30_000 });
  await expect(detail.getByTestId(`online-${DEVICE}`)).toContainText('在线');
  await expect(detail.getByTestId('device-firmware')).toHaveText('3.1.4');
  const inventory = detail.getByTestId('device-inventory');
  await expect(inventory.getByText('hwRevision')).toBeVisible();
  await expect(inventory.getByText(`SN-${suffix}`)).toBeVisible();
  await expect(detail.getByTestId('device-ddi-url')).toContainText(ddi);
  await shot(page, 'device-detail-zh');

  // The same page in English.
  await page.goto(`/en/Tis/Terminal/TerminalDetail?deviceId=${DEVICE}`);
  await expect(detail.getByText('Reported inventory')).toBeVisible();
  await expect(detail.getByTestId(`online-${DEVICE}`)).toContainText('Online');
  await expect(detail.getByText('Bound user')).toBeVisible();
  await shot(page, 'device-detail-en');
});

test('the operator binds devices in bulk from pasted lines, with a result per line', async ({
  page,
  request,
  operatorState,
}) => {
  test.setTimeout(180_000);
  const owner = await loginByApi(request, DEMO_OWNER);
  const pno = owner.propertyList.find((p) => p.name === '演示物业')?.pno as string;
  const second = `e2e-bulk-${suffix}`;
  await apiCall(request, 'POST', 'di/registerDevice', { deviceId: second }, { token: owner.token, pno });

  await restoreSession(page, operatorState);
  await page.goto('/Tis/Terminal/BackTerminalListPage');
  await expect(page.getByTestId('back-terminal-list-page')).toBeVisible();
  await searchTable(page.getByTestId('device-table'), second);
  await expect(page.getByTestId(`device-link-${second}`)).toBeVisible();
  await page.getByTestId('open-batch-bind').click();
  await expect(page).toHaveURL(/BackTerminalBatchBindDlg/);
  const dialog = page.getByTestId('batch-bind-dialog');
  await dialog
    .getByTestId('batch-lines')
    .fill(`# device, user\n${second} ${MEMBER_PHONE}\nno-such-${suffix},${MEMBER_PHONE}\nbroken`);
  await dialog.getByTestId('batch-submit').click();
  await expect(dialog.getByTestId('batch-summary')).toContainText('共 3 行，绑定成功 1 行');
  await expect(dialog.getByTestId('batch-result-2')).toContainText('已绑定');
  await expect(dialog.getByTestId('batch-result-3')).toContainText('未绑定');
  await expect(dialog.getByTestId('batch-result-4')).toContainText('格式应为');
  await shot(page, 'batch-bind-zh');
  await dialog.getByTestId('batch-close').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId(`unbind-${second}`)).toBeVisible();
});
