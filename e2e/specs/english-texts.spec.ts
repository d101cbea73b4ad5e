import type { Page } from '@playwright/test';
import { DEMO_PROPERTY, PARTNER_PROPERTY } from '../support/env';
import { expect, test } from '../support/fixtures';
import { accountFor, openRoute } from '../support/open-route';
import { localized } from '../support/pages';
import { routeFiles } from '../support/routes';

/** Han characters: what an English page must not show outside user data. */
const HAN = /\p{Script=Han}/u;

/**
 * The texts of a page that are the console's, not user data: the head's controls, the menu, breadcrumbs, headings,
 * table heads, buttons, labels, empty states, tooltips' triggers and the error page. (Names, property names and
 * other values people typed stay as they are.)
 */
async function consoleTexts(page: Page): Promise<string[]> {
  return page
    .locator(
      [
        '[data-testid="side-menu"]',
        '[data-testid="breadcrumbs"]',
        '[data-testid="language-switch"]',
        '.ant-card-head-title',
        'th',
        // Not the user menu (the user's name), pickers (property names) or count buttons (numbers).
        'button:not([data-testid*="-count-"]):not([aria-haspopup])',
        'label',
        '.ant-empty-description',
        '[data-testid="error-page"]',
        '[data-testid^="msg-type-"]',
        '[data-testid^="msg-unread-"]',
        'h1, h2, h3, h4',
      ].join(', '),
    )
    .allInnerTexts();
}

test.describe('/en shows the console in English', () => {
  for (const route of routeFiles()) {
    test.describe(route.file, () => {
      const who = accountFor(route);
      if (who === 'operator') test.use({ storageState: ({ operatorState }, use) => use(operatorState) });
      if (who === 'owner') test.use({ storageState: ({ ownerState }, use) => use(ownerState) });

      test(localized(route.url, 'en'), async ({ page }) => {
        await openRoute(page, route, 'en');
        // A text in Chinese only; English that quotes a Chinese name ("Members of 演示物业") is fine.
        const chinese = (await consoleTexts(page)).filter((text) => HAN.test(text) && !/[A-Za-z]{2,}/.test(text));
        // The language switch names Chinese in Chinese on purpose; property names on buttons are user data.
        const userData = new Set(['中文', DEMO_PROPERTY, PARTNER_PROPERTY]);
        expect(chinese.filter((text) => !userData.has(text.trim()))).toEqual([]);
        expect(await page.title()).not.toMatch(HAN);
      });
    });
  }
});

test.describe('messages under /en', () => {
  test.use({ storageState: ({ ownerState }, use) => use(ownerState) });
  test('are written in English around the names they quote', async ({ page }) => {
    await openRoute(page, { file: '_default/msg/MsgCenter.tsx', url: '/msg/MsgCenter', layout: '_default' }, 'en');
    const rows = await page.locator('[data-testid^="msg-row-"]').allInnerTexts();
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
      await expect(page.getByTestId('toast').filter({ hasText: text })).toBeVisible();
      await expect(page.getByTestId('toast').filter({ hasText: 'Internal Server Error' })).toHaveCount(0);
      // Chromium logs the refused resource itself; that line is the answer made up above, nothing else may be left.
      const own = consoleErrors.filter((e) => /status of 500/.test(e));
      expect(own.length).toBeGreaterThan(0);
      consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !own.includes(e)));
    });
  }
});
