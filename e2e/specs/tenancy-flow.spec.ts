import type { Page } from '@playwright/test';
import { freshPhone, OPERATOR } from '../support/env';
import { expect, expectToast, test, userPages } from '../support/fixtures';
import { readCode } from '../support/outbox';
import { expectHome, localized, openSignIn, searchTable, shot, signInWithPassword, stored } from '../support/pages';
import {
  markNoReload,
  menuPages,
  pickSearched,
  registerByApi,
  selectOption,
  stillNoReload,
  treeSelectNode,
  urlOf,
} from '../support/tenancy';

/**
 * The tenancy flow, end to end, once per language (Chinese unprefixed, English under /en):
 * the operator creates a property for a new owner and authorises two businesses; the owner builds a two-level
 * organisation and invites a phone that has no account; that person registers with the code of the invitation,
 * sees the unread badge, accepts in the message centre (the badge goes down without a reload); the owner gives
 * them a permission set limited to the second-level unit; they see exactly those pages added to a plain member's
 * menu; the owner disables them and their next call signs them out.
 * Every user has their own browser context; console errors of any of them fail the test.
 */
const users = userPages();

/** What the pages say in each language (only what the test reads or types). */
const TEXT = {
  'zh-cn': {
    firmware: '固件升级',
    process: '业务流程',
    unitA: '研发部',
    unitB: '固件组',
    noAccount: '该手机号尚未注册',
    sentSms: '邀请短信已发送',
    pending: '待处理',
    accepted: '已接受',
    respond: '处理',
    invitation: '邀请',
    titles: '职务管理',
    userSets: '用户集',
    enabled: '已启用',
    disabled: '已停用',
  },
  en: {
    firmware: 'Firmware',
    process: 'Business process',
    unitA: 'R&D',
    unitB: 'Firmware team',
    noAccount: 'This number has no account yet',
    sentSms: 'Invitation sent by text message',
    pending: 'Pending',
    accepted: 'Accepted',
    respond: 'Respond',
    invitation: 'Invitation',
    titles: 'Titles',
    userSets: 'User sets',
    enabled: 'Enabled',
    disabled: 'Disabled',
  },
} as const;

/** The pages the permission set holds (catalogue ids), in menu order. */
const SET_PAGES = ['account.title', 'account.userSet'];

/** Adds a node under the selected one on the property page's organisation tree. */
async function addOrgNode(page: Page, name: string) {
  await page.getByTestId('org-add').click();
  const dialog = page.getByTestId('org-node-dialog');
  await dialog.getByTestId('org-node-name').fill(name);
  await dialog.getByTestId('form-dialog-ok').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('org-tree').getByTestId(`org-node-${name}`)).toBeVisible();
}

