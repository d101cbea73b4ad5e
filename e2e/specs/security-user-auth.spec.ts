import { DEMO_MEMBER, DEMO_OWNER, DEMO_PROPERTY } from '../support/env';
import { expect as baseExpect, expectToast, restoreSession, test } from '../support/fixtures';
import { expectAccessible, expectNoSidewaysScroll, shown } from '../support/page-checks';
import { type Lang, localized, shot } from '../support/pages';
import { apiCall, loginByApi, pickSearched } from '../support/tenancy';

/**
 * User authorisations on `/SecurityChain/GrantManagePage?tab=users`, in each language: the owner authorises a title
 * for a function (`/SecurityChain/AddNewUserAuthDialog`), disables it and deletes it after a confirmation. Then the
 * demo member applies for a function from the member approval page, the owner (the built-in flow's auditor) passes it
 * in the audit dialog, and the member's user authorisation appears in the list. Nothing scrolls sideways at 390 px;
 * screenshots at 1440 and 390 px go to `KEEL_SHOTS_DIR`.
 */
const expect = baseExpect.configure({ timeout: 30_000 });

test.describe.configure({ mode: 'serial' });

const PAGE = '/SecurityChain/GrantManagePage';
const stamp = Date.now() % 1_000_000;

const TEXT = {
  'zh-cn': {
    added: '已添加 1 项授权',
    active: '生效中',
    off: '已停用',
    disabled: (name: string, func: string) => `已停用 ${name} 的 ${func}`,
    deleted: (name: string, func: string) => `${name} 已不再拥有 ${func} 的授权`,
    filed: '已提交申请，等待审批',
    byApplication: '经申请',
  },
  en: {
    added: 'Authorisations added: 1',
    active: 'Active',
    off: 'Disabled',
    disabled: (name: string, func: string) => `${name}: ${func} disabled`,
    deleted: (name: string, func: string) => `${name} is no longer authorised for ${func}`,
    filed: 'Application filed: it waits for review',
    byApplication: 'By application',
  },
} as const;

/** A date `days` from today as the date pickers take it. */
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

