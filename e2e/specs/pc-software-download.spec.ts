import { createHash } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { expect as baseExpect, test } from '../support/fixtures';
import { expectAccessible, expectNoSidewaysScroll } from '../support/page-checks';
import { type Lang, localized, shot } from '../support/pages';
import { buildDeb, ownerScene, pcSpace, releasedVersionByApi, softByApi } from '../support/pc-soft';

/**
 * The public download page (`/download/<publicId>`), in each language, signed out: software with installers for
 * Windows (x64 .exe) and Linux (x64 .deb, a real package) released to stable through the API. A browser that says it
 * runs Windows is offered the .exe first with a big download button, one that says Linux the .deb; the other
 * installer is listed with its size and SHA-256; the download link serves the bytes whose SHA-256 the page shows; the
 * release notes and change record are in the page's language and the language switch moves to the other; the APT
 * lines name the key they are signed with. An unknown id shows "not found". At 390 px nothing scrolls sideways.
 * Screenshots at 1440 and 390 px go to `KEEL_SHOTS_DIR`.
 */
const expect = baseExpect.configure({ timeout: 30_000 });

test.describe.configure({ mode: 'serial' });

const WINDOWS_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const LINUX_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const stamp = Date.now() % 1_000_000;

const TEXT = {
  'zh-cn': {
    notes: '修复了启动慢的问题',
    record: '新增批量导出',
    forWindows: '下载 Windows · x64 版',
    forLinux: '下载 Linux · x64 版',
    others: '其他平台',
    notFound: '没有找到这个软件',
    switchTo: 'English',
  },
  en: {
    notes: 'Starts faster',
    record: 'Batch export',
    forWindows: 'Download for Windows · x64',
    forLinux: 'Download for Linux · x64',
    others: 'Other platforms',
    notFound: 'This software was not found',
    switchTo: '中文',
  },
} as const;

interface Seeded {
  name: string;
  publicId: string;
  exeSha: string;
  debSha: string;
}
let seeded: Seeded | null = null;

/** Uncaught errors of the visitors' pages (checked as each visitor leaves). */
const uncaught = new WeakMap<Page, string[]>();

/** A signed-out browser that reports `userAgent`. */
async function visitor(browser: Browser, userAgent: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    userAgent,
    locale: 'zh-CN',
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  uncaught.set(page, errors);
  page.on('pageerror', (e) => errors.push(e.message));
  return page;
}

/** Closes a visitor's browser after checking its page threw nothing. */
async function leave(page: Page) {
  expect(uncaught.get(page), 'uncaught errors on the download page').toEqual([]);
  await page.context().close();
}

test.beforeAll(async ({ request }) => {
  const scene = await ownerScene(request);
  const sid = await pcSpace(request, scene.headers, `Downloads ${stamp}`);
  const name = `Keel Tool ${stamp}`;
  const { softId, publicId } = await softByApi(request, scene.headers, {
    sid,
    name,
    description: 'A desktop tool for the end-to-end tests. 端到端测试用的桌面工具。',
  });
  const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(20_000, 3)]);
  const deb = buildDeb(`keel-tool-${stamp}`, '1.2.0');
  await releasedVersionByApi(request, scene, softId, sid, {
    version: '1.2.0',
    notesZh: TEXT['zh-cn'].notes,
    notesEn: TEXT.en.notes,
    installers: [
      { os: 'windows', arch: 'x64', format: 'exe', fileName: `keel-tool-${stamp}-setup.exe`, bytes: exe },
      { os: 'linux', arch: 'x64', format: 'deb', fileName: `keel-tool-${stamp}_1.2.0_amd64.deb`, bytes: deb },
    ],
    changeRecords: [{ kind: 'feature', contentZh: TEXT['zh-cn'].record, contentEn: TEXT.en.record }],
  });
  const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
  seeded = { name, publicId, exeSha: sha(exe), debSha: sha(deb) };
});

