import { STORAGE_KEYS } from '@keel/contract/constants';
import { expect, type Locator, type Page } from '@playwright/test';

export type Lang = 'zh-cn' | 'en';

/** A console path in a language: Chinese unprefixed, English under `/en` (`/` → `/en`). */
export function localized(path: string, lang: Lang): string {
  if (lang === 'zh-cn') return path;
  return path === '/' ? '/en' : `/en${path}`;
}

/** Opens the sign-in page (`/` or `/en`) and waits for its card. */
export async function openSignIn(page: Page, lang: Lang = 'zh-cn'): Promise<void> {
  const url = localized('/', lang);
  const response = await page.goto(url);
  expect(response?.status(), `HTTP status of ${url}`).toBe(200);
  await expect(page.getByTestId('auth-card')).toBeVisible();
}

/** Fills the password form (the default tab) and submits it. */
export async function signInWithPassword(page: Page, account: string, password: string): Promise<void> {
  const form = page.getByTestId('password-sign-in-form');
  await form.getByTestId('account').fill(account);
  await form.getByTestId('password').fill(password);
  await form.getByTestId('sign-in-submit').click();
}

/** Waits for `/home` (in `lang`) after a sign-in. */
export async function expectHome(page: Page, lang: Lang = 'zh-cn'): Promise<void> {
  await expect(page).toHaveURL(localized('/home', lang));
  await expect(page.getByTestId('home-page')).toBeVisible();
}

/** Signs in through the password form (from the sign-in page in `lang`) and waits for `/home`. */
export async function signIn(page: Page, account: { phone: string; password: string }, lang: Lang = 'zh-cn') {
  await openSignIn(page, lang);
  await signInWithPassword(page, account.phone, account.password);
  await expectHome(page, lang);
}

/**
 * Narrows a DataTable by its text filter until the URL holds it (the filter bar resets its fields when the table
 * re-renders during a refetch, which can swallow text typed just before).
 */
export async function searchTable(table: Locator, text: string): Promise<void> {
  await expect(async () => {
    await table.getByTestId('filter-str').fill(text);
    await table.getByTestId('filter-search').click();
    await expect(table.page()).toHaveURL(new RegExp(`str=(%22)?${encodeURIComponent(text)}`), { timeout: 1000 });
  }).toPass();
}

/** A full-page screenshot into `KEEL_SHOTS_DIR` (for the docs) once the page has settled; nothing when it is unset. */
export async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.KEEL_SHOTS_DIR;
  if (!dir) return;
  await page.waitForTimeout(600);
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

/** Clicks "send code" in `form` and waits for the countdown that follows a sent code. */
export async function sendCode(page: Page, formTestId: string): Promise<void> {
  const button = page.getByTestId(formTestId).getByTestId('send-code');
  await button.click();
  await expect(button).toBeDisabled();
}

/** Picks a property in the head's switcher (a select-only combobox) by its name. */
export async function switchProperty(page: Page, name: string): Promise<void> {
  const switcher = page.getByTestId('property-switcher');
  await switcher.click();
  await page.getByRole('listbox').getByRole('option', { name, exact: true }).click();
  await expect(switcher).toHaveText(name);
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

/** A session value in local storage (SPEC §9 keys), JSON-decoded where it is JSON; null when absent. */
export async function stored(page: Page, key: keyof typeof STORAGE_KEYS): Promise<unknown> {
  const raw = await page.evaluate((k) => localStorage.getItem(k), STORAGE_KEYS[key]);
  if (raw === null) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}
