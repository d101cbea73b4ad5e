import type { Page } from '@playwright/test';
import { DEMO_OWNER, DEMO_PROPERTY, freshPhone, OPERATOR } from '../support/env';
import { expect, test, userPages } from '../support/fixtures';
import { localized, shot } from '../support/pages';
import { apiCall, loginByApi, markNoReload, registerByApi, selectOption, stillNoReload } from '../support/tenancy';

/**
 * The message centre: an administrator invites an existing account; the invitee, on /home, sees the
 * unread badge go up without a reload (WebSocket), answers the invitation in the message centre, and the new
 * property appears in the switcher; mark-all-read; a short English pass; the operator's back-office home with
 * recent audit records.
 */
const users = userPages();
test.describe.configure({ mode: 'serial' });

const badge = (page: Page) => page.getByTestId('unread-badge');
const invitee = { phone: freshPhone(), password: 'Invitee123', name: `受邀用户${Date.now() % 10_000}` };
let inviteePage: Page;

test('an invitation arrives live, is accepted in the message centre, and the property joins the switcher', async ({
  browser,
  request,
}) => {
  // Setup through the API: the invitee registers; the demo owner signs in.
  await registerByApi(request, invitee);
  const owner = await loginByApi(request, DEMO_OWNER);
  const demo = owner.propertyList.find((p) => p.name === DEMO_PROPERTY);
  expect(demo).toBeTruthy();

  inviteePage = await users.signedIn(browser, invitee);
  const page = inviteePage;
  await expect(page.getByTestId('property-switcher')).toBeDisabled();
  await expect(badge(page)).toHaveAttribute('data-count', '0');

  // The administrator invites the invitee by phone: the badge goes up with no reload.
  await markNoReload(page);
  await apiCall(
    request,
    'POST',
    'o/inviteOrgUser',
    { phoneNum: invitee.phone, remark: '欢迎加入' },
    {
      token: owner.token,
      pno: demo?.pno ?? '',
    },
  );
  await expect(badge(page)).toHaveAttribute('data-count', '1');
  await expect(page.getByTestId('home-unread')).toContainText('1');
  expect(await stillNoReload(page)).toBe(true);
  await shot(page, 'news-home-badge-zh');

  // The bell opens the message centre.
  await badge(page).click();
  await expect(page).toHaveURL(/\/msg\/MsgCenter/);
  const table = page.getByTestId('news-table');
  const row = table.locator('tr', { hasText: DEMO_PROPERTY }).first();
  await expect(row).toBeVisible();
  await expect(row.getByText('邀请', { exact: true })).toBeVisible();
  await expect(row.getByText('未读', { exact: true })).toBeVisible();
  await shot(page, 'news-center-zh');

  await row.getByRole('button', { name: '处理' }).click();
  await expect(page).toHaveURL(/\/msg\/ProcessInviteMsgDialog\?/);
  const dialog = page.getByTestId('process-invite-dialog');
  await expect(dialog.getByTestId('invite-property')).toHaveText(DEMO_PROPERTY);
  await expect(dialog.getByTestId('invite-inviter')).toHaveText(DEMO_OWNER.name);
  await expect(dialog.getByTestId('invite-status')).toHaveText('待处理');
  await expect(dialog.getByText('欢迎加入')).toBeVisible();
  await shot(page, 'news-invite-dialog-zh');

  await expect(badge(page)).toHaveAttribute('data-count', '1');
  await dialog.getByTestId('invite-accept').click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/msg\/MsgCenter$/);
  await expect(badge(page)).toHaveAttribute('data-count', '0');
  await expect(row.getByText('已读', { exact: true })).toBeVisible();
  // The new property is in the switcher (and selected: the invitee had none).
  await expect(page.getByTestId('property-switcher')).toHaveText(DEMO_PROPERTY);
  await page.getByTestId('property-switcher').click();
  await expect(page.getByRole('listbox').getByRole('option', { name: DEMO_PROPERTY, exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await shot(page, 'news-center-accepted-zh');

  // The answered invitation opens read-only.
  await row.getByRole('button', { name: '处理' }).click();
  await expect(dialog.getByTestId('invite-status')).toHaveText('已接受');
  await expect(dialog.getByTestId('invite-accept')).toHaveCount(0);
  await dialog.getByTestId('invite-close').click();
  await expect(dialog).toBeHidden();
});

test('filters live in the URL and mark-all-read clears the badge', async ({ request }) => {
  const page = inviteePage;
  // Two more messages: the operator makes the invitee the owner of two new properties.
  const operator = await loginByApi(request, OPERATOR);
  for (const n of [1, 2]) {
    await apiCall(
      request,
      'POST',
      'pro/addProperty',
      { name: `消息物业${Date.now() % 100_000}-${n}`, ownerPhoneNum: invitee.phone },
      { token: operator.token },
    );
  }
  await expect(badge(page)).toHaveAttribute('data-count', '2');
  const table = page.getByTestId('news-table');
  await expect(table.getByText('未读', { exact: true })).toHaveCount(2);

  // Read-state filter (in the URL, survives a reload).
  await table.getByTestId('filter-readStatus').click();
  await selectOption(page, '未读').click();
  await table.getByTestId('filter-search').click();
  await expect(page).toHaveURL(/readStatus=(%22)?0/);
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(2);
  await page.reload();
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(2);
  await expect(badge(page)).toHaveAttribute('data-count', '2');
  await shot(page, 'news-center-unread-filter-zh');

  await page.getByTestId('mark-all-read').click();
  await page.getByTestId('confirm-ok').click();
  await expect(badge(page)).toHaveAttribute('data-count', '0');
  await expect(table.locator('.ant-empty-description')).toHaveText('暂无数据');
  await expect(page.getByTestId('mark-all-read')).toBeDisabled();
  await table.getByTestId('filter-reset').click();
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(3);
  await expect(table.getByText('未读', { exact: true })).toHaveCount(0);
});

test('English pass: the message centre and the answered invitation', async () => {
  const page = inviteePage;
  await page.goto(localized('/msg/MsgCenter', 'en'));
  const card = page.getByTestId('news-page');
  await expect(card.getByText('Messages', { exact: true })).toBeVisible();
  const table = page.getByTestId('news-table');
  await expect(table.getByText('Invitation', { exact: true })).toBeVisible();
  await expect(table.getByText('Read', { exact: true }).first()).toBeVisible();
  await shot(page, 'news-center-en');
  const invite = table.locator('tr', { hasText: 'Invitation' }).first();
  await invite.getByRole('button', { name: 'Respond' }).click();
  await expect(page).toHaveURL(/\/en\/msg\/ProcessInviteMsgDialog\?/);
  const dialog = page.getByTestId('process-invite-dialog');
  await expect(dialog.getByTestId('invite-status')).toHaveText('Accepted');
  await expect(dialog.getByText('Invited by')).toBeVisible();
  await shot(page, 'news-invite-dialog-en');
  await dialog.getByTestId('invite-close').click();
  await expect(page).toHaveURL(/\/en\/msg\/MsgCenter$/);
  // A property message opens the property page.
  const roleChangeRow = table.locator('tr', { hasText: 'Role change' }).first();
  await roleChangeRow.getByRole('button', { name: 'Open' }).click();
  await expect(page).toHaveURL(/\/en\/Account\/PropertyPage/);
  await page.context().close();
});

for (const lang of ['zh-cn', 'en'] as const) {
  test(`the operator's back-office home shows counts and recent audit records (${lang})`, async ({ browser }) => {
    const page = await users.signedIn(browser, OPERATOR, lang);
    await page.goto(localized('/Backend/BackendHome', lang));
    const home = page.getByTestId('backend-home');
    await expect(home).toBeVisible();
    await expect(page.getByTestId('count-properties')).not.toContainText('—');
    await expect(page.getByTestId('business-counts')).toBeVisible();
    const table = page.getByTestId('audit-table');
    await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();
    await table.getByTestId('filter-endpoint').fill('processInvite');
    await table.getByTestId('filter-search').click();
    await expect(page).toHaveURL(/endpoint=processInvite/);
    const accepted = table.locator('tr', { hasText: invitee.phone });
    await expect(accepted.getByText('o/processInvite')).toBeVisible();
    await expect(accepted.getByText(lang === 'en' ? 'Success' : '成功')).toBeVisible();
    await shot(page, `backend-home-${lang}`);
    await page.context().close();
  });
}
