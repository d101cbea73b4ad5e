import type { Browser, Page } from '@playwright/test';
import { DEMO_MEMBER, DEMO_OWNER, OPERATOR } from '../support/env';
import { expect as baseExpect, test, userPages } from '../support/fixtures';
import { type Lang, localized, openSignIn, shot, signInWithPassword } from '../support/pages';
import { pickSearched, selectOption, urlOf } from '../support/tenancy';

/**
 * Spaces: the demo owner creates a space, changes its quota with a reason, sees the change in its history, gives it
 * a group and opens its terminals in a new tab (in both languages); a member applies for a space, the owner
 * approves it and the member finds the space; the operator finds it in the back office.
 */
const users = userPages();
/** Waits longer than the suite's default: each step loads pages and chunks on a machine shared with other work. */
const expect = baseExpect.configure({ timeout: 30_000 });

/** A page of `account` signed in through the password form, on /home (waiting as long as this spec does). */
async function signedIn(browser: Browser, account: { phone: string; password: string }, lang: Lang = 'zh-cn') {
  const page = await users.open(browser, account.phone, lang);
  await openSignIn(page, lang);
  await signInWithPassword(page, account.phone, account.password);
  await expect(page.getByTestId('home-page')).toBeVisible();
  return page;
}

// Each test walks several pages and dialogs (and a second tab) on a machine shared with other work.
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const stamp = Date.now() % 1_000_000;
const T = {
  'zh-cn': {
    terminal: '终端管理',
    quotaText: '共 25.00 GB',
    history: '配额记录',
    reason: '扩容给新设备',
    group: '一号楼',
  },
  en: {
    terminal: 'Terminals',
    quotaText: 'of 25.00 GB',
    history: 'Quota history',
    reason: 'More room for new devices',
    group: 'Building 1',
  },
} as const;

/** Sets a quota input (number and unit) to `amount` GB. */
async function fillQuota(page: Page, testId: string, amount: string) {
  await page.getByTestId(testId).fill(amount);
}

for (const lang of ['zh-cn', 'en'] as const satisfies readonly Lang[]) {
  const t = T[lang];
  const name = `${lang === 'en' ? 'Depot' : '仓库'}${stamp}`;

  test(`an operator of the property creates a space, changes its quota and sees the history (${lang})`, async ({
    browser,
  }) => {
    const page = await signedIn(browser, DEMO_OWNER, lang);
    await page.goto(localized('/Tis/File/FileSpace?view=all', lang));
    await expect(page.getByTestId('file-space-page')).toBeVisible();
    await expect(page.getByTestId('space-statistics')).toBeVisible();

    // Create.
    await page.getByTestId('space-add').click();
    const add = page.getByTestId('space-add-dialog');
    await add.getByTestId('space-add-name').fill(name);
    await add.getByTestId('space-add-business').click();
    await selectOption(page, t.terminal).click();
    await fillQuota(page, 'space-add-quota', '10');
    await add.getByTestId('form-dialog-ok').click();
    // (A modal's test id sits on its root, which has no box of its own: its fields tell whether it is open.)
    await expect(add.getByTestId('space-add-name')).toBeHidden();
    const table = page.getByTestId('space-table');
    await expect(table.getByTestId(`space-row-${name}`)).toBeVisible();

    // Change the quota, with a reason.
    await table.getByTestId(`space-quota-${name}`).click();
    const quota = page.getByTestId('space-quota-dialog');
    await fillQuota(page, 'space-quota-input', '25');
    await quota.getByTestId('form-dialog-ok').click();
    // The reason is required.
    await expect(quota.locator('.ant-form-item-explain-error')).toBeVisible();
    await quota.getByTestId('space-quota-reason').fill(t.reason);
    await quota.getByTestId('form-dialog-ok').click();
    await expect(quota.getByTestId('space-quota-reason')).toBeHidden();
    await expect(table.getByTestId(`space-usage-${name}`)).toContainText(t.quotaText);

    // The history: created, then changed with the reason.
    await table.getByTestId(`space-history-${name}`).click();
    const history = page.getByTestId('space-history-dialog');
    await expect(history).toContainText(t.history);
    await expect(history.getByTestId('history-reason').first()).toHaveText(t.reason);
    await expect(history.locator('tbody tr.ant-table-row')).toHaveCount(2);
    await shot(page, `space-history-${lang}`);
    await history.locator('.ant-modal-close').click();
    await expect(history.getByTestId('space-history-table')).toBeHidden();

    // Its details: a group, and its terminals in a new tab.
    await table.getByTestId(`space-open-${name}`).click();
    await expect(page).toHaveURL(urlOf('/Tis/space/SpaceBackDetailPage', lang));
    await expect(page.getByTestId('space-detail-name')).toHaveText(name);
    await page.getByTestId('group-add').click();
    const group = page.getByTestId('space-group-dialog');
    await group.getByTestId('space-group-name').fill(t.group);
    await group.getByTestId('form-dialog-ok').click();
    await expect(group.getByTestId('space-group-name')).toBeHidden();
    await expect(page.getByTestId('space-group-tree').getByTestId(`group-node-${t.group}`)).toBeVisible();
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByTestId('space-detail-terminals').click(),
    ]);
    await expect(tab).toHaveURL(urlOf('/Tis/space/TerminalSpace', lang));
    await expect(tab.getByTestId('terminal-space-page')).toContainText(name);
    await expect(tab.getByTestId('space-group-tree').getByTestId(`group-node-${t.group}`)).toBeVisible();
    await shot(tab, `terminal-space-${lang}`);
    await page.context().close();
  });
}

