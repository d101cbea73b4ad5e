import { expect, expectToast, test } from '../support/fixtures';
import { openRoute } from '../support/open-route';
import { localized } from '../support/pages';

/** Server-written texts under /en (every page's own texts are checked by page-sweep.spec.ts). */

test.describe('messages under /en', () => {
  test.use({ storageState: ({ ownerState }, use) => use(ownerState) });
  test('are written in English around the names they quote', async ({ page }) => {
    await openRoute(page, { file: '_default/msg/MsgCenter.tsx', url: '/msg/MsgCenter', layout: '_default' }, 'en');
    const rows = await page.locator('[data-testid^="news-row-"]').allInnerTexts();
    expect(rows.length, 'the demo owner has messages').toBeGreaterThan(0);
    for (const text of rows) {
      // User data (names of people, properties, units) may be Chinese; the sentence around it must be English.
      const words = text.replace(/\p{Script=Han}+/gu, ' ').match(/[A-Za-z]{2,}/g) ?? [];
      expect(words.length, `an English sentence: ${text}`).toBeGreaterThanOrEqual(3);
    }
  });
});

test.describe('an HTTP failure is told in the reader’s language', () => {
  test.use({ storageState: ({ ownerState }, use) => use(ownerState) });
  const cases = [
    { lang: 'zh-cn', text: '服务器内部错误' },
    { lang: 'en', text: 'Internal server error' },
  ] as const;
  for (const { lang, text } of cases) {
    test(`a 500 answer (${lang})`, async ({ page, consoleErrors }) => {
      // The server does not fail on purpose: the browser is told to answer one call with HTTP 500.
      await page.route('**/api/pro/getMyPropertyList*', (route) =>
        route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' }),
      );
      await page.goto(localized('/Account/PropertyPage', lang));
      await expectToast(page, text);
      await expect(page.getByTestId('toast').filter({ hasText: 'Internal Server Error' })).toHaveCount(0);
      // Chromium logs the refused resource itself; that line is the answer made up above, nothing else may be left.
      const own = consoleErrors.filter((e) => /status of 500/.test(e));
      expect(own.length).toBeGreaterThan(0);
      consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !own.includes(e)));
    });
  }
});
