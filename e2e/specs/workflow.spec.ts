import { messages } from '@keel/contract/status';
import type { APIRequestContext, Page } from '@playwright/test';
import { freshPhone, OPERATOR } from '../support/env';
import { expect, expectToast, recordToasts, test, userPages } from '../support/fixtures';
import { type Lang, localized, shot, switchProperty } from '../support/pages';
import { apiCall, encryptPassword, loginByApi, pickSearched, registerByApi } from '../support/tenancy';

/**
 * Approval workflows, in both languages: in a property of its own, the owner sets up a two-step flow for
 * member join on the settings page; a user asks to join; the first auditor passes (and, acting again on a stale
 * screen, gets the server's refusal); the second rejects with a reason; the applicant reads the reason in the
 * message centre.
 */
const users = userPages();
test.describe.configure({ mode: 'serial', timeout: 300_000 });

const T = {
  'zh-cn': {
    step1: '部门审核',
    step2: '负责人审核',
    comment: '材料齐全，同意',
    reason: '本物业暂不接收外部成员',
    builtIn: '内置流程',
    custom: '自定义流程（2 步）',
    current: '当前步骤',
    rejected: '已驳回',
  },
  en: {
    step1: 'Department review',
    step2: 'Head review',
    comment: 'All in order',
    reason: 'We take no outside members for now',
    builtIn: 'Built-in flow',
    custom: 'Own flow (2 steps)',
    current: 'Current step',
    rejected: 'Rejected',
  },
} as const;

const PASSWORD = 'Passw0rd1';

interface Scene {
  propertyName: string;
  pno: string;
  owner: { phone: string; password: string; name: string };
  first: { phone: string; password: string; name: string };
  second: { phone: string; password: string; name: string };
  applicant: { phone: string; password: string; name: string };
}

/** A property of the test's own (business `process`), its owner and two members who will audit, through the API. */
async function scene(request: APIRequestContext, lang: Lang): Promise<Scene> {
  const stamp = `${Date.now() % 100_000}`;
  const en = lang === 'en';
  const owner = { phone: freshPhone(), password: PASSWORD, name: en ? `Owner ${stamp}` : `流程主${stamp}` };
  const first = { phone: freshPhone(), password: PASSWORD, name: en ? `Alice ${stamp}` : `审核甲${stamp}` };
  const second = { phone: freshPhone(), password: PASSWORD, name: en ? `Bob ${stamp}` : `审核乙${stamp}` };
  const applicant = { phone: freshPhone(), password: PASSWORD, name: en ? `Carol ${stamp}` : `申请人${stamp}` };
  await registerByApi(request, owner);
  await registerByApi(request, applicant);
  const operator = await loginByApi(request, OPERATOR);
  const propertyName = en ? `Flow property ${stamp}` : `流程物业${stamp}`;
  await apiCall(
    request,
    'POST',
    'pro/addProperty',
    { name: propertyName, ownerPhoneNum: owner.phone, businessList: ['process'] },
    { token: operator.token },
  );
  const session = await loginByApi(request, owner);
  const property = session.propertyList.find((p) => p.name === propertyName);
  expect(property, 'the new property in its owner’s list').toBeTruthy();
  const pno = property?.pno ?? '';
  for (const member of [first, second]) {
    await apiCall(
      request,
      'POST',
      'o/registerOrgUser',
      {
        phoneNum: member.phone,
        name: member.name,
        email: '',
        password: await encryptPassword(request, member.password),
      },
      { token: session.token, pno },
    );
  }
  return { propertyName, pno, owner, first, second, applicant };
}

/** Adds a step with one user as its auditor on the settings page (the flow of the tab shown). */
async function addStep(page: Page, name: string, auditor: { phone: string; name: string }) {
  await page.getByTestId('flow-add-step').click();
  const dialog = page.getByTestId('add-step-dialog');
  await dialog.getByTestId('step-name').fill(name);
  await pickSearched(page, dialog.getByTestId('auditor-users'), auditor.phone, auditor.name);
  // Close the select's list before saving (a click on the dialog's title, not Escape: that closes the dialog).
  await dialog.locator('.ant-modal-title').click();
  await dialog.getByTestId('form-dialog-ok').click();
  await expect(dialog).toBeHidden();
}

/** Signs a member in and opens the member approval page in their property. */
async function approvalPage(page: Page, lang: Lang, propertyName: string) {
  await switchProperty(page, propertyName);
  await page.goto(localized('/BusinessProcess/MemberAuditPage', lang));
  await expect(page.getByTestId('member-audit-page')).toBeVisible();
}

