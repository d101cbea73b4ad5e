import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_MEMBER, DEMO_OWNER, freshPhone, OPERATOR } from '../support/env';
import { expect, expectToast, test, userPages } from '../support/fixtures';
import { localized, searchTable, shot, switchProperty } from '../support/pages';
import { apiCall, loginByApi, registerByApi } from '../support/tenancy';

/**
 * Properties and organisations: the operator creates a property (owned by the demo member), authorises two
 * businesses and adds a unit to its organisation from the back office (no member of it); its owner builds a
 * two-level tree, invites a phone and creates a user; the demo owner asks to join and the request is approved on
 * the member-approval page (an application of the approval flow). Then a short pass of the same pages in English.
 */
const users = userPages();

async function confirm(page: Page) {
  await page.getByTestId('confirm-ok').click();
}

test.describe.configure({ mode: 'serial' });

const propertyName = `组织测试${Date.now() % 1_000_000}`;
let pno = '';

test('operator creates a property and authorises two businesses', async ({ browser }) => {
  const page = await users.signedIn(browser, OPERATOR);
  await page.goto('/Account/BackPropertyPage');
  await expect(page.getByTestId('back-property-page')).toBeVisible();

  await page.getByTestId('create-property').click();
  const dialog = page.getByTestId('edit-property-dialog');
  await dialog.getByTestId('form-dialog-ok').click();
  await expect(dialog.getByText('请输入物业名称')).toBeVisible();
  await dialog.getByTestId('property-name-input').fill(propertyName);
  await dialog.getByTestId('property-owner-input').fill(DEMO_MEMBER.phone);
  await dialog.getByTestId('form-dialog-ok').click();
  await expect(dialog).toBeHidden();

  const table = page.getByTestId('back-property-table');
  await table.getByTestId('filter-str').fill(propertyName);
  await table.getByTestId('filter-search').click();
  const row = table.locator('tr', { has: page.getByTestId(`property-row-${propertyName}`) });
  await expect(row).toBeVisible();
  pno = (await row.locator('td').first().innerText()).trim();
  expect(pno).toMatch(/^\d{8}$/);

  await row.getByTestId(`authorise-${pno}`).click();
  const auth = page.getByTestId('property-authorized-dialog');
  await auth.getByTestId('business-check-firmware').click();
  await auth.getByTestId('business-check-process').click();
  await shot(page, 'back-authorise-zh');
  await auth.getByTestId('business-save').click();
  await expect(auth).toBeHidden();
  await expect(row.getByText('固件')).toBeVisible();
  await expect(row.getByText('业务流程')).toBeVisible();
  await shot(page, 'back-properties-zh');

  await row.getByTestId(`orgs-${pno}`).click();
  await expect(page.getByTestId('back-org-page')).toBeVisible();
  await expect(page.getByTestId('org-tree').getByText(propertyName)).toBeVisible();
  // The operator is no member of the property, yet manages its organisation from the back office.
  await page.getByTestId('org-add').click();
  const unit = page.getByTestId('org-node-dialog');
  await unit.getByTestId('org-node-name').fill('运营部');
  await unit.getByTestId('form-dialog-ok').click();
  await expect(unit).toBeHidden();
  await expect(page.getByTestId('org-tree').getByTestId('org-node-运营部')).toBeVisible();
  await shot(page, 'back-orgs-zh');
  await page.context().close();
});

