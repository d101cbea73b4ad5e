import type { APIRequestContext } from '@playwright/test';
import { DEMO_OWNER, DEMO_PROPERTY, OPERATOR } from '../support/env';
import { expect as baseExpect, restoreSession, test } from '../support/fixtures';
import { expectAccessible, expectNoSidewaysScroll, shown } from '../support/page-checks';
import { type Lang, localized, shot } from '../support/pages';
import { apiCall, loginByApi, pickSearched } from '../support/tenancy';

/**
 * The operators' secure-route page (`/Backend/SecurityRoute/SecurityRoutePlatPage`), in each language: routed
 * commands are sent through the API in two properties (the demo property, and a property the operator makes and
 * owns), each by a privileged user of a security space to a registered device. The operator sees both on the page
 * with their property, narrows the list to one property with the property filter (kept in the URL), opens a command
 * in the drawer and cancels it there after a confirmation; the list shows it cancelled. Nothing scrolls sideways at
 * 390 px; screenshots at 1440 and 390 px go to `KEEL_SHOTS_DIR`.
 */
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ mode: 'serial' });

const PAGE = '/Backend/SecurityRoute/SecurityRoutePlatPage';
const stamp = Date.now() % 1_000_000;

const TEXT = {
  'zh-cn': { title: '安全路由', waiting: '待下发', cancelled: '已取消' },
  en: { title: 'Secure routes', waiting: 'Waiting', cancelled: 'Cancelled' },
} as const;

/** In the property `as` names: a security space with the function `code`, a device, the sender a privileged user. */
async function sendCommand(
  request: APIRequestContext,
  as: { token: string; pno: string },
  uid: string,
  code: string,
  deviceId: string,
): Promise<string> {
  const { sid } = await apiCall(
    request,
    'POST',
    'space/addSpace',
    { name: `Route ${code}`, business: 'security', category: 'terminal', quota: 1_000_000 },
    as,
  );
  const { funcId } = await apiCall(
    request,
    'POST',
    'func/saveFunc',
    {
      sid,
      code,
      nameZh: `路由 ${code}`,
      nameEn: `Route ${code}`,
      risk: 'high',
      responseList: [{ code: 'ok', nameZh: '成功', nameEn: 'Done' }],
    },
    as,
  );
  await apiCall(request, 'POST', 'di/registerDevice', { deviceId, name: `Gate ${deviceId}` }, as);
  await apiCall(request, 'POST', 'pa/addPrivilegedUser', { sid, uidList: [uid] }, as);
  const { cmdId } = await apiCall(
    request,
    'POST',
    'seclink/channel/sendFuncCommand',
    { deviceId, funcId, argument: 'mode=service' },
    as,
  );
  return cmdId as string;
}

for (const lang of ['zh-cn', 'en'] as const satisfies readonly Lang[]) {
  const text = TEXT[lang];
  const tag = `${lang === 'en' ? 'en' : 'zh'}${stamp}`;
  const propertyName = `${lang === 'en' ? 'Route estate' : '路由物业'} ${tag}`;

  test(`an operator sees routed commands of two properties, filters by one and cancels one (${lang})`, async ({
    page,
    request,
    operatorState,
  }) => {
    test.setTimeout(180_000);
    // The scene, through the API: a command in the demo property, and one in a property of the operator's own.
    const owner = (await loginByApi(request, DEMO_OWNER)) as Awaited<ReturnType<typeof loginByApi>> & { uid: string };
    const demoPno = owner.propertyList.find((p) => p.name === DEMO_PROPERTY)?.pno as string;
    const demoCode = `route.demo${tag}`;
    const demoCmd = await sendCommand(
      request,
      { token: owner.token, pno: demoPno },
      owner.uid,
      demoCode,
      `E2EROUTED${tag.toUpperCase()}`,
    );
    const operator = (await loginByApi(request, OPERATOR)) as Awaited<ReturnType<typeof loginByApi>> & {
      uid: string;
    };
    const { pno } = await apiCall(
      request,
      'POST',
      'pro/addProperty',
      { name: propertyName, ownerPhoneNum: OPERATOR.phone, businessList: ['terminal', 'security'] },
      { token: operator.token },
    );
    const ownCode = `route.own${tag}`;
    const ownCmd = await sendCommand(
      request,
      { token: operator.token, pno },
      operator.uid,
      ownCode,
      `E2EROUTEO${tag.toUpperCase()}`,
    );

    // Every property's commands, newest first, each with its property.
    await restoreSession(page, operatorState);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(localized(PAGE, lang));
    const card = page.getByTestId('sc-plat-page');
    await expect(card).toContainText(text.title);
    const table = page.getByTestId('sc-plat-table');
    await expect(table).toContainText(ownCode);
    await expect(table).toContainText(demoCode);
    await expect(table).toContainText(propertyName);
    await expect(table).toContainText(DEMO_PROPERTY);
    await expect(page.getByTestId(`sc-plat-state-${ownCmd}`)).toHaveText(text.waiting);
    await expectAccessible(page);
    await shot(page, `security-route-plat-${lang}`);

    // One property: the filter goes into the URL, and the other property's command leaves the list.
    await pickSearched(page, page.getByTestId('sc-plat-property'), tag, propertyName);
    await expect(page).toHaveURL(new RegExp(`filterPno=(%22)?${pno}`));
    await expect(table).not.toContainText(demoCode);
    await expect(table).toContainText(ownCode);

    // The command in the drawer, cancelled there after a confirmation.
    await page.getByTestId(`sc-plat-open-${ownCmd}`).click();
    const drawer = shown(page.getByTestId('sc-plat-drawer'));
    await expect(drawer).toBeVisible();
    const detail = page.getByTestId('sc-plat-detail');
    await expect(detail).toContainText(ownCode);
    await expect(detail).toContainText('mode=service');
    await expect(detail).toContainText(propertyName);
    await expect(page.getByTestId('sc-plat-detail-state')).toHaveText(text.waiting);
    await shot(page, `security-route-plat-drawer-${lang}`);
    await drawer.getByTestId(`sc-plat-cancel-${ownCmd}`).click();
    await page.locator('.ant-popover:not(.ant-popover-hidden)').getByTestId('confirm-ok').click();
    await expect(page.getByTestId('sc-plat-detail-state')).toHaveText(text.cancelled);
    await expect(drawer.getByTestId(`sc-plat-cancel-${ownCmd}`)).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(page.getByTestId(`sc-plat-state-${ownCmd}`)).toHaveText(text.cancelled);
    await expect(page.getByTestId(`sc-plat-cancel-${ownCmd}`)).toHaveCount(0);

    // The state filter, with the property's: the cancelled command alone.
    await page.goto(`${localized(PAGE, lang)}?filterPno=${pno}&state=cancelled`);
    await expect(page.getByTestId(`sc-plat-state-${ownCmd}`)).toHaveText(text.cancelled);
    await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(1);

    // The demo property's command still waits; at 390 px nothing scrolls sideways.
    await page.goto(`${localized(PAGE, lang)}?filterPno=${demoPno}`);
    await expect(page.getByTestId(`sc-plat-state-${demoCmd}`)).toHaveText(text.waiting);
    await expect(page.getByTestId(`sc-plat-cancel-${demoCmd}`)).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page);
    await shot(page, `security-route-plat-390-${lang}`);
  });
}
