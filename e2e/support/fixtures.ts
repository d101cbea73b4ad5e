import { type BrowserContext, test as base, expect } from '@playwright/test';
import { DEMO_OWNER, OPERATOR } from './env';
import { openSignIn, signInWithPassword } from './pages';

export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

interface TestFixtures {
  /** Console errors and uncaught exceptions of `page`; a test fails when any is left at its end. */
  consoleErrors: string[];
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
        errors.push(`console.error: ${message.text()}${url ? ` (${url})` : ''}`);
      });
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
      await use(errors);
      expect(errors, 'console errors or uncaught exceptions on the page').toEqual([]);
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
