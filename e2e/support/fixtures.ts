import {
  type Browser,
  type BrowserContext,
  test as base,
  type ConsoleMessage,
  expect,
  type Page,
} from '@playwright/test';
import { DEMO_MEMBER, DEMO_OWNER, OPERATOR } from './env';
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

/** Pages already recording (a page kept from test to test is set up once, not once a test). */
const recording = new WeakSet<Page>();

/**
 * Makes `page` record every toast it shows, for `expectToast` (every page of the fixtures and of `userPages`). Once
 * a page: a second call adds nothing.
 */
export async function recordToasts(page: Page): Promise<void> {
  if (recording.has(page)) return;
  recording.add(page);
  await page.addInitScript(() => {
    // A toast shown again while it is still up merges into the one shown (its counter rises): each count seen is one
    // showing.
    const seen = new WeakMap<Element, string>();
    window.__keelToasts = [];
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('[data-testid="toast"]')) {
        const count = toast.querySelector('[data-testid="toast-count"]')?.textContent ?? '1';
        if (seen.get(toast) === count) continue;
        seen.set(toast, count);
        window.__keelToasts?.push(toast.querySelector('[data-testid="toast-text"]')?.textContent ?? '');
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

/** The seeded accounts a worker keeps a signed-in browser session of. */
export type SessionAccount = 'owner' | 'operator' | 'member';

const SESSION_ACCOUNTS: Record<SessionAccount, { phone: string; password: string }> = {
  owner: DEMO_OWNER,
  operator: OPERATOR,
  member: DEMO_MEMBER,
};

/** Who a kept page (worker-pages.ts) is signed in as: nobody, or a seeded account of `sessionState`. */
export type KeptPageAccount = 'none' | SessionAccount;

/** A page kept for the worker's life (worker-pages.ts). */
export interface KeptPage {
  context: BrowserContext;
  page: Page;
  /** What the page is put back to before each test: the account's session (nothing when signed out). */
  state: StorageState;
  /** Whether the last test on it failed (the next one starts from a reset page, whatever it asks). */
  failed?: boolean;
}

/** A document of the console's origin that is not the console: its storage is written there without the app. */
const NOT_THE_CONSOLE = '/healthz';

/**
 * Gives `page`'s browser context exactly the session `state` (a `sessionState`): its cookies and local storage and
 * nothing else (no session storage), and leaves the page on an empty document of the console's origin, for the
 * test's own `goto`. Instead of a sign-in through the form where the sign-in is not what a test is about: the
 * session is the one the form gave once for the worker, so the test starts where a sign-in would have left it, less
 * two page loads and a password check. The worker's other tests share it: a test that signs out, or changes the
 * account, signs in through the form (`signIn`) instead.
 */
export async function restoreSession(page: Page, state: StorageState): Promise<void> {
  const context = page.context();
  await context.clearCookies();
  if (state.cookies.length > 0) await context.addCookies(state.cookies);
  await page.goto(NOT_THE_CONSOLE);
  const origin = new URL(page.url()).origin;
  const items = state.origins.find((o) => o.origin === origin)?.localStorage ?? [];
  await page.evaluate((saved) => {
    localStorage.clear();
    sessionStorage.clear();
    for (const { name, value } of saved) localStorage.setItem(name, value);
  }, items);
}

interface WorkerFixtures {
  /**
   * The browser session of a seeded account, signed in through the UI the first time a test of the worker asks for
   * it and kept for the worker's other tests (the server limits sign-ins a minute per address).
   */
  sessionState: (account: SessionAccount) => Promise<StorageState>;
  /**
   * The pages the worker keeps from test to test, one per account (worker-pages.ts): registered here, so that a spec
   * on worker-pages.ts's `test` shares its workers, and their sessions, with the others.
   */
  keptPages: Map<KeptPageAccount, KeptPage>;
  /** Local storage of a browser signed in through the UI as the demo owner (once per worker). */
  ownerState: StorageState;
  /** The same for the platform operator. */
  operatorState: StorageState;
}

async function signedInState(
  browser: Browser,
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
      const onConsole = (message: ConsoleMessage) => {
        if (message.type() !== 'error') return;
        const { url } = message.location();
        // An unknown console path is answered with HTTP 404 on purpose (the app still loads and shows its 404 page).
        if (/status of 404/.test(message.text()) && url && !/\/(api|assets|_i18n)\//.test(new URL(url).pathname))
          return;
        errors.push(`console.error: ${message.text()}${url ? ` (${url})` : ''}`);
      };
      const onPageError = (error: Error) => errors.push(`uncaught: ${error.message}`);
      page.on('console', onConsole);
      page.on('pageerror', onPageError);
      await use(errors);
      // A page kept for the next test (worker-pages.ts) reports to that test's list, not to this one's.
      page.off('console', onConsole);
      page.off('pageerror', onPageError);
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
  sessionState: [
    async ({ browser }, use, workerInfo) => {
      const states = new Map<SessionAccount, Promise<StorageState>>();
      await use((account) => {
        let state = states.get(account);
        if (!state) {
          state = signedInState(browser, workerInfo.project.use.baseURL, SESSION_ACCOUNTS[account]);
          // A failed sign-in is tried again by the next test that asks, not handed to it.
          state.catch(() => states.delete(account));
          states.set(account, state);
        }
        return state;
      });
    },
    { scope: 'worker' },
  ],
  keptPages: [
    async ({ browser }, use) => {
      const kept = new Map<KeptPageAccount, KeptPage>();
      await use(kept);
      if (browser.isConnected()) for (const { context } of kept.values()) await context.close();
    },
    { scope: 'worker' },
  ],
  ownerState: [async ({ sessionState }, use) => use(await sessionState('owner')), { scope: 'worker' }],
  operatorState: [async ({ sessionState }, use) => use(await sessionState('operator')), { scope: 'worker' }],
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
