import { runFleet } from '@keel/device-sim/fleet';
import { DEMO_OWNER, DEMO_PROPERTY } from '../support/env';
import { expect as baseExpect, restoreSession, test, userPages } from '../support/fixtures';
import { expectAccessible, expectNoSidewaysScroll, shown } from '../support/page-checks';
import { type Lang, localized, shot } from '../support/pages';
import { apiCall, loginByApi } from '../support/tenancy';

/**
 * The security chain end to end, in each language: the owner (through the API: the functions, user and device
 * authorisation specs cover those pages) makes a function, authorises a title for it and a device group for it, and
 * makes a demo member a holder of the title with the device detail page. The holder opens the device's detail page,
 * gets a token (shown once, with its algorithm and expiry), is refused a function the title does not hold (the
 * server's message, and the way to apply), then sends the function as a routed command; a simulated device
 * (apps/device-sim) verifies the token offline and answers `ok`, which the panel shows arriving, and the use appears
 * in the device's records. The owner sees the command on the routed commands page. Nothing scrolls sideways at 390
 * px; screenshots at 1440 and 390 px go to `KEEL_SHOTS_DIR`.
 */
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ mode: 'serial' });

const DETAIL = '/SecurityChain/DevSettingDetailPage';
const ROUTED = '/SecurityChain/DevSettingRoutedCmdPage';
const stamp = Date.now() % 1_000_000;
/** A demo member (apps/server/src/seed/demo.ts) made a holder of the title here. */
const HOLDER = { phone: '13800001033', password: 'Demo1234' };

const TEXT = {
  'zh-cn': {
    waiting: /待下发|已下发/,
    answered: '已应答',
    used: '使用',
    issued: '签发',
    refused: (func: string) => `你没有使用功能“${func}”的授权`,
    apply: '申请该功能',
  },
  en: {
    waiting: /Waiting|Delivered/,
    answered: 'Answered',
    used: 'Used',
    issued: 'Issued',
    refused: (func: string) => `You are not authorised to use the function "${func}"`,
    apply: 'Apply for this function',
  },
} as const;

const pages = userPages();

