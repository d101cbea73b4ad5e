import type { Page } from '@playwright/test';
import { test as base, type KeptPage, type KeptPageAccount, type StorageState } from './fixtures';

export type PageAccount = KeptPageAccount;

interface WorkerPagesFixtures {
  /** Who `page` is signed in as (`test.use({ pageAccount: 'operator' })`); the demo owner unless told. */
  pageAccount: PageAccount;
  /**
   * Whether the test starts on the document the worker's last test on this page left (`test.use({ keepDocument:
   * true })`), for tests that only read and may then open their route inside the app (open-route.ts `inApp`): the
   * session, language and what the console has loaded carry over. After a test that failed, the page is reset all
   * the same.
   */
  keepDocument: boolean;
}

/** The cookie that tells a kept page's next document to put its storage back (`restoreOnNextLoad`). */
const RESTORE_COOKIE = 'keel-e2e-restore';

/**
 * Makes every document of a kept page that finds the restore cookie, before any of the console's scripts run, drop
 * the cookie and give its origin exactly the session's local storage (and no session storage). Set once per kept
 * page: instead of a navigation to a document of the console's origin before each test only to write its storage
 * there (`restoreSession`, a third of a second of a sweep visit).
 */
async function restoreOnNextLoad(page: Page, state: StorageState, baseURL: string): Promise<void> {
  const origin = new URL(baseURL).origin;
  const items = state.origins.find((o) => o.origin === origin)?.localStorage ?? [];
  await page.addInitScript(
    ({ cookie, items }) => {
      try {
        if (!document.cookie.split('; ').includes(`${cookie}=1`)) return;
        // biome-ignore lint/suspicious/noDocumentCookie: at once, before the console's scripts (cookieStore is async).
        document.cookie = `${cookie}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
        localStorage.clear();
        sessionStorage.clear();
        for (const { name, value } of items) localStorage.setItem(name, value);
      } catch {
        // A document without storage (about:blank of a new page): nothing to restore.
      }
    },
    { cookie: RESTORE_COOKIE, items },
  );
}

/**
 * Puts a kept page back to how a new browser context signed in as its account would start: the configured viewport,
 * no other page open, no routes, on an empty document, with the session's cookies and nothing else, and the restore
 * cookie, so that the test's own `goto` loads the console afresh with the session's local storage and nothing else
 * (a language chosen, a property switched or a signed-out session of the last test is gone). The empty document
 * first: the last test's console stops before its cookies change under it. What stays is the browser's HTTP cache
 * (the built assets are immutable), which is what makes a kept page cheaper than a new context. `keepDocument`: only
 * the viewport, other pages and routes are put back; the document, its storage and cookies stay.
 */
async function reset(
  { context, page, state }: KeptPage,
  viewport: { width: number; height: number } | null,
  baseURL: string,
  keepDocument: boolean,
) {
  for (const other of context.pages()) if (other !== page) await other.close();
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.setViewportSize(viewport ?? { width: 1280, height: 720 });
  if (keepDocument) return;
  await page.goto('about:blank');
  await context.clearCookies();
  await context.addCookies([...state.cookies, { name: RESTORE_COOKIE, value: '1', url: baseURL }]);
}

/**
 * `test` (fixtures.ts) whose `page` is kept for the worker's life, one per account, instead of a new browser context
 * per test: for a spec of many short, independent visits (page-sweep.spec.ts), where a new context with a cold cache
 * and its teardown cost about as much as the visit. Each test still starts signed in as `pageAccount` and nothing
 * else, at the configured viewport, on an empty document (see `reset`): it must open its page with `goto` and leave
 * no listeners of its own on the page (the `consoleErrors` and `toastLog` fixtures take care of theirs). A test that
 * needs a fresh browser (or signs out, or changes the account) uses fixtures.ts's `test`.
 */
export const test = base.extend<WorkerPagesFixtures>({
  pageAccount: ['owner', { option: true }],
  keepDocument: [false, { option: true }],
  page: async (
    { pageAccount, keepDocument, keptPages, browser, sessionState, baseURL, locale, viewport },
    use,
    testInfo,
  ) => {
    let kept = keptPages.get(pageAccount);
    if (kept?.page.isClosed()) {
      await kept.context.close().catch(() => {});
      kept = undefined;
    }
    if (!kept) {
      const state = pageAccount === 'none' ? { cookies: [], origins: [] } : await sessionState(pageAccount);
      const context = await browser.newContext({ baseURL, locale, viewport, storageState: state });
      kept = { context, page: await context.newPage(), state };
      await restoreOnNextLoad(kept.page, state, baseURL as string);
      keptPages.set(pageAccount, kept);
    }
    await reset(kept, viewport, baseURL as string, keepDocument && !kept.failed);
    kept.failed = false;
    await use(kept.page);
    if (testInfo.status !== testInfo.expectedStatus) kept.failed = true;
  },
});

export { expect } from './fixtures';