test('the owner builds the organisation, invites and creates members; a join request is approved', async ({
  browser,
}) => {
  // Four people's pages, the tree, invitations, the subtree search, "move here" and a join request: one long flow.
  test.setTimeout(180_000);
  const page = await users.signedIn(browser, DEMO_MEMBER);
  await switchProperty(page, propertyName);
  await page.goto('/Account/PropertyPage');
  await expect(page.getByTestId('property-fore')).toBeVisible();
  await expect(page.getByTestId('summary-pno')).toContainText(pno);

  const tree = page.getByTestId('org-tree');
  // Level one under the root, then level two under it.
  await page.getByTestId('org-add').click();
  let dialog = page.getByTestId('org-node-dialog');
  await dialog.getByTestId('org-node-name').fill('销售部');
  await dialog.getByTestId('form-dialog-ok').click();
  await expect(dialog).toBeHidden();
  await tree.getByTestId('org-node-销售部').click();
  await page.getByTestId('org-add').click();
  dialog = page.getByTestId('org-node-dialog');
  await dialog.getByTestId('org-node-name').fill('华东区');
  await dialog.getByTestId('form-dialog-ok').click();
  await expect(dialog).toBeHidden();
  await expect(tree.getByTestId('org-node-华东区')).toBeVisible();

  // A node with a sub-node cannot be deleted: the server says why.
  await tree.getByTestId('org-node-销售部').click();
  await page.getByTestId('org-delete').click();
  await confirm(page);
  await expectToast(page, '销售部');

  await tree.getByTestId('org-node-华东区').click();
  const invited = freshPhone();
  await page.getByTestId('org-invite').click();
  const invite = page.getByTestId('invite-dialog');
  await invite.getByTestId('invite-phone').fill(invited);
  await invite.getByTestId('invite-remark').click();
  await expect(invite.getByTestId('invite-phone-state')).toBeVisible();
  await invite.getByTestId('form-dialog-ok').click();
  await expect(invite).toBeHidden();

  const created = freshPhone();
  await page.getByTestId('org-add-user').click();
  const add = page.getByTestId('add-user-dialog');
  await add.getByTestId('add-user-name').fill('直建用户');
  await add.getByTestId('add-user-phone').fill(created);
  await add.getByTestId('add-user-password').fill('Passw0rd1');
  await add.getByTestId('form-dialog-ok').click();
  await expect(add).toBeHidden();
  await expect(page.getByTestId('org-member-table').getByTestId(`member-${created}`)).toBeVisible();
  await shot(page, 'property-page-zh');

  // Search looks through the whole subtree: from 销售部, the user created in 华东区 below it is found.
  await tree.getByTestId('org-node-销售部').click();
  const members = page.getByTestId('org-member-table');
  await searchTable(members, created);
  await expect(members.locator('tr', { has: page.getByTestId(`member-${created}`) })).toContainText('华东区');

  // Inviting a phone that already is a member offers to move them to this unit instead.
  await page.getByTestId('org-invite').click();
  const again = page.getByTestId('invite-dialog');
  await again.getByTestId('invite-phone').fill(created);
  await again.getByTestId('invite-remark').click();
  await expect(again.getByTestId('invite-phone-state')).toContainText('华东区');
  await again.getByTestId('form-dialog-ok').click();
  await expect(again).toBeHidden();
  await expect(members.locator('tr', { has: page.getByTestId(`member-${created}`) })).toContainText('销售部');

  // The demo owner asks to join by the property's number.
  const requester = await users.signedIn(browser, DEMO_OWNER);
  await requester.goto('/JoinPropertyDlg');
  const join = requester.getByTestId('join-property-dialog');
  await join.getByTestId('join-pno').fill(pno);
  await join.getByTestId('join-remark').fill('请通过');
  await shot(requester, 'join-dialog-zh');
  await join.getByTestId('form-dialog-ok').click();
  await expect(join).toBeHidden();
  await expect(requester).toHaveURL('/home');
  await requester.context().close();

  // The join request is an application of the approval flow (the built-in one: the owner reviews it); the
  // invitation is in the invitations tab.
  await page.goto('/BusinessProcess/MemberAuditPage');
  const audit = page.getByTestId('apply-table-todo');
  await expect(audit.getByTestId(`apply-row-${DEMO_OWNER.phone}`)).toBeVisible();
  await shot(page, 'member-audit-zh');
  await page.getByTestId('apply-tab-invites').click();
  await expect(page.getByTestId('invite-table').getByTestId(`request-${invited}`)).toBeVisible();
  await page.getByTestId('apply-tab-todo').click();
  await audit.getByTestId(`apply-audit-${DEMO_OWNER.phone}`).click();
  const review = page.getByTestId('audit-dialog');
  await expect(review.getByTestId('audit-applicant')).toContainText(DEMO_OWNER.phone);
  await review.getByTestId('audit-pass').click();
  await expect(review).toBeHidden();
  await expect(audit.getByTestId(`apply-row-${DEMO_OWNER.phone}`)).toHaveCount(0);

  await page.goto('/Account/PropertyPage');
  await expect(page.getByTestId('org-member-table').getByTestId(`member-${DEMO_OWNER.phone}`)).toBeVisible();
  await page.context().close();
});

/** A new account that asks to join `pno` through the API. */
async function joinRequestByApi(request: APIRequestContext, name: string): Promise<string> {
  const account = { phone: freshPhone(), password: 'Passw0rd1', name };
  await registerByApi(request, account);
  const { token } = await loginByApi(request, account);
  await apiCall(request, 'POST', 'o/applyJoinProperty', { pno, remark: 'batch' }, { token });
  return account.phone;
}

test('the same pages in English; two join requests approved in one batch', async ({ browser, request }) => {
  const first = await joinRequestByApi(request, 'Batch One');
  const second = await joinRequestByApi(request, 'Batch Two');

  const operator = await users.signedIn(browser, OPERATOR, 'en');
  await operator.goto(localized('/Account/BackPropertyPage', 'en'));
  await expect(operator.getByTestId('create-property')).toHaveText(/New property/);
  await operator.getByTestId(`authorise-${pno}`).click();
  await expect(operator.getByTestId('property-authorized-dialog')).toContainText('Authorise businesses');
  await shot(operator, 'back-authorise-en');
  await operator.keyboard.press('Escape');
  await shot(operator, 'back-properties-en');
  await operator.context().close();

  const owner = await users.signedIn(browser, DEMO_MEMBER, 'en');
  await switchProperty(owner, propertyName);
  await owner.goto(localized('/Account/PropertyPage', 'en'));
  await expect(owner.getByTestId('property-fore')).toContainText('Property overview');
  await expect(owner.getByTestId('org-manage')).toContainText('Organisation');
  await shot(owner, 'property-page-en');
  await owner.goto(localized('/BusinessProcess/MemberAuditPage', 'en'));
  await expect(owner.getByTestId('member-audit-page')).toContainText('Member approval');
  const audit = owner.getByTestId('apply-table-todo');
  await expect(audit.getByTestId(`apply-row-${first}`)).toBeVisible();
  const rowOf = (phone: string) => audit.locator('tr').filter({ has: owner.getByTestId(`apply-row-${phone}`) });
  await rowOf(first).locator('input[type=checkbox]').check();
  await rowOf(second).locator('input[type=checkbox]').check();
  await expect(owner.getByTestId('batch-bar')).toContainText('2 selected');
  await shot(owner, 'member-audit-en');
  await owner.getByTestId('batch-pass').click();
  await expect(owner.locator('.ant-popconfirm-title')).toContainText('Pass the 2 selected applications');
  await confirm(owner);
  await expectToast(owner, '2 application(s) passed');
  await expect(audit.getByTestId(`apply-row-${first}`)).toHaveCount(0);
  await expect(audit.getByTestId(`apply-row-${second}`)).toHaveCount(0);
  await expect(owner.getByTestId('batch-bar')).toHaveCount(0);
  await owner.context().close();
});
