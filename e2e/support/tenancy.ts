import { constants, createPublicKey, publicEncrypt } from 'node:crypto';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { readCode } from './outbox';
import { type Lang, localized } from './pages';

/**
 * Helpers of the tenancy specs (tenancy-flow, org, news, permission): API calls for setting the scene, and small
 * page objects (the side menu's pages, antd select options). Browser contexts per user: `userPages` (fixtures.ts).
 */

/** Calls the API the way the console does (no session unless `headers` has one); answers `data`. */
export async function apiCall(
  request: APIRequestContext,
  method: 'GET' | 'POST',
  path: string,
  input: Record<string, unknown>,
  headers: Record<string, string> = {},
  // biome-ignore lint/suspicious/noExplicitAny: the test reads whatever the call answers
): Promise<any> {
  const all = { 'Accept-Language': 'zh-cn', 'Content-Language': 'zh-cn', ...headers };
  const response =
    method === 'GET'
      ? await request.get(`/api/${path}`, { params: input as Record<string, string>, headers: all })
      : await request.post(`/api/${path}`, { data: input, headers: all });
  expect(response.status()).toBe(200);
  const body = await response.json();
  expect(body, `${path}: ${body.msg}`).toMatchObject({ status: 0 });
  return body.data;
}

/** A password encrypted with the server's public key (RSA-OAEP, SHA-256), as the console sends it. */
export async function encryptPassword(request: APIRequestContext, plain: string): Promise<string> {
  const { publicKey } = await apiCall(request, 'GET', 'a/getPublicKey', {});
  const key = createPublicKey({ key: Buffer.from(publicKey, 'base64'), format: 'der', type: 'spki' });
  return publicEncrypt(
    { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(plain),
  ).toString('base64url');
}

/** Signs in through the API (password form); answers the session (`token`, `propertyList`, …). */
export async function loginByApi(
  request: APIRequestContext,
  account: { phone: string; password: string },
): Promise<{ token: string; propertyList: { pno: string; name: string }[] }> {
  return apiCall(request, 'POST', 'a/login', {
    account: account.phone,
    password: await encryptPassword(request, account.password),
  });
}

/** Registers an account through the API (code from the outbox). */
export async function registerByApi(
  request: APIRequestContext,
  account: { phone: string; password: string; name: string },
): Promise<void> {
  const since = Date.now() - 1000;
  await apiCall(request, 'POST', 'a/sendCode', { phoneNum: account.phone, purpose: 'register' });
  const code = await readCode(account.phone, 'code.register', since);
  await apiCall(request, 'POST', 'a/register', {
    phoneNum: account.phone,
    code,
    password: await encryptPassword(request, account.password),
    name: account.name,
  });
}

/** The catalogue ids of the side menu's pages (`menu-<id>`), groups left out, in menu order. */
export async function menuPages(page: Page): Promise<string[]> {
  const ids = await page
    .getByTestId('side-menu')
    .locator('[data-testid^="menu-"]:not([data-testid^="menu-group-"])')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')?.slice('menu-'.length) ?? ''));
  return ids.filter(Boolean);
}

/**
 * The open antd select dropdown's option with this title: not a hidden one, nor one still leaving (the dropdown of
 * a select picked just before can be in its closing animation, with the same option in it).
 */
export const selectOption = (page: Page, title: string) =>
  page.locator(
    `.ant-select-dropdown:not(.ant-select-dropdown-hidden):not([class*="-leave"]) .ant-select-item-option[title="${title}"]`,
  );

/**
 * Picks an option of a select that searches on the server (SearchSelect, UserPicker): types `text` into the
 * select's own search box, waits until the answer to that search is shown (the select no longer loading: the
 * typing debounced and the answer in), clicks the option whose text contains `optionText`, and waits until the
 * select shows it. Every step waits on what the page shows, so a loaded machine only makes it slower: clicking
 * while the previous answer is still listed could hit an option that the next answer replaces.
 */
export async function pickSearched(page: Page, select: Locator, text: string, optionText = text): Promise<void> {
  await select.click();
  await select.locator('input').fill(text);
  await expect(select).not.toHaveClass(/ant-select-loading/);
  const option = page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: optionText })
    .first();
  await option.click();
  await expect(select).toContainText(optionText);
}

/** The open antd tree-select dropdown's node with this title. */
export const treeSelectNode = (page: Page, title: string) =>
  page.locator(
    `.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-tree-node-content-wrapper[title="${title}"]`,
  );

/** Sets a marker on `window` that a page load would drop (to prove that something changed without a reload). */
export async function markNoReload(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __keelNoReload: boolean }).__keelNoReload = true;
  });
}

/** Whether the marker of `markNoReload` is still there (no page load since). */
export async function stillNoReload(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __keelNoReload?: boolean }).__keelNoReload === true);
}

/**
 * `path` in `lang`, as a regular expression for `toHaveURL`: the query string is ignored, and so is a trailing
 * slash (the router writes the English sign-in page as `/en/`, a link or `localized` as `/en`).
 */
export function urlOf(path: string, lang: Lang): RegExp {
  const full = localized(path, lang)
    .replace(/\/$/, '')
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^[^/]*//[^/]+${full}/?(\\?.*)?$`);
}
