import { DEMO_OWNER, DEMO_PROPERTY } from '../support/env';
import { expect as baseExpect, expectToast, restoreSession, test } from '../support/fixtures';
import { expectAccessible, expectNoSidewaysScroll, shown } from '../support/page-checks';
import { type Lang, localized, shot } from '../support/pages';
import { apiCall, loginByApi, selectOption } from '../support/tenancy';

/**
 * Security chain functions, in each language. The owner makes a security space through the API, then on
 * `/ToolsManage/FuncListPage` adds a function (required fields asked for first; a duplicate code refused with the
 * server's message), opens its responses on `/ToolsManage/ResponseListPage` and adds one, picks the function in
 * `/SecurityChain/FuncListComponent`, and deletes the function after a confirmation. Nothing scrolls sideways at
 * 390 px; screenshots at 1440 and 390 px go to `KEEL_SHOTS_DIR`.
 */
const expect = baseExpect.configure({ timeout: 30_000 });

test.describe.configure({ mode: 'serial' });

const FUNCS = '/ToolsManage/FuncListPage';
const RESPONSES = '/ToolsManage/ResponseListPage';
const PICKER = '/SecurityChain/FuncListComponent';
const stamp = Date.now() % 1_000_000;

const TEXT = {
  'zh-cn': {
    risk: '严重',
    created: (c: string) => `已新建功能 ${c}`,
    taken: (c: string) => `本空间已有代码为 ${c} 的功能`,
    responseSaved: (c: string, f: string) => `已保存 ${f} 的响应 ${c}`,
    picked: (c: string) => `已选：${c}`,
    deleted: (c: string) => `已删除功能 ${c}`,
  },
  en: {
    risk: 'Critical',
    created: (c: string) => `Function ${c} added`,
    taken: (c: string) => `The space already has a function with the code ${c}`,
    responseSaved: (c: string, f: string) => `Response ${c} of ${f} saved`,
    picked: (c: string) => `Chosen: ${c}`,
    deleted: (c: string) => `Function ${c} deleted`,
  },
} as const;

for (const lang of ['zh-cn', 'en'] as const satisfies readonly Lang[]) {
  test(`the owner adds a function with a response, picks it and deletes it (${lang})`, async ({
    page,
    request,
    ownerState,
  }) => {
    test.setTimeout(180_000);
    const text = TEXT[lang];
    const tag = `${lang === 'en' ? 'en' : 'zh'}${stamp}`;
    const code = `debug.adb${tag}`;
    const owner = await loginByApi(request, DEMO_OWNER);
    const pno = owner.propertyList.find((p) => p.name === DEMO_PROPERTY)?.pno as string;
    const headers = { token: owner.token, pno };
    const { sid } = await apiCall(
      request,
      'POST',
      'space/addSpace',
      { name: `Security ${tag}`, business: 'security', category: 'terminal', quota: 1_000_000 },
      headers,
    );

    // 1. A function: required fields first, then code, names, risk and description.
    await restoreSession(page, ownerState);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${localized(FUNCS, lang)}?sid=${sid}`);
    await expect(page.getByTestId('sc-func-page')).toBeVisible();
    await expect(page.getByTestId('sc-space-select')).toContainText(`Security ${tag}`);
    await page.getByTestId('sc-func-create').click();
    const dialog = page.getByTestId('sc-func-dialog');
    await expect(shown(dialog)).toBeVisible();
    await dialog.getByTestId('form-dialog-ok').click();
    await expect(dialog.locator('.ant-form-item-explain-error').first()).toBeVisible();
    await dialog.getByTestId('sc-func-code').fill(code);
    await dialog.getByTestId('sc-func-name-zh').fill(`调试口${tag}`);
    await dialog.getByTestId('sc-func-name-en').fill(`Debug port ${tag}`);
    await dialog.getByTestId('sc-func-risk').click();
    await selectOption(page, text.risk).click();
    await dialog.getByTestId('sc-func-description').fill('ADB over USB');
    await shot(page, `security-func-dialog-${lang}`);
    await expectAccessible(page, '.ant-modal-wrap');
    await dialog.getByTestId('form-dialog-ok').click();
    await expectToast(page, text.created(code));
    await expect(shown(dialog)).toBeHidden();
    const table = page.getByTestId('sc-func-table');
    await expect(table.getByTestId(`sc-func-${code}`)).toBeVisible();
    await expect(table.getByTestId('sc-risk-critical')).toBeVisible();

    // The same code again: the server's message, and the dialog stays open.
    await page.getByTestId('sc-func-create').click();
    await dialog.getByTestId('sc-func-code').fill(code);
    await dialog.getByTestId('sc-func-name-zh').fill('重复');
    await dialog.getByTestId('sc-func-name-en').fill('Again');
    await dialog.getByTestId('form-dialog-ok').click();
    await expectToast(page, text.taken(code));
    await expect(shown(dialog)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(shown(dialog)).toBeHidden();
    await shot(page, `security-funcs-${lang}`);
    await expectAccessible(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page);
    await shot(page, `security-funcs-390-${lang}`);
    await page.setViewportSize({ width: 1440, height: 900 });

    // 2. Its responses: the functions page opens them; add one.
    await page.getByTestId(`sc-func-responses-${code}`).click();
    await expect(page.getByTestId('sc-response-page')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(RESPONSES));
    await expect(page.getByTestId('sc-response-func-filter')).toContainText(code);
    await page.getByTestId('sc-response-create').click();
    const responseDialog = page.getByTestId('sc-response-dialog');
    await expect(shown(responseDialog)).toBeVisible();
    await expect(responseDialog.getByTestId('sc-response-func')).toContainText(code);
    await responseDialog.getByTestId('sc-response-code').fill('refused');
    await responseDialog.getByTestId('sc-response-name-zh').fill('拒绝');
    await responseDialog.getByTestId('sc-response-name-en').fill('Refused');
    await expectAccessible(page, '.ant-modal-wrap');
    await responseDialog.getByTestId('form-dialog-ok').click();
    await expectToast(page, text.responseSaved('refused', code));
    await expect(page.getByTestId(`sc-response-${code}-refused`)).toBeVisible();
    await shot(page, `security-responses-${lang}`);
    await expectAccessible(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page);
    await shot(page, `security-responses-390-${lang}`);
    await page.setViewportSize({ width: 1440, height: 900 });

    // 3. The function picker of the security chain pages.
    await page.goto(`${localized(PICKER, lang)}?sid=${sid}`);
    await expect(page.getByTestId('sc-func-component')).toBeVisible();
    await page.getByTestId('sc-func-picker-search').locator('input').fill(tag);
    await page.getByTestId(`sc-pick-${code}`).click();
    await expect(page.getByTestId('sc-func-picked')).toContainText(text.picked(code));
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page);
    await shot(page, `security-picker-390-${lang}`);
    await page.setViewportSize({ width: 1440, height: 900 });

    // 4. Delete the function after a confirmation; its responses go with it.
    await page.goto(`${localized(FUNCS, lang)}?sid=${sid}`);
    await page.getByTestId(`sc-func-delete-${code}`).click();
    await page.getByTestId('confirm-ok').click();
    await expectToast(page, text.deleted(code));
    await expect(page.getByTestId(`sc-func-${code}`)).toBeHidden();
    const left = await apiCall(request, 'GET', 'func/getFuncResponseList', { sid }, headers);
    expect(left.total).toBe(0);
  });
}
