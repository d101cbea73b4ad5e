import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { seriousAxeViolations } from '../support/axe';
import { DEMO_OWNER } from '../support/env';
import { expect as baseExpect, test, userPages } from '../support/fixtures';
import { type Lang, localized, openSignIn, searchTable, shot, signInWithPassword } from '../support/pages';
import { pickSearched, selectOption, urlOf } from '../support/tenancy';

/**
 * Files: the demo owner creates a space, opens its file list, uploads a 200 MB file generated on disk through the
 * resumable (tus) upload, watching the progress bar, pausing and resuming it; the file is listed and the space's use
 * shows it. In English, a small file is uploaded, renamed and deleted (after a confirmation).
 */
const users = userPages();
const expect = baseExpect.configure({ timeout: 30_000 });

test.describe.configure({ mode: 'serial', timeout: 300_000 });

const stamp = Date.now() % 1_000_000;
const SPACE = `文件库${stamp}`;
const BIG = 200 * 1024 * 1024;
let dir = '';

test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'keel-e2e-files-'));
});
test.afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A file of `size` bytes of a repeating pattern, written in 1 MiB blocks. */
function makeFile(name: string, size: number): string {
  const path = join(dir, name);
  const block = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < block.length; i++) block[i] = (i * 31 + 7) & 255;
  const fd = openSync(path, 'w');
  try {
    for (let written = 0; written < size; written += block.length) {
      writeSync(fd, block, 0, Math.min(block.length, size - written));
    }
  } finally {
    closeSync(fd);
  }
  return path;
}

async function signedIn(browser: Browser, lang: Lang) {
  const page = await users.open(browser, DEMO_OWNER.phone, lang);
  await openSignIn(page, lang);
  await signInWithPassword(page, DEMO_OWNER.phone, DEMO_OWNER.password);
  await expect(page.getByTestId('home-page')).toBeVisible();
  return page;
}

async function chooseSpace(page: Page, lang: Lang) {
  await page.goto(localized('/Tis/File/FileListPage', lang));
  await expect(page.getByTestId('file-list-page')).toBeVisible();
  await page.getByTestId('file-space-select').click();
  await selectOption(page, SPACE).click();
  await expect(page.getByTestId('file-space-used')).toBeVisible();
}

/** The upload's percent as its progress bar shows it. */
const percentOf = async (page: Page, name: string) =>
  Number(await page.getByTestId(`upload-progress-${name}`).getAttribute('data-percent'));

test('creates a space and uploads a 200 MB file with progress, pause and resume (zh-cn)', async ({ browser }) => {
  const page = await signedIn(browser, 'zh-cn');
  // A space for files, 1 GB.
  await page.goto(localized('/Tis/File/FileSpace?view=all', 'zh-cn'));
  await page.getByTestId('space-add').click();
  const add = page.getByTestId('space-add-dialog');
  await add.getByTestId('space-add-name').fill(SPACE);
  await add.getByTestId('space-add-business').click();
  await selectOption(page, '终端管理').click();
  await page.getByTestId('space-add-quota').fill('1');
  await add.getByTestId('form-dialog-ok').click();
  await expect(add.getByTestId('space-add-name')).toBeHidden();

  await chooseSpace(page, 'zh-cn');
  await expect(page.getByTestId('file-space-used')).toHaveText(/^0(\.00)? B \/ 1\.00 GB$/);
  const name = `firmware-${stamp}.img`;
  const path = makeFile(name, BIG);

  await page.getByTestId('file-upload-open').click();
  await page.getByTestId('upload-input').setInputFiles(path);
  const item = page.getByTestId(`upload-item-${name}`);
  await expect(item).toHaveAttribute('data-status', 'uploading');
  // Part of it is sent: pause there.
  await expect.poll(() => percentOf(page, name), { timeout: 120_000 }).toBeGreaterThanOrEqual(5);
  await page.getByTestId(`upload-pause-${name}`).click();
  await expect(item).toHaveAttribute('data-status', 'paused');
  await expect(item).toContainText('已暂停');
  const paused = await percentOf(page, name);
  expect(paused).toBeLessThan(100);
  await shot(page, 'file-upload-paused-zh-cn');
  // Resumed from where the server has it, not from the start.
  await page.getByTestId(`upload-resume-${name}`).click();
  await expect(item).toHaveAttribute('data-status', 'uploading');
  await expect(item).toHaveAttribute('data-status', 'done', { timeout: 240_000 });
  await expect(page.getByTestId(`upload-progress-${name}`)).toHaveAttribute('data-percent', '100');
  await page.getByTestId('upload-close').click();

  // Listed, and counted in the space's use (SPEC §5 sizes, base 1000).
  await expect(page.getByTestId('file-table').getByTestId(`file-row-${name}`)).toBeVisible();
  await expect(page.getByTestId('file-space-used')).toHaveText('209.72 MB / 1.00 GB');
  await shot(page, 'file-list-zh-cn');
  await page.context().close();
});

