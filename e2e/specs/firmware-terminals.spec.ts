import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { DEMO_OWNER, OPERATOR } from '../support/env';
import { expect as baseExpect, restoreSession, test, userPages } from '../support/fixtures';
import {
  type Lang,
  localized,
  openSignIn,
  searchTable,
  shot,
  signInWithPassword,
  switchProperty,
} from '../support/pages';
import { apiCall, loginByApi } from '../support/tenancy';

/**
 * The firmware views of the property's devices, in each language: two devices report their firmware version over
 * hawkBit DDI; FotaTerminalPage lists them with that version and online, a device's FotaTerminalInfoDialog shows
 * its details, available upgrades and (no) upgrade records; "New terminal" registers one and shows its credential;
 * FotaMainPage charts the devices by version; /fota/AddEditFotaFirmwareDlg opens the version dialog over the packages
 * page. A customer property sees the packages page read-only. Each page fits 390 px without sideways scrolling.
 */
const users = userPages();
const expect = baseExpect.configure({ timeout: 30_000 });

test.describe.configure({ mode: 'serial', timeout: 300_000 });

const stamp = `${Date.now() % 100000}`;

const TEXT = {
  'zh-cn': {
    online: '在线',
    upToDate: '没有适用于该终端的更新已发布版本',
    noRecords: '暂无升级记录',
    create: '新建终端',
  },
  en: {
    online: 'Online',
    upToDate: 'No newer published version fits this device',
    noRecords: 'No upgrades yet',
    create: 'New terminal',
  },
} as const;

async function signedIn(browser: Browser, lang: Lang) {
  const page = await users.open(browser, DEMO_OWNER.phone, lang);
  await openSignIn(page, lang);
  await signInWithPassword(page, DEMO_OWNER.phone, DEMO_OWNER.password);
  await expect(page.getByTestId('home-page')).toBeVisible();
  return page;
}

type Session = Awaited<ReturnType<typeof loginByApi>>;

/** Registers a device in the demo property and has it poll and report its versions over DDI. */
async function reportingDevice(request: APIRequestContext, session: Session, deviceId: string, version: string) {
  const pno = session.propertyList.find((p) => p.name === '演示物业')?.pno as string;
  const headers = { token: session.token, pno };
  const { credential } = await apiCall(
    request,
    'POST',
    'di/registerDevice',
    {
      deviceId,
      name: `Gateway ${deviceId.slice(-6)}`,
    },
    headers,
  );
  const ddi = `/${pno}/controller/v1/${deviceId}`;
  const authorization = `TargetToken ${credential}`;
  expect((await request.get(ddi, { headers: { authorization } })).status()).toBe(200);
  const report = await request.put(`${ddi}/configData`, {
    headers: { authorization, 'content-type': 'application/json' },
    data: { mode: 'replace', data: { swVersion: version, appVersion: '2.0.1' } },
  });
  expect(report.status()).toBe(200);
  // A poll's last-seen reaches the database with the next batch (every 2 s, later on a loaded machine): the list
  // shows the device online once the server says so.
  await expect
    .poll(async () => (await apiCall(request, 'GET', 'di/getAnyDeviceInfo', { deviceId }, headers)).online, {
      message: `${deviceId} online`,
    })
    .toBe(1);
}

