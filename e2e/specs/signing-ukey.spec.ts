import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { recordRealToolRun } from '../../apps/server/src/test/real-tools';
import { SOFTHSM_TOOLS, softHsmToken, softHsmTools } from '../../apps/server/src/test/softhsm';
import { DEMO_MEMBER, DEMO_OWNER } from '../support/env';
import { expect, expectToast, test } from '../support/fixtures';
import { type Lang, localized, searchTable, shot, signIn } from '../support/pages';
import { apiCall, loginByApi, pickSearched } from '../support/tenancy';

/**
 * USB keys on SoftHSM2, in both languages: a token initialised by the test in the server's SoftHSM2
 * folder (playwright.config.ts gives the server SOFTHSM2_CONF; test/softhsm.ts, shared with the API tests, makes
 * the token, an EC P-256 key and its certificate). The owner registers the token on /ukey/UkeyManagePage, sees its
 * key, binds the key's certificate, makes a title its holder (UkeyAuthDialog, NewUkeyAuthDialog) and grants the
 * certificate to the USB key; a member holding the title signs a file with the token's key, downloads the
 * signature, and openssl verifies it with the certificate's public key. Without SoftHSM2 the tests are skipped
 * (test/softhsm.ts `softHsmTools`; where the real tools are required, they fail).
 */
test.describe.configure({ mode: 'serial' });

const TEXT = {
  'zh-cn': {
    registered: (n: string) => `已登记“${n}”`,
    certAdded: '证书已添加',
    granted: '已授权 1 项',
    online: '在线',
    fromToken: '私钥在此令牌中',
    ukeyKind: 'Ukey',
  },
  en: {
    registered: (n: string) => `Registered "${n}"`,
    certAdded: 'Certificate added',
    granted: 'Granted to 1',
    online: 'Online',
    fromToken: 'Key in this token',
    ukeyKind: 'USB keys',
  },
} as const;

const openssl = (args: string[]) => spawnSync('openssl', args, { encoding: 'utf8' });

