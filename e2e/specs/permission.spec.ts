import { STORAGE_KEYS } from '@keel/contract/constants';
import type { Page } from '@playwright/test';
import { DEMO_OWNER, DEMO_PROPERTY, freshPhone, OPERATOR } from '../support/env';
import { expect, test, userPages } from '../support/fixtures';
import { readCode } from '../support/outbox';
import { expectHome, localized, openSignIn, sendCode, shot } from '../support/pages';
import { menuPages, pickSearched, selectOption } from '../support/tenancy';

/**
 * Permission sets and administrators: in the demo property its owner creates a set holding two pages (one without
 * its edit function), makes a new member an administrator with that set and limits it to one organisation subtree;
 * the member signs in and finds exactly those pages in the side menu (and in English under /en). The operator
 * finds the set in the back office. Then a short pass of the pages in English.
 */
const users = userPages();
/** Every member's own space pages in the menu, and their files (the demo property has the terminal business). */
const MEMBER_SPACE_PAGES = ['files.fileSpace', 'files.fileList', 'files.terminalSpace'];
/** Every member's app store pages: the platform apps, and their own apps (the demo property has the app store business). */
const MEMBER_APP_PAGES = ['appService.platform', 'appService.appInfo'];
/** Every member's own reviews and applications (the demo property has the business-process business). */
const MEMBER_REVIEW_PAGES = ['process.memberAudit'];
/** Every member's sign page: they sign with the modules they are authorised for (the demo property signs). */
const MEMBER_SIGNING_PAGES = ['signing.module'];