for (const lang of ['zh-cn', 'en'] as const satisfies readonly Lang[]) {
  test(`picks the installer for the visitor's platform, lists the others, switches language (${lang})`, async ({
    browser,
  }) => {
    test.setTimeout(150_000);
    const { name, publicId, exeSha, debSha } = seeded as Seeded;
    const text = TEXT[lang];
    const url = localized(`/download/${publicId}`, lang);

    // Windows: the .exe first, with its SHA-256; the .deb among the others.
    const windows = await visitor(browser, WINDOWS_UA);
    await windows.setViewportSize({ width: 1440, height: 900 });
    const response = await windows.goto(url);
    expect(response?.status(), `HTTP status of ${url}`).toBe(200);
    await expect(windows.getByTestId('download-name')).toHaveText(name);
    await expect(windows.getByTestId('download-version')).toContainText('1.2.0');
    const picked = windows.getByTestId('download-recommended');
    await expect(picked).toHaveAttribute('data-os', 'windows');
    await expect(picked).toHaveAttribute('data-format', 'exe');
    await expect(windows.getByTestId('download-recommended-button')).toContainText(text.forWindows);
    await expect(windows.getByTestId('download-sha256-windows-x64-exe')).toContainText(exeSha);
    await expect(windows.locator('#download-list-title')).toHaveText(text.others);
    await expect(windows.getByTestId('download-sha256-linux-x64-deb')).toContainText(debSha);
    await expect(windows.getByTestId('download-notes')).toContainText(text.notes);
    await expect(windows.getByTestId('download-records')).toContainText(text.record);
    await expect(windows.locator('html')).toHaveAttribute('lang', lang === 'en' ? 'en' : 'zh-CN');

    // The link serves the bytes the page vouches for.
    const href = (await windows.getByTestId('download-recommended-button').getAttribute('href')) as string;
    const file = await windows.request.get(href);
    expect(file.status()).toBe(200);
    expect(
      createHash('sha256')
        .update(await file.body())
        .digest('hex'),
    ).toBe(exeSha);

    // The APT lines, when the repository is there: the key is saved and named by `signed-by`.
    const apt = windows.getByTestId('download-apt');
    if ((await apt.count()) > 0) {
      await expect(windows.getByTestId('download-apt-key')).toContainText(`curl -fsSL http`);
      await expect(windows.getByTestId('download-apt-sources')).toContainText('signed-by=');
      await expect(windows.getByTestId('download-apt-install')).toContainText(`keel-tool-${stamp}`);
    }
    await shot(windows, `pc-download-windows-${lang}`);
    await expectAccessible(windows);
    await windows.setViewportSize({ width: 390, height: 844 });
    await expect(picked).toBeVisible();
    await expectNoSidewaysScroll(windows);
    await shot(windows, `pc-download-windows-390-${lang}`);

    // The language switch moves to the other language, same software.
    await windows.getByTestId('language-switch').click();
    const other: Lang = lang === 'en' ? 'zh-cn' : 'en';
    await expect(windows).toHaveURL(new RegExp(`${localized(`/download/${publicId}`, other).replace(/\//g, '\\/')}$`));
    await expect(windows.getByTestId('download-notes')).toContainText(TEXT[other].notes);
    await expect(windows.getByTestId('language-switch')).toHaveText(TEXT[other].switchTo);
    await leave(windows);

    // Linux: the .deb first.
    const linux = await visitor(browser, LINUX_UA);
    await linux.setViewportSize({ width: 390, height: 844 });
    await linux.goto(url);
    const linuxPick = linux.getByTestId('download-recommended');
    await expect(linuxPick).toHaveAttribute('data-os', 'linux');
    await expect(linuxPick).toHaveAttribute('data-format', 'deb');
    await expect(linux.getByTestId('download-recommended-button')).toContainText(text.forLinux);
    await expect(linux.getByTestId('download-sha256-linux-x64-deb')).toContainText(debSha);
    await expect(linux.getByTestId('download-installer-windows-x64-exe')).toBeVisible();
    await expectNoSidewaysScroll(linux);
    await shot(linux, `pc-download-linux-390-${lang}`);
    await linux.setViewportSize({ width: 1440, height: 900 });
    await shot(linux, `pc-download-linux-${lang}`);

    // An id nobody has: not found.
    await linux.goto(localized('/download/zzzzzzzzzzzzzzzz', lang));
    await expect(linux.getByTestId('download-not-found')).toContainText(text.notFound);
    await leave(linux);
  });
}