for (const lang of ['zh-cn', 'en'] as const satisfies readonly Lang[]) {
  test(`a SoftHSM2 token is registered, bound, authorised and signs a file (${lang})`, async ({
    page,
    browser,
    request,
  }, testInfo) => {
    test.skip(!softHsmTools(), 'SoftHSM2 is not installed');
    recordRealToolRun(`e2e: SoftHSM2 token (${lang})`, SOFTHSM_TOOLS);
    test.setTimeout(240_000);
    const suffix = `${lang}-${Date.now() % 1_000_000}`;
    const LABEL = `keel-${suffix}`;
    const UKEY = `Ukey-${suffix}`;
    const CERT = `TokenCert-${suffix}`;
    const MODULE = `UkeyModule-${suffix}`;
    const TITLE = `KeyHolder-${suffix}`;
    const text = TEXT[lang];
    const dataDir = process.env.KEEL_E2E_DATA_DIR as string;
    const token = softHsmToken(join(dataDir, 'softhsm'), { label: LABEL, keyType: 'EC', pin: '24681357', keyId: 'c1' });

    // The scene: a title held by the demo member, and a sign module (modules have their own spec).
    const owner = await loginByApi(request, DEMO_OWNER);
    const pno = owner.propertyList.find((p) => p.name === '演示物业')?.pno as string;
    const headers = { token: owner.token, pno };
    const title = await apiCall(request, 'POST', 't/addOrUpdateTitle', { name: TITLE }, headers);
    const member = await loginByApi(request, DEMO_MEMBER);
    const memberUid = (member as unknown as { uid: string }).uid;
    await apiCall(request, 'POST', 't/addTitleUser', { tid: title.tid, uidList: [memberUid] }, headers);
    const module = await apiCall(
      request,
      'POST',
      'sm/addSignModule',
      { name: MODULE, signType: 'raw', algorithm: 'SHA256WITHECDSA' },
      headers,
    );

    await signIn(page, DEMO_OWNER, lang);

    // 1. Register the token: the dialog lists the module's tokens (label · serial · slot · module), asks for the PIN.
    await page.goto(localized('/ukey/UkeyManagePage', lang));
    await expect(page.getByTestId('ukey-page')).toBeVisible();
    await page.getByTestId('register-ukey').click();
    const reg = page.getByTestId('ukey-dialog');
    await reg.getByTestId('ukey-name').fill(UKEY);
    await pickSearched(page, reg.getByTestId('ukey-token'), LABEL);
    await expect(reg.getByTestId('ukey-token')).toContainText('/usr/lib/softhsm/libsofthsm2.so');
    await reg.getByTestId('ukey-pin').fill(token.pin);
    await reg.getByTestId('form-dialog-ok').click();
    await expectToast(page, text.registered(UKEY));
    const table = page.getByTestId('ukey-table');
    await searchTable(table, UKEY);
    const row = table.locator('tr').filter({ hasText: UKEY });
    await expect(row.getByText(text.online, { exact: true })).toBeVisible();

    // 2. Bind the key's certificate: the key is listed from the token; the token proves it holds it.
    await page.getByTestId(`ukey-add-cert-${UKEY}`).click();
    const add = page.getByTestId('ukey-cert-dialog');
    await add.getByTestId('ukey-key').click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: `${LABEL}-key · c1 (EC)` })
      .click();
    await add.getByTestId('ukey-cert-name').fill(CERT);
    await add.getByTestId('ukey-cert-pem').fill(token.certPem);
    await add.getByTestId('form-dialog-ok').click();
    await expectToast(page, text.certAdded);
    await expect(row.locator('td').nth(3)).toHaveText('1');
    await shot(page, `ukey-page-${lang}`);

    // 3. Its holders (UkeyAuthDialog): the certificate from the token and the key are listed; a title is made holder
    //    through NewUkeyAuthDialog.
    await page.getByTestId(`ukey-holders-${UKEY}`).click();
    await expect(page).toHaveURL(/\/ukey\/UkeyAuthDialog/);
    const certs = page.getByTestId('ukey-certs');
    await expect(certs.locator('tr').filter({ hasText: CERT }).getByText(text.fromToken)).toBeVisible();
    await expect(page.getByTestId('ukey-keys').getByText(`${LABEL}-key`)).toBeVisible();
    await shot(page, `ukey-holders-${lang}`);
    await page.getByTestId('new-grant').click();
    await expect(page).toHaveURL(/\/ukey\/NewUkeyAuthDialog/);
    const grant = page.getByTestId('grant-dialog');
    await pickSearched(page, grant.getByTestId('grant-subjects'), TITLE);
    // A multiple select keeps its list open: close it before confirming.
    await grant.locator('.ant-modal-title').click();
    await expect(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toHaveCount(0);
    await grant.getByTestId('form-dialog-ok').click();
    await expectToast(page, text.granted);
    await searchTable(table, UKEY);
    await page.getByTestId(`ukey-holders-${UKEY}`).click();
    await expect(page.getByTestId('grants-ukey').getByText(TITLE)).toBeVisible();
    await page.keyboard.press('Escape');

    // 4. The certificate, bound to the sign module, is granted to the USB key (WorkCertAuthPage, kind "USB keys").
    const list = await apiCall(
      request,
      'GET',
      'cert/getCertList',
      { str: CERT, pageNum: '1', pageSize: '10' },
      headers,
    );
    const certId = (list.list as { certId: string; name: string }[]).find((c) => c.name === CERT)?.certId as string;
    await apiCall(request, 'POST', 'cs/saveCertSignRel', { moduleId: module.moduleId, certId }, headers);
    await page.goto(localized('/SignMgtSystem/WorkCertAuthPage', lang));
    await pickSearched(page, page.getByTestId('auth-cert'), CERT, `${CERT} (EC)`);
    await page.getByTestId('new-grant').click();
    const toKey = page.getByTestId('grant-dialog');
    await toKey.getByTestId('grant-kind').click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: text.ukeyKind })
      .click();
    await pickSearched(page, toKey.getByTestId('grant-subjects'), UKEY);
    await toKey.locator('.ant-modal-title').click();
    await expect(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toHaveCount(0);
    await toKey.getByTestId('form-dialog-ok').click();
    await expectToast(page, text.granted);

    // 5. The member, holding the title and so the USB key, signs a file: the token signs.
    const context = await browser.newContext({ baseURL: new URL(page.url()).origin, acceptDownloads: true });
    const mine = await context.newPage();
    await signIn(mine, DEMO_MEMBER, lang);
    await mine.goto(localized('/SignMgtSystem/SignModulePage?tab=sign', lang));
    const panel = mine.getByTestId('sign-panel');
    await pickSearched(mine, panel.getByTestId('sign-module'), MODULE);
    await pickSearched(mine, panel.getByTestId('sign-cert'), CERT);
    const file = testInfo.outputPath(`image-${suffix}.bin`);
    writeFileSync(file, `token-signed image ${suffix}\n`.repeat(200));
    await panel.getByTestId('sign-file').setInputFiles(file);
    await panel.getByTestId('sign-submit').click();
    await expect(mine.getByTestId('sign-result')).toBeVisible();
    await expect(mine.getByTestId('sign-result')).toContainText('SHA256WITHECDSA');
    const downloading = mine.waitForEvent('download');
    await mine.getByTestId('download-signature').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`image-${suffix}.bin.sig`);
    const sig = testInfo.outputPath(`image-${suffix}.bin.sig`);
    await download.saveAs(sig);
    await context.close();

    // 6. openssl verifies the signature with the certificate's public key, and refuses a changed file.
    const verify = (f: string) => openssl(['dgst', '-sha256', '-verify', token.pubFile, '-signature', sig, f]);
    const good = verify(file);
    expect(good.status, good.stdout + good.stderr).toBe(0);
    expect(good.stdout).toContain('Verified OK');
    const changed = testInfo.outputPath(`image-${suffix}-changed.bin`);
    writeFileSync(changed, `token-signed image ${suffix}\n`.repeat(200).replace('image', 'imagE'));
    expect(verify(changed).status).not.toBe(0);
  });
}
