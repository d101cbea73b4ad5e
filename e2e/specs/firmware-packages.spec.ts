import { generateKeyPairSync } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect as baseExpect, expectToast, restoreSession, test } from '../support/fixtures';
import { type Lang, localized, shot } from '../support/pages';
import { selectOption } from '../support/tenancy';

/**
 * Firmware packages and delta packages, in each language: the demo owner makes a firmware space, adds two versions
 * of a package on FotaSoftwarePage (the files uploaded through the resumable upload in the dialog), publishes one,
 * then generates the delta between them on FotaDiffPkgPage and sees it made in the background and verified. Then
 * sets the property's vendor verification keys in the keys dialog of FotaSoftwarePage, which first refuses text that
 * is not PEM and a private key, with messages in the page's language.
 */
const expect = baseExpect.configure({ timeout: 30_000 });

test.describe.configure({ mode: 'serial', timeout: 600_000 });

const stamp = Date.now() % 1000;
let dir = '';
test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'keel-e2e-fw-'));
});
test.afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A firmware-like image (low entropy), varied by `seed` past its middle. */
function makeImage(name: string, seed: number): string {
  const size = 400_000;
  const b = Buffer.alloc(size);
  for (let i = 0; i < size; i++) b[i] = ((i >> 4) * 7 + (i > size / 2 && i % 97 === 0 ? seed : 0)) & 0x3f;
  const path = join(dir, name);
  const fd = openSync(path, 'w');
  writeSync(fd, b);
  closeSync(fd);
  return path;
}

const TEXT = {
  'zh-cn': {
    business: '固件升级',
    published: '已发布',
    ready: '可用',
    verified: '已校验',
    type: '整机固件',
    notPem: '不是 PEM 格式',
    privateKey: '这是私钥',
    keysSaved: '验证密钥已保存',
  },
  en: {
    business: 'Firmware',
    published: 'Published',
    ready: 'Ready',
    verified: 'Verified',
    type: 'Firmware image',
    notPem: 'Not PEM',
    privateKey: 'This is a private key',
    keysSaved: 'Verification keys saved',
  },
} as const;

/** A self-signed Ed25519 certificate (CN=keel-test), as `openssl req -x509 -newkey ed25519` writes it. */
const VENDOR_CERT = `-----BEGIN CERTIFICATE-----
MIIBPDCB76ADAgECAhQWzqi0se2DliaIfLHAhz94E59KEDAFBgMrZXAwFDESMBAG
A1UEAwwJa2VlbC10ZXN0MB4XDTI2MTEyNDE0NTk0NloXDTM2MTEyMTE0NTk0Nlow
FDESMBAGA1UEAwwJa2VlbC10ZXN0MCowBQYDK2VwAyEACzX4weJxu4eUT+JP0Kym
QGSTAQhjO7metGdmEwGBavKjUzBRMB0GA1UdDgQWBBQtVQYaBI8UN9yC1QxfCelM
75YiPzAfBgNVHSMEGDAWgBQtVQYaBI8UN9yC1QxfCelM75YiPzAPBgNVHRMBAf8E
BTADAQH/MAUGAytlcANBANwh6Hwh5f3X2O5xCoqSHDy0GD3696CBSVIs7VybvvD1
hOEgkAuazu3qFujbNPod8cHY1xqdYINYjUX90rFraQM=
-----END CERTIFICATE-----`;

async function addSpace(page: Page, lang: Lang, name: string) {
  await page.goto(localized('/Tis/File/FileSpace?view=all', lang));
  await page.getByTestId('space-add').click();
  const add = page.getByTestId('space-add-dialog');
  await add.getByTestId('space-add-name').fill(name);
  await add.getByTestId('space-add-business').click();
  await selectOption(page, TEXT[lang].business).click();
  await page.getByTestId('space-add-quota').fill('1');
  await add.getByTestId('form-dialog-ok').click();
  await expect(add.getByTestId('space-add-name')).toBeHidden();
}

async function addVersion(page: Page, space: string, version: string, file: string) {
  await page.getByTestId('sw-create').click();
  const dialog = page.getByTestId('sw-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('sw-space').click();
  await selectOption(page, space).click();
  await dialog.getByTestId('sw-name').fill('Gateway');
  await dialog.getByTestId('sw-version').fill(version);
  await dialog.getByTestId('sw-upload').click();
  const name = file.split('/').pop() as string;
  await page.getByTestId('upload-input').setInputFiles(file);
  await expect(page.getByTestId(`upload-item-${name}`)).toHaveAttribute('data-status', 'done');
  await page.getByTestId('upload-close').click();
  await expect(dialog.getByTestId(`sw-file-${name}`)).toBeVisible();
  await page.getByTestId('sw-dialog-ok').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('sw-table').getByTestId(`sw-${version}`)).toBeVisible();
}