for (const lang of ['zh-cn', 'en'] as const satisfies readonly Lang[]) {
  const t = T[lang];

  test(`a two-step flow for member join: pass, then reject with a reason the applicant reads (${lang})`, async ({
    browser,
    request,
  }) => {
    const s = await scene(request, lang);

    // The owner sets up the flow: built-in at first, then two steps, one auditor each.
    const owner = await users.signedIn(browser, s.owner, lang);
    await switchProperty(owner, s.propertyName);
    await owner.goto(localized('/BusinessProcess/ProcesssSettingsPage', lang));
    const panel = owner.getByTestId('flow-panel-memberJoin');
    await expect(panel.getByTestId('flow-kind')).toHaveText(t.builtIn);
    await expect(panel.getByTestId('flow-builtin-notice')).toBeVisible();
    await addStep(owner, t.step1, s.first);
    await expect(panel.getByTestId('flow-step-name-1')).toHaveText(t.step1);
    await addStep(owner, t.step2, s.second);
    await expect(panel.getByTestId('flow-kind')).toHaveText(t.custom);
    await expect(panel.getByTestId('flow-step-name-2')).toHaveText(t.step2);
    await expect(panel.getByTestId('flow-step-auditors-1')).toContainText(s.first.name);
    await expect(panel.getByTestId('flow-step-auditors-2')).toContainText(s.second.name);
    // An auditor's detail: who they are and their to-do count.
    await panel.getByTestId('flow-step-auditors-1').getByRole('button').click();
    const detail = owner.getByTestId('auditor-detail-dialog');
    await expect(detail.getByTestId('auditor-detail-people')).toContainText(s.first.phone);
    await shot(owner, `workflow-auditor-detail-${lang}`);
    await detail.getByTestId('auditor-detail-close').click();
    await expect(detail).toBeHidden();
    await expect(owner).toHaveURL(/ProcesssSettingsPage\?applyType=memberJoin/);
    await shot(owner, `workflow-settings-${lang}`);
    await owner.context().close();

    // A user asks to join the property.
    const applicant = await users.signedIn(browser, s.applicant, lang);
    await applicant.goto(localized('/JoinPropertyDlg', lang));
    const join = applicant.getByTestId('join-property-dialog');
    await join.getByTestId('join-pno').fill(s.pno);
    await join.getByTestId('join-remark').fill(lang === 'en' ? 'Please let me in' : '请通过');
    await join.getByTestId('form-dialog-ok').click();
    await expect(join).toBeHidden();

    // The first auditor passes it at step 1 of 2.
    const first = await users.signedIn(browser, s.first, lang);
    await approvalPage(first, lang, s.propertyName);
    const todo = first.getByTestId('apply-table-todo');
    await expect(todo.getByTestId(`apply-row-${s.applicant.phone}`)).toBeVisible();
    await todo.getByTestId(`apply-audit-${s.applicant.phone}`).click();
    const dialog = first.getByTestId('audit-dialog');
    await expect(dialog.getByTestId('audit-applicant')).toContainText(s.applicant.phone);
    await expect(dialog.getByTestId('member-join-detail')).toContainText(s.applicant.name);
    await expect(dialog.getByTestId('progress-step-1')).toHaveAttribute('data-state', 'current');
    await expect(dialog.getByTestId('apply-history')).toContainText(s.applicant.name);
    const auditUrl = first.url();
    expect(auditUrl).toMatch(/\/BusinessProcess\/AuditDialog\?.*applyId=/);
    // The same application open in a second tab, as it is now (for the stale action below).
    const stale = await first.context().newPage();
    await recordToasts(stale);
    await stale.goto(auditUrl);
    await expect(stale.getByTestId('audit-pass')).toBeVisible();
    await shot(first, `workflow-audit-dialog-${lang}`);
    await dialog.getByTestId('audit-comment').fill(t.comment);
    await dialog.getByTestId('audit-pass').click();
    await expect(dialog).toBeHidden();
    await expect(todo.getByTestId(`apply-row-${s.applicant.phone}`)).toHaveCount(0);
    // Acting again from the stale tab: the server refuses with its message, and the dialog shows it as it is now.
    await stale.getByTestId('audit-pass').click();
    await expectToast(stale, messages.applyStale[lang]);
    await expect(stale.getByTestId('audit-pass')).toHaveCount(0);
    await expect(stale.getByTestId('progress-step-2')).toHaveAttribute('data-state', 'current');
    await stale.close();
    // It is in the first auditor's done list.
    await first.getByTestId('apply-tab-done').click();
    await expect(first.getByTestId('apply-table-done').getByTestId(`apply-row-${s.applicant.phone}`)).toBeVisible();
    await first.context().close();

    // The second auditor rejects it; the reason is required.
    const second = await users.signedIn(browser, s.second, lang);
    await approvalPage(second, lang, s.propertyName);
    const todo2 = second.getByTestId('apply-table-todo');
    await todo2.getByTestId(`apply-audit-${s.applicant.phone}`).click();
    const dialog2 = second.getByTestId('audit-dialog');
    await expect(dialog2.getByTestId('progress-step-2')).toHaveAttribute('data-state', 'current');
    await expect(dialog2.getByTestId('apply-history')).toContainText(t.comment);
    await dialog2.getByTestId('audit-reject').click();
    await dialog2.getByTestId('audit-confirm-reject').click();
    await expect(dialog2.locator('.ant-form-item-explain-error')).toBeVisible();
    await dialog2.getByTestId('audit-comment').fill(t.reason);
    await shot(second, `workflow-reject-${lang}`);
    await dialog2.getByTestId('audit-confirm-reject').click();
    await expect(dialog2).toBeHidden();
    await second.getByTestId('apply-tab-done').click();
    const done = second.getByTestId('apply-table-done');
    await expect(done.getByTestId(`apply-state-${s.applicant.phone}`)).toHaveText(t.rejected);
    await expect(done).toContainText(t.reason);
    await second.context().close();

    // The applicant reads the reason in the message centre.
    await applicant.goto(localized('/msg/MsgCenter', lang));
    const inbox = applicant.getByTestId('news-table');
    await expect(inbox.getByText(t.reason, { exact: false })).toBeVisible();
    await shot(applicant, `workflow-applicant-news-${lang}`);
    await applicant.context().close();
  });
}
