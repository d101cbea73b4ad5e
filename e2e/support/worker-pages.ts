import { test as base, type KeptPage, type KeptPageAccount, restoreSession } from './fixtures';

export type PageAccount = KeptPageAccount;

interface WorkerPagesFixtures {
  /** Who `page` is signed in as (`test.use({ pageAccount: 'operator' })`); the demo owner unless told. */
  pageAccount: PageAccount;
}

/**
 * Puts a kept page back to how a new browser context signed in as its account would start: the configured viewport,
 * no other page open, no routes, and the session's cookies and local storage and nothing else (a language chosen, a
 * property switched or a signed-out session of the last test is gone) on an empty document (`restoreSession`), so
 * that the test's own `goto` loads the console afresh. What stays is the browser's HTTP cache (the built assets are
 * immutable), which is what makes a kept page cheaper than a new context.
 */
async function reset({ context, page, state }: KeptPage, viewport: { width: number; height: number } | null) {
  for (const other of context.pages()) if (other !== page) await other.close();
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.setViewportSize(viewport ?? { width: 1280, height: 720 });
  await restoreSession(page, state);
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
  page: async ({ pageAccount, keptPages, browser, sessionState, baseURL, locale, viewport }, use) => {
    let kept = keptPages.get(pageAccount);
    if (kept?.page.isClosed()) {
      await kept.context.close().catch(() => {});
      kept = undefined;
    }
    if (!kept) {
      const state = pageAccount === 'none' ? { cookies: [], origins: [] } : await sessionState(pageAccount);
      const context = await browser.newContext({ baseURL, locale, viewport, storageState: state });
      kept = { context, page: await context.newPage(), state };
      keptPages.set(pageAccount, kept);
    }
    await reset(kept, viewport);
    await use(kept.page);
  },
});

export { expect } from './fixtures';