for (const lang of ['zh-cn', 'en'] as const) {
  test(`uploads two versions, publishes one and generates a verified delta (${lang})`, async ({ page, ownerState }) => {
    // The worker's session: sign-ins are limited per account a minute.
    await restoreSession(page, ownerState);
    const space = `FW${lang}${stamp}`;
    await addSpace(page, lang, space);
    const base = `${stamp}.${lang === 'en' ? 2 : 1}`;
    const [v1, v2] = [`${base}.0`, `${base}.1`];

    await page.goto(localized('/fota/FotaSoftwarePage', lang));
    await expect(page.getByTestId('fota-software-page')).toBeVisible();
    await addVersion(page, space, v1, makeImage(`gw-${lang}-${v1}.bin`, 1));
    await addVersion(page, space, v2, makeImage(`gw-${lang}-${v2}.bin`, 9));
    await page.getByTestId(`sw-publish-${v2}`).click();
    await expect(page.getByTestId(`sw-state-${v2}`)).toHaveText(TEXT[lang].published);
    await shot(page, `fota-software-${lang}`);

    await page.goto(localized('/fota/FotaDiffPkgPage', lang));
    await expect(page.getByTestId('fota-diff-page')).toBeVisible();
    await page.getByTestId('delta-create').click();
    const dialog = page.getByTestId('delta-dialog');
    await dialog.getByTestId('delta-target').click();
    await selectOption(page, `Gateway ${v2} · ${TEXT[lang].type}`).click();
    await dialog.getByTestId('delta-source').click();
    await selectOption(page, `Gateway ${v1} · ${TEXT[lang].type}`).click();
    await page.getByTestId('delta-dialog-ok').click();
    await expect(dialog).toBeHidden();
    const state = page.getByTestId(`delta-state-${v1}-${v2}`);
    await expect(state).toHaveAttribute('data-state', 'ready', { timeout: 120_000 });
    await expect(state).toContainText(TEXT[lang].ready);
    await expect(page.getByTestId(`delta-verified-${v1}-${v2}`)).toHaveText(TEXT[lang].verified);
    await shot(page, `fota-diff-${lang}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
}

for (const lang of ['zh-cn', 'en'] as const) {
  test(`sets the vendor verification keys, refusing what is not a public PEM key (${lang})`, async ({
    page,
    ownerState,
  }) => {
    // The worker's session: sign-ins are limited per account a minute.
    await restoreSession(page, ownerState);
    const pair = generateKeyPairSync('ed25519');
    const publicPem = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString().trim();
    const privatePem = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString().trim();
    await page.goto(localized('/fota/FotaSoftwarePage', lang));
    await page.getByTestId('sw-keys').click();
    const dialog = page.getByTestId('sw-keys-dialog');
    await expect(dialog.getByTestId('sw-keys-manifest')).toContainText('BEGIN PUBLIC KEY');
    const mender = dialog.getByTestId('sw-keys-mender');
    await expect(mender).toBeEnabled();

    await mender.fill('my key');
    await dialog.getByTestId('form-dialog-ok').click();
    await expect(dialog.getByText(TEXT[lang].notPem)).toBeVisible();
    await mender.fill(privatePem);
    await dialog.getByTestId('form-dialog-ok').click();
    await expect(dialog.getByText(TEXT[lang].privateKey)).toBeVisible();
    await mender.fill(publicPem);
    await dialog.getByTestId('sw-keys-swu').fill(VENDOR_CERT);
    await shot(page, `fota-keys-${lang}`);
    await dialog.getByTestId('form-dialog-ok').click();
    await expectToast(page, TEXT[lang].keysSaved);
    await expect(dialog).toBeHidden();

    // Read back, then removed again (other specs upload unsigned artifacts to the demo property).
    await page.getByTestId('sw-keys').click();
    await expect(dialog.getByTestId('sw-keys-mender')).toHaveValue(publicPem);
    await expect(dialog.getByTestId('sw-keys-swu')).toHaveValue(VENDOR_CERT);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, `fota-keys-${lang}-390`);
    await dialog.getByTestId('sw-keys-mender').fill('');
    await dialog.getByTestId('sw-keys-swu').fill('');
    await dialog.getByTestId('form-dialog-ok').click();
    await expectToast(page, TEXT[lang].keysSaved);
    await expect(dialog).toBeHidden();
  });
}
