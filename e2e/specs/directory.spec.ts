import type { Locator, Page } from '@playwright/test';
import { DEMO_OWNER, freshPhone } from '../support/env';
import { expect, expectToast, restoreSession, test } from '../support/fixtures';
import { localized, searchTable, shot, signIn } from '../support/pages';
import { apiCall, loginByApi } from '../support/tenancy';

/**
 * The directory of a property: the demo owner creates a title and gives it to a member, creates a user
 * set with two members and a customer, creates a user and disables it on the user list (with a confirmation);
 * then a short pass in English, and the operator's back-office pages.
 */
/** Demo people seeded in 演示物业 (apps/server/src/seed/demo.ts: 13800001001…13800001040). */
const PERSON_A = '13800001001';
const PERSON_B = '13800001002';
const PERSON_C = '13800001003';

const suffix = String(Date.now() % 1_000_000);

/** Picks a member in a UserPicker by phone (searching, then clicking the option). */
async function pickUser(page: Page, picker: Locator, phone: string) {
  await picker.click();
  await picker.locator('input').fill(phone);
  // The answer to this search, not the list shown before it (a click could hit an option it replaces).
  await expect(picker).not.toHaveClass(/ant-select-loading/);
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: phone });
  await expect(option).toHaveCount(1);
  await option.click();
  // A multiple select stays open after a pick: click the dialog's title to close it.
  await page.locator('.ant-modal-title:visible').last().click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

test.describe.configure({ mode: 'serial' });