/** A console call with the page's session (token and selected property), for setting the scene. */
async function call<T>(page: Page, path: string, body?: Record<string, unknown>): Promise<T> {
  const result = await page.evaluate(
    async ({ path, body, keys }) => {
      const user = JSON.parse(localStorage.getItem(keys.userInfo) ?? 'null') as { token: string } | null;
      const pno = JSON.parse(localStorage.getItem(keys.pno) ?? 'null') as string | null;
      const response = await fetch(`/api/${path}`, {
        method: body ? 'POST' : 'GET',
        headers: {
          token: user?.token ?? '',
          ...(pno ? { pno } : {}),
          ...(body ? { 'Content-Type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      return (await response.json()) as { status: number; msg: string; data: unknown };
    },
    { path, body, keys: { userInfo: STORAGE_KEYS.userInfo, pno: STORAGE_KEYS.selectedPropertyPno } },
  );
  expect(result.status, `${path}: ${result.msg}`).toBe(0);
  return result.data as T;
}

test.describe.configure({ mode: 'serial' });

const stamp = Date.now() % 1_000_000;
const setName = `巡检权限${stamp}`;
const unitA = `华东${stamp}`;
const unitB = `华南${stamp}`;
const memberPhone = freshPhone();
const memberName = `权限成员${stamp % 10000}`;

test('the owner creates a set, makes a member an administrator limited to one unit; the member sees those menus', async ({
  browser,
}) => {
  // Three users and a dozen dialogs: about 45 s on a quiet 2-core machine, over 120 s at a load of 20.
  test.setTimeout(240_000);
  const owner = await users.signedIn(browser, DEMO_OWNER);
  await expect(owner.getByTestId('property-name')).toHaveText(DEMO_PROPERTY);

  // The scene: two units under the root, and a new member placed in the first (signs in by code).
  const [root] = await call<{ oid: string }[]>(owner, 'o/getMyOrgTreeList');
  const a = await call<{ oid: string }>(owner, 'o/addOrUpdateOrg', { pid: root.oid, name: unitA });
  await call(owner, 'o/addOrUpdateOrg', { pid: root.oid, name: unitB });
  await call(owner, 'o/registerOrgUser', { phoneNum: memberPhone, name: memberName, email: '', oid: a.oid });

  // A set with the permission set page (without its edit function) and the property page (with its functions).
  await owner.goto('/Account/PermissionSetPage');
  await expect(owner.getByTestId('per-set-page')).toBeVisible();
  await owner.getByTestId('per-set-create').click();
  const dialog = owner.getByTestId('edit-per-set-dialog');
  await expect(dialog.getByTestId('perm-tree')).toBeVisible();
  await dialog.getByTestId('form-dialog-ok').click();
  await expect(dialog.getByText('请输入权限集名称')).toBeVisible();
  await expect(dialog.getByText('请至少选择一项权限')).toBeVisible();
  await dialog.getByTestId('per-set-name').fill(setName);
  await dialog.getByTestId('per-set-remark').fill('巡检人员：查看权限集与物业');

  const search = dialog.getByTestId('perm-tree-search').locator('input');
  await search.fill('权限集');
  await dialog.getByTestId('perm-node-account.permissionSet').click();
  // Ticking a page ticks its functions; the edit function is left out again.
  const edit = owner.getByTestId('perm-node-account.permissionSet.edit');
  await expect(dialog.locator('.ant-tree-treenode-checkbox-checked').filter({ has: edit })).toBeVisible();
  await dialog.locator(edit).click();
  await expect(dialog.locator('.ant-tree-treenode-checkbox-checked').filter({ has: edit })).toHaveCount(0);
  await search.fill('物业');
  await dialog.getByTestId('perm-node-account.property').click();
  // The menu above them is half-ticked (its other pages are not chosen).
  await expect(
    dialog
      .locator('.ant-tree-treenode')
      .filter({ has: owner.getByTestId('perm-node-account') })
      .first(),
  ).toHaveClass(/ant-tree-treenode-checkbox-indeterminate/);
  await search.fill('');
  await shot(owner, 'permission-set-dialog-zh');
  await dialog.getByTestId('form-dialog-ok').click();
  await expect(dialog).toBeHidden();

  const table = owner.getByTestId('per-set-table');
  const row = table.locator('tr', { has: owner.getByTestId(`per-set-row-${setName}`) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('未分配');
  await shot(owner, 'permission-sets-zh');

  // The member becomes an administrator with the set, then the set is limited to the first unit.
  await owner.goto('/Account/AddAdminForPerSetPage');
  await expect(owner.getByTestId('admin-page')).toBeVisible();
  await expect(owner.getByTestId(`admin-row-${DEMO_OWNER.phone}`)).toContainText('所有者');
  await owner.getByTestId('admin-add').click();
  const add = owner.getByTestId('add-admin-dialog');
  await add.getByTestId('form-dialog-ok').click();
  await expect(add.getByText('请选择成员')).toBeVisible();
  await pickSearched(owner, add.getByTestId('add-admin-user'), memberPhone, `${memberName} (${memberPhone})`);
  await add.getByTestId('add-admin-sets').click();
  await selectOption(owner, setName).click();
  await owner.keyboard.press('Escape');
  await shot(owner, 'add-admin-dialog-zh');
  await add.getByTestId('form-dialog-ok').click();
  await expect(add).toBeHidden();

  const admins = owner.getByTestId('admin-table');
  const adminRow = admins.locator('tr', { has: owner.getByTestId(`admin-row-${memberPhone}`) });
  await expect(adminRow).toContainText(setName);
  await expect(owner.getByTestId(`admin-org-scope-${memberPhone}`)).toContainText('整个物业');

  await adminRow.getByTestId(`admin-scope-${memberPhone}`).click();
  const scope = owner.getByTestId('admin-scope-dialog');
  await scope.getByTestId('scope-org-limited').click();
  await scope.getByTestId('form-dialog-ok').click();
  await expect(scope.getByText('请至少选择一个组织')).toBeVisible();
  await scope.getByTestId('scope-orgs').click();
  await owner
    .locator(
      `.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-tree-node-content-wrapper[title="${unitA}"]`,
    )
    .click();
  await owner.keyboard.press('Escape');
  await expect(scope.getByRole('radio', { name: '全部空间' })).toBeChecked();
  await shot(owner, 'admin-scope-dialog-zh');
  await scope.getByTestId('form-dialog-ok').click();
  await expect(scope).toBeHidden();
  await expect(owner.getByTestId(`admin-org-scope-${memberPhone}`)).toHaveText(unitA);
  await shot(owner, 'admins-zh');

  await owner.goto('/Account/PermissionSetPage');
  await expect(table.locator('tr', { has: owner.getByTestId(`per-set-row-${setName}`) })).toContainText('1 人使用');
  await owner.context().close();

  // The member signs in (by code) and finds exactly the two pages beside the general ones.
  const member = await users.open(browser, memberPhone, 'zh-cn');
  await openSignIn(member);
  await member.getByTestId('tab-code').click();
  const form = member.getByTestId('code-sign-in-form');
  await form.getByTestId('phone').fill(memberPhone);
  const since = Date.now() - 1000;
  await sendCode(member, 'code-sign-in-form');
  await form.getByTestId('code').fill(await readCode(memberPhone, 'code.signIn', since));
  await form.getByTestId('code-sign-in-submit').click();
  await expectHome(member);
  await expect(member.getByTestId('property-name')).toHaveText(DEMO_PROPERTY);

  await expect(member.getByTestId('menu-account.permissionSet')).toBeVisible();
  const pages = await menuPages(member);
  // The organisation page is a menu link of the property page's holders (shared/menu/menu-links.ts); the file and
  // terminal space pages are every member's own (their spaces).
  expect(pages.filter((id) => !id.startsWith('general.'))).toEqual([
    'account.property',
    'account.org',
    'account.permissionSet',
    ...MEMBER_SPACE_PAGES,
    ...MEMBER_APP_PAGES,
    ...MEMBER_REVIEW_PAGES,
    ...MEMBER_SIGNING_PAGES,
  ]);
  await shot(member, 'member-menu-zh');

  // They see the sets but may not edit them (the edit function was left out).
  await member.getByTestId('menu-account.permissionSet').click();
  await expect(member).toHaveURL('/Account/PermissionSetPage');
  await expect(member.getByTestId(`per-set-row-${setName}`)).toBeVisible();
  await expect(member.getByTestId('per-set-create')).toHaveCount(0);

  // The same menus in English.
  await member.goto(localized('/home', 'en'));
  await expect(member.getByTestId('menu-account.permissionSet')).toHaveText(/Permission sets/);
  expect((await menuPages(member)).filter((id) => !id.startsWith('general.'))).toEqual([
    'account.property',
    'account.org',
    'account.permissionSet',
    ...MEMBER_SPACE_PAGES,
    ...MEMBER_APP_PAGES,
    ...MEMBER_REVIEW_PAGES,
    ...MEMBER_SIGNING_PAGES,
  ]);
  await shot(member, 'member-menu-en');
  await member.context().close();
});

test('the operator finds the set in the back office', async ({ browser }) => {
  const page = await users.signedIn(browser, OPERATOR);
  await page.goto('/Account/BackPermissionSetPage');
  await expect(page.getByTestId('back-perm-page')).toBeVisible();
  await pickSearched(page, page.getByTestId('back-perm-property'), DEMO_PROPERTY);
  await expect(page).toHaveURL(/filterPno=/);
  const row = page.getByTestId('back-perm-table').locator('tr', { has: page.getByTestId(`back-perm-row-${setName}`) });
  await expect(row).toContainText(DEMO_PROPERTY);
  await expect(row).toContainText('1 人使用');
  await shot(page, 'back-permission-sets-zh');

  await page.getByTestId('back-perm-view').getByText('管理员').click();
  await expect(page.getByTestId('back-admin-table')).toContainText(memberName);
  await expect(page.getByTestId('back-admin-table')).toContainText(DEMO_OWNER.name);

  await page.goto(localized('/Account/BackPermissionSetPage', 'en'));
  await expect(page.getByTestId('back-perm-page')).toContainText(
    'Permission sets and administrators of every property',
  );
  await shot(page, 'back-permission-sets-en');
  await page.context().close();
});

test('the pages in English', async ({ browser }) => {
  const page = await users.signedIn(browser, DEMO_OWNER, 'en');
  await page.goto(localized('/Account/PermissionSetPage', 'en'));
  const row = page.getByTestId('per-set-table').locator('tr', { has: page.getByTestId(`per-set-row-${setName}`) });
  await expect(row).toContainText('1 using it');
  await row.getByTestId(`per-set-edit-${setName}`).click();
  const dialog = page.getByTestId('edit-per-set-dialog');
  await expect(dialog).toContainText(`Edit "${setName}"`);
  await dialog.getByTestId('perm-tree-search').locator('input').fill('Permission sets');
  const node = page.getByTestId('perm-node-account.permissionSet');
  await expect(dialog.locator(node)).toHaveText('Permission sets');
  await expect(dialog.locator('.ant-tree-treenode-checkbox-checked').filter({ has: node })).toBeVisible();
  await shot(page, 'permission-set-dialog-en');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await shot(page, 'permission-sets-en');

  // Deleting a set still held says who loses it.
  await row.getByTestId(`per-set-delete-${setName}`).click();
  await expect(page.locator('.ant-popover').filter({ hasText: 'Administrators holding it: 1' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto(localized('/Account/AddAdminForPerSetPage', 'en'));
  await expect(page.getByTestId(`admin-org-scope-${memberPhone}`)).toHaveText(unitA);
  await expect(page.getByTestId('admin-table')).toContainText('Organisation scope');
  await shot(page, 'admins-en');
  await page.getByTestId(`admin-sets-${memberPhone}`).click();
  await expect(page.getByTestId('admin-sets-dialog')).toContainText(`Permission sets of ${memberName}`);
  await shot(page, 'admin-sets-dialog-en');
  await page.context().close();
});