for (const lang of ['zh-cn', 'en'] as const satisfies readonly Lang[]) {
  const text = TEXT[lang];
  const tag = `${lang === 'en' ? 'en' : 'zh'}${stamp}`;
  const code = `ua.${tag}`;
  const titleName = `Engineers ${tag}`;
  let sid = '';

  test(`the owner authorises a title for a function, disables and deletes it (${lang})`, async ({
    page,
    request,
    ownerState,
  }) => {
    test.setTimeout(180_000);
    const owner = await loginByApi(request, DEMO_OWNER);
    const pno = owner.propertyList.find((p) => p.name === DEMO_PROPERTY)?.pno as string;
    const as = { token: owner.token, pno };
    ({ sid } = await apiCall(
      request,
      'POST',
      'space/addSpace',
      { name: `Users ${tag}`, business: 'security', category: 'terminal', quota: 1_000_000 },
      as,
    ));
    await apiCall(
      request,
      'POST',
      'func/saveFunc',
      { sid, code, nameZh: `调试口 ${tag}`, nameEn: `Debug port ${tag}`, risk: 'high' },
      as,
    );
    await apiCall(request, 'POST', 't/addOrUpdateTitle', { name: titleName }, as);

    await restoreSession(page, ownerState);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${localized(PAGE, lang)}?sid=${sid}&tab=users`);
    await expect(page.getByTestId('sc-grant-page')).toBeVisible();
    await expect(page.getByTestId('sc-ua-table')).toBeVisible();
    await page.getByTestId('sc-ua-create').click();
    await expect(page).toHaveURL(/\/SecurityChain\/AddNewUserAuthDialog\?/);
    const dialog = page.getByTestId('sc-ua-dialog');
    await expect(shown(dialog)).toBeVisible();
    await dialog.getByTestId('form-dialog-ok').click();
    await expect(dialog.locator('.ant-form-item-explain-error').first()).toBeVisible();
    await dialog.getByTestId('sc-ua-func').click();
    await page.getByTestId(`sc-ua-func-${code}`).click();
    await dialog.getByTestId('sc-ua-type-title').click();
    await pickSearched(page, dialog.getByTestId('sc-ua-subjects'), titleName);
    await dialog.getByTestId('sc-ua-remark').fill(`Field work ${tag}`);
    await shot(page, `security-user-auth-dialog-${lang}`);
    await expectAccessible(page, '.ant-modal-wrap');
    await dialog.getByTestId('form-dialog-ok').click();
    await expectToast(page, text.added);
    await expect(shown(dialog)).toBeHidden();
    await expect(page).toHaveURL(/\/SecurityChain\/GrantManagePage\?/);
    const row = `${code}-${titleName}`;
    await expect(page.getByTestId(`sc-ua-${row}`)).toBeVisible();
    await expect(page.getByTestId(`sc-ua-state-${row}`)).toHaveText(text.active);

    await page.getByTestId(`sc-ua-disable-${row}`).click();
    await expectToast(page, text.disabled(titleName, code));
    await expect(page.getByTestId(`sc-ua-state-${row}`)).toHaveText(text.off);
    await shot(page, `security-user-auth-${lang}`);
    await expectAccessible(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page);
    await shot(page, `security-user-auth-390-${lang}`);
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.getByTestId(`sc-ua-delete-${row}`).click();
    await page.getByTestId('confirm-ok').click();
    await expectToast(page, text.deleted(titleName, code));
    await expect(page.getByTestId(`sc-ua-${row}`)).toBeHidden();
  });

  test(`a member applies for a function, the owner passes it, and the member is authorised (${lang})`, async ({
    page,
    request,
    ownerState,
    sessionState,
  }) => {
    test.setTimeout(180_000);
    // The member applies from the member approval page.
    await restoreSession(page, await sessionState('member'));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(localized('/BusinessProcess/MemberAuditPage', lang));
    await expect(page.getByTestId('member-audit-page')).toBeVisible();
    await page.getByTestId('sc-apply-open').click();
    const apply = page.getByTestId('sc-apply-dialog');
    await expect(shown(apply)).toBeVisible();
    await apply.getByTestId('form-dialog-ok').click();
    await expect(apply.locator('.ant-form-item-explain-error').first()).toBeVisible();
    await pickSearched(page, apply.getByTestId('sc-apply-func'), code);
    await apply.getByTestId('sc-apply-end').click();
    await apply.getByTestId('sc-apply-end').fill(dayFromNow(7));
    await apply.getByTestId('sc-apply-end').press('Enter');
    await apply.getByTestId('sc-apply-reason').fill(`Repair ${tag}`);
    await expectNoSidewaysScroll(page);
    await shot(page, `security-func-apply-390-${lang}`);
    await expectAccessible(page, '.ant-modal-wrap');
    await apply.getByTestId('form-dialog-ok').click();
    await expectToast(page, text.filed);
    await expect(shown(apply)).toBeHidden();

    // The owner, the built-in flow's auditor, finds it on the secure route approval page and passes it.
    const owner = await loginByApi(request, DEMO_OWNER);
    const pno = owner.propertyList.find((p) => p.name === DEMO_PROPERTY)?.pno as string;
    const todo = await apiCall(
      request,
      'GET',
      'flowAudit/getAuditOrNoAuditList',
      { pageNum: '1', pageSize: '50', auditStatus: '0', applyType: 'function' },
      { token: owner.token, pno },
    );
    const applyId = todo.list.find((a: { subjectName: string }) => a.subjectName.includes(code))?.applyId as string;
    expect(applyId).toBeTruthy();
    await restoreSession(page, ownerState);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${localized('/BusinessProcess/ApplyFunDetailDialog', lang)}?applyId=${applyId}`);
    await expect(page.getByTestId('security-audit-page')).toBeVisible();
    const audit = page.getByTestId('audit-dialog');
    await expect(audit.getByTestId('audit-applicant')).toContainText(DEMO_MEMBER.phone);
    await expect(audit.getByTestId('apply-fun-detail')).toContainText(code);
    await expect(audit.getByTestId('apply-fun-detail')).toContainText(`Repair ${tag}`);
    await shot(page, `security-func-apply-audit-${lang}`);
    await audit.getByTestId('audit-pass').click();
    await expect(audit).toBeHidden();

    // The member's authorisation, made by the pass.
    await page.goto(`${localized(PAGE, lang)}?sid=${sid}&tab=users`);
    const row = `${code}-${DEMO_MEMBER.phone}`;
    await expect(page.getByTestId(`sc-ua-${row}`)).toBeVisible();
    await expect(page.getByTestId(`sc-ua-state-${row}`)).toHaveText(text.active);
    await expect(page.getByTestId(`sc-ua-applied-${row}`)).toHaveText(text.byApplication);
    await shot(page, `security-user-auth-applied-${lang}`);
  });
}