for (const lang of ['zh-cn', 'en'] as const) {
  test(`property, organisation, invitation, permissions and disabling, end to end (${lang})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(300_000);
    const T = TEXT[lang];
    const stamp = `${Date.now() % 1_000_000}`;
    const propertyName = lang === 'en' ? `Tenancy ${stamp}` : `租户流程${stamp}`;
    const setName = lang === 'en' ? `Directory ${stamp}` : `通讯录权限${stamp}`;
    const owner = {
      phone: freshPhone(),
      password: 'Owner1234',
      name: lang === 'en' ? `Owner ${stamp}` : `业主${stamp}`,
    };
    const newbie = {
      phone: freshPhone(),
      password: 'Newbie1234',
      name: lang === 'en' ? `Newcomer ${stamp}` : `新成员${stamp}`,
    };

    // The property's future owner has an account (registered through the API: not what this test is about).
    await registerByApi(request, owner);

    // 1. The operator creates the property in the back office and authorises two businesses.
    const operator = await users.signedIn(browser, OPERATOR, lang, 'operator');
    await operator.goto(localized('/Account/BackPropertyPage', lang));
    await expect(operator.getByTestId('back-property-page')).toBeVisible();
    await operator.getByTestId('create-property').click();
    const create = operator.getByTestId('edit-property-dialog');
    await create.getByTestId('property-name-input').fill(propertyName);
    await create.getByTestId('property-owner-input').fill(owner.phone);
    await create.getByTestId('form-dialog-ok').click();
    await expect(create).toBeHidden();

    const properties = operator.getByTestId('back-property-table');
    await properties.getByTestId('filter-str').fill(propertyName);
    await properties.getByTestId('filter-search').click();
    const propertyRow = properties.locator('tr', { has: operator.getByTestId(`property-row-${propertyName}`) });
    await expect(propertyRow).toBeVisible();
    const pno = (await propertyRow.locator('td').first().innerText()).trim();
    expect(pno).toMatch(/^\d{8}$/);
    await propertyRow.getByTestId(`authorise-${pno}`).click();
    const authorise = operator.getByTestId('property-authorized-dialog');
    await authorise.getByTestId('business-check-firmware').click();
    await authorise.getByTestId('business-check-process').click();
    await authorise.getByTestId('business-save').click();
    await expect(authorise).toBeHidden();
    await expect(propertyRow.getByText(T.firmware, { exact: true })).toBeVisible();
    await expect(propertyRow.getByText(T.process, { exact: true })).toBeVisible();
    await shot(operator, `tenancy-1-back-property-${lang}`);
    await operator.context().close();

    // 2. The owner builds a two-level organisation and invites a phone that has no account into the second level.
    const admin = await users.signedIn(browser, owner, lang, 'owner');
    await expect(admin.getByTestId('property-name')).toHaveText(propertyName);
    await admin.goto(localized('/Account/PropertyPage', lang));
    await expect(admin.getByTestId('summary-pno')).toContainText(pno);
    const tree = admin.getByTestId('org-tree');
    await addOrgNode(admin, T.unitA);
    await tree.getByTestId(`org-node-${T.unitA}`).click();
    await addOrgNode(admin, T.unitB);
    await tree.getByTestId(`org-node-${T.unitB}`).click();
    await expect(admin.getByTestId('org-members')).toContainText(T.unitB);

    const invitedAt = Date.now() - 1000;
    await admin.getByTestId('org-invite').click();
    const invite = admin.getByTestId('invite-dialog');
    await invite.getByTestId('invite-phone').fill(newbie.phone);
    await invite.getByTestId('invite-remark').click();
    await expect(invite.getByTestId('invite-phone-state')).toContainText(T.noAccount);
    await expect(invite.getByTestId('invite-org')).toContainText(T.unitB);
    await invite.getByTestId('invite-remark').fill(`${T.unitB}: ${newbie.name}`);
    await shot(admin, `tenancy-2-invite-${lang}`);
    await invite.getByTestId('form-dialog-ok').click();
    await expect(invite).toBeHidden();
    await expectToast(admin, T.sentSms);

    // 3. The invitee registers on the sign-in page with the code the invitation sent (no second code is asked).
    const code = await readCode(newbie.phone, 'code.register', invitedAt);
    const user = await users.open(browser, 'invitee', lang);
    await openSignIn(user, lang);
    await user.getByTestId('go-register').click();
    const register = user.getByTestId('register-form');
    await register.getByTestId('name').fill(newbie.name);
    await register.getByTestId('phone').fill(newbie.phone);
    await register.getByTestId('code').fill(code);
    await register.getByTestId('password').fill(newbie.password);
    await register.getByTestId('register-submit').click();
    await expectHome(user, lang);
    await expect(user.getByTestId('no-property')).toBeVisible();

    // The invitation waits in the message centre: the head's badge counts it.
    const badge = user.getByTestId('unread-badge');
    await expect(badge).toHaveAttribute('data-count', '1');
    await shot(user, `tenancy-3-badge-${lang}`);
    await markNoReload(user);
    await badge.click();
    await expect(user).toHaveURL(urlOf('/msg/MsgCenter', lang));
    const newsTable = user.getByTestId('news-table');
    const newsRow = newsTable.locator('tr', { hasText: propertyName }).first();
    await expect(newsRow.getByText(T.invitation, { exact: true })).toBeVisible();
    await newsRow.getByRole('button', { name: T.respond }).click();
    const answer = user.getByTestId('process-invite-dialog');
    await expect(answer.getByTestId('invite-property')).toHaveText(propertyName);
    await expect(answer.getByTestId('invite-inviter')).toHaveText(owner.name);
    await expect(answer.getByTestId('invite-status')).toHaveText(T.pending);
    await shot(user, `tenancy-3-accept-${lang}`);
    await answer.getByTestId('invite-accept').click();
    await expect(answer).toBeHidden();
    // The badge goes down and the property is selected, without a page load.
    await expect(badge).toHaveAttribute('data-count', '0');
    await expect(user.getByTestId('property-switcher')).toHaveText(propertyName);
    expect(await stillNoReload(user), 'the page was not reloaded').toBe(true);

    // The owner finds the new member in the second-level unit.
    await admin.reload();
    await tree.getByTestId(`org-node-${T.unitB}`).click();
    await expect(admin.getByTestId('org-member-table').getByTestId(`member-${newbie.phone}`)).toBeVisible();

    // What a plain member of the property sees in the side menu.
    await user.goto(localized('/home', lang));
    await expect(user.getByTestId('property-name')).toHaveText(propertyName);
    await expect(user.getByTestId('menu-general.home')).toBeVisible();
    const memberMenu = await menuPages(user);
    for (const id of SET_PAGES) expect(memberMenu).not.toContain(id);
    await shot(user, `tenancy-3-member-menu-${lang}`);
    await expect(badge).toHaveAttribute('data-count', '0');
    await markNoReload(user);

    // 4. The owner makes a permission set with two pages, and makes the member an administrator with it,
    // limited to the second-level unit.
    await admin.goto(localized('/Account/PermissionSetPage', lang));
    await expect(admin.getByTestId('per-set-page')).toBeVisible();
    await admin.getByTestId('per-set-create').click();
    const setDialog = admin.getByTestId('edit-per-set-dialog');
    await expect(setDialog.getByTestId('perm-tree')).toBeVisible();
    await setDialog.getByTestId('per-set-name').fill(setName);
    const treeSearch = setDialog.getByTestId('perm-tree-search').locator('input');
    await treeSearch.fill(T.titles);
    await setDialog.getByTestId('perm-node-account.title').click();
    await treeSearch.fill(T.userSets);
    await setDialog.getByTestId('perm-node-account.userSet').click();
    await treeSearch.fill('');
    for (const id of SET_PAGES) {
      await expect(
        setDialog.locator('.ant-tree-treenode-checkbox-checked').filter({ has: admin.getByTestId(`perm-node-${id}`) }),
      ).toBeVisible();
    }
    await shot(admin, `tenancy-4-set-${lang}`);
    await setDialog.getByTestId('form-dialog-ok').click();
    await expect(setDialog).toBeHidden();
    await expect(admin.getByTestId(`per-set-row-${setName}`)).toBeVisible();

    await admin.goto(localized('/Account/AddAdminForPerSetPage', lang));
    await expect(admin.getByTestId('admin-page')).toBeVisible();
    await admin.getByTestId('admin-add').click();
    const addAdmin = admin.getByTestId('add-admin-dialog');
    await pickSearched(admin, addAdmin.getByTestId('add-admin-user'), newbie.phone, `${newbie.name} (${newbie.phone})`);
    await addAdmin.getByTestId('add-admin-sets').click();
    await selectOption(admin, setName).click();
    await admin.keyboard.press('Escape');
    await addAdmin.getByTestId('form-dialog-ok').click();
    await expect(addAdmin).toBeHidden();
    const adminRow = admin
      .getByTestId('admin-table')
      .locator('tr', { has: admin.getByTestId(`admin-row-${newbie.phone}`) });
    await expect(adminRow).toContainText(setName);

    await adminRow.getByTestId(`admin-scope-${newbie.phone}`).click();
    const scope = admin.getByTestId('admin-scope-dialog');
    await scope.getByTestId('scope-org-limited').click();
    await scope.getByTestId('scope-orgs').click();
    // The second level is folded under the first: search for it.
    await scope.getByTestId('scope-orgs').locator('input').fill(T.unitB);
    await treeSelectNode(admin, T.unitB).click();
    await admin.keyboard.press('Escape');
    await expect(scope.getByTestId('scope-orgs')).toContainText(T.unitB);
    await shot(admin, `tenancy-4-scope-${lang}`);
    await scope.getByTestId('form-dialog-ok').click();
    await expect(scope).toBeHidden();
    await expect(admin.getByTestId(`admin-org-scope-${newbie.phone}`)).toHaveText(T.unitB);

    // Meanwhile the member, still on /home, was told (the badge went up without a page load).
    await expect(badge).toHaveAttribute('data-count', /^[1-9]/);
    expect(await stillNoReload(user), 'the page was not reloaded').toBe(true);

    // 5. The member loads the console again: exactly the set's pages join a plain member's menu.
    await user.reload();
    await expect(user.getByTestId('menu-account.title')).toBeVisible();
    const adminMenu = await menuPages(user);
    expect(adminMenu.filter((id) => !memberMenu.includes(id))).toEqual(SET_PAGES);
    expect(memberMenu.filter((id) => !adminMenu.includes(id))).toEqual([]);
    await shot(user, `tenancy-5-admin-menu-${lang}`);
    await user.getByTestId('menu-account.title').click();
    await expect(user).toHaveURL(urlOf('/Account/TitlePage', lang));
    await expect(user.getByTestId('title-page')).toBeVisible();

    // 6. The owner disables the member on the user list (after a confirmation) ...
    await admin.goto(localized('/UserManage/UserListPage', lang));
    await expect(admin.getByTestId('user-list-page')).toBeVisible();
    const userTable = admin.getByTestId('user-table');
    await searchTable(userTable, newbie.phone);
    await expect(userTable.getByTestId(`user-status-${newbie.phone}`)).toHaveText(T.enabled);
    await userTable.getByTestId(`user-disable-${newbie.phone}`).click();
    await expect(admin.getByText(newbie.name).last()).toBeVisible();
    await shot(admin, `tenancy-6-disable-${lang}`);
    await admin.getByTestId('confirm-ok').click();
    await expect(userTable.getByTestId(`user-status-${newbie.phone}`)).toHaveText(T.disabled);

    // ... and the member's next call signs them out: back on the sign-in page, the stored user cleared.
    await user.getByTestId('menu-account.userSet').click();
    await expect(user).toHaveURL(urlOf('/', lang));
    await expect(user.getByTestId('auth-card')).toBeVisible();
    expect(await stored(user, 'userInfo')).toBeNull();
    expect(await stored(user, 'selectedPropertyPno')).toBeNull();
    // They cannot sign in again.
    await signInWithPassword(user, newbie.phone, newbie.password);
    await expect(user.getByTestId('auth-card')).toBeVisible();
    await expect(user).toHaveURL(urlOf('/', lang));

    await user.context().close();
    await admin.context().close();
  });
}
