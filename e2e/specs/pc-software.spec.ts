import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { DEMO_OWNER, DEMO_PROPERTY } from '../support/env';
import { expect as baseExpect, expectToast, restoreSession, test } from '../support/fixtures';
import { expectAccessible, expectNoSidewaysScroll, shown } from '../support/page-checks';
import { type Lang, localized, shot } from '../support/pages';
import { apiCall, loginByApi, pickSearched, selectOption } from '../support/tenancy';

/**
 * The PC software store's console pages, in each language. The owner (with a software space made through the API)
 * creates a main tool and a child tool under it on `/Wekit/WekitToolsPage`, sees the child under the main tool on
 * `/Wekit/WekitMainToolPage`, opens the main tool's page (`/Wekit/WekitAppInfo`), makes themself a release manager
 * and adds a trial user, adds a version with a change record, uploads installers for two platforms on
 * `/Wekit/AppVersionDetailPage` (resumable upload into the software's space, platform guessed from the file name),
 * releases it to beta and sees it released; then runs the update check installed clients make (a trial user gets
 * the beta version, another installation nothing), finds the installation on `/ToolsManage/TerminalListPage` and
 * the trial user on `/Wekit/WekitToolReleasePage`. Nothing scrolls sideways at 390 px; screenshots at 1440 and
 * 390 px go to `KEEL_SHOTS_DIR`.
 */
const expect = baseExpect.configure({ timeout: 30_000 });

test.describe.configure({ mode: 'serial' });

const TOOLS = '/Wekit/WekitToolsPage';
const MAIN_TOOLS = '/Wekit/WekitMainToolPage';
const RELEASES = '/Wekit/WekitToolReleasePage';
const TERMINALS = '/ToolsManage/TerminalListPage';
const VERSION = '/Wekit/AppVersionDetailPage';
const stamp = Date.now() % 1_000_000;

const TEXT = {
  'zh-cn': {
    created: (n: string) => `已新建软件 ${n}`,
    managerSaved: (n: string) => `${DEMO_OWNER.name} 现在是 ${n} 的发布管理员`,
    trialSaved: (id: string) => `已保存试用用户 ${id}`,
    versionCreated: (n: string, v: string) => `已新建 ${n} ${v}，请添加安装包`,
    installerAdded: (v: string) => `已为 ${v} 添加安装包`,
    released: (v: string) => `已将 ${v} 发布到测试版`,
    sentForApproval: (v: string) => `已提交 ${v} 发布到正式版的审批`,
    underMain: (n: string) => `属于 ${n}`,
    detached: (n: string) => `已解除 ${n}`,
    attached: (n: string, m: string) => `已将 ${n} 挂到 ${m} 下`,
  },
  en: {
    created: (n: string) => `Software ${n} created`,
    managerSaved: (n: string) => `${DEMO_OWNER.name} is a release manager of ${n}`,
    trialSaved: (id: string) => `Trial user ${id} saved`,
    versionCreated: (n: string, v: string) => `${n} ${v} created: add its installers`,
    installerAdded: (v: string) => `Installer added to ${v}`,
    released: (v: string) => `${v} released to Beta`,
    sentForApproval: (v: string) => `Release of ${v} to Stable sent for approval`,
    underMain: (n: string) => `Under ${n}`,
    detached: (n: string) => `${n} detached`,
    attached: (n: string, m: string) => `${n} attached to ${m}`,
  },
} as const;

