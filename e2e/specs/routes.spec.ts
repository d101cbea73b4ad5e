import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { type Lang, localized } from '../support/pages';
import { type RouteFile, routeFiles } from '../support/routes';

/**
 * Every route file under apps/web/src/routes, in both languages: the page must render in its layout at its own
 * URL, without the error page and without a console error (checked by the `consoleErrors` fixture). The sign-in
 * page is visited signed out, back-office pages as the platform operator, everything else as the demo owner.
 */
const routes = routeFiles();

test('the route list is not empty', () => {
  expect(routes.map((r) => r.url)).toEqual(expect.arrayContaining(['/', '/home']));
});

/** What a route's layout draws once the page is there. */
function landmark(page: Page, route: RouteFile) {
  if (route.layout === '_index') return page.getByTestId('auth-card');
  if (route.layout === '_back') return page.getByTestId('back-layout');
  if (route.layout === '_default') return page.getByTestId('content');
  return page.locator('#root > *').first();
}

for (const lang of ['zh-cn', 'en'] as const satisfies Lang[]) {
  test.describe(`routes (${lang})`, () => {
    for (const route of routes) {
      test.describe(route.file, () => {
        if (route.layout === '_back') test.use({ storageState: ({ operatorState }, use) => use(operatorState) });
        else if (route.layout !== '_index') test.use({ storageState: ({ ownerState }, use) => use(ownerState) });

        test(localized(route.url, lang), async ({ page }) => {
          const url = localized(route.url, lang);
          const response = await page.goto(url);
          expect(response?.status(), `HTTP status of ${url}`).toBe(200);
          await expect(landmark(page, route)).toBeVisible();
          await page.waitForLoadState('networkidle');
          await expect(page.getByTestId('error-page')).toHaveCount(0);
          expect(new URL(page.url()).pathname.replace(/(.)\/$/, '$1'), 'stays at its URL').toBe(url);
          await expect(page.locator('html')).toHaveAttribute('lang', lang === 'en' ? 'en' : 'zh-CN');
        });
      });
    }
  });
}
