import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_MEMBER, DEMO_OWNER } from '../support/env';
import { expect, expectToast, test } from '../support/fixtures';
import { type Lang, localized, searchTable, shot, signIn } from '../support/pages';
import { apiCall, loginByApi, pickSearched } from '../support/tenancy';

/**
 * Signing, in both languages: the owner generates a certificate, creates a sign module and binds the
 * certificate, authorises a title; a member holding that title signs a file, downloads the signature and sees the
 * signing record.
 */
test.describe.configure({ mode: 'serial' });

const TEXT = {
  'zh-cn': {
    generated: (n: string) => `已生成“${n}”`,
    saved: (n: string) => `已保存“${n}”`,
    bound: '证书已绑定',
    granted: '已授权 1 项',
    signed: '签名完成',
  },
  en: {
    generated: (n: string) => `Generated "${n}"`,
    saved: (n: string) => `Saved "${n}"`,
    bound: 'Certificate bound',
    granted: 'Granted to 1',
    signed: 'Signed',
  },
} as const;

for (const lang of ['zh-cn', 'en'] as const satisfies readonly Lang[]) {
  test(`a title holder signs a file with an authorised certificate (${lang})`, async ({ page, browser, request }) => {
    test.setTimeout(240_000);
    const suffix = `${lang}-${Date.now() % 1_000_000}`;
    const CERT = `Cert-${suffix}`;
    const MODULE = `Module-${suffix}`;
    const TITLE = `Signer-${suffix}`;
    const text = TEXT[lang];

    // The scene: a title held by the demo member (titles have their own pages and specs).
    const owner = await loginByApi(request, DEMO_OWNER);
    const pno = owner.propertyList.find((p) => p.name === '演示物业')?.pno as string;
    const headers = { token: owner.token, pno };
    const title = await apiCall(request, 'POST', 't/addOrUpdateTitle', { name: TITLE }, headers);
    const member = await loginByApi(request, DEMO_MEMBER);
    const memberUid = (member as unknown as { uid: string }).uid;
    await apiCall(request, 'POST', 't/addTitleUser', { tid: title.tid, uidList: [memberUid] }, headers);

    await signIn(page, DEMO_OWNER, lang);

    // 1. A key pair and a self-signed certificate.
    await page.goto(localized('/SignMgtSystem/WorkCertManagementPage', lang));
    await expect(page.getByTestId('cert-page')).toBeVisible();
    await page.getByTestId('generate-cert').click();
    const gen = page.getByTestId('generate-dialog');
    await gen.getByTestId('cert-name').fill(CERT);
    await gen.getByTestId('cert-cn').fill(`keel-${suffix}`);
    await gen.getByTestId('form-dialog-ok').click();
    await expectToast(page, text.generated(CERT));
    await searchTable(page.getByTestId('cert-table'), CERT);
    await expect(page.getByTestId(`cert-${CERT}`)).toBeVisible();
    await shot(page, `signing-certs-${lang}`);

    // 2. A sign module (the spec's dialog route), and the certificate bound to it.
    await page.goto(localized('/SignMgtSystem/SignModulePage', lang));
    await page.getByTestId('new-module').click();
    await expect(page).toHaveURL(/NewSignModuleDialog/);
    const moduleDialog = page.getByTestId('module-dialog');
    await moduleDialog.getByTestId('module-name').fill(MODULE);
    await moduleDialog.getByTestId('form-dialog-ok').click();
    await expectToast(page, text.saved(MODULE));
    await searchTable(page.getByTestId('module-table'), MODULE);
    await page.getByTestId(`module-certs-${MODULE}`).click();
    const certs = page.getByTestId('module-certs');
    await pickSearched(page, certs.getByTestId('bind-cert'), CERT, `${CERT} (RSA)`);
    await certs.getByTestId('bind-submit').click();
    await expectToast(page, text.bound);
    await expect(certs.getByText('SHA256WITHRSA')).toBeVisible();
    await page.keyboard.press('Escape');

    // 3. The certificate authorised to the title.
    await page.goto(localized('/SignMgtSystem/WorkCertAuthPage', lang));
    await pickSearched(page, page.getByTestId('auth-cert'), CERT, `${CERT} (RSA)`);
    await page.getByTestId('new-grant').click();
    await expect(page).toHaveURL(/NewAuthDialog/);
    const grant = page.getByTestId('grant-dialog');
    await pickSearched(page, grant.getByTestId('grant-subjects'), TITLE);
    // A multiple select keeps its list open: close it before confirming.
    await grant.locator('.ant-modal-title').click();
    await expect(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toHaveCount(0);
    await grant.getByTestId('form-dialog-ok').click();
    await expectToast(page, text.granted);
    await expect(page.getByTestId('grants-cert').getByText(TITLE)).toBeVisible();

    // 4. The member, holding the title, signs a file and downloads the signature.
    const context = await browser.newContext({ baseURL: new URL(page.url()).origin });
    const mine = await context.newPage();
    await signIn(mine, DEMO_MEMBER, lang);
    await mine.goto(localized('/SignMgtSystem/SignModulePage?tab=sign', lang));
    const panel = mine.getByTestId('sign-panel');
    await pickSearched(mine, panel.getByTestId('sign-module'), MODULE);
    await pickSearched(mine, panel.getByTestId('sign-cert'), CERT);
    const file = join(tmpdir(), `firmware-${suffix}.bin`);
    writeFileSync(file, `firmware ${suffix}\n`.repeat(100));
    await panel.getByTestId('sign-file').setInputFiles(file);
    await panel.getByTestId('sign-submit').click();
    await expect(mine.getByTestId('sign-result')).toBeVisible();
    const downloading = mine.waitForEvent('download');
    await mine.getByTestId('download-signature').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`firmware-${suffix}.bin.sig`);
    await shot(mine, `signing-signed-${lang}`);

    // 5. The signing record: the member's own.
    await mine.goto(localized('/SignMgtSystem/SignModulePage?tab=records', lang));
    const records = mine.getByTestId('record-table');
    const row = records.locator('tr').filter({ hasText: `firmware-${suffix}.bin` });
    await expect(row).toBeVisible();
    await expect(row.getByText('SHA256WITHRSA')).toBeVisible();
    await context.close();
  });
}