test('the demo owner builds the directory in Chinese', async ({ page, ownerState }) => {
  test.setTimeout(300_000);
  await restoreSession(page, ownerState);

  // A title, validated, then created and given to a member.
  const title = `测试职务${suffix}`;
  await page.goto('/Account/TitlePage');
  await expect(page.getByTestId('title-page')).toBeVisible();
  await expect(page.getByTestId('title-page').getByText('职务管理')).toBeVisible();
  await shot(page, 'title-page-zh');
  await page.getByTestId('title-create').click();
  const edit = page.getByTestId('edit-group-dialog');
  await expect(edit.getByText('新建职务')).toBeVisible();
  await edit.getByTestId('form-dialog-ok').click();
  await expect(edit.getByText('请输入职务名称')).toBeVisible();
  await edit.getByTestId('group-name').fill(title);
  await edit.getByTestId('group-remark').fill('端到端测试创建');
  await shot(page, 'title-edit-zh');
  await edit.getByTestId('form-dialog-ok').click();
  await expectToast(page, `已创建职务“${title}”`);
  await expect(edit).toBeHidden();

  const titles = page.getByTestId('title-table');
  await searchTable(titles, title);
  await expect(titles.getByTestId(`title-row-${title}`)).toBeVisible();
  await expect(page).toHaveURL(/str=/);
  await titles.getByTestId(`title-members-${title}`).click();
  const members = page.getByTestId('members-dialog');
  await expect(members.getByText('该职务暂无成员')).toBeVisible();
  await members.getByTestId('add-members').click();
  const add = page.getByTestId('add-members-dialog');
  await add.getByTestId('form-dialog-ok').click();
  await expect(add.getByText('请至少选择一名用户')).toBeVisible();
  await pickUser(page, add.getByTestId('add-members-picker'), PERSON_A);
  await shot(page, 'title-add-member-zh');
  await add.getByTestId('form-dialog-ok').click();
  await expect(add).toBeHidden();
  await expect(members.getByTestId(`member-${PERSON_A}`)).toBeVisible();
  await shot(page, 'title-members-zh');
  await page.keyboard.press('Escape');
  await expect(members).toBeHidden();
  await expect(titles.getByTestId(`title-count-${title}`)).toHaveText('1');

  // A user set with two members; one is removed again after a confirmation.
  const set = `测试用户集${suffix}`;
  await page.goto('/Account/UserSetPage');
  await page.getByTestId('userSet-create').click();
  await edit.getByTestId('group-name').fill(set);
  await edit.getByTestId('form-dialog-ok').click();
  await expect(edit).toBeHidden();
  const sets = page.getByTestId('userSet-table');
  await searchTable(sets, set);
  await sets.getByTestId(`userSet-members-${set}`).click();
  await members.getByTestId('add-members').click();
  await pickUser(page, add.getByTestId('add-members-picker'), PERSON_B);
  await pickUser(page, add.getByTestId('add-members-picker'), PERSON_C);
  await add.getByTestId('form-dialog-ok').click();
  await expectToast(page, '已添加 2 名成员');
  await expect(add).toBeHidden();
  await expect(members.getByTestId(`member-${PERSON_B}`)).toBeVisible();
  await expect(members.getByTestId(`member-${PERSON_C}`)).toBeVisible();
  await shot(page, 'userset-members-zh');
  await page.keyboard.press('Escape');
  await expect(sets.getByTestId(`userSet-count-${set}`)).toHaveText('2');
  await shot(page, 'userset-page-zh');

  // A customer, with a field check on the contact e-mail.
  const customer = `测试客户${suffix}`;
  await page.goto('/Account/CustomerPage');
  await page.getByTestId('customer-create').click();
  await edit.getByTestId('group-name').fill(customer);
  await edit.getByTestId('customer-code').fill(`C-${suffix}`);
  await edit.getByTestId('customer-contact-name').fill('王经理');
  await edit.getByTestId('customer-contact-phone').fill('021-5555 1234');
  await edit.getByTestId('customer-contact-email').fill('not-an-email');
  await edit.getByTestId('form-dialog-ok').click();
  await expect(edit.getByText('请输入有效的邮箱地址')).toBeVisible();
  await edit.getByTestId('customer-contact-email').fill('wang@example.com');
  await shot(page, 'customer-edit-zh');
  await edit.getByTestId('form-dialog-ok').click();
  await expect(edit).toBeHidden();
  const customers = page.getByTestId('customer-table');
  await searchTable(customers, customer);
  await expect(customers.getByTestId(`customer-row-${customer}`)).toBeVisible();
  await expect(customers.getByText('wang@example.com', { exact: false })).toBeVisible();
  await shot(page, 'customer-page-zh');

  // The title is deleted: the confirmation says it still has a member.
  await page.goto('/Account/TitlePage');
  await searchTable(titles, title);
  await titles.getByTestId(`title-delete-${title}`).click();
  await expect(page.getByText('其下仍有 1 名成员')).toBeVisible();
  await page.getByTestId('confirm-ok').click();
  await expectToast(page, `“${title}”已删除`);
  await expect(titles.getByTestId(`title-row-${title}`)).toHaveCount(0);

  // A new user, then disabled on the user list after a confirmation.
  const phone = freshPhone();
  const name = `测试用户${suffix}`;
  await page.goto('/UserManage/UserListPage');
  await expect(page.getByTestId('user-list-page')).toBeVisible();
  await page.getByTestId('user-create').click();
  const userDialog = page.getByTestId('edit-user-dialog');
  await userDialog.getByTestId('user-phone').fill('123');
  await userDialog.getByTestId('form-dialog-ok').click();
  await expect(userDialog.getByText('请输入用户姓名')).toBeVisible();
  await expect(userDialog.getByText('请输入有效的 11 位手机号')).toBeVisible();
  await userDialog.getByTestId('user-name').fill(name);
  await userDialog.getByTestId('user-phone').fill(phone);
  await userDialog.getByTestId('form-dialog-ok').click();
  await expect(userDialog).toBeHidden();
  const users = page.getByTestId('user-table');
  await searchTable(users, phone);
  await expect(users.getByTestId(`user-status-${phone}`)).toHaveText('已启用');
  await users.getByTestId(`user-disable-${phone}`).click();
  await expect(page.getByText(`停用 ${name}？`)).toBeVisible();
  await shot(page, 'user-disable-confirm-zh');
  await page.getByTestId('confirm-ok').click();
  await expect(users.getByTestId(`user-status-${phone}`)).toHaveText('已停用');
  await expect(users.getByTestId(`user-enable-${phone}`)).toBeVisible();
  // The owner's own row cannot be disabled.
  await searchTable(users, DEMO_OWNER.phone);
  await expect(users.getByTestId(`user-status-blocked-${DEMO_OWNER.phone}`)).toBeDisabled();
  await users.getByTestId('filter-reset').click();
  await shot(page, 'user-list-zh');

  // Dialog routes open over their page and close back to it.
  await page.goto('/Account/EditTitleDialog');
  await expect(page.getByTestId('title-page')).toBeVisible();
  await expect(page.getByTestId('edit-group-dialog').getByTestId('group-name')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL('/Account/TitlePage');
});

test('the same pages in English', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO_OWNER, 'en');

  // An edit dialog opened by its link: the title is fetched by id; an unknown id closes with a message.
  const { token, propertyList } = await loginByApi(request, DEMO_OWNER);
  const titles = await apiCall(request, 'GET', 't/getTitleList', { pageSize: 1 }, { token, pno: propertyList[0].pno });
  const title = titles.list[0] as { tid: string; name: string };
  await page.goto(localized(`/Account/EditTitleDialog?tid=${title.tid}`, 'en'));
  const linked = page.getByTestId('edit-group-dialog');
  await expect(linked.getByText('Edit title')).toBeVisible();
  await expect(linked.getByTestId('group-name')).toHaveValue(title.name);
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(localized('/Account/TitlePage', 'en'));
  await page.goto(localized('/Account/EditTitleDialog?tid=no-such-title', 'en'));
  await expectToast(page, 'That title no longer exists');
  await expect(page).toHaveURL(localized('/Account/TitlePage', 'en'));

  await page.goto(localized('/Account/TitlePage', 'en'));
  await expect(page.getByTestId('title-page').getByText('Titles').first()).toBeVisible();
  await page.getByTestId('title-create').click();
  const edit = page.getByTestId('edit-group-dialog');
  await expect(edit.getByText('New title')).toBeVisible();
  await edit.getByTestId('form-dialog-ok').click();
  await expect(edit.getByText("Please enter the title's name")).toBeVisible();
  await shot(page, 'title-edit-en');
  await page.keyboard.press('Escape');
  await shot(page, 'title-page-en');

  await page.goto(localized('/Account/UserSetPage', 'en'));
  await expect(page.getByTestId('userSet-page').getByText('User sets').first()).toBeVisible();
  const sets = page.getByTestId('userSet-table');
  await searchTable(sets, `测试用户集${suffix}`);
  await sets.getByTestId(`userSet-members-测试用户集${suffix}`).click();
  const members = page.getByTestId('members-dialog');
  await expect(members.getByText('Add members')).toBeVisible();
  await members.getByTestId(`remove-member-${PERSON_C}`).click();
  await expect(page.getByText(/^Remove .+ from "测试用户集/)).toBeVisible();
  await page.getByTestId('confirm-ok').click();
  await expect(members.getByTestId(`member-${PERSON_C}`)).toHaveCount(0);
  await shot(page, 'userset-members-en');
  await page.keyboard.press('Escape');

  await page.goto(localized('/Account/CustomerPage', 'en'));
  await expect(page.getByTestId('customer-page').getByText('Customers').first()).toBeVisible();
  await shot(page, 'customer-page-en');

  // Two accounts disabled in one batch.
  const batch = [freshPhone(), freshPhone()];
  for (const [i, phoneNum] of batch.entries()) {
    await apiCall(
      request,
      'POST',
      'u/addOrEditInternalUser',
      { phoneNum, name: `Batch${suffix} ${i}` },
      { token, pno: propertyList[0].pno },
    );
  }
  await page.goto(localized('/UserManage/UserListPage', 'en'));
  const userTable = page.getByTestId('user-table');
  await searchTable(userTable, `Batch${suffix}`);
  for (const phone of batch) {
    await userTable
      .locator('tr')
      .filter({ has: page.getByTestId(`user-status-${phone}`) })
      .locator('input[type=checkbox]')
      .check();
  }
  await expect(page.getByTestId('batch-bar')).toContainText('2 selected');
  await page.getByTestId('batch-disable').click();
  await page.getByTestId('confirm-ok').click();
  await expectToast(page, '2 accounts disabled');
  for (const phone of batch) await expect(userTable.getByTestId(`user-status-${phone}`)).toHaveText('Disabled');

  // Filters live in the URL: the disabled accounts (the one disabled above among them).
  await page.goto(localized('/UserManage/UserListPage?status=0', 'en'));
  await expect(page.getByTestId('user-list-page').getByText('Users').first()).toBeVisible();
  await expect(page.getByTestId('user-table').getByText('Name or phone').first()).toBeVisible();
  await expect(page.getByTestId('user-table').getByRole('cell', { name: 'Disabled' }).first()).toBeVisible();
  await expect(page.getByTestId('user-table').getByRole('button', { name: 'Enable' }).first()).toBeVisible();
  await shot(page, 'user-list-en');
});

test('the operator sees every property in the back office', async ({ page, operatorState }) => {
  await restoreSession(page, operatorState);
  await page.goto('/Account/BackTitlePage');
  await expect(page.getByTestId('back-title-page')).toBeVisible();
  const titles = page.getByTestId('title-table');
  await expect(titles.getByText('演示物业').first()).toBeVisible();
  await shot(page, 'back-titles-zh');

  await page.goto('/Account/BackUserSetPage');
  await expect(page.getByTestId('back-userSet-page')).toBeVisible();
  await expect(page.getByTestId('userSet-table').getByText('演示物业').first()).toBeVisible();
  await shot(page, 'back-usersets-zh');

  await page.goto(localized('/Account/BackUserInfo', 'en'));
  await expect(page.getByTestId('back-user-page').getByText('User information').first()).toBeVisible();
  const users = page.getByTestId('user-table');
  await searchTable(users, DEMO_OWNER.phone);
  await expect(users.getByTestId(`user-row-${DEMO_OWNER.phone}`)).toBeVisible();
  await shot(page, 'back-users-en');
});
