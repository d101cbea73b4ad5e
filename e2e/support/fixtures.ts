import { type Browser, type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import { DEMO_OWNER, OPERATOR } from './env';
import { type Lang, openSignIn, signIn, signInWithPassword } from './pages';

export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

interface TestFixtures {
  /** Console errors and uncaught exceptions of `page`; a test fails when any is left at its end. */
  consoleErrors: string[];
  /** Records every toast `page` shows (see `expectToast`). */
  toastLog: undefined;
}

declare global {
  interface Window {
    /** Texts of every toast the page has shown, in order (recorded by the `toastLog` fixture). */
    __keelToasts?: string[];
  }
}

/**
 * Waits until the page has shown a toast containing `text`. A toast stays 3 s: on a loaded machine an assertion
 * polling for it can look before it comes and after it goes, so the page records each toast as it appears and this
 * reads the record. It still waits on what the page showed, not on time.
 */
export async function expectToast(page: Page, text: string): Promise<void> {
  // A toast found is taken off the record, so that the same message expected twice must be shown twice.
  const take = (wanted: string) => {
    const log = window.__keelToasts ?? [];
    const at = log.findIndex((shown) => shown.includes(wanted));
    if (at >= 0) log.splice(at, 1);
    return at >= 0;
  };
  await expect.poll(() => page.evaluate(take, text), { message: `a toast containing "${text}"` }).toBe(true);
}

/** Makes `page` record every toast it shows, for `expectToast` (every page of the fixtures and of `userPages`). */
export async function recordToasts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen = new WeakSet<Element>();
    window.__keelToasts = [];
    new MutationObserver(() => {
      for (const node of document.querySelectorAll('[data-testid="toast-text"]')) {
        if (seen.has(node)) continue;
        seen.add(node);
        window.__keelToasts?.push(node.textContent ?? '');
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

interface WorkerFixtures {
  /** Local storage of a browser signed in through the UI as the demo owner (once per worker). */
  ownerState: StorageState;
  /** The same for the platform operator. */
  operatorState: StorageState;
}

async function signedInState(
  browser: import('@playwright/test').Browser,
  baseURL: string | undefined,
  account: { phone: string; password: string },
): Promise<StorageState> {
  const context = await browser.newContext({ baseURL, locale: 'zh-CN' });
  try {
    const page = await context.newPage();
    await openSignIn(page);
    await signInWithPassword(page, account.phone, account.password);
    await expect(page.getByTestId('home-page')).toBeVisible();
    return await context.storageState();
  } finally {
    await context.close();
  }
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const { url } = message.location();
        // An unknown console path is answered with HTTP 404 on purpose (the app still loads and shows its 404 page).
        if (/status of 404/.test(message.text()) && url && !/\/(api|assets|_i18n)\//.test(new URL(url).pathname))
          return;
        errors.push(`console.error: ${message.text()}${url ? ` (${url})` : ''}`);
      });
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
      await use(errors);
      expect(errors, 'console errors or uncaught exceptions on the page').toEqual([]);
    },
    { auto: true },
  ],
  toastLog: [
    async ({ page }, use) => {
      await recordToasts(page);
      await use(undefined);
    },
    { auto: true },
  ],
  ownerState: [
    async ({ browser }, use, workerInfo) => {
      await use(await signedInState(browser, workerInfo.project.use.baseURL, DEMO_OWNER));
    },
    { scope: 'worker' },
  ],
  operatorState: [
    async ({ browser }, use, workerInfo) => {
      await use(await signedInState(browser, workerInfo.project.use.baseURL, OPERATOR));
    },
    { scope: 'worker' },
  ],
});

export { expect };

/** Opens pages of users in browser contexts of their own (`userPages`). */
export interface UserPages {
  /** A page in a new browser context (its own local storage: one per user) in `lang`; `who` names it in errors. */
  open(browser: Browser, who: string, lang?: Lang): Promise<Page>;
  /** The same, signed in as `account` through the password form and on /home (`who` defaults to the phone). */
  signedIn(browser: Browser, account: { phone: string; password: string }, lang?: Lang, who?: string): Promise<Page>;
}

/**
 * For a spec that opens browser contexts of its own (the `consoleErrors` fixture watches only `page`): call it once
 * at the top level. Each test starts with no errors recorded and fails on any console error or uncaught exception
 * of the pages opened through the answer, in whichever test they occur (a serial spec may hand a page on).
 */
export function userPages(): UserPages {
  const errors: string[] = [];
  let baseURL: string | undefined;
  test.beforeEach(({ baseURL: url }) => {
    baseURL = url;
    errors.length = 0;
  });
  test.afterEach(() => {
    expect(errors, 'console errors or uncaught exceptions').toEqual([]);
  });
  const open = async (browser: Browser, who: string, lang: Lang = 'zh-cn') => {
    const context = await browser.newContext({ baseURL, locale: lang === 'en' ? 'en-US' : 'zh-CN' });
    const page = await context.newPage();
    await recordToasts(page);
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`${who}: ${m.text()} (${m.location().url})`);
    });
    page.on('pageerror', (e) => errors.push(`${who}: uncaught ${e.message}`));
    return page;
  };
  return {
    open,
    async signedIn(browser, account, lang = 'zh-cn', who = account.phone) {
      const page = await open(browser, who, lang);
      await signIn(page, account, lang);
      return page;
    },
  };
}