test('uploads, renames and deletes a small file (en)', async ({ browser }) => {
  const page = await signedIn(browser, 'en');
  await chooseSpace(page, 'en');
  await expect(page.getByTestId('file-list-page')).toContainText('Files');
  const name = `notes-${stamp}.txt`;
  const path = makeFile(name, 4096);
  await page.getByTestId('file-upload-open').click();
  await page.getByTestId('upload-input').setInputFiles(path);
  await expect(page.getByTestId(`upload-item-${name}`)).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId(`upload-item-${name}`)).toContainText('Uploaded');
  // The dialog with its progress bar: nothing serious for axe, and no sideways scrolling on a phone.
  expect(await seriousAxeViolations(page, '.ant-modal')).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByTestId('upload-close').click();
  const table = page.getByTestId('file-table');
  await expect(table.getByTestId(`file-row-${name}`)).toBeVisible();

  // Rename.
  const renamed = `renamed-${stamp}.txt`;
  await table.getByTestId(`file-rename-${name}`).click();
  await page.getByTestId('file-rename-name').fill(renamed);
  await page.getByTestId('file-rename-dialog').getByTestId('form-dialog-ok').click();
  await expect(table.getByTestId(`file-row-${renamed}`)).toBeVisible();
  // Searched by name: the big file is not among the matches.
  await searchTable(table, renamed);
  await expect(table.getByTestId(`file-row-firmware-${stamp}.img`)).toBeHidden();
  await expect(table.getByTestId(`file-row-${renamed}`)).toBeVisible();

  // Delete, after the confirmation: the space's use goes back to the big file alone.
  await table.getByTestId(`file-delete-${renamed}`).click();
  await expect(page.locator('.ant-popconfirm')).toContainText(`Delete "${renamed}"?`);
  await page.getByTestId('confirm-ok').click();
  await expect(table.getByTestId(`file-row-${renamed}`)).toBeHidden();
  await expect(page.getByTestId('file-space-used')).toHaveText('209.72 MB / 1.00 GB');
  await shot(page, 'file-list-en');
  await page.context().close();
});

test('adds a common file to the repository from a file of a space, edits and deletes it (zh-cn)', async ({
  browser,
}) => {
  const page = await signedIn(browser, 'zh-cn');
  const tool = `工具${stamp}`;
  await page.goto(localized('/filerepository/filerepositorypage', 'zh-cn'));
  await expect(page.getByTestId('file-repository-page')).toBeVisible();
  await page.getByTestId('common-file-create').click();
  await expect(page).toHaveURL(urlOf('/filerepository/AddEditCommonFileDlg', 'zh-cn'));
  const dialog = page.getByTestId('common-file-dialog');
  await pickSearched(page, dialog.getByTestId('common-file-fid'), `firmware-${stamp}`);
  await dialog.getByTestId('common-file-name').fill(tool);
  await dialog.getByTestId('common-file-version').fill('1.0.0');
  await dialog.getByTestId('form-dialog-ok').click();
  await expect(page).toHaveURL(urlOf('/filerepository/filerepositorypage', 'zh-cn'));
  const table = page.getByTestId('common-file-table');
  await expect(table.getByTestId(`common-file-${tool}`)).toBeVisible();
  await expect(table).toContainText(`firmware-${stamp}.img`);
  await expect(table).toContainText('209.72 MB');
  await shot(page, 'file-repository-zh-cn');

  // Edit: the dialog route names the row.
  await table.getByTestId(`common-file-edit-${tool}`).click();
  await expect(page).toHaveURL(/AddEditCommonFileDlg\?id=/);
  await expect(dialog.getByTestId('common-file-name')).toHaveValue(tool);
  await dialog.getByTestId('common-file-version').fill('1.1.0');
  await dialog.getByTestId('form-dialog-ok').click();
  await expect(table).toContainText('1.1.0');

  // Delete, after the confirmation.
  await table.getByTestId(`common-file-delete-${tool}`).click();
  await page.getByTestId('confirm-ok').click();
  await expect(table.getByTestId(`common-file-${tool}`)).toBeHidden();
  await page.context().close();
});