async function fits390(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, `${name}-390`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

for (const lang of ['zh-cn', 'en'] as const) {
  test(`lists devices with their versions, opens one, registers one and charts versions (${lang})`, async ({
    page,
    request,
    ownerState,
  }) => {
    const version = `99999.${stamp}.${lang === 'en' ? 2 : 1}`;
    const prefix = `fwt-${lang}-${stamp}`;
    const [first, second] = [`${prefix}-a`, `${prefix}-b`];
    // One sign-in for both devices, and the worker's session for the page: sign-ins are limited per account a minute.
    const session = await loginByApi(request, DEMO_OWNER);
    await reportingDevice(request, session, first, version);
    await reportingDevice(request, session, second, version);

    await restoreSession(page, ownerState);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(localized('/fota/FotaTerminalPage', lang));
    const table = page.getByTestId('fw-terminal-table');
    await searchTable(table, prefix);
    await expect(table.getByTestId(`fw-version-${first}`)).toHaveText(version);
    await expect(table.getByTestId(`fw-version-${second}`)).toHaveText(version);
    await expect(table.getByTestId(`fw-online-${first}`)).toHaveAttribute('data-online', '1');
    await expect(table.getByTestId(`fw-online-${first}`)).toContainText(TEXT[lang].online);
    await shot(page, `fota-terminals-${lang}`);
    await fits390(page, `fota-terminals-${lang}`);

    // One device's firmware details: what it reports, nothing newer published for it, no upgrades yet.
    await table.getByTestId(`fw-device-${first}`).click();
    await expect(page).toHaveURL(/FotaTerminalInfoDialog\?.*deviceId=/);
    const info = page.getByTestId('fw-info-dialog');
    await expect(info.getByTestId('fw-info-version')).toHaveText(version);
    await expect(info.getByTestId('fw-info-upgrades')).toContainText(TEXT[lang].upToDate);
    await info.getByRole('tab', { name: lang === 'en' ? 'Upgrade records' : '升级记录' }).click();
    await expect(info.getByTestId('fw-info-records')).toContainText(TEXT[lang].noRecords);
    await shot(page, `fota-terminal-info-${lang}`);
    await fits390(page, `fota-terminal-info-${lang}`);
    await page.getByTestId('fw-info-close').click();
    await expect(info).toBeHidden();
    await expect(page).toHaveURL(/FotaTerminalPage/);
    // The filter survives the dialog.
    await expect(page).toHaveURL(new RegExp(`str=${prefix}`));

    // A new terminal: registered, its credential shown once, back on the list.
    const third = `${prefix}-c`;
    await page.getByTestId('fw-terminal-create').click();
    await expect(page).toHaveURL(/NewFotaTerminalDialog/);
    const form = page.getByTestId('device-form-dialog');
    await form.getByTestId('device-id').fill(third);
    await form.getByTestId('form-dialog-ok').click();
    const secret = page.getByTestId('secret-dialog');
    await expect(secret.getByTestId('secret-value')).toBeVisible();
    await secret.getByTestId('secret-done').click();
    await expect(page).toHaveURL(/FotaTerminalPage/);
    await searchTable(table, third);
    await expect(table.getByTestId(`fw-device-${third}`)).toBeVisible();

    // The overview charts both devices on their version.
    await page.goto(localized('/fota/FotaMainPage', lang));
    const bar = page.getByTestId('fw-version-chart').getByTestId(`fw-bar-${version}`);
    await expect(bar).toContainText(version);
    await expect(bar).toContainText(lang === 'en' ? '2 (2 online)' : '2（在线 2）');
    await expect(page.getByTestId('fw-figure-devices')).toBeVisible();
    await shot(page, `fota-main-${lang}`);
    await fits390(page, `fota-main-${lang}`);

    // The firmware dialog route opens the version form over the packages page; cancelling returns there.
    await page.goto(localized('/fota/AddEditFotaFirmwareDlg', lang));
    await expect(page.getByTestId('sw-dialog')).toBeVisible();
    await expect(page.getByTestId('fota-software-page')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('sw-dialog')).toBeHidden();
    await expect(page).toHaveURL(/FotaSoftwarePage/);
  });
}

test('a customer property sees firmware versions read-only', async ({ browser, request }) => {
  const operator = await loginByApi(request, OPERATOR);
  const name = `客户物业${stamp}`;
  await apiCall(
    request,
    'POST',
    'pro/addProperty',
    { name, isCustomer: 1, ownerPhoneNum: DEMO_OWNER.phone, businessList: ['firmware'] },
    { token: operator.token },
  );
  const page = await signedIn(browser, 'zh-cn');
  await switchProperty(page, name);
  await page.goto(localized('/fota/FotaSoftwarePage', 'zh-cn'));
  await expect(page.getByTestId('sw-customer-view')).toContainText('只读');
  await expect(page.getByTestId('sw-table')).toBeVisible();
  await expect(page.getByTestId('sw-create')).toHaveCount(0);
  await page.getByTestId('sw-keys').click();
  await expect(page.getByTestId('sw-keys-dialog').getByTestId('sw-keys-mender')).toBeDisabled();
  await page.context().close();
});