for (const lang of ['zh-cn', 'en'] as const satisfies readonly Lang[]) {
  const text = TEXT[lang];
  const tag = `${lang === 'en' ? 'en' : 'zh'}${stamp}`;
  const code = `flow.${tag}`;
  const other = `flow.other${tag}`;
  const name = lang === 'en' ? `Debug port ${tag}` : `调试口 ${tag}`;
  const otherName = lang === 'en' ? `Factory mode ${tag}` : `工厂模式 ${tag}`;
  const deviceId = `E2EFLOW${tag.toUpperCase()}`;

  test(`a title holder runs a function on a simulated device as a routed command (${lang})`, async ({
    browser,
    page,
    request,
    baseURL,
    ownerState,
  }) => {
    test.setTimeout(240_000);
    const owner = await loginByApi(request, DEMO_OWNER);
    const pno = owner.propertyList.find((p) => p.name === DEMO_PROPERTY)?.pno as string;
    const as = { token: owner.token, pno };
    const holder = (await loginByApi(request, HOLDER)) as { uid?: string };

    // The scene, through the API: a function (and another), a device in a group, a title the holder has.
    const { sid } = await apiCall(
      request,
      'POST',
      'space/addSpace',
      { name: `Flow ${tag}`, business: 'security', category: 'terminal', quota: 1_000_000 },
      as,
    );
    const func = async (c: string, nameZh: string, nameEn: string) =>
      (
        await apiCall(
          request,
          'POST',
          'func/saveFunc',
          {
            sid,
            code: c,
            nameZh,
            nameEn,
            risk: 'high',
            responseList: [
              { code: 'ok', nameZh: '成功', nameEn: 'Done' },
              { code: 'refused', nameZh: '拒绝', nameEn: 'Refused' },
            ],
          },
          as,
        )
      ).funcId as string;
    const funcId = await func(code, `调试口 ${tag}`, `Debug port ${tag}`);
    const otherId = await func(other, `工厂模式 ${tag}`, `Factory mode ${tag}`);
    const { sid: terminals } = await apiCall(
      request,
      'POST',
      'space/addSpace',
      { name: `Flow floor ${tag}`, business: 'terminal', category: 'terminal', quota: 1_000_000 },
      as,
    );
    const { groupId } = await apiCall(
      request,
      'POST',
      'sg/addOrUpdateGroup',
      { sid: terminals, name: `Hall ${tag}` },
      as,
    );
    const { credential } = await apiCall(
      request,
      'POST',
      'di/registerDevice',
      { deviceId, name: `Gate ${tag}`, sid: terminals, groupId },
      as,
    );
    const { tid } = await apiCall(request, 'POST', 't/addOrUpdateTitle', { name: `Field engineers ${tag}` }, as);
    await apiCall(request, 'POST', 't/addTitleUser', { tid, uidList: [holder.uid] }, as);
    // The title holds the first function; the device group holds both.
    await apiCall(request, 'POST', 'ua/addUserAuth', { sid, funcId, subjectType: 2, subjectIdList: [tid] }, as);
    for (const f of [funcId, otherId])
      await apiCall(
        request,
        'POST',
        'da/addDeviceFuncAuth',
        { sid, funcId: f, targetType: 'group', groupIdList: [groupId] },
        as,
      );
    // The holder may open the device detail page.
    const { psid } = await apiCall(
      request,
      'POST',
      'ps/addOrUpdatePerSet',
      { name: `Flow holders ${tag}`, permissionIdList: ['security.deviceDetail'] },
      as,
    );
    await apiCall(request, 'POST', 'ps/assignPerSet', { uidList: [holder.uid], psidList: [psid], mode: 'add' }, as);

    // The holder opens the device and gets a token for the function.
    const me = await pages.signedIn(browser, HOLDER, lang, 'holder');
    await me.setViewportSize({ width: 1440, height: 900 });
    await me.goto(`${localized(DETAIL, lang)}?deviceId=${deviceId}&sid=${sid}`);
    const use = me.getByTestId('sc-use');
    await expect(use).toBeVisible();
    const choose = async (c: string) => {
      await use.getByTestId('sc-use-func').click();
      await me.getByTestId(`sc-use-func-${c}`).click();
    };
    await choose(code);
    await use.getByTestId('sc-use-token-get').click();
    await expect(use.getByTestId('sc-use-token-alg')).toHaveText('ES256');
    await expect(use.getByTestId('sc-use-token-left')).toBeVisible();
    await expect(use.getByTestId('sc-use-token-text')).toContainText('eyJ');

    // A function the title does not hold: the server's refusal, and the way to apply for it.
    await choose(other);
    await use.getByTestId('sc-use-send').click();
    await expect(use.getByTestId('sc-use-refused')).toContainText(text.refused(otherName));
    await expect(use.getByTestId('sc-use-apply')).toHaveText(text.apply);
    await use.getByTestId('sc-use-apply').click();
    await expect(shown(me.getByTestId('sc-apply-dialog'))).toBeVisible();
    await expect(me.getByTestId('sc-apply-func-fixed')).toContainText(other);
    await me.keyboard.press('Escape');
    await expect(shown(me.getByTestId('sc-apply-dialog'))).toBeHidden();

    // The function as a routed command: it waits for the device.
    await choose(code);
    await use.getByTestId('sc-use-argument').fill('port=5555');
    await use.getByTestId('sc-use-send').click();
    await expect(use.getByTestId('sc-use-cmd-state')).toHaveText(text.waiting);
    await shot(me, `security-flow-waiting-${lang}`);

    // The simulated device polls, verifies the token offline, runs the function and answers `ok`.
    const stop = new AbortController();
    const summary = await runFleet({
      url: baseURL as string,
      property: pno,
      devices: [{ deviceId, credential: credential as string }],
      maxSleepSeconds: 0.5,
      durationSeconds: 60,
      signal: stop.signal,
      tickMs: 100,
      onTick: (s) => {
        if (s.securityCommands >= 1) stop.abort();
      },
    });
    expect(summary).toMatchObject({ securityCommands: 1, securityRefusals: 0 });
    await expect(use.getByTestId('sc-use-cmd-state')).toHaveText(text.answered);
    await expect(use.getByTestId('sc-use-cmd-answer')).toContainText('ok');
    await expect(use.getByTestId('sc-use-cmd-answer')).toContainText(`ran ${code} with port=5555`);

    // The device's records: the use, the issues before it.
    const records = me.getByTestId('sc-dd-records');
    await records.scrollIntoViewIfNeeded();
    const table = records.getByTestId('sc-dd-rec-table');
    await expect(table.locator('tbody tr.ant-table-row').first()).toContainText(text.used);
    await expect(table).toContainText(text.issued);
    await expect(table).toContainText(name);
    await expectAccessible(me);
    await shot(me, `security-flow-answered-${lang}`);
    await me.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(me);
    await shot(me, `security-flow-answered-390-${lang}`);
    await me.context().close();

    // The owner sees it among the space's routed commands.
    await restoreSession(page, ownerState);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${localized(ROUTED, lang)}?sid=${sid}`);
    const routed = page.getByTestId('sc-routed-table');
    await expect(routed).toContainText(code);
    await expect(routed).toContainText(text.answered);
    await expect(routed).toContainText('port=5555');
    await expectAccessible(page);
    await shot(page, `security-flow-routed-${lang}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page);
    await shot(page, `security-flow-routed-390-${lang}`);

    // The space's records: on the authorisations page, and per device (a device opens its records).
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${localized('/SecurityChain/GrantManagePage', lang)}?sid=${sid}&tab=records`);
    await expect(page.getByTestId('sc-grant-records-table').locator('tbody tr.ant-table-row').first()).toContainText(
      text.used,
    );
    await page.goto(`${localized('/SecurityChain/GrantHistoryDevsComponent', lang)}?sid=${sid}`);
    await page.getByTestId(`sc-hist-devs-list-${deviceId}`).click();
    const byDevice = page.getByTestId('sc-hist-devs-records-table');
    await expect(byDevice).toContainText(text.used);
    await expect(page.getByTestId('sc-rec-by-device')).toBeVisible();
    await expectAccessible(page);
    await shot(page, `security-flow-device-records-${lang}`);
  });
}