const applied = `申请空间${stamp}`;

test('a member applies for a space; the owner approves it; the member finds it', async ({ browser }) => {
  const member = await signedIn(browser, DEMO_MEMBER);
  await member.getByTestId('menu-files.fileSpace').click();
  await expect(member).toHaveURL('/Tis/File/FileSpace');
  await expect(member.getByTestId('file-space-view')).toHaveCount(0);
  await member.getByTestId('space-apply').click();
  const apply = member.getByTestId('space-apply-dialog');
  await apply.getByTestId('space-apply-business').click();
  await selectOption(member, T['zh-cn'].terminal).click();
  await apply.getByTestId('space-apply-name').fill(applied);
  await apply.getByTestId('space-apply-reason').fill('存放巡检照片');
  await apply.getByTestId('form-dialog-ok').click();
  await expect(apply.getByTestId('space-apply-name')).toBeHidden();
  await expect(member.getByTestId(`my-apply-${applied}`)).toContainText('待审核');
  await shot(member, 'space-apply-zh');

  const owner = await signedIn(browser, DEMO_OWNER);
  await owner.goto('/Tis/File/FileSpace?view=applications');
  const review = owner.getByTestId('space-apply-table').getByTestId(`apply-review-${applied}`);
  await review.click();
  const dialog = owner.getByTestId('space-review-dialog');
  await expect(dialog).toContainText('存放巡检照片');
  await dialog.getByTestId('space-review-note').fill('已开通');
  await dialog.getByTestId('form-dialog-ok').click();
  await expect(dialog.getByTestId('space-review-note')).toBeHidden();
  await expect(review).toHaveCount(0);
  await owner.context().close();

  await member.reload();
  await expect(member.getByTestId(`my-apply-${applied}`)).toContainText('已通过');
  await member.getByTestId(`my-space-open-${applied}`).click();
  await expect(member).toHaveURL(urlOf('/Tis/space/SpaceDetailPage', 'zh-cn'));
  await expect(member.getByTestId('space-detail-name')).toHaveText(applied);
  await expect(member.getByTestId('space-detail-quota')).toHaveCount(0);
  await member.context().close();
});

test('the operator finds the spaces in the back office', async ({ browser }) => {
  const page = await signedIn(browser, OPERATOR);
  await page.goto('/Tis/space/SpaceListPage');
  await expect(page.getByTestId('space-list-page')).toBeVisible();
  await pickSearched(page, page.getByTestId('space-back-property'), '演示物业');
  await expect(page).toHaveURL(/filterPno=/);
  const table = page.getByTestId('space-table');
  await expect(table.getByTestId(`space-row-${applied}`)).toBeVisible();
  await table.getByTestId(`space-row-${applied}`).click();
  await expect(page.getByTestId('space-drawer').getByTestId('space-detail-name')).toHaveText(applied);
  await shot(page, 'space-back-office-zh');
  await page.context().close();
});