/** A screenshot at 1440 px, then at 390 px after checking that nothing scrolls sideways, back at 1440 px. */
async function shotsAtBothWidths(page: Page, name: string) {
  await shot(page, name);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await shot(page, `${name}-390`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** Creates a software on the tools page through its dialog. */
async function createSoft(page: Page, lang: Lang, space: string, name: string, main?: string) {
  await page.getByTestId('soft-create').click();
  const dialog = page.getByTestId('soft-dialog');
  await expect(shown(dialog)).toBeVisible();
  await dialog.getByTestId('soft-space').click();
  await selectOption(page, space).click();
  await dialog.getByTestId('soft-name').fill(name);
  await dialog.getByTestId('soft-description').fill(`${name} for the desktop`);
  await dialog.getByTestId('soft-auth-type-2').click();
  if (main) {
    await dialog
      .getByTestId('soft-kind')
      .getByText(lang === 'en' ? 'Child tool' : '子工具')
      .click();
    await dialog.getByTestId('soft-main').click();
    await selectOption(page, main).click();
  }
  await shot(page, `pc-soft-dialog-${main ? 'child' : 'main'}-${lang}`);
  await dialog.getByTestId('form-dialog-ok').click();
  await expectToast(page, TEXT[lang].created(name));
  await expect(shown(dialog)).toBeHidden();
  await expect(page.getByTestId(`soft-row-${name}`)).toBeVisible();
}

/**
 * The bytes of a real Debian package (built with Debian's `dpkg-deb`): the APT repository reads its control file, so
 * a file that only ends in `.deb` would be left out of it.
 */
function debPackage(name: string, version: string): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'keel-deb-'));
  try {
    mkdirSync(join(dir, 'root/DEBIAN'), { recursive: true });
    mkdirSync(join(dir, 'root/usr/share/doc', name), { recursive: true });
    writeFileSync(
      join(dir, 'root/DEBIAN/control'),
      `Package: ${name}\nVersion: ${version}\nArchitecture: amd64\nMaintainer: Keel <keel@example.com>\nDescription: ${name} for the desktop\n`,
    );
    writeFileSync(join(dir, 'root/usr/share/doc', name, 'README'), `${name} ${version}\n`);
    execFileSync('dpkg-deb', ['--root-owner-group', '--build', join(dir, 'root'), join(dir, 'out.deb')], {
      stdio: 'ignore',
    });
    return readFileSync(join(dir, 'out.deb'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Adds an installer to the open version: uploads the file into the software's space, the platform guessed. */
async function addInstaller(
  page: Page,
  lang: Lang,
  version: string,
  fileName: string,
  platform: string,
  bytes: Buffer = Buffer.from(`${fileName} ${stamp} `.repeat(2000)),
) {
  await page.getByTestId('installer-add').click();
  const dialog = page.getByTestId('installer-dialog');
  await expect(shown(dialog)).toBeVisible();
  await dialog.getByTestId('installer-file-upload').click();
  await page.getByTestId('upload-input').setInputFiles({
    name: fileName,
    mimeType: 'application/octet-stream',
    buffer: bytes,
  });
  await expect(page.getByTestId(`upload-item-${fileName}`)).toHaveAttribute('data-status', 'done');
  await page.getByTestId('upload-close').click();
  await expect(dialog.getByTestId('installer-file')).toContainText(fileName);
  await shot(page, `pc-installer-dialog-${lang}`);
  await dialog.getByTestId('form-dialog-ok').click();
  await expectToast(page, TEXT[lang].installerAdded(version));
  await expect(shown(dialog)).toBeHidden();
  await expect(page.getByTestId(`installer-row-${platform}`)).toBeVisible();
}

for (const lang of ['zh-cn', 'en'] as const satisfies readonly Lang[]) {
  test(`the owner builds a main and a child tool, uploads installers, releases to beta and checks for updates (${lang})`, async ({
    page,
    request,
    ownerState,
  }) => {
    test.setTimeout(300_000);
    const text = TEXT[lang];
    const tag = `${lang === 'en' ? 'en' : 'zh'}${stamp}`;
    const space = `Tools ${tag}`;
    const main = `Studio ${tag}`;
    const child = `Plugin ${tag}`;
    const version = '1.2.0';
    const trialId = `trial-${tag}-01`;
    // The sign-in answers the user's id too (the flow's auditor below).
    const owner = (await loginByApi(request, DEMO_OWNER)) as Awaited<ReturnType<typeof loginByApi>> & { uid: string };
    const pno = owner.propertyList.find((p: { name: string }) => p.name === DEMO_PROPERTY)?.pno as string;
    const headers = { token: owner.token, pno };
    await apiCall(
      request,
      'POST',
      'space/addSpace',
      { name: space, business: 'pctools', category: 'file', quota: 100_000_000 },
      headers,
    );

    // 1. A main tool and a child tool under it.
    await restoreSession(page, ownerState);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(localized(TOOLS, lang));
    await expect(page.getByTestId('soft-page')).toBeVisible();
    await createSoft(page, lang, space, main);
    await createSoft(page, lang, space, child, main);
    await expect(page.getByTestId(`soft-main-${child}`)).toContainText(text.underMain(main));
    await expectAccessible(page);
    await shotsAtBothWidths(page, `pc-tools-${lang}`);

    // 2. The main tools page lists the child under the main tool.
    await page.goto(localized(MAIN_TOOLS, lang));
    await page.getByTestId('main-table').getByTestId('filter-str').fill(main);
    await page.getByTestId('main-table').getByTestId('filter-search').click();
    await page.getByTestId(`main-open-${main}`).click();
    await expect(page.getByTestId(`main-child-${child}`)).toBeVisible();
    // Detach it after a confirmation (it stays, under no main tool), then attach it again.
    await page.getByTestId(`main-detach-${child}`).click();
    await page.getByTestId('confirm-ok').click();
    await expectToast(page, text.detached(child));
    await expect(page.getByTestId(`main-child-${child}`)).toBeHidden();
    await page.getByTestId('main-attach').click();
    await selectOption(page, child).click();
    await expectToast(page, text.attached(child, main));
    await expect(page.getByTestId(`main-child-${child}`)).toBeVisible();
    await expect(page.getByTestId(`main-count-${main}`)).toHaveText('1');
    await shotsAtBothWidths(page, `pc-main-tools-${lang}`);

    // 3. The main tool's page: the owner becomes its release manager, and adds a trial user.
    await page.goto(localized(TOOLS, lang));
    await page.getByTestId(`soft-open-${main}`).click();
    await expect(page.getByTestId('soft-info-page')).toBeVisible();
    await expect(page.getByTestId('soft-name-text')).toHaveText(main);
    await page.getByTestId('manager-add').click();
    const managerDialog = page.getByTestId('manager-dialog');
    await expect(shown(managerDialog)).toBeVisible();
    await pickSearched(page, managerDialog.getByTestId('manager-user'), DEMO_OWNER.phone, DEMO_OWNER.name);
    await managerDialog.getByTestId('manager-channels').getByRole('checkbox').nth(1).check();
    await managerDialog.getByTestId('form-dialog-ok').click();
    await expectToast(page, text.managerSaved(main));
    await expect(page.getByTestId(`manager-row-${DEMO_OWNER.phone}`)).toBeVisible();

    await page.getByTestId('trial-add').click();
    const trialDialog = page.getByTestId('trial-dialog');
    await expect(shown(trialDialog)).toBeVisible();
    await trialDialog.getByTestId('trial-install-id').fill('bad id');
    await trialDialog.getByTestId('form-dialog-ok').click();
    await expect(trialDialog.locator('.ant-form-item-explain-error').first()).toBeVisible();
    await trialDialog.getByTestId('trial-install-id').fill(trialId);
    await trialDialog.getByTestId('trial-name').fill(`Tester ${tag}`);
    await shot(page, `pc-trial-dialog-${lang}`);
    await expectAccessible(page, '.ant-modal-wrap');
    await trialDialog.getByTestId('form-dialog-ok').click();
    await expectToast(page, text.trialSaved(trialId));
    await expect(page.getByTestId(`trial-row-${trialId}`)).toBeVisible();

    // 4. A version with a change record; its page opens.
    await page.getByTestId('version-create').click();
    const versionDialog = page.getByTestId('version-dialog');
    await expect(shown(versionDialog)).toBeVisible();
    await versionDialog.getByTestId('version-number').fill('1.02');
    await versionDialog.getByTestId('form-dialog-ok').click();
    await expect(versionDialog.locator('.ant-form-item-explain-error').first()).toBeVisible();
    await versionDialog.getByTestId('version-number').fill(version);
    await versionDialog.getByTestId('version-notes-zh').fill('首个测试版');
    await versionDialog.getByTestId('version-notes-en').fill('The first beta');
    await versionDialog.getByTestId('version-record-add').click();
    await versionDialog.getByTestId('version-record-zh-0').fill('新的导出功能');
    await versionDialog.getByTestId('version-record-en-0').fill('A new export');
    await shot(page, `pc-version-dialog-${lang}`);
    await versionDialog.getByTestId('form-dialog-ok').click();
    await expectToast(page, text.versionCreated(main, version));
    await expect(page.getByTestId('version-page')).toBeVisible();
    await expect(page.getByTestId('version-state')).toHaveAttribute('data-state', 'unreleased');
    await expect(page.getByTestId('record-0')).toBeVisible();

    // 5. Installers for two platforms; a release needs one, so the release button waits until then.
    await expect(page.getByTestId('release-to-beta')).toBeDisabled();
    await addInstaller(page, lang, version, `studio-${version}-x64.exe`, 'windows-x64-exe');
    const debName = `studio-${tag}`.toLowerCase();
    await addInstaller(
      page,
      lang,
      version,
      `${debName}_${version}_amd64.deb`,
      'linux-x64-deb',
      debPackage(debName, version),
    );
    await expectAccessible(page);
    await shotsAtBothWidths(page, `pc-version-${lang}`);

    // 6. Release to beta (no approval flow for software releases in the demo property: released at once).
    await page.getByTestId('release-to-beta').click();
    const releaseDialog = page.getByTestId('release-dialog');
    await expect(shown(releaseDialog)).toBeVisible();
    await releaseDialog.getByTestId('release-remark').fill('For the testers');
    await releaseDialog.getByTestId('form-dialog-ok').click();
    await expectToast(page, text.released(version));
    await expect(page.getByTestId('version-state')).toHaveAttribute('data-state', 'beta');
    await expect(page.getByTestId('installer-add')).toBeHidden();
    const versionId = new URL(page.url()).searchParams.get('versionId') as string;
    await page.getByTestId('version-back').click();
    await expect(page.getByTestId(`version-state-${version}`)).toHaveAttribute('data-state', 'beta');

    // 7. The update check: the trial user gets the beta version, another installation none.
    const soft = await apiCall(
      request,
      'GET',
      'soft/getSoftInfoList',
      { str: main, pageNum: 1, pageSize: 10 },
      headers,
    );
    const publicId = soft.list[0].publicId as string;
    const check = async (installId: string, installed = '1.0.0') => {
      const query = { publicId, version: installed, os: 'windows', arch: 'x64', channel: 'beta', installId };
      const response = await page.request.get(`/api/softUpdate/checkUpdate?${new URLSearchParams(query)}`, {
        headers: { 'Accept-Language': lang },
      });
      expect(response.status()).toBe(200);
      const body = await response.json();
      expect(body.status, body.msg).toBe(0);
      return body.data;
    };
    const trial = await check(trialId);
    expect(trial).toMatchObject({ update: 1, channel: 'beta', latest: { version } });
    expect(trial.latest.installer).toMatchObject({ os: 'windows', arch: 'x64', format: 'exe' });
    expect(trial.latest.installer.sha256).toMatch(/^[0-9a-f]{64}$/);
    const other = await check(`other-${tag}-01`);
    expect(other).toMatchObject({ update: 0, channel: 'stable', latest: null });
    // Once updated, the trial installation is up to date; its check counts for the version it runs.
    expect(await check(trialId, version)).toMatchObject({ update: 0, channel: 'beta', latest: null });

    // The page's chart counts the checks of its versions; the installations page lists the installations.
    // Checks are counted in memory and written every few seconds.
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId('stats-checks')).toContainText('1', { timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    await expectAccessible(page);
    await shotsAtBothWidths(page, `pc-app-info-${lang}`);
    await page.goto(localized(TERMINALS, lang));
    await page.getByTestId('terminal-table').getByTestId('filter-str').fill(trialId);
    await page.getByTestId('terminal-table').getByTestId('filter-search').click();
    await expect(page.getByTestId(`terminal-row-${trialId}`)).toBeVisible();
    await expect(page.getByTestId(`terminal-version-${trialId}`)).toHaveText(version);
    await shotsAtBothWidths(page, `pc-terminals-${lang}`);

    // 8. The release page: the owner's channels and the trial user, the dialog route to add another.
    await page.goto(`${localized(RELEASES, lang)}?softId=${soft.list[0].softId}`);
    await expect(page.getByTestId(`trial-row-${trialId}`)).toBeVisible();
    await expect(page.getByTestId(`manager-channels-${DEMO_OWNER.phone}`)).toBeVisible();
    await page.getByTestId('trial-add').click();
    await expect(page).toHaveURL(/AddTrialUserDialog/);
    await expect(shown(page.getByTestId('trial-dialog'))).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(new RegExp(RELEASES));
    await shotsAtBothWidths(page, `pc-releases-${lang}`);

    // 9. With an approval flow for software releases, promoting to stable waits for it; once passed, the version is
    // on stable and the software's page shows the APT lines of its released .deb.
    await apiCall(
      request,
      'POST',
      'flowSettingDefault/saveFlowSettingDefault',
      {
        applyType: 'softRelease',
        name: `Release ${tag}`,
        uidList: [owner.uid],
        tidList: [],
        usidList: [],
        oidList: [],
      },
      headers,
    );
    try {
      await page.goto(`${localized(VERSION, lang)}?versionId=${versionId}`);
      await page.getByTestId('release-to-stable').click();
      await page.getByTestId('release-dialog').getByTestId('form-dialog-ok').click();
      await expectToast(page, text.sentForApproval(version));
      await expect(page.getByTestId('version-state')).toHaveAttribute('data-state', 'pending-stable');
      await expect(page.getByTestId('release-pending')).toBeVisible();
      await expect(page.getByTestId('release-to-stable')).toBeHidden();
      await shot(page, `pc-version-pending-${lang}`);
    } finally {
      await apiCall(
        request,
        'POST',
        'flowSettingDefault/deleteFlowSettingDefault',
        { applyType: 'softRelease' },
        headers,
      );
    }
    const pending = await apiCall(request, 'POST', 'softVersion/getSoftVersionInfo', { versionId }, headers);
    await apiCall(request, 'POST', 'flowAudit/flowAudit', { applyId: pending.applyId, comment: 'ok' }, headers);
    await page.reload();
    await expect(page.getByTestId('version-state')).toHaveAttribute('data-state', 'stable');
    await page.getByTestId('version-back').click();
    await expect(page.getByTestId('public-apt')).toBeVisible();
    await expect(page.getByTestId('public-apt-source')).toContainText('signed-by=');
    await shot(page, `pc-app-info-apt-${lang}`);
  });
}
